#pragma once
// A small, non-validating XML 1.0 pull reader: just enough of the XML specification to read
// SPARQL XML results from any server correctly. It understands elements (with namespace
// prefixes kept in the qualified name), attributes in either quote style, the five
// predefined entities and numeric character references, CDATA sections, comments, processing
// instructions, the XML declaration and a skipped DOCTYPE (entities declared there are not
// expanded). It checks well-formedness of what it reads: tags nest and match, one root
// element, no text outside it, attribute values without '<'. Line ends are normalised
// (XML 1.0 section 2.11). The document is borrowed: it must outlive the reader.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace sparqlmcp::results::detail {

class XmlReader {
 public:
  enum class Event { StartElement, EndElement, Text, EndOfDocument };
  struct Attribute {
    std::string name;   // qualified name as written, e.g. "xml:lang"
    std::string value;  // references expanded, whitespace normalised
  };

  explicit XmlReader(std::string_view document) : doc_(document) {}

  // Advances to the next event. A self-closing tag yields StartElement then EndElement.
  // Adjacent character data, references and CDATA sections form one Text event.
  // Throws Exception(ErrorKind::Syntax) with the position when the document is not
  // well-formed.
  Event next();

  // The current element's qualified name (StartElement/EndElement) and its local part.
  std::string_view name() const { return name_; }
  std::string_view local_name() const;
  const std::vector<Attribute>& attributes() const { return attributes_; }
  // The value of the attribute with this qualified name, or nullptr.
  const std::string* attribute(std::string_view name) const;
  // The decoded character data of a Text event.
  const std::string& text() const { return text_; }
  // Byte offset where the current event starts.
  std::size_t event_offset() const { return event_offset_; }

  // Right after StartElement: the element's text content up to its end tag (consumed).
  // Throws when the element contains child elements.
  std::string read_text_content();
  // Right after StartElement: skips everything up to and including its end tag.
  void skip_element();

  // Throws Exception(ErrorKind::Syntax) at the given byte offset / at the current event.
  [[noreturn]] void fail(std::string message, std::size_t offset) const;
  [[noreturn]] void fail_here(std::string message) const {
    fail(std::move(message), event_offset_);
  }
  // Well-formedness errors: fail() with the message prefixed by "malformed XML results: ".
  [[noreturn]] void malformed(std::string message, std::size_t offset) const;

 private:
  bool starts_with(std::string_view prefix) const {
    return doc_.substr(pos_, prefix.size()) == prefix;
  }
  void skip_past(std::string_view terminator, const char* what);
  void skip_doctype();
  void skip_space();
  std::string_view read_name();
  void read_start_tag();
  void read_end_tag();
  void read_char_data();
  void read_reference(std::string& out);
  void read_attribute_value(std::string& out);

  std::string_view doc_;
  std::size_t pos_ = 0;
  std::size_t event_offset_ = 0;
  std::string name_;
  std::vector<Attribute> attributes_;
  std::string text_;
  bool text_pending_ = false;
  std::size_t text_offset_ = 0;
  bool pending_end_ = false;
  bool seen_root_ = false;
  std::vector<std::string> open_;
};

}  // namespace sparqlmcp::results::detail
