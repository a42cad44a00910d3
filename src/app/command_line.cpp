#include "sparqlmcp/app/command_line.hpp"

#include <charconv>

#include "sparqlmcp/util/error.hpp"

namespace sparqlmcp::app {
namespace {

[[noreturn]] void bad_usage(const std::string& message) {
  throw_error(ErrorKind::InvalidArgument, message + " (see sparql-mcp --help)");
}

std::size_t parse_count(const std::string& flag, const std::string& value) {
  std::size_t number = 0;
  auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), number);
  if (error != std::errc() || end != value.data() + value.size() || number == 0) {
    bad_usage(flag + " expects a positive whole number, got '" + value + "'");
  }
  return number;
}

}  // namespace

std::string usage_text() {
  return R"(sparql-mcp: an MCP server that lets LLM agents find SPARQL endpoints and query them.

Usage:
  sparql-mcp [options]            serve MCP over stdio (one JSON-RPC message per line)
  sparql-mcp parse FILE|-         parse a SPARQL query, print its algebra or the error
  sparql-mcp --help | --version

Options:
  --catalogue PATH        Turtle file or folder of *.ttl catalogue files (repeatable);
                          default: the catalogue/ folder shipped with sparql-mcp
  --endpoint URL          add an ad hoc SPARQL endpoint to the catalogue (repeatable)
  --allow-any-endpoint    let SERVICE name endpoints that are not in the catalogue
  --log-level LEVEL       trace, debug, info (default), warn, error or off; logs go to stderr
  --timeout-ms N          default query time limit in milliseconds (default 45000)
  --max-rows N            default number of result rows shown (default 100)
  --max-response-bytes N  largest endpoint response read, in bytes (default 16 MiB)
  --workers N             tool calls run at the same time (default 16)
)";
}

CommandLine parse_command_line(const std::vector<std::string>& arguments) {
  CommandLine line;
  std::size_t i = 0;
  auto value_of = [&](const std::string& flag) -> std::string {
    if (i + 1 >= arguments.size()) bad_usage(flag + " needs a value");
    return arguments[++i];
  };
  if (!arguments.empty() && arguments[0] == "parse") {
    line.command = Command::Parse;
    if (arguments.size() != 2) bad_usage("parse expects exactly one argument: a file name or -");
    line.parse_input = arguments[1];
    return line;
  }
  if (!arguments.empty() && arguments[0] == "serve") ++i;
  for (; i < arguments.size(); ++i) {
    const std::string& flag = arguments[i];
    if (flag == "--help" || flag == "-h") {
      line.command = Command::Help;
    } else if (flag == "--version") {
      line.command = Command::Version;
    } else if (flag == "--catalogue" || flag == "--catalog") {
      line.catalogues.emplace_back(value_of(flag));
    } else if (flag == "--endpoint") {
      line.endpoints.push_back(value_of(flag));
    } else if (flag == "--allow-any-endpoint") {
      line.allow_any_endpoint = true;
    } else if (flag == "--log-level") {
      line.log_level = value_of(flag);
      static const char* kLevels[] = {"trace", "debug", "info", "warn", "error", "off"};
      bool known = false;
      for (const char* level : kLevels)
        known = known || line.log_level == level;
      if (!known) bad_usage("--log-level must be trace, debug, info, warn, error or off");
    } else if (flag == "--timeout-ms") {
      line.timeout = std::chrono::milliseconds(parse_count(flag, value_of(flag)));
    } else if (flag == "--max-rows") {
      line.max_rows = parse_count(flag, value_of(flag));
    } else if (flag == "--max-response-bytes") {
      line.max_response_bytes = parse_count(flag, value_of(flag));
    } else if (flag == "--workers") {
      line.workers = parse_count(flag, value_of(flag));
    } else {
      bad_usage("unknown argument '" + flag + "'");
    }
  }
  return line;
}

}  // namespace sparqlmcp::app
