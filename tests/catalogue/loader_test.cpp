#include "sparqlmcp/catalogue/catalogue.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "sparqlmcp/util/error.hpp"
#include "support/error_matchers.hpp"

using namespace sparqlmcp;
using namespace sparqlmcp::catalogue;
using sparqlmcp::test::is_error;

namespace {

const std::filesystem::path kData =
    std::filesystem::path(SPARQLMCP_SOURCE_DIR) / "tests" / "data" / "catalogue";

Error load_error(const std::vector<std::filesystem::path>& paths) {
  return test::error_of([&] { load_catalogue(paths); });
}

struct ApiKey {
  ApiKey() { ::setenv("SPARQLMCP_TEST_API_KEY", "Bearer s3cret", 1); }
  ~ApiKey() { ::unsetenv("SPARQLMCP_TEST_API_KEY"); }
};

}  // namespace

TEST_CASE("a folder loads all its .ttl files in name order with their settings", "[catalogue]") {
  ApiKey key;
  const Catalogue c = load_catalogue({kData / "valid"});
  REQUIRE(c.endpoints().size() == 5);

  const Endpoint* films = c.find_by_id("films");
  REQUIRE(films);
  CHECK(films == &c.endpoints()[0]);
  CHECK(films->endpoint_iri == "https://films.example.org/sparql/");
  CHECK(films->title == "Film Archive");
  CHECK(films->description ==
        "Films, directors and festivals since 1900; caps results at 500 rows.");
  CHECK(films->keywords == std::vector<std::string>{"cinema", "movies", "Film festival"});
  CHECK(films->homepage == "https://films.example.org/");
  CHECK(films->settings.timeout == std::chrono::milliseconds(45000));
  CHECK(films->settings.http_method == "POST");
  CHECK(films->settings.result_cap == 500u);
  CHECK(films->settings.headers ==
        std::vector<std::pair<std::string, std::string>>{{"User-Agent", "test-agent/1.0"},
                                                         {"Authorization", "Bearer s3cret"}});
  CHECK(films->source == (kData / "valid" / "10-endpoints.ttl").string());
  CHECK_FALSE(films->answered_locally);
}

TEST_CASE("a service description and a dataset naming one endpoint become one entry",
          "[catalogue]") {
  ApiKey key;
  const Catalogue c = load_catalogue({kData / "valid"});
  const Endpoint* music = c.find_by_iri("http://music.example.org/sparql");
  REQUIRE(music);
  CHECK(music->id == "music");  // from dcterms:identifier
  CHECK(music->title == "Music Graph");
  CHECK(music->description == "Artists, albums and recordings.");
  CHECK(music->settings.timeout == std::chrono::milliseconds(1000));
}

TEST_CASE("ids are derived from titles and made unique", "[catalogue]") {
  ApiKey key;
  const Catalogue c = load_catalogue({kData / "valid"});
  const Endpoint* geo = c.find_by_iri("http://geo.example.org/query");
  REQUIRE(geo);
  CHECK(geo->id == "ber-st-dte-l-nder");
  // "Music Graph" is also the title of the dump entry, whose derived id must not clash
  const Endpoint* books = c.find_by_iri("http://example.org/catalogue#local-books");
  REQUIRE(books);
  CHECK(books->id == "music-graph");
}

TEST_CASE("a dump-only entry is answered locally under its own IRI, dump resolved", "[catalogue]") {
  ApiKey key;
  const Catalogue c = load_catalogue({kData / "valid"});
  const Endpoint* books = c.find_by_iri("http://example.org/catalogue#local-books");
  REQUIRE(books);
  CHECK(books->answered_locally);
  REQUIRE(books->data_dumps.size() == 1);
  CHECK(books->data_dumps[0].starts_with("file:///"));
  CHECK(books->data_dumps[0].ends_with("/tests/data/catalogue/valid/dumps/books.ttl"));
  const auto j = endpoint_to_json(*books);
  CHECK(j["answered_in_process"] == true);
  CHECK(j["data_dumps"].size() == 1);
}

TEST_CASE("an entry without title and description gets fallbacks", "[catalogue]") {
  ApiKey key;
  const Catalogue c = load_catalogue({kData / "valid"});
  const Endpoint* bare = c.find_by_iri("http://bare.example.org/sparql");
  REQUIRE(bare);
  CHECK(bare->title == "http://bare.example.org/sparql");
  CHECK_THAT(bare->description, Catch::Contains("no description in the catalogue"));
  CHECK(bare->id == "bare-example-org-sparql");
}

TEST_CASE("files and folders can be mixed and the catalogue is searchable", "[catalogue]") {
  ApiKey key;
  const Catalogue c = load_catalogue({kData / "valid", kData / "duplicate-iri" / "a.ttl"});
  CHECK(c.endpoints().size() == 6);
  REQUIRE(c.search("cinema").size() == 1);
  CHECK(c.search("cinema")[0]->id == "films");
  CHECK(c.search("FIRST")[0]->id == "one");
}

TEST_CASE("a header variable missing from the environment names entry and variable",
          "[catalogue][error]") {
  ::unsetenv("SPARQLMCP_TEST_UNSET_VARIABLE");
  const Error e = load_error({kData / "missing-env.ttl"});
  CHECK_THAT(
      e, is_error(ErrorKind::InvalidArgument)
             .with_message("catalogue entry <http://example.org/catalogue#secret> (" +
                           (kData / "missing-env.ttl").string() +
                           ") needs the environment variable SPARQLMCP_TEST_UNSET_VARIABLE for its "
                           "Authorization header, but it is not set; export "
                           "SPARQLMCP_TEST_UNSET_VARIABLE before starting the server or remove "
                           "the header"));
}

TEST_CASE("the valid folder fails without its API key variable", "[catalogue][error]") {
  ::unsetenv("SPARQLMCP_TEST_API_KEY");
  const Error e = load_error({kData / "valid"});
  CHECK_THAT(
      e, is_error(ErrorKind::InvalidArgument).with_message_containing("SPARQLMCP_TEST_API_KEY"));
  CHECK_THAT(e.message, Catch::StartsWith("catalogue entry <http://example.org/catalogue#films>"));
}

TEST_CASE("an entry with neither endpoint nor dump is reported by name", "[catalogue][error]") {
  const Error e = load_error({kData / "no-endpoint.ttl"});
  CHECK_THAT(
      e, is_error(ErrorKind::InvalidArgument)
             .with_message("catalogue entry <http://example.org/catalogue#foo> (" +
                           (kData / "no-endpoint.ttl").string() +
                           ") has no void:sparqlEndpoint, sd:endpoint or void:dataDump; add one"));
}

TEST_CASE("a malformed catalogue file reports file, line and code-point column",
          "[catalogue][error]") {
  const Error e = load_error({kData / "malformed.ttl"});
  CHECK_THAT(e, is_error(ErrorKind::Syntax));
  CHECK(e.source_name == (kData / "malformed.ttl").string());
  REQUIRE(e.span);
  CHECK(e.span->line == 5);
  CHECK(e.span->column == 33);
  CHECK(e.message == "missing ';' or '.'");
}

TEST_CASE("duplicate smcp:id values across files are an error naming both", "[catalogue][error]") {
  const Error e = load_error({kData / "duplicate-id"});
  CHECK_THAT(e, is_error(ErrorKind::InvalidArgument)
                    .with_message("duplicate catalogue id 'same': <http://example.org/a#ds> (" +
                                  (kData / "duplicate-id" / "a.ttl").string() +
                                  ") and <http://example.org/b#ds> (" +
                                  (kData / "duplicate-id" / "b.ttl").string() +
                                  "); give one of them another smcp:id"));
}

TEST_CASE("the same endpoint in two files (http vs https, slash) is a duplicate",
          "[catalogue][error]") {
  const Error e = load_error({kData / "duplicate-iri"});
  CHECK_THAT(e, is_error(ErrorKind::InvalidArgument)
                    .with_message_starting(
                        "duplicate catalogue endpoint <https://SAME.example.org/sparql/>"));
}

TEST_CASE("bad settings are errors that say what to write instead", "[catalogue][error]") {
  const Error method = load_error({kData / "bad-method.ttl"});
  CHECK_THAT(method, is_error(ErrorKind::InvalidArgument));
  CHECK_THAT(method.message,
             Catch::EndsWith("has smcp:httpMethod \"PUT\"; use \"GET\" or \"POST\""));
  const Error timeout = load_error({kData / "bad-timeout.ttl"});
  CHECK_THAT(timeout, is_error(ErrorKind::InvalidArgument));
  CHECK_THAT(timeout.message, Catch::EndsWith("has smcp:timeoutMs \"soon\"; it must be a positive "
                                              "integer such as 60000"));
}

TEST_CASE("smcp:callsServices says whether an endpoint evaluates nested SERVICE itself",
          "[catalogue]") {
  Catalogue catalogue = load_catalogue({kData / "calls-services.ttl"});
  REQUIRE(catalogue.find_by_id("federator") != nullptr);
  CHECK(catalogue.find_by_id("federator")->settings.calls_services == std::optional<bool>(true));
  CHECK(catalogue.find_by_id("plain")->settings.calls_services == std::optional<bool>(false));
  CHECK_THAT(load_error({kData / "bad-calls-services.ttl"}).message,
             Catch::EndsWith("has smcp:callsServices \"sometimes\"; use true or false"));
}

TEST_CASE("smcp:textSearch and smcp:exampleQueries name an entry's search helps", "[catalogue]") {
  const Catalogue catalogue = load_catalogue({kData / "search-settings.ttl"});
  const catalogue::Endpoint* e = catalogue.find_by_id("virtuoso");
  REQUIRE(e != nullptr);
  CHECK(e->settings.text_search == std::optional<std::string>("virtuoso"));
  REQUIRE(e->example_files.size() == 2);
  // A relative file is resolved against the catalogue file.
  CHECK_THAT(e->example_files, Catch::VectorContains(std::string("file:///srv/examples/more.ttl")));
  const bool relative_resolved =
      std::any_of(e->example_files.begin(), e->example_files.end(), [](const std::string& f) {
        return f.rfind("file://", 0) == 0 &&
               f.find("tests/data/catalogue/examples/virtuoso.ttl") != std::string::npos;
      });
  CHECK(relative_resolved);
  CHECK_THAT(load_error({kData / "bad-text-search.ttl"}).message,
             Catch::EndsWith("has smcp:textSearch \"lucene\"; use \"virtuoso\" (bif:contains) or "
                             "\"none\""));
  CHECK_THAT(load_error({kData / "bad-example-queries.ttl"}).message,
             Catch::Contains("has smcp:exampleQueries <https://example.org/examples.ttl>; give a "
                             "file IRI"));
}

TEST_CASE("a missing catalogue path is an invalid argument", "[catalogue][error]") {
  const Error e = load_error({kData / "nope"});
  CHECK_THAT(e, is_error(ErrorKind::InvalidArgument).with_message_containing("does not exist"));
}

TEST_CASE("service descriptions lend their dataset's metadata and literal endpoints are accepted",
          "[catalogue]") {
  const Catalogue c = load_catalogue({kData / "service-description.ttl"});
  REQUIRE(c.endpoints().size() == 2);
  const Endpoint* chem = c.find("http://chem.example.org/sparql");
  REQUIRE(chem);
  CHECK(chem->id == "chemical-compounds");
  CHECK(chem->title == "Chemical compounds");
  CHECK(chem->description == "Compounds, formulas and masses.");
  const Endpoint* lit = c.find("literal-endpoint");
  REQUIRE(lit);
  CHECK(lit->endpoint_iri == "https://literal.example.org/sparql");
  CHECK(lit->title == "Literal endpoint");
  CHECK(lit->description == "Its endpoint is written as a string.");
  CHECK(c.find("unknown") == nullptr);
}

TEST_CASE("a file named directly and through its folder is read once", "[catalogue]") {
  ApiKey key;
  const Catalogue c = load_catalogue(
      {kData / "valid" / "20-dumps.ttl", kData / "valid", kData / "valid" / ".." / "valid"});
  CHECK(c.endpoints().size() == 5);
  CHECK(c.endpoints()[0].source == (kData / "valid" / "20-dumps.ttl").string());
}

TEST_CASE("the catalogue keeps the prefixes its files declare, the first binding of each",
          "[catalogue]") {
  const std::filesystem::path demo =
      std::filesystem::path(SPARQLMCP_SOURCE_DIR) / "examples" / "catalogue.ttl";
  catalogue::Catalogue catalogue = catalogue::load_catalogue({demo});
  const auto& prefixes = catalogue.prefixes();
  auto bound = [&](const std::string& name) -> std::string {
    for (const auto& [prefix, ns] : prefixes)
      if (prefix == name) return ns;
    return {};
  };
  CHECK(bound("demo") == "https://demo.sparql-mcp.org/vocab#");
  CHECK(bound("void") == "http://rdfs.org/ns/void#");

  catalogue::Catalogue added;
  added.add_prefix("ex", "http://example.org/");
  added.add_prefix("ex", "http://example.org/other/");  // a name keeps its first namespace
  added.add_prefix("ex2", "http://example.org/");       // and a namespace its first name
  added.add_prefix("", "http://example.org/empty/");    // the empty name is no name to give
  REQUIRE(added.prefixes().size() == 1);
  CHECK(added.prefixes()[0] == std::pair<std::string, std::string>{"ex", "http://example.org/"});
}

TEST_CASE("void:uriSpace and void:uriRegexPattern are read, merged over dataset and service",
          "[catalogue]") {
  const Catalogue c = load_catalogue({kData / "uri-spaces.ttl"});
  const Endpoint* people = c.find_by_id("people");
  REQUIRE(people != nullptr);
  CHECK(people->uri_spaces ==
        std::vector<std::string>{"http://people.example/id/", "http://people.example/group/"});
  CHECK(people->uri_patterns.empty());
  const Endpoint* places = c.find_by_id("places");
  REQUIRE(places != nullptr);
  CHECK(places->uri_patterns ==
        std::vector<std::string>{"^http://places\\.example/(city|country)/"});
  CHECK(places->uri_spaces == std::vector<std::string>{"http://places.example/region/"});
}

TEST_CASE("a void:uriRegexPattern that is not a string is refused, saying what to write",
          "[catalogue][error]") {
  const Error e = load_error({kData / "bad-uri-pattern.ttl"});
  CHECK_THAT(e, is_error(ErrorKind::InvalidArgument));
  CHECK_THAT(e.message, Catch::Contains("void:uriRegexPattern <http://odd.example/>") &&
                            Catch::Contains("give a regular expression as a string"));
}
