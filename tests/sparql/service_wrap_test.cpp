#include <catch2/catch.hpp>

#include "sparqlmcp/sparql/parser.hpp"
#include "sparqlmcp/sparql/serializer.hpp"
#include "sparqlmcp/sparql/service_wrap.hpp"

using namespace sparqlmcp;
using namespace sparqlmcp::sparql;

namespace {

// The SSE of the query written by hand, to compare the rewrite with.
std::string sse_of(const std::string& text) {
  return to_sse(parse_query(text));
}

}  // namespace

TEST_CASE("plain patterns go to the named endpoint, SERVICE blocks where they say", "[sparql]") {
  const std::string e = "<http://e.example/sparql>";
  const Query q = parse_query(
      "PREFIX x: <http://x/> SELECT * WHERE { ?s x:p ?o . FILTER(?o > 1) ?s x:q ?r "
      "OPTIONAL { ?o x:r ?t } SERVICE <http://f.example/sparql> { ?s x:u ?v } "
      "BIND(?v AS ?w) ?w x:z ?y }");
  const WrappedQuery w = wrap_plain_patterns(q, "http://e.example/sparql");
  CHECK(w.wrapped == 3);
  CHECK(w.left_out == 0);
  CHECK(to_sse(w.query) ==
        sse_of("PREFIX x: <http://x/> SELECT * WHERE { SERVICE " + e +
               " { ?s x:p ?o . ?s x:q ?r } FILTER(?o > 1) OPTIONAL { SERVICE " + e +
               " { ?o x:r ?t } } SERVICE <http://f.example/sparql> { ?s x:u ?v } "
               "BIND(?v AS ?w) SERVICE " +
               e + " { ?w x:z ?y } }"));
  // It prints back as a query that parses, and means the same.
  CHECK(to_sse(parse_query(serialize_query(w.query))) == to_sse(w.query));
}

TEST_CASE("a query with nothing outside SERVICE is left as it is; EXISTS is counted", "[sparql]") {
  const Query q = parse_query(
      "SELECT * WHERE { SERVICE <http://f/> { ?s ?p ?o } FILTER NOT EXISTS { ?s ?p 1 } }");
  const WrappedQuery w = wrap_plain_patterns(q, "http://e/");
  CHECK(w.wrapped == 0);
  CHECK(w.left_out == 1);
  CHECK(to_sse(w.query) == to_sse(q));
}
