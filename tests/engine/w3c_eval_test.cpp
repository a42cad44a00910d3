// The W3C SPARQL query-evaluation tests, run from their manifests: every evaluation folder of
// sparql10 (all but syntax-sparql1..5) and the query-evaluation folders of sparql11 (those of
// manifest-sparql11-query.ttl, the results-format folders csv-tsv-res and json-res, and the
// entailment and service folders, whose tests are skipped). One TEST_CASE per folder.
//
// Each test: a fresh engine::Store with qt:data in the default graph and qt:graphData in named
// graphs named by the manifest's IRI for the file; a query with FROM / FROM NAMED also gets
// every file:// graph it names loaded as a named graph of that IRI, and the evaluator builds
// the dataset from the query. The query is parsed with the query file's IRI as base and
// evaluated with a 10 s deadline; its results are compared as w3c_compare.hpp describes.
//
// A failing test must be listed in tests/engine/w3c_known_failures.txt (its IRI, then the
// reason) or the folder's case fails; a listed test that passes fails the case too, so the
// list stays exact. Set SPARQLMCP_W3C_REPORT=<file> to append per-folder counts and the
// failures (with their diagnosis) to that file.

#include <catch2/catch.hpp>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>

#include "sparqlmcp/engine/evaluator.hpp"
#include "sparqlmcp/engine/store.hpp"
#include "sparqlmcp/sparql/parser.hpp"
#include "support/shared_data.hpp"
#include "w3c_compare.hpp"
#include "w3c_manifest.hpp"
#include "w3c_rdfxml.hpp"

using namespace sparqlmcp;
using namespace sparqlmcp::engine;

namespace {

// A file or folder of the suites, relative to their sparql/ folder.
std::string suite(const std::string& relative) {
  return test::shared_data("w3c-sparql-tests/sparql/" + relative);
}
const std::string kKnownFailures =
    std::string(SPARQLMCP_SOURCE_DIR) + "/tests/engine/w3c_known_failures.txt";

// The folders this suite runs, as the manifests group them.
const std::vector<std::string> kSparql10Folders = {"basic",
                                                   "triple-match",
                                                   "open-world",
                                                   "algebra",
                                                   "bnode-coreference",
                                                   "optional",
                                                   "optional-filter",
                                                   "graph",
                                                   "dataset",
                                                   "type-promotion",
                                                   "cast",
                                                   "boolean-effective-value",
                                                   "bound",
                                                   "expr-builtin",
                                                   "expr-ops",
                                                   "expr-equals",
                                                   "regex",
                                                   "i18n",
                                                   "construct",
                                                   "ask",
                                                   "distinct",
                                                   "sort",
                                                   "solution-seq",
                                                   "reduced"};
const std::vector<std::string> kSparql11Folders = {
    "aggregates",    "bind",      "bindings",    "cast",     "construct",
    "exists",        "functions", "grouping",    "negation", "project-expression",
    "property-path", "subquery",  "csv-tsv-res", "json-res", "entailment",
    "service"};

std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string one_line(std::string text, std::size_t max = 3000) {
  for (char& c : text)
    if (c == '\n' || c == '\t') c = ' ';
  if (text.size() > max) text = text.substr(0, max) + "...";
  return text;
}

// IRI -> reason. Lines: "<IRI> <reason>"; blank lines and lines starting with '#' ignored.
const std::map<std::string, std::string>& known_failures() {
  static const std::map<std::string, std::string> list = [] {
    std::map<std::string, std::string> out;
    std::istringstream in(read_text(kKnownFailures));
    std::string line;
    while (std::getline(in, line)) {
      if (line.empty() || line[0] == '#') continue;
      auto space = line.find_first_of(" \t");
      std::string iri = line.substr(0, space);
      std::string reason =
          space == std::string::npos ? "" : line.substr(line.find_first_not_of(" \t", space));
      out[iri] = reason;
    }
    return out;
  }();
  return list;
}

struct TestOutcome {
  enum class Status { Passed, Failed, Skipped } status = Status::Passed;
  std::string message;  // failure diagnosis or skip reason
};

TestOutcome failed(std::string message) {
  return {TestOutcome::Status::Failed, std::move(message)};
}

bool ends_with(const std::string& text, std::string_view suffix) {
  return text.size() >= suffix.size() &&
         text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// `graph` empty: the default graph.
void load(Store& store, const std::string& path, const std::string& graph) {
  if (ends_with(path, ".rdf")) {
    rdf::Term g = rdf::Term::iri(graph);
    for (auto& t : w3c::parse_rdfxml(read_text(path), w3c::file_iri(path)))
      store.add(rdf::Quad{std::move(t.subject), std::move(t.predicate), std::move(t.object), g});
    return;
  }
  store.load_file(path, std::nullopt,
                  graph.empty() ? std::nullopt : std::optional<std::string>(graph));
}

TestOutcome run_test(const w3c::EvalTest& test, const std::string& folder) {
  if (test.approval == "Withdrawn") return {TestOutcome::Status::Skipped, "withdrawn"};
  if (test.has_entailment_regime || folder == "sparql11/entailment")
    return {TestOutcome::Status::Skipped, "entailment regimes not supported"};
  if (test.has_service_data || folder == "sparql11/service")
    return {TestOutcome::Status::Skipped,
            "run by tests/federation/w3c_service_test.cpp, with real endpoints for qt:serviceData"};

  sparql::Query query;
  try {
    sparql::ParseOptions parse_options;
    parse_options.base_iri = w3c::file_iri(test.query);
    query = sparql::parse_query(read_text(test.query), parse_options);
  } catch (const std::exception& e) {
    return failed(std::string("the query does not parse: ") + e.what());
  }

  Store store;
  try {
    for (const auto& d : test.data)
      load(store, d, "");
    std::set<std::string> graphs;
    for (const auto& g : test.graph_data) {
      load(store, g.path, g.iri);
      graphs.insert(g.iri);
    }
    // FROM / FROM NAMED: the files the query names, as named graphs of those IRIs.
    std::vector<std::string> named = query.syntax().from;
    named.insert(named.end(), query.syntax().from_named.begin(), query.syntax().from_named.end());
    for (const auto& iri : named) {
      std::string path = w3c::path_of_file_iri(iri);
      if (path.empty() || !std::filesystem::exists(path) || !graphs.insert(iri).second) continue;
      load(store, path, iri);
    }
  } catch (const std::exception& e) {
    return failed(std::string("cannot load the data: ") + e.what());
  }

  w3c::Expected expected;
  bool graph_form =
      query.form() == sparql::QueryForm::Construct || query.form() == sparql::QueryForm::Describe;
  try {
    expected = w3c::read_expected(test.result, graph_form);
  } catch (const std::exception& e) {
    return failed(std::string("cannot read the expected results: ") + e.what());
  }

  QueryOutcome outcome;
  try {
    EvaluationOptions options;
    options.deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    outcome = evaluate_query(query, store, options);
  } catch (const std::exception& e) {
    return failed(std::string("evaluation threw: ") + e.what());
  }

  std::string diff;
  if (graph_form) {
    diff = w3c::compare_graphs(expected.graph, outcome.graph);
  } else {
    w3c::CompareOptions options;
    options.lax_cardinality = test.lax_cardinality;
    // For measuring only: how many tests pass with exact numeric lexical forms.
    if (const char* exact = std::getenv("SPARQLMCP_W3C_EXACT_NUMBERS"); exact && *exact == '1')
      options.numbers_by_value = false;
    const auto& order_by = query.syntax().order_by;
    options.ordered = !order_by.empty() && expected.ordered;
    std::vector<std::string> keys;
    for (const auto& condition : order_by)
      if (condition.expr.kind == sparql::Expr::Kind::Var) keys.push_back(condition.expr.name);
    if (keys.size() == order_by.size()) options.order_keys = keys;
    diff = ends_with(test.result, ".csv")
               ? w3c::compare_csv(read_text(test.result), outcome.results, options)
               : w3c::compare_solutions(expected.results, outcome.results, options);
  }
  if (!diff.empty()) return failed(diff);
  return {};
}

void append_report(const std::string& text) {
  const char* path = std::getenv("SPARQLMCP_W3C_REPORT");
  if (!path || !*path) return;
  std::ofstream out(path, std::ios::app);
  out << text;
}

void run_folder(const std::string& folder) {
  w3c::Manifest manifest = w3c::read_manifest(suite(folder + "/manifest.ttl"));
  const auto& known = known_failures();
  int passed = 0, failures = 0, skipped = 0, listed = 0;
  std::string report;
  for (const auto& test : manifest.tests) {
    TestOutcome outcome;
    try {
      outcome = run_test(test, folder);
    } catch (const std::exception& e) {
      outcome = failed(std::string("the runner threw: ") + e.what());
    }
    auto entry = known.find(test.id);
    switch (outcome.status) {
      case TestOutcome::Status::Skipped:
        ++skipped;
        report += "S\t" + test.id + "\t" + outcome.message + "\n";
        break;
      case TestOutcome::Status::Passed:
        ++passed;
        if (entry != known.end())
          FAIL_CHECK(test.id << " (" << test.name
                             << ") now passes: remove it from tests/engine/w3c_known_failures.txt");
        break;
      case TestOutcome::Status::Failed:
        ++failures;
        report += "F\t" + test.id + "\t" + one_line(outcome.message) + "\n";
        if (entry == known.end())
          FAIL_CHECK(test.id << " (" << test.name << ") failed: " << outcome.message
                             << "\n  query: " << test.query << "\n  result: " << test.result
                             << "\n(list it in tests/engine/w3c_known_failures.txt with a reason"
                                " if this is expected)");
        else
          ++listed;
        break;
    }
  }
  std::size_t total = manifest.tests.size();
  std::cout << folder << ": passed " << passed << " / " << total << ", skipped " << skipped
            << ", failed " << failures << " (" << listed << " known)" << std::endl;
  append_report("D\t" + folder + "\t" + std::to_string(passed) + "\t" + std::to_string(total) +
                "\t" + std::to_string(skipped) + "\t" + std::to_string(failures) + "\n" + report);
}

}  // namespace

#define W3C_FOLDER(dir, folder)                                                     \
  TEST_CASE("W3C evaluation tests of " dir "/" folder " give the expected results", \
            "[w3c][engine]") {                                                      \
    run_folder(dir "/" folder);                                                     \
  }

W3C_FOLDER("sparql10", "basic")
W3C_FOLDER("sparql10", "triple-match")
W3C_FOLDER("sparql10", "open-world")
W3C_FOLDER("sparql10", "algebra")
W3C_FOLDER("sparql10", "bnode-coreference")
W3C_FOLDER("sparql10", "optional")
W3C_FOLDER("sparql10", "optional-filter")
W3C_FOLDER("sparql10", "graph")
W3C_FOLDER("sparql10", "dataset")
W3C_FOLDER("sparql10", "type-promotion")
W3C_FOLDER("sparql10", "cast")
W3C_FOLDER("sparql10", "boolean-effective-value")
W3C_FOLDER("sparql10", "bound")
W3C_FOLDER("sparql10", "expr-builtin")
W3C_FOLDER("sparql10", "expr-ops")
W3C_FOLDER("sparql10", "expr-equals")
W3C_FOLDER("sparql10", "regex")
W3C_FOLDER("sparql10", "i18n")
W3C_FOLDER("sparql10", "construct")
W3C_FOLDER("sparql10", "ask")
W3C_FOLDER("sparql10", "distinct")
W3C_FOLDER("sparql10", "sort")
W3C_FOLDER("sparql10", "solution-seq")
W3C_FOLDER("sparql10", "reduced")
W3C_FOLDER("sparql11", "aggregates")
W3C_FOLDER("sparql11", "bind")
W3C_FOLDER("sparql11", "bindings")
W3C_FOLDER("sparql11", "cast")
W3C_FOLDER("sparql11", "construct")
W3C_FOLDER("sparql11", "exists")
W3C_FOLDER("sparql11", "functions")
W3C_FOLDER("sparql11", "grouping")
W3C_FOLDER("sparql11", "negation")
W3C_FOLDER("sparql11", "project-expression")
W3C_FOLDER("sparql11", "property-path")
W3C_FOLDER("sparql11", "subquery")
W3C_FOLDER("sparql11", "csv-tsv-res")
W3C_FOLDER("sparql11", "json-res")
W3C_FOLDER("sparql11", "entailment")
W3C_FOLDER("sparql11", "service")

TEST_CASE("W3C evaluation folders cover every evaluation test of the query manifests",
          "[w3c][engine]") {
  // The folders the top-level manifests include, with the evaluation tests they hold.
  auto count = [](const std::string& top, const std::vector<std::string>& folders,
                  const std::string& dir) {
    std::size_t tests = 0;
    for (const auto& include : w3c::read_manifest(suite(top)).includes) {
      auto manifest = w3c::read_manifest(include);
      std::string folder = std::filesystem::path(include).parent_path().filename().string();
      if (manifest.tests.empty()) continue;
      INFO(dir << "/" << folder << " holds evaluation tests");
      CHECK(std::find(folders.begin(), folders.end(), folder) != folders.end());
      tests += manifest.tests.size();
    }
    return tests;
  };
  std::size_t sparql10 = count("sparql10/manifest-evaluation.ttl", kSparql10Folders, "sparql10");
  std::size_t query = count("sparql11/manifest-sparql11-query.ttl", kSparql11Folders, "sparql11");
  std::size_t results =
      count("sparql11/manifest-sparql11-results.ttl", kSparql11Folders, "sparql11");
  std::size_t fed = count("sparql11/manifest-sparql11-fed.ttl", kSparql11Folders, "sparql11");
  std::size_t entailment =
      w3c::read_manifest(suite("sparql11/entailment/manifest.ttl")).tests.size();
  std::cout << "evaluation tests: sparql10 " << sparql10 << "; sparql11 "
            << query + results + fed + entailment << " (query " << query << ", results formats "
            << results << ", SERVICE " << fed << ", entailment " << entailment << ")" << std::endl;
  CHECK(sparql10 == 283);  // 284 defined; optional-filter-005-simplified is commented out
  CHECK(query + results + fed + entailment == 312);
}

TEST_CASE("W3C known failures name tests of the suite and give a reason", "[w3c][engine]") {
  std::set<std::string> ids;
  for (const auto* folders : {&kSparql10Folders, &kSparql11Folders}) {
    std::string dir = folders == &kSparql10Folders ? "sparql10/" : "sparql11/";
    for (const auto& folder : *folders)
      for (const auto& test : w3c::read_manifest(suite(dir + folder + "/manifest.ttl")).tests)
        ids.insert(test.id);
  }
  for (const auto& [iri, reason] : known_failures()) {
    INFO(iri);
    CHECK(ids.count(iri) == 1);
    CHECK(!reason.empty());
  }
}
