// Fuzz target: SPARQL results in JSON as an endpoint sends them (see results_fuzz.hpp).

#include "results_fuzz.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return sparqlmcp::fuzz::fuzz_results(data, size, sparqlmcp::results::ResultsFormat::Json);
}
