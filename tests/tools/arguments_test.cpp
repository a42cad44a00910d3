#include "sparqlmcp/tools/arguments.hpp"

#include <catch2/catch.hpp>

#include "sparqlmcp/util/error.hpp"
#include "support/error_matchers.hpp"

using sparqlmcp::Error;
using sparqlmcp::ErrorKind;
using sparqlmcp::test::is_error;
using sparqlmcp::tools::Arguments;

namespace {

std::string failure_of(const std::function<void()>& action) {
  const Error error = sparqlmcp::test::error_of(action);
  CHECK_THAT(error, is_error(ErrorKind::InvalidArgument));
  return error.message;
}

}  // namespace

TEST_CASE("a missing required argument names the argument and its type", "[tools][error]") {
  nlohmann::json none = nlohmann::json::object();
  Arguments args(none, "run_sparql_query");
  CHECK(failure_of([&] { args.required_string("query", "the SPARQL query text"); }) ==
        "missing required argument 'query' of run_sparql_query: pass the SPARQL query text as a "
        "string");
}

TEST_CASE("a wrongly typed argument says what was given", "[tools][error]") {
  nlohmann::json given = {{"query", 42}};
  Arguments args(given, "run_sparql_query");
  CHECK(failure_of([&] { args.required_string("query", "the query"); }) ==
        "invalid argument 'query' of run_sparql_query: expected a string, got an integer");
}

TEST_CASE("arguments that are not an object are refused", "[tools][error]") {
  nlohmann::json given = nlohmann::json::array({1, 2});
  CHECK(failure_of([&] { Arguments args(given, "list_endpoints"); }) ==
        "the arguments of list_endpoints must be a JSON object, got an array");
}

TEST_CASE("integers are range checked and digit strings accepted", "[tools]") {
  nlohmann::json given = {{"max_rows", "25"}, {"timeout_ms", 5}, {"other", 2.0}};
  Arguments args(given, "run_sparql_query");
  CHECK(args.optional_integer("max_rows", 1, 100) == 25);
  CHECK(args.optional_integer("other", 1, 100) == 2);
  CHECK(!args.optional_integer("absent", 1, 100).has_value());
  CHECK(failure_of([&] { args.optional_integer("timeout_ms", 100, 1000); }) ==
        "invalid argument 'timeout_ms' of run_sparql_query: 5 is out of range; use a value from "
        "100 to 1000");
}

TEST_CASE("choices are matched case-insensitively and listed when wrong", "[tools]") {
  nlohmann::json given = {{"format", "CSV"}, {"bad", "yaml"}};
  Arguments args(given, "run_sparql_query");
  CHECK(args.optional_choice("format", {"json", "csv"}) == "csv");
  CHECK(failure_of([&] {
          args.optional_choice("bad", {"json", "csv"});
        }) == "invalid argument 'bad' of run_sparql_query: 'yaml' is not one of: json, csv");
}

TEST_CASE("unknown arguments are refused with the list of known ones", "[tools][error]") {
  nlohmann::json given = {{"query", "ASK {}"}, {"endpoint", "http://x"}};
  Arguments args(given, "run_sparql_query");
  CHECK(failure_of([&] {
          args.reject_unknown({"query", "format"});
        }) == "unknown argument 'endpoint' of run_sparql_query; the arguments are: query, format");
}

TEST_CASE("a non-numeric string for an integer argument is refused", "[tools][error]") {
  nlohmann::json given = {{"max_rows", "ten"}};
  Arguments args(given, "run_sparql_query");
  CHECK(failure_of([&] { args.optional_integer("max_rows", 1, 100); }) ==
        "invalid argument 'max_rows' of run_sparql_query: expected an integer, got a string");
}
