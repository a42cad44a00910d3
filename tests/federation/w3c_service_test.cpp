// The W3C SPARQL 1.1 Federated Query evaluation tests (sparql11/service): each endpoint a
// test names (qt:serviceData) is a real Oxigraph server on loopback, started here with that
// endpoint's data; the query runs in the engine over the test's own default graph (qt:data),
// its SERVICE clauses answered by FederatedServices over HTTP. The endpoint IRIs of the tests
// (http://example.org/sparql, ...) are mapped to the servers by the source lookup, so the
// queries run as written.

#include <catch2/catch.hpp>
#include <fstream>
#include <map>
#include <sstream>

#include "../engine/w3c_compare.hpp"
#include "../engine/w3c_manifest.hpp"
#include "rewrite.hpp"
#include "sparqlmcp/engine/evaluator.hpp"
#include "sparqlmcp/federation/federated_services.hpp"
#include "sparqlmcp/http/client.hpp"
#include "sparqlmcp/sparql/parser.hpp"
#include "support/child_server.hpp"
#include "support/shared_data.hpp"

using namespace sparqlmcp;

namespace {

const std::string kOxigraphServer =
    std::string(SPARQLMCP_SOURCE_DIR) + "/tests/servers/oxigraph-server.mjs";

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

TEST_CASE("the W3C SERVICE evaluation tests pass with real endpoints",
          "[federation][integration]") {
  engine::w3c::Manifest manifest = engine::w3c::read_manifest(
      test::shared_data("w3c-sparql-tests/sparql/sparql11/service/manifest.ttl"));
  REQUIRE(manifest.tests.size() == 7);
  http::Client client;
  http::SparqlProtocolClient protocol(client);
  auto sender = federation::make_http_sender(protocol);
  for (const engine::w3c::EvalTest& test : manifest.tests) {
    INFO(test.name << " (" << test.query << ")");
    // One server per endpoint the test names, holding that endpoint's data.
    std::vector<std::unique_ptr<test::ChildServer>> servers;
    std::map<std::string, std::unique_ptr<federation::Source>> sources;
    for (const engine::w3c::ServiceData& service : test.service_data) {
      std::vector<std::string> argv = {"node", kOxigraphServer};
      argv.insert(argv.end(), service.data.begin(), service.data.end());
      servers.push_back(std::make_unique<test::ChildServer>(argv));
      catalogue::Endpoint endpoint;
      endpoint.id = "e" + std::to_string(servers.size());
      endpoint.endpoint_iri = servers.back()->url("/query");
      sources[service.endpoint] = federation::make_remote_source(endpoint, *sender, {});
    }
    engine::Store store;
    for (const std::string& path : test.data)
      store.load_file(path);
    sparql::ParseOptions parse_options;
    parse_options.base_iri = engine::w3c::file_iri(test.query);
    sparql::Query query = sparql::parse_query(read_text(test.query), parse_options);
    const sparql::Query rewritten(query.prologue(), query.syntax(),
                                  federation::rewrite_for_federation(query.algebra()));

    federation::RequestContext context;
    context.deadline = federation::Clock::now() + std::chrono::seconds(60);
    federation::FederatedServices services(
        [&](const std::string& iri) -> federation::Source* {
          auto it = sources.find(iri);
          return it == sources.end() ? nullptr : it->second.get();
        },
        context, {}, nullptr);
    engine::EvaluationOptions options;
    options.deadline = context.deadline;
    options.service_handler = &services;
    engine::QueryOutcome outcome = engine::evaluate_query(rewritten, store, options);

    engine::w3c::Expected expected = engine::w3c::read_expected(test.result, false);
    CHECK(engine::w3c::compare_solutions(expected.results, outcome.results) == "");
  }
}
