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

TEST_CASE("the record flags and --tools are read; presets expand in the offered order", "[app]") {
  app::CommandLine line = parse_command_line(
      {"--trace", "t.jsonl", "--submissions=s.jsonl", "--allow-resubmit", "--tasks", "k.jsonl",
       "--show-score", "--tools", "submit, run_sparql_query"});
  CHECK(line.trace == std::filesystem::path("t.jsonl"));
  CHECK(line.submissions == std::filesystem::path("s.jsonl"));
  CHECK(line.allow_resubmit);
  CHECK(line.tasks == std::filesystem::path("k.jsonl"));
  CHECK(line.show_score);
  CHECK(line.tools == std::vector<std::string>{"run_sparql_query", "submit"});

  using Names = std::vector<std::string>;
  CHECK(app::tool_selection("baseline") == Names{"run_sparql_query", "submit"});
  CHECK(app::tool_selection("descriptions") ==
        Names{"list_endpoints", "run_sparql_query", "submit"});
  CHECK(app::tool_selection("void") ==
        Names{"list_endpoints", "get_void_descriptions", "run_sparql_query", "submit"});
  CHECK(app::tool_selection("all") ==
        Names{"list_endpoints", "get_void_descriptions", "search_terms", "describe_entity",
              "get_example_queries", "validate_query", "run_sparql_query", "submit"});
  CHECK(app::tool_selection("void,search_terms") == Names{"list_endpoints", "get_void_descriptions",
                                                          "search_terms", "run_sparql_query",
                                                          "submit"});
  CHECK(app::tool_selection("baseline,get_void_descriptions") ==
        Names{"get_void_descriptions", "run_sparql_query", "submit"});
}

TEST_CASE("eval reads its files; bad tool sets and lone score flags are usage errors",
          "[app][error]") {
  app::CommandLine line = parse_command_line(
      {"eval", "--submissions", "s.jsonl", "--trace", "t.jsonl", "--tasks", "k.jsonl", "--json"});
  CHECK(line.command == app::Command::Eval);
  CHECK(line.eval_json);
  CHECK(usage_error({"eval", "--trace", "t.jsonl"}) ==
        "eval needs --submissions FILE (what the server wrote with --submissions) (see "
        "sparql-mcp --help)");
  CHECK(usage_error({"eval", "--submissions", "s", "--show-score"}) ==
        "unknown argument '--show-score' (see sparql-mcp --help)");
  CHECK(usage_error({"--tools", "run_sparql_query,grep"}) ==
        "--tools: unknown tool or preset 'grep'; tools: list_endpoints, get_void_descriptions, "
        "search_terms, describe_entity, get_example_queries, validate_query, run_sparql_query, "
        "submit; presets: "
        "all, baseline, descriptions, void (see sparql-mcp --help)");
  CHECK(usage_error({"--tools", " , "}) ==
        "--tools needs at least one tool or preset (see sparql-mcp --help)");
  CHECK(usage_error({"--show-score"}) ==
        "--show-score needs --tasks FILE: without tasks there is no score to show (see "
        "sparql-mcp --help)");
  CHECK(usage_error({"query", "--trace", "t", "ASK {}"}) ==
        "unknown argument '--trace' (see sparql-mcp --help)");
}

TEST_CASE("the WordNet folder is named by an option, or none", "[app]") {
  CHECK_FALSE(parse_command_line({}).wordnet);
  CHECK(parse_command_line({"--wordnet", "/opt/wn"}).wordnet == std::filesystem::path("/opt/wn"));
  CHECK(parse_command_line({"--wordnet=none"}).wordnet == std::filesystem::path());
}
