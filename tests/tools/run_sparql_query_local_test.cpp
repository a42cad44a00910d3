#include "sparqlmcp/tools/run_sparql_query.hpp"

#include <catch2/catch.hpp>
#include <filesystem>

#include "sparqlmcp/catalogue/catalogue.hpp"
#include "sparqlmcp/federation/local_endpoints.hpp"
#include "sparqlmcp/federation/query_service.hpp"
#include "sparqlmcp/http/client.hpp"
#include "sparqlmcp/http/sparql_protocol.hpp"

using namespace sparqlmcp;
namespace fs = std::filesystem;

namespace {

const fs::path kData = fs::path(SPARQLMCP_SOURCE_DIR) / "tests/data/tools/local";

nlohmann::json call(mcp::Tool& tool, nlohmann::json arguments) {
  mcp::ToolContext context;
  context.cancellation = std::make_shared<CancellationToken>();
  mcp::ToolResult result = tool.call(arguments, context);
  nlohmann::json out = result.structured.value_or(nlohmann::json::object());
  out["is_error"] = result.is_error;
  out["text"] = result.content.at(0).value("text", "");
  return out;
}

// run_sparql_query over the test catalogue, whose one entry is answered from its dumps.
struct Local {
  catalogue::Catalogue catalogue = catalogue::load_catalogue({kData / "catalogue.ttl"});
  http::Client client;
  http::SparqlProtocolClient sparql{client};
  std::unique_ptr<mcp::Tool> tool = tools::make_run_sparql_query_tool(
      std::make_shared<const federation::QueryService>(
          catalogue, federation::make_http_sender(sparql), federation::QueryServiceSettings{},
          federation::LocalEndpoints::load(catalogue)),
      {});
};

}  // namespace

TEST_CASE("a dump-only entry is answered in-process through run_sparql_query", "[tools]") {
  Local local;
  mcp::Tool* tool = local.tool.get();

  nlohmann::json answer =
      call(*tool, {{"query",
                    "PREFIX ex: <http://example.org/> SELECT ?city ?pop WHERE { "
                    "SERVICE <http://127.0.0.1/local/cities> { ?city ex:country "
                    "ex:france ; ex:population ?pop } } ORDER BY DESC(?pop)"}});
  INFO(answer.dump(2));
  CHECK_FALSE(answer["is_error"].get<bool>());
  CHECK(answer["route"] == "in-process");
  CHECK(answer["row_count"] == 2);
  // Compact rows: IRIs with the query's prefixes, numbers bare, the same cells as the table.
  CHECK(answer["columns"] == nlohmann::json::array({"city", "pop"}));
  CHECK(answer["rows"][0][0] == "ex:paris");
  CHECK(answer["text"].get<std::string>().find("ex:paris\t") != std::string::npos);

  // Named graphs of the N-Quads dump are part of the default graph, and GRAPH still works.
  nlohmann::json names = call(
      *tool,
      {{"query",
        "PREFIX ex: <http://example.org/> SELECT ?name WHERE { SERVICE "
        "<http://127.0.0.1/local/cities> { ?c ex:name ?name . FILTER(!langMatches(lang(?name), "
        "'*')) } } ORDER BY ?name"},
       {"format", "csv"}});
  INFO(names.dump(2));
  CHECK(names["row_count"] == 2);
  nlohmann::json graphs = call(*tool, {{"query",
                                        "ASK { SERVICE <http://127.0.0.1/local/cities> { GRAPH "
                                        "<http://example.org/graphs/countries> { ?s ?p ?o } } }"}});
  CHECK(graphs["boolean"] == true);

  // CONSTRUCT comes back as a graph.
  nlohmann::json graph =
      call(*tool, {{"query",
                    "PREFIX ex: <http://example.org/> CONSTRUCT { ?c a ex:City } WHERE { SERVICE "
                    "<http://127.0.0.1/local/cities> { ?c ex:population ?p } }"},
                   {"format", "ntriples"}});
  CHECK(graph["triple_count"] == 3);
}

TEST_CASE("errors of in-process queries are reported like remote ones", "[tools][error]") {
  Local local;
  mcp::Tool* tool = local.tool.get();
  // A cross product far too big for the time limit stops with a timeout and advice.
  nlohmann::json slow =
      call(*tool,
           {{"query",
             "SELECT (COUNT(*) AS ?n) WHERE { SERVICE <http://127.0.0.1/local/cities> { ?a ?b ?c . "
             "?d ?e ?f . ?g ?h ?i . ?j ?k ?l . ?m ?n2 ?o . ?p ?q ?r . ?s ?t ?u . ?v ?w ?x } }"},
            {"timeout_ms", 300}});
  INFO(slow.dump(2));
  CHECK(slow["is_error"].get<bool>());
  CHECK(slow["text"].get<std::string>().find("LIMIT") != std::string::npos);
  // The server keeps serving: the next query works.
  nlohmann::json ok =
      call(*tool, {{"query", "ASK { SERVICE <http://127.0.0.1/local/cities> { ?s ?p ?o } }"}});
  CHECK_FALSE(ok["is_error"].get<bool>());
}
