#include "sparqlmcp/federation/local_endpoints.hpp"

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "sparqlmcp/catalogue/catalogue.hpp"
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
  return test::error_of([&] { federation::LocalEndpoints::load(catalogue); });
}

}  // namespace

TEST_CASE("file IRIs become paths, other IRIs do not", "[federation]") {
  CHECK(federation::file_iri_to_path("file:///data/a%20b.ttl") == "/data/a b.ttl");
  CHECK(federation::file_iri_to_path("file://localhost/data/x.nt") == "/data/x.nt");
  CHECK(federation::file_iri_to_path("https://example.org/dump.nt") == std::nullopt);
  CHECK(federation::file_iri_to_path("file:relative.ttl") == std::nullopt);
}

TEST_CASE("every dump of a dump-only entry is loaded into its store", "[federation]") {
  catalogue::Catalogue catalogue = catalogue::load_catalogue({kData / "catalogue.ttl"});
  auto local = federation::LocalEndpoints::load(catalogue);
  REQUIRE(local->size() == 1);
  const catalogue::Endpoint* entry = catalogue.find_by_id("cities");
  REQUIRE(entry != nullptr);
  REQUIRE(local->find(*entry) != nullptr);
  CHECK(local->find(*entry)->size() == 11);
}

TEST_CASE("a dump that cannot be loaded is a start-up error naming the entry",
          "[federation][error]") {
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
