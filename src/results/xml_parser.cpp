// SPARQL Query Results XML Format (https://www.w3.org/TR/rdf-sparql-XMLres/): <sparql> with
// <head> (<variable name>, <link href>) and either <results> (<result>/<binding name>/
// <uri>|<literal>|<bnode>) or <boolean>. Elements are matched by local name, so any namespace
// prefix works; unknown elements are skipped for forward compatibility. Variables bound in a
// result but missing from the head are added, as the JSON parser does.

#include <optional>
#include <unordered_map>

#include "parsers.hpp"
#include "text_position.hpp"
#include "xml_reader.hpp"

namespace sparqlmcp::results::detail {
namespace {

using Event = XmlReader::Event;

std::string_view trim(std::string_view text) {
  auto is_space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
  while (!text.empty() && is_space(text.front()))
    text.remove_prefix(1);
  while (!text.empty() && is_space(text.back()))
    text.remove_suffix(1);
  return text;
}

class XmlResultsParser {
 public:
  XmlResultsParser(std::string_view body, const ParseOptions& options)
      : reader_(body), options_(options) {}

  QueryResults parse() && {
    Event event = reader_.next();
    while (event == Event::Text)
      event = reader_.next();
    if (event != Event::StartElement || reader_.local_name() != "sparql") {
      reader_.fail_here("the endpoint's XML results do not start with a <sparql> element");
    }
    std::size_t root_offset = reader_.event_offset();
    bool has_head = false;
    bool has_results = false;
    bool has_boolean = false;
    while ((event = reader_.next()) != Event::EndElement) {
      if (event != Event::StartElement) continue;
      std::string_view name = reader_.local_name();
      if (name == "head") {
        has_head = true;
        parse_head();
      } else if (name == "results") {
        has_results = true;
        parse_results_element();
      } else if (name == "boolean") {
        has_boolean = true;
        std::size_t offset = reader_.event_offset();
        std::string text = reader_.read_text_content();
        std::string_view value = trim(text);
        if (value == "true" || value == "1") {
          results_.boolean = true;
        } else if (value == "false" || value == "0") {
          results_.boolean = false;
        } else {
          reader_.fail(
              "the endpoint's XML results have a <boolean> that is neither true nor false: '" +
                  std::string(value) + "'",
              offset);
        }
      } else {
        reader_.skip_element();
      }
    }
    while (reader_.next() != Event::EndOfDocument) {
    }
    if (!has_head) reader_.fail("the endpoint's XML results have no <head> element", root_offset);
    if (!has_results && !has_boolean) {
      reader_.fail("the endpoint's XML results have neither <results> nor <boolean>", root_offset);
    }
    if (!has_results) {
      results_.kind = QueryResults::Kind::Boolean;
      results_.variables.clear();
    } else {
      for (auto& row : results_.rows)
        row.resize(results_.variables.size());
    }
    return std::move(results_);
  }

 private:
  std::size_t slot_of(const std::string& variable) {
    auto [it, inserted] = slots_.try_emplace(variable, results_.variables.size());
    if (inserted) results_.variables.push_back(variable);
    return it->second;
  }

  const std::string& required_attribute(const char* name) {
    const std::string* value = reader_.attribute(name);
    if (value == nullptr) {
      reader_.fail_here("the endpoint's XML results have a <" + std::string(reader_.name()) +
                        "> element without a '" + name + "' attribute");
    }
    return *value;
  }

  void parse_head() {
    Event event;
    while ((event = reader_.next()) != Event::EndElement) {
      if (event != Event::StartElement) continue;
      std::string_view name = reader_.local_name();
      if (name == "variable") {
        slot_of(required_attribute("name"));
      } else if (name == "link") {
        results_.links.push_back(required_attribute("href"));
      }
      reader_.skip_element();
    }
  }

  void parse_results_element() {
    Event event;
    while ((event = reader_.next()) != Event::EndElement) {
      if (event != Event::StartElement) continue;
      if (reader_.local_name() == "result") {
        parse_result();
      } else {
        reader_.skip_element();
      }
    }
  }

  void parse_result() {
    Row row(results_.variables.size());
    Event event;
    while ((event = reader_.next()) != Event::EndElement) {
      if (event != Event::StartElement) continue;
      if (reader_.local_name() != "binding") {
        reader_.skip_element();
        continue;
      }
      std::size_t slot = slot_of(required_attribute("name"));
      if (slot >= row.size()) row.resize(results_.variables.size());
      row[slot] = parse_binding();
    }
    check_row_limit(results_.rows.size(), options_);
    results_.rows.push_back(std::move(row));
  }

  // The content of one <binding>: exactly one term element (or the SPARQL 1.0 draft's
  // <unbound/>).
  std::optional<rdf::Term> parse_binding() {
    std::optional<rdf::Term> term;
    bool seen_term = false;
    std::size_t binding_offset = reader_.event_offset();
    Event event;
    while ((event = reader_.next()) != Event::EndElement) {
      if (event != Event::StartElement) continue;
      std::string_view name = reader_.local_name();
      if (seen_term)
        reader_.fail_here("the endpoint's XML results have a <binding> with more than one term");
      seen_term = true;
      if (name == "uri") {
        term = rdf::Term::iri(std::string(trim(reader_.read_text_content())));
      } else if (name == "bnode") {
        std::string label(trim(reader_.read_text_content()));
        if (label.rfind("_:", 0) == 0) label.erase(0, 2);
        term = rdf::Term::blank(std::move(label));
      } else if (name == "literal") {
        const std::string* language = reader_.attribute("xml:lang");
        const std::string* datatype = reader_.attribute("datatype");
        std::string lang = language ? *language : std::string();
        std::string type = (datatype && lang.empty()) ? *datatype : std::string();
        term = rdf::Term::literal(reader_.read_text_content(), std::move(type), std::move(lang));
      } else if (name == "unbound") {
        reader_.skip_element();
      } else if (name == "triple") {
        throw Exception(make_error(ErrorKind::Unsupported,
                                   "the endpoint's XML results contain an RDF-star quoted triple, "
                                   "which is not supported; select the triple's parts as "
                                   "separate variables"));
      } else {
        reader_.fail_here("the endpoint's XML results have an unexpected element <" +
                          std::string(reader_.name()) +
                          "> in a <binding> (expected <uri>, <literal> or <bnode>)");
      }
    }
    if (!seen_term)
      reader_.fail("the endpoint's XML results have an empty <binding>", binding_offset);
    return term;
  }

  XmlReader reader_;
  const ParseOptions& options_;
  QueryResults results_;
  std::unordered_map<std::string, std::size_t> slots_;
};

}  // namespace

QueryResults parse_xml_results(std::string_view body, const ParseOptions& options) {
  return XmlResultsParser(body, options).parse();
}

}  // namespace sparqlmcp::results::detail
