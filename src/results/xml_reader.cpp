#include "xml_reader.hpp"

#include "sparqlmcp/util/text.hpp"
#include "text_position.hpp"

namespace sparqlmcp::results::detail {
namespace {

bool is_xml_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

// XML 1.0 NameStartChar / NameChar, approximated for non-ASCII: every byte of a multibyte
// UTF-8 sequence is accepted (the SPARQL results vocabulary is ASCII anyway).
bool is_name_start(char c) {
  auto u = static_cast<unsigned char>(c);
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == ':' || u >= 0x80;
}
bool is_name_char(char c) {
  return is_name_start(c) || (c >= '0' && c <= '9') || c == '-' || c == '.';
}

}  // namespace

void XmlReader::fail(std::string message, std::size_t offset) const {
  throw_syntax(std::move(message), doc_, offset);
}

void XmlReader::malformed(std::string message, std::size_t offset) const {
  fail("malformed XML results: " + std::move(message), offset);
}

std::string_view XmlReader::local_name() const {
  std::string_view name = name_;
  auto colon = name.rfind(':');
  return colon == std::string_view::npos ? name : name.substr(colon + 1);
}

const std::string* XmlReader::attribute(std::string_view name) const {
  for (const auto& attribute : attributes_) {
    if (attribute.name == name) return &attribute.value;
  }
  return nullptr;
}

void XmlReader::skip_space() {
  while (pos_ < doc_.size() && is_xml_space(doc_[pos_]))
    ++pos_;
}

void XmlReader::skip_past(std::string_view terminator, const char* what) {
  std::size_t start = pos_;
  std::size_t end = doc_.find(terminator, pos_);
  if (end == std::string_view::npos) malformed(std::string("unterminated ") + what, start);
  pos_ = end + terminator.size();
}

// DOCTYPE (XML 1.0 [28]) may hold an internal subset in brackets with quoted strings,
// comments and PIs inside; it is skipped, not interpreted.
void XmlReader::skip_doctype() {
  std::size_t start = pos_;
  if (seen_root_) malformed("a DOCTYPE after the root element", start);
  pos_ += 9;  // "<!DOCTYPE"
  int depth = 0;
  while (pos_ < doc_.size()) {
    char c = doc_[pos_];
    if (c == '"' || c == '\'') {
      std::size_t close = doc_.find(c, pos_ + 1);
      if (close == std::string_view::npos) break;
      pos_ = close + 1;
    } else if (starts_with("<!--")) {
      skip_past("-->", "comment");
    } else if (c == '[') {
      ++depth;
      ++pos_;
    } else if (c == ']') {
      --depth;
      ++pos_;
    } else if (c == '>' && depth <= 0) {
      ++pos_;
      return;
    } else {
      ++pos_;
    }
  }
  malformed("unterminated DOCTYPE", start);
}

std::string_view XmlReader::read_name() {
  std::size_t start = pos_;
  if (pos_ >= doc_.size() || !is_name_start(doc_[pos_])) {
    malformed(
        pos_ >= doc_.size() ? "unexpected end of document; expected a name" : "expected a name",
        pos_);
  }
  while (pos_ < doc_.size() && is_name_char(doc_[pos_]))
    ++pos_;
  return doc_.substr(start, pos_ - start);
}

// Reference ::= EntityRef | CharRef (XML 1.0 [67]); pos_ is at '&'.
void XmlReader::read_reference(std::string& out) {
  std::size_t start = pos_;
  std::size_t semicolon = doc_.find(';', pos_);
  if (semicolon == std::string_view::npos || semicolon - pos_ > 12) {
    malformed("'&' must start a reference such as &amp; (write '&' itself as &amp;)", start);
  }
  std::string_view ref = doc_.substr(pos_ + 1, semicolon - pos_ - 1);
  pos_ = semicolon + 1;
  if (ref == "lt") {
    out += '<';
  } else if (ref == "gt") {
    out += '>';
  } else if (ref == "amp") {
    out += '&';
  } else if (ref == "apos") {
    out += '\'';
  } else if (ref == "quot") {
    out += '"';
  } else if (ref.size() >= 2 && ref[0] == '#') {
    bool hex = ref[1] == 'x';
    std::string_view digits = ref.substr(hex ? 2 : 1);
    unsigned long cp = 0;
    bool valid = !digits.empty();
    for (char c : digits) {
      int v = hex ? util::hex_value(c) : (c >= '0' && c <= '9' ? c - '0' : -1);
      if (v < 0 || cp > 0x10FFFF) {
        valid = false;
        break;
      }
      cp = cp * (hex ? 16 : 10) + static_cast<unsigned long>(v);
    }
    // &#0; is no XML 1.0 Char, but the serializer writes NUL so (as every C0 control), and the
    // results must survive it; only what is no Unicode scalar value is refused.
    if (!valid || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
      malformed("invalid character reference '&" + std::string(ref) + ";'", start);
    }
    util::append_utf8(out, static_cast<char32_t>(cp));
  } else {
    malformed("unknown entity '&" + std::string(ref) +
                  ";' (only &lt; &gt; &amp; &apos; &quot; and character references are defined)",
              start);
  }
}

// AttValue (XML 1.0 [10]) with attribute-value normalisation (section 3.3.3).
void XmlReader::read_attribute_value(std::string& out) {
  if (pos_ >= doc_.size() || (doc_[pos_] != '"' && doc_[pos_] != '\'')) {
    malformed("expected a quoted attribute value", pos_);
  }
  char quote = doc_[pos_++];
  while (true) {
    if (pos_ >= doc_.size()) malformed("unterminated attribute value", pos_);
    char c = doc_[pos_];
    if (c == quote) {
      ++pos_;
      return;
    }
    if (c == '<') malformed("'<' is not allowed in an attribute value (write &lt;)", pos_);
    if (c == '&') {
      read_reference(out);
      continue;
    }
    if (c == '\r' && pos_ + 1 < doc_.size() && doc_[pos_ + 1] == '\n') ++pos_;
    out += (c == '\t' || c == '\n' || c == '\r') ? ' ' : c;
    ++pos_;
  }
}

void XmlReader::read_start_tag() {
  event_offset_ = pos_;
  ++pos_;  // '<'
  if (open_.empty() && seen_root_) malformed("a second root element", event_offset_);
  name_ = read_name();
  attributes_.clear();
  while (true) {
    bool had_space = pos_ < doc_.size() && is_xml_space(doc_[pos_]);
    skip_space();
    if (pos_ >= doc_.size())
      malformed("unexpected end of document in the tag <" + name_ + ">", pos_);
    if (doc_[pos_] == '>') {
      ++pos_;
      break;
    }
    if (doc_[pos_] == '/') {
      if (pos_ + 1 >= doc_.size() || doc_[pos_ + 1] != '>') malformed("expected '/>'", pos_);
      pos_ += 2;
      pending_end_ = true;
      break;
    }
    if (!had_space) malformed("expected whitespace, '>' or '/>' in the tag <" + name_ + ">", pos_);
    std::size_t attribute_offset = pos_;
    Attribute attribute;
    attribute.name = read_name();
    skip_space();
    if (pos_ >= doc_.size() || doc_[pos_] != '=') {
      malformed("expected '=' after the attribute name '" + attribute.name + "'", pos_);
    }
    ++pos_;
    skip_space();
    read_attribute_value(attribute.value);
    if (this->attribute(attribute.name) != nullptr) {
      malformed("duplicate attribute '" + attribute.name + "'", attribute_offset);
    }
    attributes_.push_back(std::move(attribute));
  }
  seen_root_ = true;
  open_.push_back(name_);
}

void XmlReader::read_end_tag() {
  event_offset_ = pos_;
  pos_ += 2;  // "</"
  name_ = read_name();
  skip_space();
  if (pos_ >= doc_.size() || doc_[pos_] != '>') malformed("expected '>' to close </" + name_, pos_);
  ++pos_;
  if (open_.empty()) malformed("unexpected end tag </" + name_ + ">", event_offset_);
  if (open_.back() != name_) {
    malformed("end tag </" + name_ + "> does not match the open element <" + open_.back() + ">",
              event_offset_);
  }
  open_.pop_back();
}

// CharData (XML 1.0 [14]) and references, appended to text_ with line ends normalised.
void XmlReader::read_char_data() {
  if (!text_pending_) {
    text_pending_ = true;
    text_offset_ = pos_;
    text_.clear();
  }
  while (pos_ < doc_.size()) {
    char c = doc_[pos_];
    if (c == '<') return;
    if (c == '&') {
      read_reference(text_);
      continue;
    }
    if (c == '\r') {
      text_ += '\n';
      ++pos_;
      if (pos_ < doc_.size() && doc_[pos_] == '\n') ++pos_;
      continue;
    }
    // Copy the run of ordinary characters at once.
    std::size_t end = pos_;
    while (end < doc_.size() && doc_[end] != '<' && doc_[end] != '&' && doc_[end] != '\r')
      ++end;
    text_.append(doc_.data() + pos_, end - pos_);
    pos_ = end;
  }
}

XmlReader::Event XmlReader::next() {
  if (pending_end_) {
    pending_end_ = false;
    open_.pop_back();
    return Event::EndElement;
  }
  while (true) {
    if (pos_ >= doc_.size()) {
      if (text_pending_) break;
      if (!open_.empty()) {
        malformed("unexpected end of document; expected </" + open_.back() + ">", pos_);
      }
      if (!seen_root_) malformed("the document has no root element", pos_);
      return Event::EndOfDocument;
    }
    char c = doc_[pos_];
    if (c != '<') {
      if (open_.empty()) {
        if (is_xml_space(c)) {
          ++pos_;
          continue;
        }
        malformed(seen_root_ ? "text after the root element" : "text before the root element",
                  pos_);
      }
      read_char_data();
      continue;
    }
    if (starts_with("<!--")) {
      pos_ += 4;
      skip_past("-->", "comment");
      continue;
    }
    if (starts_with("<?")) {
      skip_past("?>", "processing instruction");
      continue;
    }
    if (starts_with("<![CDATA[")) {
      if (open_.empty()) malformed("CDATA section outside the root element", pos_);
      std::size_t start = pos_;
      std::size_t end = doc_.find("]]>", pos_ + 9);
      if (end == std::string_view::npos) malformed("unterminated CDATA section", start);
      if (!text_pending_) {
        text_pending_ = true;
        text_offset_ = pos_;
        text_.clear();
      }
      text_.append(doc_.data() + pos_ + 9, end - pos_ - 9);
      pos_ = end + 3;
      continue;
    }
    if (starts_with("<!DOCTYPE")) {
      skip_doctype();
      continue;
    }
    if (starts_with("<!")) malformed("unexpected markup declaration", pos_);
    // A tag: first hand over any text read before it.
    if (text_pending_) break;
    if (starts_with("</")) {
      read_end_tag();
      return Event::EndElement;
    }
    read_start_tag();
    return Event::StartElement;
  }
  text_pending_ = false;
  event_offset_ = text_offset_;
  return Event::Text;
}

std::string XmlReader::read_text_content() {
  std::string content;
  std::string element = name_;
  while (true) {
    switch (next()) {
      case Event::Text:
        content += text_;
        break;
      case Event::EndElement:
        return content;
      case Event::StartElement:
        fail_here("the endpoint's XML results have an element <" + name_ + "> inside <" + element +
                  ">, which may only hold text");
      case Event::EndOfDocument:
        fail_here("unexpected end of document inside <" + element + ">");
    }
  }
}

void XmlReader::skip_element() {
  std::size_t depth = 1;
  while (depth > 0) {
    switch (next()) {
      case Event::StartElement:
        ++depth;
        break;
      case Event::EndElement:
        --depth;
        break;
      case Event::Text:
        break;
      case Event::EndOfDocument:
        fail_here("unexpected end of document");
    }
  }
}

}  // namespace sparqlmcp::results::detail
