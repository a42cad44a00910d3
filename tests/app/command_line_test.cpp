#include "sparqlmcp/app/command_line.hpp"

#include <catch2/catch.hpp>

#include "sparqlmcp/util/error.hpp"

using namespace sparqlmcp;
using app::parse_command_line;

namespace {

std::string usage_error(const std::vector<std::string>& arguments) {
  try {
    parse_command_line(arguments);
  } catch (const Exception& exception) {
    CHECK(exception.error().kind == ErrorKind::InvalidArgument);
    return exception.error().message;
  }
  FAIL("expected a usage error");
  return {};
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
