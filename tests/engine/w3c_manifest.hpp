#pragma once
// Reads the W3C SPARQL evaluation manifests (Turtle, through rdf::parse_rdf_file) into their
// query-evaluation entries, in mf:entries order. Syntax, update and protocol entries are
// counted but not returned: they are not the engine's tests.
//
// Vocabulary read (http://www.w3.org/2001/sw/DataAccess/tests/test-manifest#, test-query#,
// test-dawg#): mf:include, mf:entries, rdf:type, mf:name, mf:action [ qt:query, qt:data*,
// qt:graphData*, qt:serviceData*, sd:entailmentRegime ], mf:result, mf:requires,
// mf:resultCardinality, dawgt:approval.

#include <filesystem>
#include <string>
#include <vector>

namespace sparqlmcp::engine::w3c {

// A named graph of a test's dataset: the file and the IRI the manifest names it by (the
// file's IRI, resolved against the manifest), which is what GRAPH <...> in the query uses.
struct GraphFile {
  std::string path;
  std::string iri;
};

// qt:serviceData: what the endpoint a SERVICE names serves.
struct ServiceData {
  std::string endpoint;           // qt:endpoint, as the query names it
  std::vector<std::string> data;  // paths of its qt:data
};

struct EvalTest {
  std::string id;     // the entry IRI
  std::string name;   // mf:name
  std::string type;   // local name of rdf:type: QueryEvaluationTest, CSVResultFormatTest
  std::string query;  // path of qt:query
  std::vector<std::string> data;      // paths of qt:data (the default graph)
  std::vector<GraphFile> graph_data;  // qt:graphData (named graphs)
  bool has_service_data = false;      // qt:serviceData (SERVICE tests)
  std::vector<ServiceData> service_data;
  bool has_entailment_regime = false;          // sd:entailmentRegime (entailment tests)
  std::string result;                          // path of mf:result, empty when none
  std::vector<std::string> required_features;  // local names of mf:requires (informative)
  std::string approval;                        // local name of dawgt:approval, empty when absent
  bool lax_cardinality = false;                // mf:resultCardinality mf:LaxCardinality
};

struct Manifest {
  std::string path;
  std::vector<EvalTest> tests;        // evaluation entries, in mf:entries order
  std::size_t other_entries = 0;      // entries of other types (syntax, update, ...)
  std::vector<std::string> includes;  // paths of mf:include, in order
};

// Throws Exception (InvalidArgument / Syntax) when the file cannot be read or parsed.
Manifest read_manifest(const std::filesystem::path& path);

// The file:// IRI of a path (as Serd and rdf::parse_rdf_file make it), and back.
std::string file_iri(const std::filesystem::path& path);
// The path of a file:// IRI (percent-escapes decoded); empty for other IRIs.
std::string path_of_file_iri(const std::string& iri);

}  // namespace sparqlmcp::engine::w3c
