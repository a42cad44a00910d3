#include "sparqlmcp/tools/call_recorder.hpp"

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "sparqlmcp/util/error.hpp"
#include "support/temp_dir.hpp"

using namespace sparqlmcp;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

using sparqlmcp::test::TempDir;

// A tool that reports two requests through its context's trace, as run_sparql_query does, and
// answers with a route and a row count; or fails, or throws.
class Probe final : public mcp::Tool {
 public:
  explicit Probe(std::string name) { definition_.name = std::move(name); }
  const mcp::ToolDefinition& definition() const override { return definition_; }
  mcp::ToolResult call(const json& arguments, mcp::ToolContext& context) override {
    if (arguments.value("throw", false)) throw_error(ErrorKind::Internal, "it broke");
    if (arguments.value("fail", false)) return mcp::ToolResult::error("bad query, fix it");
    if (context.trace) {
      context.trace({{"event", "request"},
                     {"endpoint", "http://a/sparql"},
                     {"bytes", 100u},
                     {"error", nullptr}});
      context.trace({{"event", "request"},
                     {"endpoint", "http://b/sparql"},
                     {"bytes", 20u},
                     {"error", "HTTP 500"}});
    }
    return mcp::ToolResult::text("ok", json{{"route", "federated"}, {"row_count", 7}});
  }

 private:
  mcp::ToolDefinition definition_;
};

std::vector<json> lines(const fs::path& file) {
  std::vector<json> out;
  std::ifstream in(file);
  for (std::string line; std::getline(in, line);)
    out.push_back(json::parse(line));
  return out;
}

}  // namespace

TEST_CASE("the trace has a line per tool call and per request, tied by the call id", "[tools]") {
  TempDir dir;
  const fs::path file = dir.path / "sub" / "trace.jsonl";
  auto trace = std::make_shared<tools::TraceLog>(file);
  auto tool = tools::record_calls(std::make_unique<Probe>("run_sparql_query"), {trace, nullptr});
  mcp::ToolContext context;
  context.cancellation = std::make_shared<CancellationToken>();
  context.session = "stdio-abc";
  context.client = "agent/2";
  context.protocol_version = "2025-11-25";
  tool->call({{"query", "SELECT * WHERE { ?s ?p ?o }"}}, context);
  tool->call({{"fail", true}}, context);
  CHECK_THROWS(tool->call({{"throw", true}}, context));

  const std::vector<json> records = lines(file);
  REQUIRE(records.size() == 1 + 3 + 2);  // opened; two requests and a call; two calls
  CHECK(records[0]["event"] == "trace_opened");
  const json& first = records[1];
  CHECK(first["event"] == "request");
  CHECK(first["endpoint"] == "http://a/sparql");
  CHECK(first["session"] == "stdio-abc");
  CHECK(first["tool"] == "run_sparql_query");
  const json& call = records[3];
  CHECK(call["event"] == "tool_call");
  CHECK(call["call"] == first["call"]);
  CHECK(records[2]["call"] == first["call"]);
  CHECK(call["client"] == "agent/2");
  CHECK(call["protocol"] == "2025-11-25");
  CHECK(call["arguments"] == json{{"query", "SELECT * WHERE { ?s ?p ?o }"}});
  CHECK(call["route"] == "federated");
  CHECK(call["rows"] == 7);
  CHECK(call["requests"] == 2);
  CHECK(call["failed_requests"] == 1);
  CHECK(call["bytes"] == 120);
  CHECK(call["endpoints"] == json::array({"http://a/sparql", "http://b/sparql"}));
  CHECK(call["is_error"] == false);
  CHECK(call["error"].is_null());
  CHECK(call["time"].get<std::string>().size() == 24);

  const json& failed = records[4];
  CHECK(failed["is_error"] == true);
  CHECK(failed["error"] == "bad query, fix it");
  CHECK(failed["call"] != call["call"]);
  CHECK(records[5]["is_error"] == true);
  CHECK(records[5]["error"] == "it broke");
}

TEST_CASE("an untraced call has no trace hook, and the ledger notes the queries run", "[tools]") {
  auto ledger = std::make_shared<tools::SessionLedger>();
  class Hook final : public mcp::Tool {
   public:
    Hook() { definition_.name = "run_sparql_query"; }
    const mcp::ToolDefinition& definition() const override { return definition_; }
    mcp::ToolResult call(const json&, mcp::ToolContext& context) override {
      traced = static_cast<bool>(context.trace);
      return mcp::ToolResult::text("ok");
    }
    bool traced = true;
    mcp::ToolDefinition definition_;
  };
  auto inner = std::make_unique<Hook>();
  Hook* hook = inner.get();
  auto tool = tools::record_calls(std::move(inner), {nullptr, ledger});
  mcp::ToolContext context;
  context.cancellation = std::make_shared<CancellationToken>();
  context.client = "agent/2";
  tool->call({{"query", "SELECT * WHERE { ?s ?p ?o }"}}, context);
  CHECK_FALSE(hook->traced);
  const std::string group = tools::SessionLedger::query_group(context);
  CHECK(group == "client:agent/2");
  CHECK(ledger->has_run(group, *tools::canonical_query("SELECT * { ?s ?p ?o . }")));
  CHECK_FALSE(ledger->has_run(group, *tools::canonical_query("SELECT ?s { ?s ?p ?o }")));
  CHECK_FALSE(ledger->has_run("stdio-x", *tools::canonical_query("SELECT * { ?s ?p ?o }")));
  CHECK_FALSE(tools::canonical_query("SELECT"));
}

TEST_CASE("only a query run_sparql_query answered counts as run for submit", "[tools]") {
  auto ledger = std::make_shared<tools::SessionLedger>();
  auto tool = tools::record_calls(std::make_unique<Probe>("run_sparql_query"), {nullptr, ledger});
  mcp::ToolContext context;
  context.cancellation = std::make_shared<CancellationToken>();
  context.session = "stdio-abc";
  const std::string answered = "SELECT * WHERE { ?s ?p ?o }";
  const std::string refused = "SELECT * WHERE { ?s ?p 1 }";
  tool->call({{"query", answered}}, context);
  CHECK(tool->call({{"query", refused}, {"fail", true}}, context).is_error);
  CHECK_THROWS(tool->call({{"query", refused}, {"throw", true}}, context));
  CHECK(ledger->has_run("stdio-abc", *tools::canonical_query(answered)));
  CHECK_FALSE(ledger->has_run("stdio-abc", *tools::canonical_query(refused)));
}

TEST_CASE("a call that sent no request names the sources of its query result, and no others",
          "[tools]") {
  TempDir dir;
  const fs::path file = dir.path / "trace.jsonl";
  auto trace = std::make_shared<tools::TraceLog>(file);
  // A result that lists endpoints: with a route, the sources that answered a query (here from
  // the sub-query cache); without one, a listing (list_endpoints' catalogue).
  class Lister final : public mcp::Tool {
   public:
    Lister(std::string name, json structured) : structured_(std::move(structured)) {
      definition_.name = std::move(name);
    }
    const mcp::ToolDefinition& definition() const override { return definition_; }
    mcp::ToolResult call(const json&, mcp::ToolContext&) override {
      return mcp::ToolResult::text("ok", structured_);
    }

   private:
    json structured_;
    mcp::ToolDefinition definition_;
  };
  auto cached = tools::record_calls(
      std::make_unique<Lister>(
          "run_sparql_query",
          json{{"route", "federated"},
               {"endpoints", {{{"endpoint", "http://a/sparql"}, {"requests", 0}, {"rows", 3}}}}}),
      {trace, nullptr});
  auto listing = tools::record_calls(
      std::make_unique<Lister>("list_endpoints",
                               json{{"endpoints",
                                     {{{"id", "a"}, {"endpoint", "http://a/sparql"}},
                                      {{"id", "b"}, {"endpoint", "http://b/sparql"}}}},
                                    {"total", 2}}),
      {trace, nullptr});
  mcp::ToolContext context;
  context.cancellation = std::make_shared<CancellationToken>();
  cached->call({{"query", "SELECT * WHERE { ?s ?p ?o }"}}, context);
  listing->call(json::object(), context);

  const std::vector<json> records = lines(file);
  REQUIRE(records.size() == 3);
  CHECK(records[1]["tool"] == "run_sparql_query");
  CHECK(records[1]["requests"] == 0);
  CHECK(records[1]["endpoints"] == json::array({"http://a/sparql"}));
  CHECK(records[2]["tool"] == "list_endpoints");
  CHECK(records[2]["endpoints"] == json::array());
}

TEST_CASE("the session ledger keeps a bounded number of groups and queries", "[tools]") {
  tools::SessionLedger ledger(2, 2);
  const std::string q1 = "SELECT * { ?a ?b ?c }";
  const std::string q2 = "SELECT * { ?d ?e ?f }";
  const std::string q3 = "SELECT * { ?g ?h ?i }";
  ledger.query_ran("g1", q1);
  ledger.query_ran("g1", q2);
  ledger.query_ran("g1", q3);  // q1 goes
  CHECK_FALSE(ledger.has_run("g1", *tools::canonical_query(q1)));
  CHECK(ledger.has_run("g1", *tools::canonical_query(q3)));
  ledger.query_ran("g1", "not a query");
  CHECK_FALSE(ledger.has_run("g1", *tools::canonical_query(q2)));  // the oldest went
  ledger.submitted("g2", "t", {"s-1", "now"});
  ledger.query_ran("g3", q1);  // the least recently used group, g1, goes
  CHECK_FALSE(ledger.has_run("g1", *tools::canonical_query(q3)));
  CHECK(ledger.submission("g2", "t")->id == "s-1");
  CHECK_FALSE(ledger.submission("g2", "other"));

  mcp::ToolContext modern;
  modern.client = "c/1";
  CHECK(tools::SessionLedger::submission_group(modern, "r9") == "run:r9");
  CHECK(tools::SessionLedger::submission_group(modern, "") == "client:c/1");
  modern.session = "http-12";
  CHECK(tools::SessionLedger::submission_group(modern, "r9") == "http-12");
  CHECK(tools::SessionLedger::query_group(mcp::ToolContext{}) == "anonymous");
}

TEST_CASE("a trace file that cannot be written stops start-up", "[tools][error]") {
  TempDir dir;
  std::ofstream(dir.path / "file") << "x";
  CHECK_THROWS_AS(tools::TraceLog(dir.path / "file" / "trace.jsonl"), Exception);
}
