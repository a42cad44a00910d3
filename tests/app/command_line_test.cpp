#include "sparqlmcp/app/command_line.hpp"

#include <catch2/catch.hpp>

#include "sparqlmcp/util/error.hpp"
#include "support/error_matchers.hpp"

using namespace sparqlmcp;
using app::parse_command_line;

namespace {

std::string usage_error(const std::vector<std::string>& arguments) {
  const Error error = test::error_of([&] { parse_command_line(arguments); });
  CHECK_THAT(error, test::is_error(ErrorKind::InvalidArgument));
  return error.message;
}

}  // namespace

TEST_CASE("no arguments serve the default catalogue", "[app]") {
  app::CommandLine line = parse_command_line({});
  CHECK(line.command == app::Command::Serve);
  CHECK(line.catalogues.empty());
  CHECK(line.log_level == "info");
}

TEST_CASE("repeatable flags accumulate and values are read", "[app]") {
  app::CommandLine line = parse_command_line(
      {"--catalogue", "a.ttl", "--catalogue", "dir", "--endpoint", "http://127.0.0.1:1/sparql",
       "--allow-any-endpoint", "--log-level", "debug", "--timeout-ms", "1500", "--max-rows", "7",
       "--max-response-bytes", "1024", "--workers", "3"});
  CHECK(line.catalogues.size() == 2);
  CHECK(line.endpoints == std::vector<std::string>{"http://127.0.0.1:1/sparql"});
  CHECK(line.allow_any_endpoint);
  CHECK(line.log_level == "debug");
  CHECK(line.timeout == std::chrono::milliseconds(1500));
  CHECK(line.max_rows == 7u);
  CHECK(line.max_response_bytes == 1024u);
  CHECK(line.workers == 3u);
}

TEST_CASE("parse takes exactly one input", "[app]") {
  CHECK(parse_command_line({"parse", "-"}).command == app::Command::Parse);
  CHECK(usage_error({"parse"}) ==
        "parse expects exactly one argument: a file name or - (see sparql-mcp --help)");
}

TEST_CASE("bad flags say what is wrong", "[app][error]") {
  CHECK(usage_error({"--bogus"}) == "unknown argument '--bogus' (see sparql-mcp --help)");
  CHECK(usage_error({"--catalogue"}) == "--catalogue needs a value (see sparql-mcp --help)");
  CHECK(usage_error({"--max-rows", "ten"}) ==
        "--max-rows expects a positive whole number, got 'ten' (see sparql-mcp --help)");
  CHECK(usage_error({"--log-level", "loud"}) ==
        "--log-level must be trace, debug, info, warn, error or off (see sparql-mcp --help)");
}

TEST_CASE("query takes one query and its own output flags", "[app]") {
  app::CommandLine line =
      parse_command_line({"query", "--catalogue", "examples/catalogue.ttl", "--format", "csv",
                          "--timeout", "30s", "SELECT * WHERE { ?s ?p ?o }"});
  CHECK(line.command == app::Command::Query);
  CHECK(line.query_input == "SELECT * WHERE { ?s ?p ?o }");
  CHECK(line.query_format == "csv");
  CHECK_FALSE(line.query_count);
  CHECK(parse_command_line({"query", "--count", "-"}).query_count);
  CHECK(line.timeout == std::chrono::milliseconds(30000));
  CHECK(line.log_level == "warn");
  CHECK(parse_command_line({"query", "--log-level", "debug", "-"}).log_level == "debug");
  CHECK(parse_command_line({"query", "-"}).query_input == "-");
  CHECK(parse_command_line({"query", "--timeout", "250ms", "@q.rq"}).timeout ==
        std::chrono::milliseconds(250));
  CHECK(parse_command_line({"query", "--timeout", "2m", "@q.rq"}).timeout ==
        std::chrono::milliseconds(120000));
  CHECK(parse_command_line({"query", "--timeout", "5", "@q.rq"}).timeout ==
        std::chrono::milliseconds(5000));
}

TEST_CASE("query refuses a missing query, two queries and unknown formats", "[app][error]") {
  CHECK(usage_error({"query"}) ==
        "query needs a query: the text in quotes, - to read standard input, or @FILE (see "
        "sparql-mcp --help)");
  CHECK(usage_error({"query", "ASK {}", "ASK {}"}).find("query takes one query") == 0);
  CHECK(usage_error({"query", "--format", "html", "ASK {}"}) ==
        "--format must be table, json, xml, csv, tsv, turtle or ntriples (see sparql-mcp --help)");
  CHECK(usage_error({"query", "--timeout", "soon", "ASK {}"}) ==
        "--timeout expects a duration such as 30s, 500ms or 2m, got 'soon' (see sparql-mcp "
        "--help)");
  // --format belongs to query; serving ignores no flag silently.
  CHECK(usage_error({"--format", "csv"}) == "unknown argument '--format' (see sparql-mcp --help)");
}

TEST_CASE("every option with a value also takes the form --option=value", "[app]") {
  app::CommandLine line = parse_command_line(
      {"--catalogue=a.ttl", "--catalog=dir", "--endpoint=http://127.0.0.1:1/sparql?x=a=b",
       "--log-level=debug", "--timeout-ms=1500", "--max-rows=7", "--max-response-bytes=1024",
       "--workers=3"});
  CHECK(line.catalogues == std::vector<std::filesystem::path>{"a.ttl", "dir"});
  // Only the first '=' separates: the rest belongs to the value.
  CHECK(line.endpoints == std::vector<std::string>{"http://127.0.0.1:1/sparql?x=a=b"});
  CHECK(line.log_level == "debug");
  CHECK(line.timeout == std::chrono::milliseconds(1500));
  CHECK(line.max_rows == 7u);
  CHECK(line.max_response_bytes == 1024u);
  CHECK(line.workers == 3u);
  app::CommandLine query = parse_command_line(
      {"query", "--format=csv", "--timeout=250ms", "--catalogue=c.ttl", "ASK { ?s ?p ?o }"});
  CHECK(query.query_format == "csv");
  CHECK(query.timeout == std::chrono::milliseconds(250));
  CHECK(query.catalogues == std::vector<std::filesystem::path>{"c.ttl"});
  // A query text with '=' in it is the query, not an option.
  CHECK(parse_command_line({"query", "ASK { FILTER(1 = 1) }"}).query_input ==
        "ASK { FILTER(1 = 1) }");
}

TEST_CASE("an option written --option=value gives the errors of the two-word form",
          "[app][error]") {
  CHECK(usage_error({"--catalogue="}) == usage_error({"--catalogue"}));
  CHECK(usage_error({"--catalogue="}) == "--catalogue needs a value (see sparql-mcp --help)");
  CHECK(usage_error({"--max-rows=ten"}) == usage_error({"--max-rows", "ten"}));
  CHECK(usage_error({"--workers=0"}) ==
        "--workers expects a positive whole number, got '0' (see sparql-mcp --help)");
  CHECK(usage_error({"--log-level=loud"}) == usage_error({"--log-level", "loud"}));
  CHECK(usage_error({"query", "--format=html", "ASK {}"}) ==
        usage_error({"query", "--format", "html", "ASK {}"}));
  CHECK(usage_error({"query", "--timeout=soon", "ASK {}"}) ==
        usage_error({"query", "--timeout", "soon", "ASK {}"}));
  CHECK(usage_error({"--bogus=1"}) == "unknown argument '--bogus=1' (see sparql-mcp --help)");
  CHECK(usage_error({"--format=csv"}) == "unknown argument '--format=csv' (see sparql-mcp --help)");
  // A flag without a value refuses one instead of ignoring it.
  CHECK(usage_error({"--allow-any-endpoint=no"}) ==
        "--allow-any-endpoint takes no value, got '--allow-any-endpoint=no' (see sparql-mcp "
        "--help)");
  CHECK(usage_error({"--version=2"}) ==
        "--version takes no value, got '--version=2' (see sparql-mcp --help)");
}

TEST_CASE("void takes endpoints or --all, and the cache flags", "[app]") {
  app::CommandLine line = parse_command_line(
      {"void", "--catalogue", "c.ttl", "wikidata", "http://127.0.0.1:1/sparql", "--refresh",
       "--compute", "force", "--void-cache", "/tmp/vc", "--void-ttl-hours", "12"});
  CHECK(line.command == app::Command::Void);
  CHECK(line.void_endpoints == std::vector<std::string>{"wikidata", "http://127.0.0.1:1/sparql"});
  CHECK(line.void_refresh);
  CHECK(line.void_compute == "force");
  CHECK(line.void_cache == std::filesystem::path("/tmp/vc"));
  CHECK(line.void_ttl_hours == 12u);
  CHECK(parse_command_line({"void", "--all"}).void_all);
  // The server takes the cache flags too.
  CHECK(parse_command_line({"--void-cache", "dir"}).void_cache == std::filesystem::path("dir"));
}

TEST_CASE("void without endpoints, or with both endpoints and --all, is a usage error",
          "[app][error]") {
  CHECK(usage_error({"void"}) ==
        "void needs the endpoints to describe (ids or IRIs from the catalogue) or --all (see "
        "sparql-mcp --help)");
  CHECK(usage_error({"void", "--all", "x"}) ==
        "void takes either endpoints or --all, not both (see sparql-mcp --help)");
  CHECK(usage_error({"void", "x", "--compute", "sometimes"}) ==
        "--compute must be auto, never or force (see sparql-mcp --help)");
  CHECK(usage_error({"--void-ttl-hours", "0"}) ==
        "--void-ttl-hours expects a positive whole number, got '0' (see sparql-mcp --help)");
  CHECK(usage_error({"--refresh"}) == "unknown argument '--refresh' (see sparql-mcp --help)");
}
