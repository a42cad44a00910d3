// Fuzz target: SPARQL query text as an agent sends it to run_sparql_query (sparql::parse_query
// with the server's default options). A query that parses must print back as SPARQL that
// parses to the same algebra (the round trip sparql/serializer.hpp promises); a query that does
// not parse must fail with Syntax or Unsupported, never another error or exception.

#include <cstddef>
#include <cstdint>

#include "fuzz_check.hpp"
#include "sparqlmcp/sparql/parser.hpp"
#include "sparqlmcp/sparql/serializer.hpp"

using namespace sparqlmcp;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto text = fuzz::as_text(data, size);
  std::optional<sparql::Query> query;
  try {
    query = sparql::parse_query(text);
  } catch (const Exception& e) {
    const auto kind = e.error().kind;
    fuzz::check(kind == ErrorKind::Syntax || kind == ErrorKind::Unsupported,
                std::string("parse_query failed with kind ") +
                    std::to_string(static_cast<int>(kind)) + ": " + e.what());
    return 0;
  }
  const std::string sse = sparql::to_sse(*query);
  const std::string printed = sparql::serialize_query(*query);
  try {
    const std::string again = sparql::to_sse(sparql::parse_query(printed));
    fuzz::check(again == sse, "the printed query has another algebra\nprinted:\n" + printed +
                                  "\nalgebra:\n" + sse + "\nreads back as:\n" + again);
  } catch (const Exception& e) {
    fuzz::fail("the printed query does not parse: " + std::string(e.what()) + "\nprinted:\n" +
               printed);
  }
  return 0;
}
