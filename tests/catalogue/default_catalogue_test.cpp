#include "sparqlmcp/catalogue/catalogue.hpp"

#include <catch2/catch.hpp>
#include <filesystem>
#include <set>

using namespace sparqlmcp::catalogue;

namespace {
const std::filesystem::path kDefault = std::filesystem::path(SPARQLMCP_SOURCE_DIR) / "catalogue";
}

TEST_CASE("the default catalogue loads and every entry is complete", "[catalogue]") {
  const Catalogue c = load_catalogue({kDefault});
  REQUIRE(c.endpoints().size() >= 10);
  std::set<std::string> ids;
  for (const auto& e : c.endpoints()) {
    INFO(e.id);
    CHECK(is_valid_id(e.id));
    CHECK(ids.insert(e.id).second);
    CHECK(e.endpoint_iri.starts_with("http"));
    CHECK_FALSE(e.title.empty());
    CHECK(e.description.size() > 60);
    CHECK(e.description.back() == '.');
    CHECK_FALSE(e.keywords.empty());
    CHECK_FALSE(e.homepage.empty());
    CHECK_FALSE(e.answered_locally);
    CHECK(e.source.ends_with(".ttl"));
  }
}

TEST_CASE("the default catalogue has the endpoints the paper's agents rely on", "[catalogue]") {
  const Catalogue c = load_catalogue({kDefault});
  for (const char* iri :
       {"https://query.wikidata.org/sparql", "https://dbpedia.org/sparql",
        "https://sparql.uniprot.org/sparql", "https://www.bgee.org/sparql/",
        "https://sparql.omabrowser.org/sparql/", "https://sparql.dblp.org/sparql",
        "https://publications.europa.eu/webapi/rdf/sparql", "https://sparql.rhea-db.org/sparql"}) {
    INFO(iri);
    CHECK(c.find_by_iri(iri) != nullptr);
  }
  const Endpoint* wikidata = c.find_by_id("wikidata");
  REQUIRE(wikidata);
  CHECK(wikidata->settings.timeout == std::chrono::milliseconds(60000));
  REQUIRE(wikidata->settings.headers.size() == 1);
  CHECK(wikidata->settings.headers[0].first == "User-Agent");
  const Endpoint* dbpedia = c.find_by_id("dbpedia");
  REQUIRE(dbpedia);
  CHECK(dbpedia->settings.result_cap == 10000u);
  CHECK(c.search("protein").front()->id == "uniprot");
}
