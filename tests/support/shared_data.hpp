#pragma once
// The test data that is not in the repository (the W3C SPARQL test suites, Spider4SPARQL) lies
// in the folder CMake's SPARQLMCP_SHARED_DIR named when this build was configured
// (scripts/run-tests.sh configures it with the folder scripts/test-data.sh found or fetched).
// shared_data() is the one way a test reaches that data: a path that does not exist fails the
// running test case with a message naming it and how to provide the data, so no test can loop
// over nothing and pass, nor fail on a bare REQUIRE that hides the cause.

#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

namespace sparqlmcp::test {

// SPARQLMCP_SHARED_DIR/relative; FAILs the running test case when it does not exist.
inline std::string shared_data(const std::string& relative) {
  const std::filesystem::path path = std::filesystem::path(SPARQLMCP_SHARED_DIR) / relative;
  if (!std::filesystem::exists(path))
    FAIL("test data missing: "
         << path.string() << " does not exist (this build was configured "
         << "with SPARQLMCP_SHARED_DIR=" << SPARQLMCP_SHARED_DIR << "). scripts/run-tests.sh "
         << "finds or fetches the W3C test suites and Spider4SPARQL and configures the build "
         << "with their folder; or configure with -DSPARQLMCP_SHARED_DIR=<folder holding "
         << "w3c-sparql-tests/ and spider4sparql/> (docs/testing.md, \"Test data\").");
  return path.string();
}

}  // namespace sparqlmcp::test
