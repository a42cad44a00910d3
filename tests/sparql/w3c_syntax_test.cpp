// Runs every positive and negative syntax test of the W3C SPARQL 1.0 (syntax-sparql1..5) and
// SPARQL 1.1 (syntax-query, syntax-fed) manifests. Positive tests must also round-trip:
// to_sse(parse(serialize(parse(q)))) == to_sse(parse(q)).
// SPARQL Update syntax tests (PositiveUpdateSyntaxTest11 / NegativeUpdateSyntaxTest11) are out
// of scope: this server refuses updates, so they are counted as skipped. The query files of the
// SPARQL 1.1 evaluation tests are also parsed and round-tripped (their results are not checked
// here: evaluation belongs to the engine).

#include <catch2/catch.hpp>

#include <fstream>
#include <iostream>
#include <map>
#include <sstream>

#include "manifest_reader.hpp"
#include "sparqlmcp/sparql/parser.hpp"
#include "sparqlmcp/sparql/serializer.hpp"
#include "support/shared_data.hpp"

using namespace sparqlmcp;
using namespace sparqlmcp::sparql;

namespace {

std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// Entries we knowingly do not pass, each with the reason. Keep empty if possible.
const std::map<std::string, std::string>& skip_list() {
  static const std::map<std::string, std::string> skips = {};
  return skips;
}

// `evaluation`: also parse and round-trip the queries of mf:QueryEvaluationTest entries.
void run_manifest(const std::string& folder, bool evaluation = false) {
  std::string path = test::shared_data("w3c-sparql-tests/sparql/" + folder + "/manifest.ttl");
  auto entries = testing::read_manifest(path);
  REQUIRE(!entries.empty());
  // Catch2 re-runs the test case once per DYNAMIC_SECTION, so results are kept across runs and
  // the counts are printed once all entries have run.
  static std::map<std::string, std::map<std::string, bool>> results;
  static std::map<std::string, bool> printed_summary;
  auto& folder_results = results[folder];
  int total = 0, skipped = 0;
  for (const auto& e : entries) {
    bool positive = e.type == "PositiveSyntaxTest" || e.type == "PositiveSyntaxTest11" ||
                    (evaluation && e.type == "QueryEvaluationTest" && !e.action.empty());
    bool negative = e.type == "NegativeSyntaxTest" || e.type == "NegativeSyntaxTest11";
    if (!positive && !negative) {
      ++skipped;  // update syntax tests (out of scope: read-only server), evaluation tests
      continue;
    }
    if (skip_list().count(e.id)) {
      ++skipped;
      continue;
    }
    ++total;
    DYNAMIC_SECTION(folder << " " << e.id.substr(e.id.find_last_of("#/") + 1) << " " << e.name) {
      std::string text = read_text(e.action);
      INFO("file: " << e.action << "\n" << text);
      if (positive) {
        std::string sse, again, printed;
        try {
          Query q = parse_query(text, ParseOptions{"file://" + e.action, {}});
          sse = to_sse(q);
          printed = serialize_query(q);
          INFO("serialized:\n" << printed);
          again = to_sse(parse_query(printed));
          // The algebra printed back as SPARQL must be a valid query with the same algebra.
          std::string from_algebra = serialize_algebra(q.algebra(), q.prologue());
          INFO("from algebra:\n" << from_algebra);
          try {
            std::string back = to_sse(parse_query(from_algebra));
            // Path variables are printed as ?__path_N; otherwise a SELECT comes back identical.
            for (auto p = back.find("?__path_"); p != std::string::npos; p = back.find("?__path_"))
              back.replace(p, 8, "??");
            if (q.form() == QueryForm::Select) CHECK(back == sse);
          } catch (const Exception& ex) {
            FAIL_CHECK("serialize_algebra output does not parse: " << ex.what() << "\n"
                                                                   << from_algebra);
          }
        } catch (const Exception& ex) {
          FAIL_CHECK("unexpected error: " << ex.what() << "\nserialized:\n" << printed);
          folder_results[e.id] = false;
        }
        if (!sse.empty()) {
          CHECK(again == sse);
          folder_results[e.id] = again == sse;
        }
      } else {
        bool failed = false;
        try {
          parse_query(text, ParseOptions{"file://" + e.action, {}});
        } catch (const Exception& ex) {
          failed = ex.error().kind == ErrorKind::Syntax;
        }
        CHECK(failed);
        folder_results[e.id] = failed;
      }
    }
  }
  if (static_cast<int>(folder_results.size()) < total || printed_summary[folder]) return;
  printed_summary[folder] = true;
  int passed = 0;
  for (const auto& [id, ok] : folder_results)
    passed += ok ? 1 : 0;
  std::cout << "[w3c] " << folder << ": " << passed << " / " << total << " passed";
  if (skipped) std::cout << " (" << skipped << " entries of other kinds not run)";
  std::cout << std::endl;
}

}  // namespace

TEST_CASE("W3C SPARQL 1.0 syntax tests parse and round-trip", "[sparql][w3c]") {
  for (const char* folder :
       {"sparql10/syntax-sparql1", "sparql10/syntax-sparql2", "sparql10/syntax-sparql3",
        "sparql10/syntax-sparql4", "sparql10/syntax-sparql5"}) {
    run_manifest(folder);
  }
}

TEST_CASE("W3C SPARQL 1.1 query syntax tests parse and round-trip", "[sparql][w3c]") {
  run_manifest("sparql11/syntax-query");
}

TEST_CASE("W3C SPARQL 1.1 federation syntax tests parse and round-trip", "[sparql][w3c]") {
  run_manifest("sparql11/syntax-fed");
}

TEST_CASE("queries and syntax tests of the SPARQL 1.1 evaluation manifests pass", "[sparql][w3c]") {
  for (const char* folder :
       {"sparql11/aggregates", "sparql11/bind", "sparql11/bindings", "sparql11/construct",
        "sparql11/exists", "sparql11/functions", "sparql11/grouping", "sparql11/negation",
        "sparql11/project-expression", "sparql11/property-path", "sparql11/subquery",
        "sparql11/service", "sparql11/cast"}) {
    run_manifest(folder, true);
  }
}

TEST_CASE("queries of the SPARQL 1.0 evaluation manifests parse and round-trip", "[sparql][w3c]") {
  for (const char* folder : {"sparql10/algebra",
                             "sparql10/ask",
                             "sparql10/basic",
                             "sparql10/bnode-coreference",
                             "sparql10/boolean-effective-value",
                             "sparql10/bound",
                             "sparql10/cast",
                             "sparql10/construct",
                             "sparql10/dataset",
                             "sparql10/distinct",
                             "sparql10/expr-builtin",
                             "sparql10/expr-equals",
                             "sparql10/expr-ops",
                             "sparql10/graph",
                             "sparql10/i18n",
                             "sparql10/open-world",
                             "sparql10/optional",
                             "sparql10/optional-filter",
                             "sparql10/reduced",
                             "sparql10/regex",
                             "sparql10/solution-seq",
                             "sparql10/sort",
                             "sparql10/triple-match",
                             "sparql10/type-promotion"}) {
    run_manifest(folder, true);
  }
}
