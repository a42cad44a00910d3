#include "sparqlmcp/catalogue/catalogue.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "sparqlmcp/util/error.hpp"
#include "support/error_matchers.hpp"

using namespace sparqlmcp;
using namespace sparqlmcp::catalogue;
using sparqlmcp::test::is_error;

namespace {

Endpoint entry(std::string id, std::string iri, std::string title = "T",
               std::string description = "D") {
  Endpoint e;
  e.id = std::move(id);
  e.endpoint_iri = std::move(iri);
  e.title = std::move(title);
  e.description = std::move(description);
  e.source = "test";
  return e;
}

}  // namespace

TEST_CASE("find_by_iri matches exactly, then ignoring slash, scheme and host case", "[catalogue]") {
  Catalogue c;
  c.add(entry("a", "https://query.example.org/sparql"));
  c.add(entry("b", "http://Other.Example.org:8890/sparql/"));
  c.add(entry("c", "https://bgee.example.org/sparql/"));
  REQUIRE(c.find_by_iri("https://query.example.org/sparql"));
  CHECK(c.find_by_iri("https://query.example.org/sparql")->id == "a");
  CHECK(c.find_by_iri("http://query.example.org/sparql")->id == "a");
  CHECK(c.find_by_iri("https://query.example.org/sparql/")->id == "a");
  CHECK(c.find_by_iri("HTTPS://QUERY.EXAMPLE.ORG/sparql")->id == "a");
  CHECK(c.find_by_iri("https://query.example.org:443/sparql")->id == "a");
  CHECK(c.find_by_iri("http://other.example.org:8890/sparql")->id == "b");
  CHECK(c.find_by_iri("https://bgee.example.org/sparql")->id == "c");
  // the path is case-sensitive, and other ports or paths are other endpoints
  CHECK(c.find_by_iri("https://query.example.org/SPARQL") == nullptr);
  CHECK(c.find_by_iri("http://other.example.org/sparql") == nullptr);
  CHECK(c.find_by_iri("https://query.example.org/sparql2") == nullptr);
  CHECK(c.find_by_iri("") == nullptr);
}

TEST_CASE("a duplicate id or endpoint is rejected naming both entries", "[catalogue][error]") {
  Catalogue c;
  c.add(entry("wikidata", "https://query.wikidata.org/sparql"));
  CHECK_THROWS_MATCHES(
      c.add(entry("wikidata", "https://other.example/sparql")), Exception,
      is_error(ErrorKind::InvalidArgument)
          .with_message("duplicate catalogue id 'wikidata': <https://other.example/sparql> (test) "
                        "and <https://query.wikidata.org/sparql> (test); give one of them "
                        "another smcp:id"));
  CHECK_THROWS_MATCHES(c.add(entry("wd2", "http://query.wikidata.org/sparql/")), Exception,
                       is_error(ErrorKind::InvalidArgument)
                           .with_message_starting("duplicate catalogue endpoint "
                                                  "<http://query.wikidata.org/sparql/>: entry "
                                                  "'wd2'"));
  CHECK_THROWS_MATCHES(
      c.add(entry("", "http://x/")), Exception,
      is_error(ErrorKind::InvalidArgument)
          .with_message("a catalogue entry needs an id and an endpoint IRI (from test)"));
  CHECK(c.endpoints().size() == 1);
}

TEST_CASE("search is case-insensitive over id, title, description, keywords and IRI",
          "[catalogue]") {
  Catalogue c;
  auto proteins = entry("uniprot", "https://sparql.uniprot.org/sparql", "UniProt",
                        "Protein sequences and functions.");
  proteins.keywords = {"Enzymes"};
  c.add(proteins);
  c.add(entry("dblp", "https://sparql.dblp.org/sparql", "dblp", "Computer science papers."));
  c.add(entry("x", "https://films.example.org/q", "Film archive", "Movies."));
  CHECK(c.search("").size() == 3);
  CHECK(c.search("   ").size() == 3);
  auto ids = [&](std::string_view k) {
    std::vector<std::string> out;
    for (const auto* e : c.search(k))
      out.push_back(e->id);
    return out;
  };
  CHECK(ids("PROTEIN") == std::vector<std::string>{"uniprot"});
  CHECK(ids("enzym") == std::vector<std::string>{"uniprot"});
  CHECK(ids("DBLP") == std::vector<std::string>{"dblp"});
  CHECK(ids("films.example") == std::vector<std::string>{"x"});
  CHECK(ids("science papers") == std::vector<std::string>{"dblp"});
  // Every word, in any order, in any field; ',' and ';' separate words like spaces.
  CHECK(ids("papers SCIENCE") == std::vector<std::string>{"dblp"});
  CHECK(ids("enzymes, protein") == std::vector<std::string>{"uniprot"});
  CHECK(ids(";uniprot;functions;") == std::vector<std::string>{"uniprot"});
  CHECK(ids("science proteins").empty());
  CHECK(ids("sparql") == std::vector<std::string>{"uniprot", "dblp"});
  CHECK(ids("nothing-like-this").empty());
}

TEST_CASE("an ad hoc endpoint takes its id and title from the host", "[catalogue]") {
  const Endpoint e = make_adhoc_endpoint("https://user:pw@Query.Example.org:8443/sparql?x=1");
  CHECK(e.id == "query-example-org");
  CHECK(e.title == "Query.Example.org");
  CHECK(e.endpoint_iri == "https://user:pw@Query.Example.org:8443/sparql?x=1");
  CHECK(e.description == "Ad hoc endpoint given on the command line (no description).");
  CHECK(e.source == "--endpoint");
  CHECK(make_adhoc_endpoint("http://127.0.0.1:3030/ds/sparql").id == "127-0-0-1");
  CHECK(make_adhoc_endpoint("http://[::1]:8890/sparql").id == "1");
  CHECK_THROWS_MATCHES(make_adhoc_endpoint("ftp://example.org/sparql"), Exception,
                       is_error(ErrorKind::InvalidArgument)
                           .with_message("--endpoint 'ftp://example.org/sparql' is not an "
                                         "http:// or https:// URL of a SPARQL endpoint"));
  CHECK_THROWS_MATCHES(make_adhoc_endpoint("not a url"), Exception,
                       is_error(ErrorKind::InvalidArgument)
                           .with_message("--endpoint 'not a url' is not an http:// or https:// "
                                         "URL of a SPARQL endpoint"));
  CHECK_THROWS_MATCHES(make_adhoc_endpoint("http:///path"), Exception,
                       is_error(ErrorKind::InvalidArgument)
                           .with_message("--endpoint 'http:///path' has no host name"));
}

TEST_CASE("only http(s) URLs with a host name can be ad hoc endpoints", "[catalogue]") {
  CHECK(is_http_url_with_host("http://127.0.0.1:3030/ds/sparql"));
  CHECK(is_http_url_with_host("HTTPS://user:pw@example.org/sparql"));
  CHECK(is_http_url_with_host("http://[::1]:8890/sparql"));
  CHECK_FALSE(is_http_url_with_host("ftp://example.org/sparql"));
  CHECK_FALSE(is_http_url_with_host("urn:example:endpoint"));
  CHECK_FALSE(is_http_url_with_host("http:///path"));
  CHECK_FALSE(is_http_url_with_host("http://user@:80/sparql"));
  CHECK_FALSE(is_http_url_with_host("sparql"));
}

TEST_CASE("unique_id appends a counter to a taken id", "[catalogue]") {
  Catalogue c;
  CHECK(c.unique_id("host") == "host");
  c.add(entry("host", "http://a/"));
  CHECK(c.unique_id("host") == "host-2");
  c.add(entry("host-2", "http://b/"));
  CHECK(c.unique_id("host") == "host-3");
  CHECK(c.unique_id("") == "endpoint");
}

TEST_CASE("endpoint JSON lists settings but never header values", "[catalogue]") {
  Endpoint e = entry("films", "https://films.example.org/sparql", "Films", "Movies.");
  e.keywords = {"cinema"};
  e.homepage = "https://films.example.org/";
  e.settings.timeout = std::chrono::milliseconds(45000);
  e.settings.http_method = "POST";
  e.settings.result_cap = 500;
  e.settings.headers = {{"Authorization", "Bearer secret-token"}, {"User-Agent", "ua"}};
  const nlohmann::json j = endpoint_to_json(e);
  CHECK(j["id"] == "films");
  CHECK(j["endpoint"] == "https://films.example.org/sparql");
  CHECK(j["title"] == "Films");
  CHECK(j["description"] == "Movies.");
  CHECK(j["keywords"] == nlohmann::json::array({"cinema"}));
  CHECK(j["homepage"] == "https://films.example.org/");
  CHECK(j["resource"] == "sparql-mcp://catalogue/films");
  CHECK(j["settings"]["timeout_ms"] == 45000);
  CHECK(j["settings"]["http_method"] == "POST");
  CHECK(j["settings"]["result_cap"] == 500);
  CHECK(j["settings"]["headers"] == nlohmann::json::array({"Authorization", "User-Agent"}));
  CHECK(j.dump().find("secret-token") == std::string::npos);
  CHECK_FALSE(j.contains("data_dumps"));
  CHECK(resource_uri(e) == "sparql-mcp://catalogue/films");
}

TEST_CASE("slugs are lowercase ASCII words joined by dashes", "[catalogue]") {
  CHECK(slugify("Wikidata Query Service") == "wikidata-query-service");
  CHECK(slugify("  Über Städte & Länder!  ") == "ber-st-dte-l-nder");
  CHECK(slugify("query.wikidata.org") == "query-wikidata-org");
  CHECK(slugify("---") == "");
  CHECK(slugify(std::string(100, 'a')).size() == 48);
  CHECK(is_valid_id("wikidata-qlever_2.0"));
  CHECK_FALSE(is_valid_id("has space"));
  CHECK_FALSE(is_valid_id(""));
  CHECK_FALSE(is_valid_id("café"));
}

TEST_CASE("ad hoc endpoints on one host get distinct ids, the same IRI is still refused",
          "[catalogue]") {
  Catalogue c;
  c.add(make_adhoc_endpoint("http://127.0.0.1:8890/sparql?default-graph-uri=urn:a"));
  c.add(make_adhoc_endpoint("http://127.0.0.1:8890/sparql?default-graph-uri=urn:b"));
  c.add(make_adhoc_endpoint("http://127.0.0.1:3030/ds/sparql"));
  REQUIRE(c.endpoints().size() == 3);
  CHECK(c.endpoints()[0].id == "127-0-0-1");
  CHECK(c.endpoints()[1].id == "127-0-0-1-2");
  CHECK(c.endpoints()[2].id == "127-0-0-1-3");
  CHECK(c.find_by_iri("http://127.0.0.1:8890/sparql?default-graph-uri=urn:b")->id == "127-0-0-1-2");
  CHECK_THROWS_AS(c.add(make_adhoc_endpoint("http://127.0.0.1:3030/ds/sparql/")), Exception);
  // a catalogue entry's id is never renamed
  CHECK_THROWS_MATCHES(c.add(entry("127-0-0-1", "http://other.example/")), Exception,
                       is_error(ErrorKind::InvalidArgument)
                           .with_message_starting("duplicate catalogue id '127-0-0-1'"));
}
