#include "sparqlmcp/void/discover.hpp"

#include <catch2/catch.hpp>

using sparqlmcp::void_::well_known_urls;
using Urls = std::vector<std::string>;

TEST_CASE("well-known VoID URLs go from the endpoint's own path to its origin", "[void]") {
  CHECK(well_known_urls("https://h.org/ds/sparql") ==
        Urls{"https://h.org/ds/sparql/.well-known/void", "https://h.org/ds/.well-known/void",
             "https://h.org/.well-known/void"});
  // The query string (a graph of a shared Virtuoso) and the fragment are not part of the path.
  CHECK(well_known_urls("http://127.0.0.1:8890/sparql?default-graph-uri=http%3A%2F%2Fg") ==
        Urls{"http://127.0.0.1:8890/sparql/.well-known/void",
             "http://127.0.0.1:8890/.well-known/void"});
  CHECK(well_known_urls("https://h.org/sparql/") ==
        Urls{"https://h.org/sparql/.well-known/void", "https://h.org/.well-known/void"});
  CHECK(well_known_urls("https://h.org/") == Urls{"https://h.org/.well-known/void"});
  CHECK(well_known_urls("https://h.org") == Urls{"https://h.org/.well-known/void"});
}
