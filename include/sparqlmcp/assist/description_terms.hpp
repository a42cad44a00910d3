#pragma once
// What the term index holds of one endpoint, made from its VoID description: every class (with
// its instances) and property (with its triples), the labels and comment the endpoint gives
// each, and the words of the terms each goes with.

#include <map>
#include <string>
#include <vector>

#include "sparqlmcp/assist/term_index.hpp"
#include "sparqlmcp/void/model.hpp"

namespace sparqlmcp::assist {

// The labels and comment an endpoint gives one term.
struct TermText {
  std::string label;                // preferred: English or untagged first
  std::vector<std::string> labels;  // every label, any language
  std::string comment;
  bool label_english = false;
  bool comment_english = false;
};

// The index rows of `description` for catalogue entry `id`, built from `fingerprint`.
TermSource term_source(const std::string& id, const std::string& fingerprint,
                       const void_::Description& description,
                       const std::map<std::string, TermText>& texts = {});

}  // namespace sparqlmcp::assist
