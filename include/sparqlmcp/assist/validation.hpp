#pragma once
// Catching an agent's mistakes before a query is sent (docs/validation.md): the query is
// parsed; a prefix it uses without declaring is completed when one namespace is unambiguous for
// it; every SERVICE block (or, without SERVICE, the endpoints named) is checked against the
// endpoint's cached VoID: its classes, its predicates, and each predicate against the class of
// its subject (written with rdf:type, or inferred from the class partitions of the predicates
// used on it). Each problem is a finding an agent can act on, with alternatives ranked nearest
// first. Only cached descriptions are read (validation sends nothing); an endpoint with none
// gets "not checked", never an invented finding. Severity error only where the description is
// complete for the part concerned.

#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sparqlmcp/catalogue/catalogue.hpp"
#include "sparqlmcp/sparql/query.hpp"
#include "sparqlmcp/util/error.hpp"
#include "sparqlmcp/void/model.hpp"

namespace sparqlmcp::assist {

class SeenTerms;
class TermIndex;

enum class Severity { Error, Warning, Info };
std::string_view severity_name(Severity severity);  // "error", "warning", "info"

struct Finding {
  // syntax, undeclared_prefix, ambiguous_prefix, wrong_namespace, unknown_class,
  // unknown_predicate, predicate_not_on_class, unknown_iri, not_checked, too_large
  std::string problem;
  Severity severity = Severity::Warning;
  std::string message;                    // one line, what is wrong and what would work
  std::optional<SourceSpan> at;           // in the text as the agent wrote it
  std::string term;                       // the IRI concerned, when a term is
  std::string prefix;                     // the prefix concerned, when a prefix is
  std::string endpoint;                   // the endpoint IRI whose description says so
  std::optional<std::size_t> service;     // the SERVICE block, 1-based in text order
  std::vector<std::string> alternatives;  // IRIs (namespaces for a prefix), nearest first
};

struct AddedPrefix {
  std::string prefix;
  std::string iri;
  std::string source;  // "catalogue", "endpoint", "vocabulary", "well-known"
};

struct Validation {
  std::vector<Finding> findings;  // errors first, then warnings, then notes; in text order
  std::vector<AddedPrefix> prefixes_added;
  // The text with the added declarations in front, when some were added.
  std::optional<std::string> completed_query;
  // The parsed query (the completed one), when it parses.
  std::optional<sparql::Query> parsed;
  // The parser's error, when it does not parse (also the first finding).
  std::optional<Error> syntax_error;

  bool valid() const;  // parses, and no finding of severity error
  bool has_errors() const;
};

// The labels the endpoints give terms (IRI -> label; those without one left out).
using LabelsOf = std::function<std::map<std::string, std::string>(const std::vector<std::string>&)>;

struct ValidatorSources {
  const catalogue::Catalogue* catalogue = nullptr;
  // The cached description of an endpoint, or null: never sends a request.
  std::function<std::shared_ptr<const void_::Description>(const catalogue::Endpoint&)> description;
  std::shared_ptr<SeenTerms> seen;  // may be null: no unknown-IRI warnings
  // The prefixes an endpoint's own examples declare (sh:declare); may be empty.
  std::function<std::vector<std::pair<std::string, std::string>>(const catalogue::Endpoint&)>
      example_prefixes;
  // The labels of terms (the search index's), for ranking alternatives; may be empty.
  LabelsOf labels;
  // Triple patterns a query may have for validation to look at them (a clear finding past it).
  std::size_t max_patterns = 5000;
};

class QueryValidator {
 public:
  explicit QueryValidator(ValidatorSources sources);

  // `endpoints`: where the patterns outside SERVICE go (empty: they are not checked).
  Validation validate(std::string_view text,
                      const std::vector<const catalogue::Endpoint*>& endpoints = {}) const;

 private:
  ValidatorSources sources_;
};

}  // namespace sparqlmcp::assist
