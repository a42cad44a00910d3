#include "sparqlmcp/tools/submit.hpp"

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "sparqlmcp/catalogue/catalogue.hpp"
#include "sparqlmcp/federation/local_endpoints.hpp"
#include "sparqlmcp/federation/query_service.hpp"
#include "sparqlmcp/http/client.hpp"
#include "sparqlmcp/http/sparql_protocol.hpp"
#include "sparqlmcp/tools/call_recorder.hpp"
#include "sparqlmcp/tools/run_sparql_query.hpp"
#include "sparqlmcp/util/files.hpp"
#include "support/temp_dir.hpp"

using namespace sparqlmcp;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

using sparqlmcp::test::TempDir;

const std::string kGeo = "https://demo.sparql-mcp.org/sparql/geography";
const std::string kPeople = "https://demo.sparql-mcp.org/sparql/people";
const std::string kCapitals =
    "PREFIX demo: <https://demo.sparql-mcp.org/vocab#>\n"
    "SELECT ?country ?capital WHERE { SERVICE <" +
    kGeo + "> { ?country demo:isoCode \"AT\" ; demo:capital ?capital } }";

// The demo catalogue answered in-process, a ledger, and run_sparql_query as the server wraps
// it (so that the queries it runs are noted), all behind one submit tool.
struct Demo {
  TempDir dir;
  catalogue::Catalogue catalogue =
      catalogue::load_catalogue({fs::path(SPARQLMCP_SOURCE_DIR) / "examples" / "catalogue.ttl"});
  std::shared_ptr<const federation::LocalEndpoints> local =
      federation::LocalEndpoints::load(catalogue);
  http::Client client;
  http::SparqlProtocolClient sparql{client};
  std::shared_ptr<const federation::QueryService> service =
      std::make_shared<const federation::QueryService>(catalogue,
                                                       federation::make_http_sender(sparql),
                                                       federation::QueryServiceSettings{}, local);
  std::shared_ptr<tools::SessionLedger> ledger = std::make_shared<tools::SessionLedger>();
  std::unique_ptr<mcp::Tool> run =
      tools::record_calls(tools::make_run_sparql_query_tool(service, {}), {nullptr, ledger});
  fs::path file = dir.path / "submissions.jsonl";

  std::unique_ptr<mcp::Tool> submit_tool(tools::SubmitSettings settings = {},
                                         std::shared_ptr<const tools::TaskSet> tasks = nullptr) {
    settings.submissions = file;
    return tools::make_submit_tool(service, {}, ledger, std::move(tasks), settings);
  }

  std::vector<json> records() const {
    std::vector<json> out;
    std::ifstream in(file);
    for (std::string line; std::getline(in, line);)
      out.push_back(json::parse(line));
    return out;
  }
};

mcp::ToolContext session_context(std::string session = "stdio-test") {
  mcp::ToolContext context;
  context.cancellation = std::make_shared<CancellationToken>();
  context.session = std::move(session);
  context.client = "test-agent/1.0";
  return context;
}

struct Answer {
  bool is_error = false;
  std::string text;
  json structured;
};

Answer call(mcp::Tool& tool, const json& arguments, mcp::ToolContext context = session_context()) {
  mcp::ToolResult result = tool.call(arguments, context);
  return {result.is_error, result.content.at(0).value("text", ""),
          result.structured.value_or(json::object())};
}

std::vector<std::string> codes(const json& warnings) {
  std::vector<std::string> out;
  for (const json& warning : warnings)
    out.push_back(warning["code"]);
  return out;
}

}  // namespace

TEST_CASE("submit records the final query with its answer's signature and gives a receipt",
          "[tools]") {
  Demo demo;
  auto submit = demo.submit_tool();
  REQUIRE_FALSE(call(*demo.run, {{"query", kCapitals}}).is_error);

  // The same query in another spelling: it counts as run.
  const std::string respelled =
      "SELECT ?country ?capital WHERE { SERVICE <" + kGeo +
      "> { ?country <https://demo.sparql-mcp.org/vocab#isoCode> \"AT\" . ?country "
      "<https://demo.sparql-mcp.org/vocab#capital> ?capital } }";
  Answer receipt = call(*submit, {{"query", respelled}, {"answer", "Vienna"}, {"task_id", "q1"}});
  REQUIRE_FALSE(receipt.is_error);
  CHECK(receipt.structured["rows"] == 1);
  CHECK(receipt.structured["warnings"].empty());
  CHECK(receipt.structured["final"] == true);
  CHECK(receipt.structured["route"] == "in-process");
  CHECK(receipt.text.find("city/Vienna") != std::string::npos);
  CHECK(receipt.text.find("This submission is final.") != std::string::npos);

  const std::vector<json> records = demo.records();
  REQUIRE(records.size() == 1);
  const json& record = records[0];
  CHECK(record["event"] == "submission");
  CHECK(record["id"] == receipt.structured["submission_id"]);
  CHECK(record["session"] == "stdio-test");
  CHECK(record["group"] == "stdio-test");
  CHECK(record["client"] == "test-agent/1.0");
  CHECK(record["task_id"] == "q1");
  CHECK(record["answer"] == "Vienna");
  CHECK(record["query"] == respelled);
  CHECK(record["endpoints_named"] == json::array({kGeo}));
  CHECK(record["rows"] == 1);
  CHECK(record["signature"]["digest"] == receipt.structured["digest"]);
  CHECK(record["signature"]["rows"] == json::parse(R"([["<https://demo.sparql-mcp.org/city/Vienna>",
                         "<https://demo.sparql-mcp.org/country/Austria>"]])"));
}

TEST_CASE(
    "submit warns about no rows, a query never run, a hard-coded answer and a trivial "
    "federation",
    "[tools]") {
  Demo demo;
  auto submit = demo.submit_tool();

  Answer empty = call(*submit, {{"query", "SELECT ?s WHERE { SERVICE <" + kGeo +
                                              "> { ?s <urn:no-such-property> ?o } }"},
                                {"task_id", "a"}});
  REQUIRE_FALSE(empty.is_error);
  CHECK(codes(empty.structured["warnings"]) == std::vector<std::string>{"no_rows", "never_run"});

  // VALUES alone, no SERVICE: nothing to send anywhere, recorded all the same.
  Answer values =
      call(*submit, {{"query", "SELECT ?x WHERE { VALUES ?x { 1 2 } }"}, {"task_id", "b"}});
  REQUIRE_FALSE(values.is_error);
  CHECK(values.structured["rows"] == 2);
  CHECK(codes(values.structured["warnings"]) ==
        std::vector<std::string>{"never_run", "hard_coded"});
  Answer bound = call(
      *submit, {{"query", "SELECT ?x WHERE { SERVICE <" + kGeo + "> { BIND(\"Vienna\" AS ?x) } }"},
                {"task_id", "c"}});
  REQUIRE_FALSE(bound.is_error);
  CHECK(codes(bound.structured["warnings"]) == std::vector<std::string>{"never_run", "hard_coded"});

  // Cities are in the geography entry only: the people entry adds nothing.
  const std::string everywhere =
      "SELECT ?city WHERE { { SERVICE <" + kGeo +
      "> { ?city a <https://demo.sparql-mcp.org/vocab#City> } } UNION { SERVICE <" + kPeople +
      "> { ?city a <https://demo.sparql-mcp.org/vocab#City> } } }";
  REQUIRE_FALSE(call(*demo.run, {{"query", everywhere}}).is_error);
  Answer trivial = call(*submit, {{"query", everywhere}, {"task_id", "d"}});
  REQUIRE_FALSE(trivial.is_error);
  REQUIRE(codes(trivial.structured["warnings"]) == std::vector<std::string>{"trivial_federation"});
  CHECK(trivial.structured["warnings"][0]["message"] ==
        "trivial federation: the query names 2 endpoints but only 1 returned rows; <" + kPeople +
            "> added nothing, so the same answer comes from fewer endpoints. Send each pattern "
            "only to the endpoints that hold it.");
  CHECK(demo.records().size() == 4);

  // One idle endpoint among three is no trivial federation: a precise query may send a
  // pattern to every endpoint that could hold it.
  const std::string kWorks = "https://demo.sparql-mcp.org/sparql/works";
  const std::string mostly =
      "SELECT ?x WHERE { { SERVICE <" + kGeo +
      "> { ?x a <https://demo.sparql-mcp.org/vocab#City> } } UNION { SERVICE <" + kPeople +
      "> { ?x a <https://demo.sparql-mcp.org/vocab#Person> } } UNION { SERVICE <" + kWorks +
      "> { ?x a <https://demo.sparql-mcp.org/vocab#City> } } }";
  REQUIRE_FALSE(call(*demo.run, {{"query", mostly}}).is_error);
  Answer precise = call(*submit, {{"query", mostly}, {"task_id", "e"}});
  REQUIRE_FALSE(precise.is_error);
  CHECK(precise.structured["warnings"].empty());

  // An aggregate without GROUP BY answers one row whatever the endpoints return: a count of 0
  // over a join that matches nothing says nothing of which endpoints were needed ...
  const std::string none_joined = "SELECT (COUNT(*) AS ?n) WHERE { SERVICE <" + kGeo +
                                  "> { ?x a <https://demo.sparql-mcp.org/vocab#City> } SERVICE <" +
                                  kPeople + "> { ?x a <https://demo.sparql-mcp.org/vocab#City> } }";
  REQUIRE_FALSE(call(*demo.run, {{"query", none_joined}}).is_error);
  Answer zero = call(*submit, {{"query", none_joined}, {"task_id", "f"}});
  REQUIRE_FALSE(zero.is_error);
  CHECK(zero.structured["rows"] == 1);
  CHECK(zero.structured["preview"].get<std::string>().find("\n0") != std::string::npos);
  CHECK(zero.structured["warnings"].empty());
  // ... while a count of the cities is judged as the cities are.
  const std::string counted =
      "SELECT (COUNT(*) AS ?n) WHERE { " + everywhere.substr(everywhere.find('{') + 1);
  REQUIRE_FALSE(call(*demo.run, {{"query", counted}}).is_error);
  Answer count = call(*submit, {{"query", counted}, {"task_id", "g"}});
  REQUIRE_FALSE(count.is_error);
  CHECK(codes(count.structured["warnings"]) == std::vector<std::string>{"trivial_federation"});
}

TEST_CASE("the first submission per task and session is final unless resubmitting is allowed",
          "[tools][error]") {
  Demo demo;
  {
    auto submit = demo.submit_tool();
    Answer first = call(*submit, {{"query", kCapitals}, {"task_id", "q1"}});
    REQUIRE_FALSE(first.is_error);
    Answer again = call(*submit, {{"query", kCapitals}, {"task_id", "q1"}});
    CHECK(again.is_error);
    CHECK(again.text ==
          "task 'q1' already has its final submission (" +
              first.structured["submission_id"].get<std::string>() + ", at " +
              demo.records()[0]["time"].get<std::string>() +
              "): only the first submission counts, and this one was not recorded. Nothing "
              "more to do for it.");
    // Another task, and the same task in another session, are other submissions.
    CHECK_FALSE(call(*submit, {{"query", kCapitals}, {"task_id", "q2"}}).is_error);
    CHECK_FALSE(
        call(*submit, {{"query", kCapitals}, {"task_id", "q1"}}, session_context("stdio-other"))
            .is_error);
    CHECK(demo.records().size() == 3);
  }
  tools::SubmitSettings resubmit;
  resubmit.allow_resubmit = true;
  auto submit = demo.submit_tool(resubmit);
  Answer replaced = call(*submit, {{"query", kCapitals}, {"task_id", "q1"}});
  REQUIRE_FALSE(replaced.is_error);
  CHECK(replaced.structured["final"] == false);
  CHECK(demo.records().back()["resubmission_of"] == demo.records()[0]["id"]);
}

TEST_CASE("runs without a session are grouped by run_id, else by client, across restarts",
          "[tools][error]") {
  Demo demo;
  mcp::ToolContext stateless = session_context("");
  {
    auto submit = demo.submit_tool();
    REQUIRE_FALSE(
        call(*submit, {{"query", kCapitals}, {"task_id", "q1"}, {"run_id", "r1"}}, stateless)
            .is_error);
    CHECK(demo.records()[0]["group"] == "run:r1");
    CHECK(demo.records()[0]["session"].is_null());
    REQUIRE_FALSE(call(*submit, {{"query", kCapitals}, {"task_id", "q1"}}, stateless).is_error);
    CHECK(demo.records()[1]["group"] == "client:test-agent/1.0");
  }
  // A new server on the same file knows run r1 has submitted q1; a run of another id has not.
  demo.ledger = std::make_shared<tools::SessionLedger>();
  auto submit = demo.submit_tool();
  CHECK(call(*submit, {{"query", kCapitals}, {"task_id", "q1"}, {"run_id", "r1"}}, stateless)
            .is_error);
  CHECK_FALSE(call(*submit, {{"query", kCapitals}, {"task_id", "q1"}, {"run_id", "r2"}}, stateless)
                  .is_error);
}

TEST_CASE("a query that does not parse or fails is no submission", "[tools][error]") {
  Demo demo;
  auto submit = demo.submit_tool();
  Answer syntax = call(*submit, {{"query", "SELECT ?x WHERE { ?x ?y }"}});
  CHECK(syntax.is_error);
  CHECK(syntax.text.rfind("SPARQL syntax error at line 1, column 25: ", 0) == 0);
  Answer unknown = call(*submit, {{"query",
                                   "SELECT * WHERE { SERVICE <http://127.0.0.1:9/x> "
                                   "{ ?s ?p ?o } }"}});
  CHECK(unknown.is_error);
  CHECK(unknown.text.rfind("the final query failed, so nothing was recorded: ", 0) == 0);
  Answer missing = call(*submit, {{"answer", "42"}});
  CHECK(missing.is_error);
  CHECK(demo.records().empty());
  // Nothing was final: a good query goes through.
  CHECK_FALSE(call(*submit, {{"query", kCapitals}}).is_error);
}

TEST_CASE(
    "in the evaluation mode submissions are scored against the gold answer, shown only "
    "when asked",
    "[tools]") {
  Demo demo;
  const fs::path tasks_file = demo.dir.path / "tasks.jsonl";
  {
    std::ofstream out(tasks_file);
    out << json{{"id", "capital"},
                {"question", "What is the capital of Austria?"},
                {"gold_results",
                 json::parse(R"({"head":{"vars":["c"]},"results":{"bindings":[{"c":{"type":"uri",
                   "value":"https://demo.sparql-mcp.org/city/Vienna"}}]}})")},
                {"endpoints", {"demo-geo"}}}
               .dump()
        << "\n"
        << json{{"id", "countries"},
                {"gold_query", "SELECT ?c WHERE { SERVICE <" + kGeo +
                                   "> { ?c a <https://demo.sparql-mcp.org/"
                                   "vocab#Country> } }"}}
               .dump()
        << "\n";
  }
  auto tasks =
      std::make_shared<const tools::TaskSet>(tools::TaskSet::load(tasks_file, &demo.catalogue));
  CHECK(tasks->find("capital")->endpoints == std::vector<std::string>{kGeo});

  auto hidden = demo.submit_tool({}, tasks);
  const std::string capital_only = "SELECT ?capital WHERE { SERVICE <" + kGeo +
                                   "> { ?country <https://demo.sparql-mcp.org/vocab#isoCode> "
                                   "\"AT\" ; <https://demo.sparql-mcp.org/vocab#capital> "
                                   "?capital } }";
  Answer right = call(*hidden, {{"query", capital_only}, {"task_id", "capital"}});
  REQUIRE_FALSE(right.is_error);
  CHECK_FALSE(right.structured.contains("score"));
  CHECK(demo.records()[0]["score"]["exact_set_match"] == true);
  CHECK(demo.records()[0]["endpoints_needed"] == json::array({kGeo}));

  tools::SubmitSettings shown;
  shown.show_score = true;
  auto showing = demo.submit_tool(shown, tasks);
  // Two columns where the gold has one: every row differs.
  Answer wrong = call(*showing, {{"query", kCapitals}, {"task_id", "capital"}},
                      session_context("stdio-second"));
  REQUIRE_FALSE(wrong.is_error);
  CHECK(wrong.structured["score"]["exact_set_match"] == false);
  CHECK(wrong.structured["score"]["precision"] == 0.0);
  // The gold query runs through the same route.
  const std::string countries = "SELECT ?country WHERE { SERVICE <" + kGeo +
                                "> { ?country a <https://demo.sparql-mcp.org/vocab#Country> } }";
  Answer gold = call(*showing, {{"query", countries}, {"task_id", "countries"}});
  REQUIRE_FALSE(gold.is_error);
  CHECK(gold.structured["score"]["exact_set_match"] == true);
  CHECK(gold.text.find("Score: precision 1.0, recall 1.0, exact match") != std::string::npos);

  Answer unknown = call(*showing, {{"query", countries}, {"task_id", "nope"}});
  CHECK(unknown.is_error);
  CHECK(unknown.text ==
        "unknown task_id 'nope': submit the id given with the task, one of capital, countries. "
        "Nothing was recorded.");
}

TEST_CASE("submit reads every page of a long answer, up to its bound", "[tools]") {
  Demo demo;
  tools::SubmitSettings small;
  small.page_rows = 7;
  small.max_rows = 20;
  auto submit = demo.submit_tool(small);
  const std::string all = "SELECT ?s ?p ?o WHERE { SERVICE <" + kGeo + "> { ?s ?p ?o } }";
  Answer answer = call(*submit, {{"query", all}, {"task_id", "all"}});
  REQUIRE_FALSE(answer.is_error);
  CHECK(answer.structured["rows"] == 21);  // three pages of 7
  CHECK(codes(answer.structured["warnings"]) ==
        std::vector<std::string>{"never_run", "possibly_incomplete"});
  CHECK(demo.records()[0]["rows_cut"] == true);

  Demo whole;
  tools::SubmitSettings paged;
  paged.page_rows = 7;
  auto pages = whole.submit_tool(paged);
  Answer every = call(*pages, {{"query", all}, {"task_id", "all"}});
  auto one_page = whole.submit_tool();
  Answer at_once =
      call(*one_page, {{"query", all}, {"task_id", "all"}}, session_context("stdio-other"));
  CHECK(every.structured["rows"] == at_once.structured["rows"]);
  CHECK(every.structured["digest"] == at_once.structured["digest"]);
}

TEST_CASE(
    "a submission answered from the caches of earlier calls still names the endpoints "
    "that answered",
    "[tools]") {
  Demo demo;
  auto submit = demo.submit_tool();
  // A federated query: its sub-queries' answers are kept for later calls.
  const std::string query =
      "PREFIX demo: <https://demo.sparql-mcp.org/vocab#>\n"
      "SELECT ?person ?city WHERE { SERVICE <" +
      kGeo + "> { ?city demo:country <https://demo.sparql-mcp.org/country/Poland> } SERVICE <" +
      kPeople + "> { ?person demo:birthPlace ?city } }";
  Answer ran = call(*demo.run, {{"query", query}});
  REQUIRE_FALSE(ran.is_error);
  REQUIRE(ran.structured["route"] == "federated");
  Answer receipt = call(*submit, {{"query", query}, {"task_id", "cached"}});
  REQUIRE_FALSE(receipt.is_error);
  const json both = json::array({kGeo, kPeople});
  json named = receipt.structured["endpoints"];
  std::sort(named.begin(), named.end());
  CHECK(named == both);
  json contacted = demo.records().back()["endpoints_contacted"];
  std::sort(contacted.begin(), contacted.end());
  CHECK(contacted == both);
}
