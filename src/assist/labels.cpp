#include "sparqlmcp/assist/labels.hpp"

#include <algorithm>

namespace sparqlmcp::assist {

const std::vector<std::string>& label_properties() {
  static const std::vector<std::string> kLabels = {
      "http://www.w3.org/2000/01/rdf-schema#label",
      "http://www.w3.org/2004/02/skos/core#prefLabel",
      "http://www.w3.org/2004/02/skos/core#altLabel",
      "https://schema.org/name",
      "http://schema.org/name",
      "http://purl.org/dc/terms/title",
      "http://purl.org/dc/elements/1.1/title",
      "http://xmlns.com/foaf/0.1/name",
  };
  return kLabels;
}

const std::vector<std::string>& comment_properties() {
  static const std::vector<std::string> kComments = {
      "http://www.w3.org/2000/01/rdf-schema#comment",
      "http://www.w3.org/2004/02/skos/core#definition",
      "http://purl.org/dc/terms/description",
      "https://schema.org/description",
      "http://schema.org/description",
  };
  return kComments;
}

bool is_label_property(std::string_view iri) {
  const auto& all = label_properties();
  return std::find(all.begin(), all.end(), iri) != all.end();
}

bool is_comment_property(std::string_view iri) {
  const auto& all = comment_properties();
  return std::find(all.begin(), all.end(), iri) != all.end();
}

bool english_or_untagged(const rdf::Term& literal) {
  const std::string& tag = literal.language;
  return tag.empty() || tag == "en" || tag.rfind("en-", 0) == 0;
}

}  // namespace sparqlmcp::assist
