#include "sparqlmcp/app/command_line.hpp"

#include "sparqlmcp/catalogue/catalogue.hpp"

#include <algorithm>
#include <charconv>
#include <optional>

#include "sparqlmcp/util/error.hpp"
#include "sparqlmcp/util/text.hpp"

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
  sparql-mcp --http [HOST:]PORT [options]
                                  serve MCP over Streamable HTTP at http://HOST:PORT/mcp
  sparql-mcp parse FILE|-         parse a SPARQL query, print its algebra or the error
  sparql-mcp query [options] QUERY|-|@FILE
                                  run a query against the catalogue, as run_sparql_query
                                  does, and print the result (table by default)
  sparql-mcp void [options] ENDPOINT...|--all
                                  fill the VoID cache ahead of time: for each endpoint (id or
                                  IRI) find its published VoID or compute one, with a progress
                                  bar on stderr
  sparql-mcp eval --submissions FILE [--trace FILE] [--tasks FILE [--catalogue PATH]] [--json]
                                  summarise an evaluation run: accuracy, validity of the
                                  queries run, tool calls and time per task, endpoints
                                  consulted against needed, trivial federations
  sparql-mcp --help | --version

Options:
  --catalogue PATH        Turtle file or folder of *.ttl catalogue files (repeatable);
                          default: the catalogue/ folder shipped with sparql-mcp
  --endpoint URL          add an ad hoc SPARQL endpoint to the catalogue (repeatable)
  --allow-any-endpoint    let SERVICE name endpoints that are not in the catalogue
  --federation-endpoint URL
                          send queries that need federation (several SERVICE clauses, or
                          work around one) unchanged to this SPARQL 1.1 engine, which must
                          evaluate SERVICE itself (Comunica, Jena Fuseki, RDF4J/FedX, QLever);
                          default: the embedded federation engine
  --no-subquery-cache     do not keep federated sub-query answers across calls (kept 15
                          minutes, 64 MiB, by default)
  --log-level LEVEL       trace, debug, info (default), warn, error or off; logs go to stderr
  --timeout-ms N          default query time limit in milliseconds (default 45000)
  --max-rows N            default number of result rows shown (default 100; 1000 for
                          `query`, which says on stderr when an answer has more)
  --max-response-bytes N  largest endpoint response read, in bytes (default 16 MiB)
  --workers N             tool calls run at the same time (default 16)
  --http [HOST:]PORT      serve MCP over Streamable HTTP on /mcp instead of stdio; HOST
                          defaults to 127.0.0.1 ([::1] for IPv6); PORT 0 picks a free port
                          (the log says which)
  --auth-token-file FILE  with --http: every request needs "Authorization: Bearer TOKEN",
                          TOKEN read from FILE (or from the environment variable
                          SPARQL_MCP_AUTH_TOKEN when no file is given)
  --allow-origin ORIGIN   with --http: a browser Origin allowed besides the loopback ones
                          (repeatable; e.g. https://agent.example.org)
  --allow-host HOST[:PORT]
                          with --http: a Host the server may be reached by besides the
                          loopback names and the bound address (repeatable; needed when it
                          listens on 0.0.0.0 and clients use its name, e.g. mcp.example.org:8080)
  --void-cache DIR        the VoID cache folder, one Turtle file per endpoint (default:
                          $XDG_CACHE_HOME/sparql-mcp/void, else ~/.cache/sparql-mcp/void);
                          shared safely by several instances
  --void-ttl-hours N      age after which a cached description is refreshed (default 168)
  --tools LIST            the tools offered, comma-separated names or a preset: all
                          (default: every tool), and the paper's three settings: baseline
                          (run_sparql_query,submit), descriptions (+ list_endpoints), void
                          (+ get_void_descriptions); search_terms, describe_entity,
                          get_example_queries and validate_query are in `all` only; with
                          validate_query offered, run_sparql_query and submit check each
                          query before sending it (findings, PREFIX completion)
  --trace FILE            append one JSON line per tool call and per endpoint request
  --submissions FILE      append one JSON line per submit (the final answers)
  --allow-resubmit        a later submit for the same task and session replaces the first
                          (default: the first is final)
  --tasks FILE            evaluation mode: benchmark tasks (JSON Lines or a JSON array of
                          {id, question, gold_query or gold_results, endpoints}); submissions
                          are scored against their gold answers
  --show-score            tell the agent its score in the submit receipt (default: hidden)
  --learn-examples        keep each submission scored exact as an example query (with its
                          task's question) that get_example_queries finds later
  --strict-validation     refuse a query whose checks find an error (default: the findings
                          come back with the result as warnings)
  --wordnet DIR           the WordNet database whose related words search_terms also looks
                          for ("age" for "youngest"; default /usr/share/wordnet, Debian's
                          wordnet-base; `none` turns them off)
  Options with a value also take the form --option=value.

Options of `void` (besides --catalogue, --endpoint, --void-cache, --void-ttl-hours,
--max-response-bytes and --log-level):
  --all                   every catalogue entry
  --refresh               look again even when a description is cached
  --compute MODE          auto (default: compute when nothing is published), never, force

Options of `query` (besides --catalogue, --endpoint, --allow-any-endpoint,
--federation-endpoint, --max-rows, --max-response-bytes and --log-level):
  --format F              table (default), json, xml, csv or tsv for SELECT/ASK;
                          turtle (default) or ntriples for CONSTRUCT/DESCRIBE
  --timeout DURATION      time limit: 30s, 500ms, 2m, or a number of seconds (default 45s)
  --count                 also count the rows exactly (a COUNT query) when the page cannot tell
  --explain               also print the plan that ran: one line per operator (join strategy,
                          each SERVICE's endpoint, sub-query, requests, rows, time)
  --endpoints ID[,ID...]  the catalogue endpoints (ids or IRIs) the patterns outside SERVICE
                          go to, as one merged graph; without it they go to every catalogue
                          endpoint that can match them
  (query logs only warnings unless --log-level is given)

Exit status: 0 on success; 1 when the query or the parse fails, a file cannot be read or the
server cannot start (bad catalogue); 2 for a usage error (unknown option, bad or missing value).

Examples:
  sparql-mcp query --catalogue examples/catalogue.ttl \
      'SELECT * WHERE { SERVICE <https://demo.sparql-mcp.org/sparql/geography> { ?s ?p ?o } } LIMIT 5'
  sparql-mcp query --format csv @question.rq > answer.csv
)";
}

std::chrono::milliseconds parse_duration(const std::string& flag, const std::string& value) {
  std::string_view text = value;
  long long scale = 1000;  // a bare number means seconds
  if (text.ends_with("ms")) {
    scale = 1;
    text.remove_suffix(2);
  } else if (text.ends_with("s")) {
    text.remove_suffix(1);
  } else if (text.ends_with("m")) {
    scale = 60000;
    text.remove_suffix(1);
  }
  long long number = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), number);
  if (text.empty() || error != std::errc() || end != text.data() + text.size() || number <= 0 ||
      number > 24LL * 3600 * 1000) {
    bad_usage(flag + " expects a duration such as 30s, 500ms or 2m, got '" + value + "'");
  }
  return std::chrono::milliseconds(number * scale);
}

std::vector<std::string> tool_selection(const std::string& value) {
  static const std::vector<std::string> kOrder = {
      "list_endpoints",      "get_void_descriptions", "search_terms",     "describe_entity",
      "get_example_queries", "validate_query",        "run_sparql_query", "submit"};
  static const std::vector<std::string> kPaperTools = {"list_endpoints", "get_void_descriptions",
                                                       "run_sparql_query", "submit"};
  std::vector<std::string> asked;
  for (const std::string& name : util::comma_separated(value)) {
    if (name == "all") {
      asked.insert(asked.end(), kOrder.begin(), kOrder.end());
    } else if (name == "void") {
      asked.insert(asked.end(), kPaperTools.begin(), kPaperTools.end());
    } else if (name == "baseline") {
      asked.insert(asked.end(), {"run_sparql_query", "submit"});
    } else if (name == "descriptions") {
      asked.insert(asked.end(), {"list_endpoints", "run_sparql_query", "submit"});
    } else if (std::find(kOrder.begin(), kOrder.end(), name) != kOrder.end()) {
      asked.push_back(name);
    } else {
      bad_usage(
          "--tools: unknown tool or preset '" + name +
          "'; tools: list_endpoints, get_void_descriptions, search_terms, describe_entity, "
          "get_example_queries, validate_query, run_sparql_query, submit; presets: all, baseline, "
          "descriptions, void");
    }
  }
  if (asked.empty()) bad_usage("--tools needs at least one tool or preset");
  std::vector<std::string> ordered;
  for (const std::string& name : kOrder)
    if (std::find(asked.begin(), asked.end(), name) != asked.end()) ordered.push_back(name);
  return ordered;
}

CommandLine parse_command_line(const std::vector<std::string>& arguments) {
  CommandLine line;
  std::size_t i = 0;
  // --flag=value is the same as --flag value (GNU style); `inline_value` holds the part after
  // '=' of the current argument until value_of takes it.
  std::optional<std::string> inline_value;
  auto value_of = [&](const std::string& flag) -> std::string {
    if (inline_value) {
      std::string value = std::move(*inline_value);
      inline_value.reset();
      if (value.empty()) bad_usage(flag + " needs a value");
      return value;
    }
    if (i + 1 >= arguments.size()) bad_usage(flag + " needs a value");
    return arguments[++i];
  };
  if (!arguments.empty() && arguments[0] == "parse") {
    line.command = Command::Parse;
    if (arguments.size() != 2) bad_usage("parse expects exactly one argument: a file name or -");
    line.parse_input = arguments[1];
    return line;
  }
  const bool query = !arguments.empty() && arguments[0] == "query";
  const bool void_command = !arguments.empty() && arguments[0] == "void";
  const bool eval = !arguments.empty() && arguments[0] == "eval";
  if (eval) {
    line.command = Command::Eval;
    ++i;
  }
  bool log_level_given = false;
  if (query) {
    line.command = Command::Query;
    ++i;
  }
  if (void_command) {
    line.command = Command::Void;
    ++i;
  }
  if (!arguments.empty() && arguments[0] == "serve") ++i;
  for (; i < arguments.size(); ++i) {
    const std::string& argument = arguments[i];
    std::string flag = argument;
    inline_value.reset();
    if (const auto equals = argument.find('=');
        argument.starts_with("--") && equals != std::string::npos) {
      flag = argument.substr(0, equals);
      inline_value = argument.substr(equals + 1);
    }
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
    } else if (flag == "--federation-endpoint") {
      line.federation_endpoint = value_of(flag);
      if (!catalogue::is_http_url_with_host(line.federation_endpoint)) {
        bad_usage("--federation-endpoint needs the http(s) URL of a SPARQL endpoint, got '" +
                  line.federation_endpoint + "'");
      }
    } else if (flag == "--no-subquery-cache") {
      line.no_subquery_cache = true;
    } else if (flag == "--log-level") {
      line.log_level = value_of(flag);
      log_level_given = true;
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
    } else if (flag == "--void-cache") {
      line.void_cache = value_of(flag);
    } else if (flag == "--void-ttl-hours") {
      line.void_ttl_hours = parse_count(flag, value_of(flag));
    } else if (!query && !void_command && flag == "--tools") {
      line.tools = tool_selection(value_of(flag));
    } else if (!query && !void_command && flag == "--trace") {
      line.trace = value_of(flag);
    } else if (!query && !void_command && flag == "--submissions") {
      line.submissions = value_of(flag);
    } else if (!query && !void_command && !eval && flag == "--allow-resubmit") {
      line.allow_resubmit = true;
    } else if (!query && !void_command && flag == "--tasks") {
      line.tasks = value_of(flag);
    } else if (!query && !void_command && !eval && flag == "--show-score") {
      line.show_score = true;
    } else if (!query && !void_command && !eval && flag == "--learn-examples") {
      line.learn_examples = true;
    } else if (!void_command && !eval && flag == "--strict-validation") {
      line.strict_validation = true;
    } else if (!query && !void_command && !eval && flag == "--wordnet") {
      const std::string dir = value_of(flag);
      line.wordnet = dir == "none" ? std::filesystem::path() : std::filesystem::path(dir);
    } else if (eval && flag == "--json") {
      line.eval_json = true;
    } else if (void_command && flag == "--all") {
      line.void_all = true;
    } else if (void_command && flag == "--refresh") {
      line.void_refresh = true;
    } else if (void_command && flag == "--compute") {
      line.void_compute = value_of(flag);
      if (line.void_compute != "auto" && line.void_compute != "never" &&
          line.void_compute != "force")
        bad_usage("--compute must be auto, never or force");
    } else if (void_command && (argument.empty() || argument[0] != '-')) {
      line.void_endpoints.push_back(argument);
      continue;
    } else if (!query && !void_command && !eval && flag == "--http") {
      line.http = value_of(flag);
    } else if (!query && flag == "--auth-token-file") {
      line.auth_token_file = value_of(flag);
    } else if (!query && flag == "--allow-origin") {
      line.allowed_origins.push_back(value_of(flag));
    } else if (!query && flag == "--allow-host") {
      line.allowed_hosts.push_back(value_of(flag));
    } else if (query && flag == "--format") {
      line.query_format = value_of(flag);
      static const char* kFormats[] = {"table", "json", "xml", "csv", "tsv", "turtle", "ntriples"};
      bool known = false;
      for (const char* format : kFormats)
        known = known || *line.query_format == format;
      if (!known) bad_usage("--format must be table, json, xml, csv, tsv, turtle or ntriples");
    } else if (query && flag == "--count") {
      line.query_count = true;
    } else if (query && flag == "--explain") {
      line.query_explain = true;
    } else if (query && flag == "--endpoints") {
      for (const std::string& id : util::comma_separated(value_of(flag)))
        line.query_endpoints.push_back(id);
      if (line.query_endpoints.empty()) bad_usage("--endpoints needs an endpoint id or IRI");
    } else if (query && flag == "--timeout") {
      line.timeout = parse_duration(flag, value_of(flag));
    } else if (query && (argument == "-" || argument.empty() || argument[0] != '-')) {
      if (!line.query_input.empty()) {
        bad_usage(
            "query takes one query (text, - for standard input, or @FILE); put the "
            "query text in quotes");
      }
      line.query_input = argument;
      continue;
    } else {
      bad_usage("unknown argument '" + argument + "'");
    }
    if (inline_value) bad_usage(flag + " takes no value, got '" + argument + "'");
  }
  // From the shell, start-up lines would drown the answer: only warnings unless asked.
  if (query && !log_level_given) line.log_level = "warn";
  if (!line.http &&
      (line.auth_token_file || !line.allowed_origins.empty() || !line.allowed_hosts.empty()))
    bad_usage("--auth-token-file, --allow-origin and --allow-host apply to --http only");
  if (void_command && line.command == Command::Void && line.void_endpoints.empty() &&
      !line.void_all)
    bad_usage("void needs the endpoints to describe (ids or IRIs from the catalogue) or --all");
  if (void_command && line.void_all && !line.void_endpoints.empty())
    bad_usage("void takes either endpoints or --all, not both");
  if (eval && line.command == Command::Eval && !line.submissions)
    bad_usage("eval needs --submissions FILE (what the server wrote with --submissions)");
  if (line.show_score && !line.tasks)
    bad_usage("--show-score needs --tasks FILE: without tasks there is no score to show");
  if (line.learn_examples && !line.tasks)
    bad_usage("--learn-examples needs --tasks FILE: only submissions scored exact are learned");
  if (query && line.query_input.empty() && line.command == Command::Query) {
    bad_usage("query needs a query: the text in quotes, - to read standard input, or @FILE");
  }
  return line;
}

}  // namespace sparqlmcp::app
