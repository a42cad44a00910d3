#pragma once
// Example queries in the SHACL form that SIB's endpoints publish in their own data and that a
// catalogue entry's smcp:exampleQueries file uses
// (https://www.w3.org/TR/shacl-af/#SPARQLExecutable):
//
//   ex:1 a sh:SPARQLExecutable, sh:SPARQLSelectExecutable ;
//       rdfs:comment "Proteins of human, with their names"@en ;
//       sh:prefixes _:declarations ;           # sh:declare [ sh:prefix "up" ; sh:namespace ... ]
//       sh:select "SELECT ?p WHERE { ... }" ;  # or sh:ask, sh:construct, sh:describe
//       schema:target <https://sparql.uniprot.org/sparql> .
//
// Each example's query must parse, with the prefixes its sh:prefixes declare added where it
// uses them; an example that does not is reported, and the others are kept.

#include <filesystem>
#include <string>
#include <vector>

#include "sparqlmcp/assist/term_index.hpp"
#include "sparqlmcp/rdf/term.hpp"

namespace sparqlmcp::assist {

inline constexpr const char* kShacl = "http://www.w3.org/ns/shacl#";

struct ExampleSet {
  std::vector<Example> examples;
  std::vector<std::string> problems;  // one sentence per example left out
};

// The examples among `quads` (any graph). `origin` says where they came from (an endpoint IRI,
// a file); `default_target` is the endpoint of an example that names none.
ExampleSet read_shacl_examples(const std::vector<rdf::Quad>& quads, const std::string& origin,
                               const std::string& default_target);

// The examples of a Turtle (or other RDF) file. Throws Exception when the file cannot be read
// or parsed as a whole.
ExampleSet load_example_file(const std::filesystem::path& file, const std::string& default_target);

// The words of the terms a query names: the local names of its IRIs and prefixed names.
std::string query_term_words(std::string_view query);

// The IRIs a query names, prefixed names expanded with `prefixes` (name, namespace); names of
// undeclared prefixes are left out.
std::vector<std::string> query_iris(
    std::string_view query, const std::vector<std::pair<std::string, std::string>>& prefixes);

}  // namespace sparqlmcp::assist
