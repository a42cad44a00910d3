#include "sparqlmcp/tools/local_endpoints.hpp"

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "sparqlmcp/catalogue/catalogue.hpp"
#include "sparqlmcp/http/client.hpp"
#include "sparqlmcp/http/sparql_protocol.hpp"
#include "sparqlmcp/tools/run_sparql_query.hpp"
#include "sparqlmcp/util/error.hpp"
#include "support/error_matchers.hpp"

using namespace sparqlmcp;
using sparqlmcp::test::is_error;
namespace fs = std::filesystem;

namespace {

const fs::path kData = fs::path(SPARQLMCP_SOURCE_DIR) / "tests/data/tools/local";

// A folder with a catalogue naming one dump, written by the test.
struct TempCatalogue {
  fs::path dir;
  explicit TempCatalogue(const std::string& dump_iri, const std::string& dump_text = {}) {
    dir = fs::temp_directory_path() /
          ("sparqlmcp-local-" + std::to_string(reinterpret_cast<std::uintptr_t>(this)));
    fs::create_directories(dir);
    std::ofstream(dir / "catalogue.ttl")
        << "@prefix void: <http://rdfs.org/ns/void#> .\n"
           "@prefix dcterms: <http://purl.org/dc/terms/> .\n"
           "@prefix smcp: <https://w3id.org/sparql-mcp/vocab#> .\n"
           "<http://127.0.0.1/local/broken> a void:Dataset ; smcp:id \"broken\" ;\n"
           "  dcterms:title \"Broken\" ; dcterms:description \"A dump that does not load.\" ;\n"
           "  void:dataDump <"
        << dump_iri << "> .\n";
    if (!dump_text.empty()) std::ofstream(dir / "data.ttl") << dump_text;
  }
  ~TempCatalogue() { fs::remove_all(dir); }
};

Error load_error(const fs::path& catalogue_file) {
  catalogue::Catalogue catalogue = catalogue::load_catalogue({catalogue_file});
  return test::error_of([&] { tools::LocalEndpoints::load(catalogue); });
}

nlohmann::json call(mcp::Tool& tool, nlohmann::json arguments) {
  mcp::ToolContext context;
  context.cancellation = std::make_shared<CancellationToken>();
  mcp::ToolResult result = tool.call(arguments, context);
  nlohmann::json out = result.structured.value_or(nlohmann::json::object());
  out["is_error"] = result.is_error;
  out["text"] = result.content.at(0).value("text", "");
  return out;
}

}  // namespace

TEST_CASE("file IRIs become paths, other IRIs do not", "[tools]") {
  CHECK(tools::file_iri_to_path("file:///data/a%20b.ttl") == "/data/a b.ttl");
  CHECK(tools::file_iri_to_path("file://localhost/data/x.nt") == "/data/x.nt");
  CHECK(tools::file_iri_to_path("https://example.org/dump.nt") == std::nullopt);
  CHECK(tools::file_iri_to_path("file:relative.ttl") == std::nullopt);
}

TEST_CASE("a dump-only entry is answered in-process through run_sparql_query", "[tools]") {
  catalogue::Catalogue catalogue = catalogue::load_catalogue({kData / "catalogue.ttl"});
  auto local = tools::LocalEndpoints::load(catalogue);
  REQUIRE(local->size() == 1);
  const catalogue::Endpoint* entry = catalogue.find_by_id("cities");
  REQUIRE(entry != nullptr);
  REQUIRE(local->find(*entry) != nullptr);
  CHECK(local->find(*entry)->size() == 11);

  http::Client client;
  http::SparqlProtocolClient sparql(client);
  auto tool = tools::make_run_sparql_query_tool(catalogue, sparql, {}, local);

  nlohmann::json answer =
      call(*tool, {{"query",
                    "PREFIX ex: <http://example.org/> SELECT ?city ?pop WHERE { "
                    "SERVICE <http://127.0.0.1/local/cities> { ?city ex:country "
                    "ex:france ; ex:population ?pop } } ORDER BY DESC(?pop)"}});
  INFO(answer.dump(2));
  CHECK_FALSE(answer["is_error"].get<bool>());
  CHECK(answer["route"] == "in-process");
  CHECK(answer["row_count"] == 2);
  CHECK(answer["results"]["results"]["bindings"][0]["city"]["value"] == "http://example.org/paris");

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
  CHECK(graphs["results"]["boolean"] == true);

  // CONSTRUCT comes back as a graph.
  nlohmann::json graph =
      call(*tool, {{"query",
                    "PREFIX ex: <http://example.org/> CONSTRUCT { ?c a ex:City } WHERE { SERVICE "
                    "<http://127.0.0.1/local/cities> { ?c ex:population ?p } }"},
                   {"format", "ntriples"}});
  CHECK(graph["triple_count"] == 3);
}

TEST_CASE("errors of in-process queries are reported like remote ones", "[tools][error]") {
  catalogue::Catalogue catalogue = catalogue::load_catalogue({kData / "catalogue.ttl"});
  auto local = tools::LocalEndpoints::load(catalogue);
  http::Client client;
  http::SparqlProtocolClient sparql(client);
  auto tool = tools::make_run_sparql_query_tool(catalogue, sparql, {}, local);
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

TEST_CASE("a dump that cannot be loaded is a start-up error naming the entry", "[tools][error]") {
  {
    TempCatalogue missing("missing.ttl");
    Error error = load_error(missing.dir / "catalogue.ttl");
    CHECK_THAT(
        error,
        is_error(ErrorKind::InvalidArgument).with_message_containing("catalogue entry 'broken'"));
    CHECK(error.to_text().find("missing.ttl") != std::string::npos);
  }
  {
    TempCatalogue malformed("data.ttl",
                            "<http://a> <http://b> <http://c> .\n<http://a> <http://b> .\n");
    Error error = load_error(malformed.dir / "catalogue.ttl");
    CHECK_THAT(error,
               is_error(ErrorKind::Syntax).with_message_containing("catalogue entry 'broken'"));
    REQUIRE(error.span);
    CHECK(error.span->line == 2);
    CHECK(error.to_text().find("data.ttl:2:") != std::string::npos);
  }
  {
    TempCatalogue remote("https://example.org/dump.nt.gz");
    Error error = load_error(remote.dir / "catalogue.ttl");
    CHECK(error.message.find("not a local file") != std::string::npos);
  }
}
