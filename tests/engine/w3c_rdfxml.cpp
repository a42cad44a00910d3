#include "w3c_rdfxml.hpp"

#include <serd/serd.h>

#include <atomic>
#include <cctype>
#include <map>
#include <memory>
#include <optional>

#include "sparqlmcp/util/error.hpp"
#include "sparqlmcp/util/text.hpp"

namespace sparqlmcp::engine::w3c {

namespace {

constexpr std::string_view kRdfNs = "http://www.w3.org/1999/02/22-rdf-syntax-ns#";
constexpr std::string_view kXmlNs = "http://www.w3.org/XML/1998/namespace";

// --- A small XML tree ----------------------------------------------------------------------

struct Element {
  std::string qname;
  std::vector<std::pair<std::string, std::string>> attributes;  // qname -> value (unescaped)
  std::vector<std::unique_ptr<Element>> children;
  std::string text;  // character data directly inside (concatenated)
};

class XmlReader {
 public:
  explicit XmlReader(std::string_view text) : text_(text) {}

  std::unique_ptr<Element> read_document() {
    skip_misc();
    if (!starts("<")) fail("expected the root element");
    auto root = read_element();
    return root;
  }

 private:
  [[noreturn]] void fail(const std::string& what) {
    throw_error(ErrorKind::Syntax, "RDF/XML: " + what + " at byte " + std::to_string(pos_));
  }
  bool starts(std::string_view s) const { return text_.substr(pos_, s.size()) == s; }
  void skip_space() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_])))
      ++pos_;
  }
  void skip_until(std::string_view end) {
    auto p = text_.find(end, pos_);
    if (p == std::string_view::npos) fail("unterminated construct");
    pos_ = p + end.size();
  }
  // Declarations, processing instructions, comments and white space.
  void skip_misc() {
    for (;;) {
      skip_space();
      if (starts("<?"))
        skip_until("?>");
      else if (starts("<!--"))
        skip_until("-->");
      else if (starts("<!"))
        skip_until(">");
      else
        return;
    }
  }
  std::string read_name() {
    std::size_t start = pos_;
    while (pos_ < text_.size() && !std::isspace(static_cast<unsigned char>(text_[pos_])) &&
           text_[pos_] != '>' && text_[pos_] != '/' && text_[pos_] != '=')
      ++pos_;
    if (start == pos_) fail("expected a name");
    return std::string(text_.substr(start, pos_ - start));
  }
  std::string unescape(std::string_view raw) {
    std::string out;
    for (std::size_t i = 0; i < raw.size(); ++i) {
      if (raw[i] != '&') {
        out += raw[i];
        continue;
      }
      auto end = raw.find(';', i);
      if (end == std::string_view::npos) fail("unterminated entity");
      std::string_view name = raw.substr(i + 1, end - i - 1);
      if (name == "lt")
        out += '<';
      else if (name == "gt")
        out += '>';
      else if (name == "amp")
        out += '&';
      else if (name == "quot")
        out += '"';
      else if (name == "apos")
        out += '\'';
      else if (!name.empty() && name[0] == '#') {
        unsigned long cp = name.size() > 1 && name[1] == 'x'
                               ? std::stoul(std::string(name.substr(2)), nullptr, 16)
                               : std::stoul(std::string(name.substr(1)));
        util::append_utf8(out, static_cast<char32_t>(cp));
      } else {
        fail("unknown entity &" + std::string(name) + ";");
      }
      i = end;
    }
    return out;
  }
  // At '<' of a start tag.
  std::unique_ptr<Element> read_element() {
    ++pos_;
    auto element = std::make_unique<Element>();
    element->qname = read_name();
    for (;;) {
      skip_space();
      if (pos_ >= text_.size()) fail("unterminated start tag");
      if (starts("/>")) {
        pos_ += 2;
        return element;
      }
      if (starts(">")) {
        ++pos_;
        break;
      }
      std::string name = read_name();
      skip_space();
      if (!starts("=")) fail("expected '=' after attribute " + name);
      ++pos_;
      skip_space();
      char quote = pos_ < text_.size() ? text_[pos_] : 0;
      if (quote != '"' && quote != '\'') fail("expected a quoted attribute value");
      auto end = text_.find(quote, pos_ + 1);
      if (end == std::string_view::npos) fail("unterminated attribute value");
      element->attributes.emplace_back(name, unescape(text_.substr(pos_ + 1, end - pos_ - 1)));
      pos_ = end + 1;
    }
    // Content.
    for (;;) {
      if (pos_ >= text_.size()) fail("unterminated element " + element->qname);
      if (starts("</")) {
        pos_ += 2;
        std::string name = read_name();
        if (name != element->qname) fail("mismatched end tag " + name);
        skip_space();
        if (!starts(">")) fail("expected '>'");
        ++pos_;
        return element;
      }
      if (starts("<!--")) {
        skip_until("-->");
      } else if (starts("<![CDATA[")) {
        auto end = text_.find("]]>", pos_);
        if (end == std::string_view::npos) fail("unterminated CDATA");
        element->text += text_.substr(pos_ + 9, end - pos_ - 9);
        pos_ = end + 3;
      } else if (starts("<?")) {
        skip_until("?>");
      } else if (starts("<")) {
        element->children.push_back(read_element());
      } else {
        auto end = text_.find('<', pos_);
        if (end == std::string_view::npos) end = text_.size();
        element->text += unescape(text_.substr(pos_, end - pos_));
        pos_ = end;
      }
    }
  }

  std::string_view text_;
  std::size_t pos_ = 0;
};

// --- RDF/XML semantics ---------------------------------------------------------------------

struct Scope {
  std::map<std::string, std::string> namespaces;
  std::string base;
  std::string language;
};

std::string resolve(const std::string& reference, const std::string& base) {
  SerdURI base_uri;
  if (serd_uri_parse(reinterpret_cast<const uint8_t*>(base.c_str()), &base_uri) != SERD_SUCCESS)
    return reference;
  SerdNode node = serd_node_new_uri_from_string(reinterpret_cast<const uint8_t*>(reference.c_str()),
                                                &base_uri, nullptr);
  std::string out(reinterpret_cast<const char*>(node.buf), node.n_bytes);
  serd_node_free(&node);
  return out;
}

class RdfXml {
 public:
  explicit RdfXml(std::string prefix) : prefix_(std::move(prefix)) {}

  std::vector<rdf::Triple> run(const Element& root, const std::string& base) {
    Scope scope;
    scope.base = base;
    scope.namespaces["xml"] = std::string(kXmlNs);
    Scope inner = enter(root, scope);
    if (expand(root.qname, inner) == std::string(kRdfNs) + "RDF") {
      for (const auto& child : root.children)
        node_element(*child, inner);
    } else {
      node_element(root, scope);
    }
    return std::move(triples_);
  }

 private:
  // The scope inside `e`: its xmlns declarations, xml:base and xml:lang.
  Scope enter(const Element& e, const Scope& outer) {
    Scope scope = outer;
    for (const auto& [name, value] : e.attributes) {
      if (name == "xmlns")
        scope.namespaces[""] = value;
      else if (name.rfind("xmlns:", 0) == 0)
        scope.namespaces[name.substr(6)] = value;
    }
    for (const auto& [name, value] : e.attributes) {
      if (name == "xml:base") scope.base = resolve(value, outer.base);
      if (name == "xml:lang") scope.language = value;
    }
    return scope;
  }
  std::string expand(const std::string& qname, const Scope& scope) {
    auto colon = qname.find(':');
    std::string prefix = colon == std::string::npos ? "" : qname.substr(0, colon);
    std::string local = colon == std::string::npos ? qname : qname.substr(colon + 1);
    auto it = scope.namespaces.find(prefix);
    if (it == scope.namespaces.end())
      throw_error(ErrorKind::Syntax, "RDF/XML: undeclared namespace prefix in " + qname);
    return it->second + local;
  }
  rdf::Term fresh_blank() {
    return rdf::Term::blank(prefix_ + "g" + std::to_string(++blank_count_));
  }
  rdf::Term named_blank(const std::string& id) { return rdf::Term::blank(prefix_ + "n" + id); }
  static bool is_syntax_attribute(const std::string& iri) {
    for (const char* local : {"about", "nodeID", "ID", "resource", "datatype", "parseType"})
      if (iri == std::string(kRdfNs) + local) return true;
    return false;
  }
  // Attributes that carry meaning for RDF (not xmlns, not xml:*), expanded.
  std::vector<std::pair<std::string, std::string>> rdf_attributes(const Element& e,
                                                                  const Scope& scope) {
    std::vector<std::pair<std::string, std::string>> out;
    for (const auto& [name, value] : e.attributes) {
      if (name == "xmlns" || name.rfind("xmlns:", 0) == 0 || name.rfind("xml:", 0) == 0) continue;
      out.emplace_back(expand(name, scope), value);
    }
    return out;
  }

  rdf::Term node_element(const Element& e, const Scope& outer) {
    Scope scope = enter(e, outer);
    auto attributes = rdf_attributes(e, scope);
    std::optional<rdf::Term> subject;
    for (const auto& [iri, value] : attributes) {
      if (iri == std::string(kRdfNs) + "about")
        subject = rdf::Term::iri(resolve(value, scope.base));
      if (iri == std::string(kRdfNs) + "nodeID") subject = named_blank(value);
      if (iri == std::string(kRdfNs) + "ID")
        subject = rdf::Term::iri(resolve("#" + value, scope.base));
    }
    if (!subject) subject = fresh_blank();
    std::string type = expand(e.qname, scope);
    if (type != std::string(kRdfNs) + "Description")
      triples_.push_back(
          {*subject, rdf::Term::iri(std::string(kRdfNs) + "type"), rdf::Term::iri(type)});
    property_attributes(*subject, attributes, scope);
    for (const auto& child : e.children)
      property_element(*subject, *child, scope);
    return *subject;
  }
  void property_attributes(const rdf::Term& subject,
                           const std::vector<std::pair<std::string, std::string>>& attributes,
                           const Scope& scope) {
    for (const auto& [iri, value] : attributes) {
      if (is_syntax_attribute(iri)) continue;
      if (iri == std::string(kRdfNs) + "type")
        triples_.push_back(
            {subject, rdf::Term::iri(iri), rdf::Term::iri(resolve(value, scope.base))});
      else
        triples_.push_back(
            {subject, rdf::Term::iri(iri), rdf::Term::literal(value, {}, scope.language)});
    }
  }
  void property_element(const rdf::Term& subject, const Element& e, const Scope& outer) {
    Scope scope = enter(e, outer);
    rdf::Term predicate = rdf::Term::iri(expand(e.qname, scope));
    if (predicate.value == std::string(kRdfNs) + "li")
      throw_error(ErrorKind::Unsupported, "RDF/XML: rdf:li is not supported by this reader");
    auto attributes = rdf_attributes(e, scope);
    std::optional<std::string> resource, node_id, datatype, parse_type;
    bool other_attributes = false;
    for (const auto& [iri, value] : attributes) {
      if (iri == std::string(kRdfNs) + "resource")
        resource = value;
      else if (iri == std::string(kRdfNs) + "nodeID")
        node_id = value;
      else if (iri == std::string(kRdfNs) + "datatype")
        datatype = value;
      else if (iri == std::string(kRdfNs) + "parseType")
        parse_type = value;
      else if (iri == std::string(kRdfNs) + "ID")
        throw_error(ErrorKind::Unsupported,
                    "RDF/XML: reification (rdf:ID on a property) is not supported");
      else
        other_attributes = true;
    }
    if (parse_type) {
      if (*parse_type != "Resource")
        throw_error(ErrorKind::Unsupported,
                    "RDF/XML: rdf:parseType=\"" + *parse_type + "\" is not supported");
      rdf::Term object = fresh_blank();
      triples_.push_back({subject, predicate, object});
      for (const auto& child : e.children)
        property_element(object, *child, scope);
      return;
    }
    if (!e.children.empty()) {
      if (e.children.size() != 1)
        throw_error(ErrorKind::Syntax, "RDF/XML: a property element holds one node element");
      rdf::Term object = node_element(*e.children.front(), scope);
      triples_.push_back({subject, predicate, object});
      return;
    }
    if (resource || node_id || other_attributes) {
      rdf::Term object = resource  ? rdf::Term::iri(resolve(*resource, scope.base))
                         : node_id ? named_blank(*node_id)
                                   : fresh_blank();
      triples_.push_back({subject, predicate, object});
      property_attributes(object, attributes, scope);
      return;
    }
    if (datatype)
      triples_.push_back(
          {subject, predicate, rdf::Term::literal(e.text, resolve(*datatype, scope.base))});
    else
      triples_.push_back({subject, predicate, rdf::Term::literal(e.text, {}, scope.language)});
  }

  std::string prefix_;
  std::size_t blank_count_ = 0;
  std::vector<rdf::Triple> triples_;
};

}  // namespace

std::vector<rdf::Triple> parse_rdfxml(std::string_view text, const std::string& base_iri) {
  static std::atomic<unsigned> calls{0};
  XmlReader reader(text);
  auto root = reader.read_document();
  RdfXml rdfxml("x" + std::to_string(++calls) + "_");
  return rdfxml.run(*root, base_iri);
}

}  // namespace sparqlmcp::engine::w3c
