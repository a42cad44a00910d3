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
  CHECK(to_sse(w.query) ==
        sse_of("PREFIX x: <http://x/> SELECT * WHERE { SERVICE " + e +
               " { ?s x:p ?o . ?s x:q ?r } FILTER(?o > 1) OPTIONAL { SERVICE " + e +
               " { ?o x:r ?t } } SERVICE <http://f.example/sparql> { ?s x:u ?v } "
               "BIND(?v AS ?w) SERVICE " +
               e + " { ?w x:z ?y } }"));
  // It prints back as a query that parses, and means the same.
  CHECK(to_sse(parse_query(serialize_query(w.query))) == to_sse(w.query));
}

TEST_CASE("EXISTS and sub-select patterns go to the named endpoint too", "[sparql]") {
  const Query q = parse_query(
      "SELECT * WHERE { SERVICE <http://f/> { ?s ?p ?o } FILTER NOT EXISTS { ?s ?p 1 } "
      "{ SELECT ?s WHERE { ?s <http://x/q> ?z } } }");
  const WrappedQuery w = wrap_plain_patterns(q, "http://e/");
  CHECK(w.wrapped == 2);
  CHECK(to_sse(w.query) ==
        sse_of("SELECT * WHERE { SERVICE <http://f/> { ?s ?p ?o } FILTER NOT EXISTS { SERVICE "
               "<http://e/> { ?s ?p 1 } } { SELECT ?s WHERE { SERVICE <http://e/> { ?s "
               "<http://x/q> ?z } } } }"));
}

TEST_CASE("a query with nothing outside SERVICE is left as it is", "[sparql]") {
  const Query q = parse_query("SELECT * WHERE { SERVICE <http://f/> { ?s ?p ?o } }");
  const WrappedQuery w = spread_plain_patterns(q, {"http://e/", "http://g/"});
  CHECK(w.wrapped == 0);
  CHECK(to_sse(w.query) == to_sse(q));
}

TEST_CASE("over several endpoints EXISTS patterns are spread as well", "[sparql]") {
  const Query q =
      parse_query("SELECT * WHERE { ?s <http://x/p> ?o FILTER NOT EXISTS { ?s <http://x/q> ?o } }");
  const WrappedQuery w = spread_plain_patterns(q, {"http://a/", "http://b/"});
  CHECK(w.wrapped == 2);
  const std::string text = serialize_query(w.query);
  CHECK(text.find("NOT EXISTS") != std::string::npos);
  std::size_t services = 0;
  for (std::size_t at = text.find("SERVICE"); at != std::string::npos;
       at = text.find("SERVICE", at + 1))
    ++services;
  CHECK(services == 4);
}

TEST_CASE("over several endpoints each plain pattern is a merge unit, joined where it stood",
          "[sparql]") {
  const std::string a = "<http://a/sparql>", b = "<http://b/sparql>";
  const Query q = parse_query(
      "PREFIX x: <http://x/> SELECT ?n WHERE { ?s x:name ?n ; x:addr _:h . _:h x:city ?c "
      "FILTER(?c != \"Rome\") SERVICE <http://f/> { ?s x:u ?v } } ORDER BY ?n LIMIT 5");
  const WrappedQuery w = spread_plain_patterns(q, {"http://a/sparql", "http://b/sparql"});
  CHECK(w.wrapped == 3);
  auto unit = [&](const std::string& pattern) {
    return "{ SELECT DISTINCT * WHERE { { SERVICE " + a + " { " + pattern +
           " } } UNION { SERVICE " + b + " { " + pattern + " } } } }";
  };
  // The blank node is a variable shared by its two patterns' units, never projected.
  CHECK(to_sse(w.query) ==
        sse_of("PREFIX x: <http://x/> SELECT ?n WHERE { " + unit("?s x:name ?n") + " " +
               unit("?s x:addr ?merged_blank_0") + " " + unit("?merged_blank_0 x:city ?c") +
               " SERVICE <http://f/> { ?s x:u ?v } FILTER(?c != \"Rome\") } ORDER BY ?n LIMIT 5"));
  CHECK(to_sse(parse_query(serialize_query(w.query))) == to_sse(w.query));
}

TEST_CASE("a merge unit's blank-node variable never takes a name the query uses", "[sparql]") {
  const Query q =
      parse_query("SELECT * WHERE { ?merged_blank_0 <http://x/p> [ <http://x/q> ?o ] }");
  const WrappedQuery w = spread_plain_patterns(q, {"http://a/", "http://b/"});
  const std::string text = serialize_query(w.query);
  CHECK(text.find("?merged_blank_1") != std::string::npos);
  CHECK(text.find("SELECT ?merged_blank_0 ?o") != std::string::npos);
}

TEST_CASE("what cannot be split per triple over several endpoints is refused with what to do",
          "[sparql][error]") {
  const std::vector<std::string> two = {"http://a/", "http://b/"};
  CHECK_THROWS_WITH(
      spread_plain_patterns(parse_query("SELECT * WHERE { ?s <http://x/p>* ?o }"), two),
      Catch::Contains("can run across several endpoints"));
  CHECK_THROWS_WITH(
      spread_plain_patterns(parse_query("SELECT * WHERE { GRAPH ?g { ?s ?p ?o } }"), two),
      Catch::Contains("GRAPH outside SERVICE names a graph of one endpoint"));
  // Sequences and inverses are triple patterns already: they split.
  CHECK(
      spread_plain_patterns(parse_query("SELECT * WHERE { ?s <http://x/p>/^<http://x/q> ?o }"), two)
          .wrapped == 2);
}

TEST_CASE("source selection chooses each unit's endpoints; none leaves an empty VALUES",
          "[sparql]") {
  const SourcesOf sources_of = [](const algebra::TriplePattern& t,
                                  const std::vector<std::string>& endpoints) {
    PatternSources out;
    if (t.predicate.term.value == "http://x/p") out.endpoints = {endpoints[0]};
    if (t.predicate.term.value == "http://x/q") out.endpoints = endpoints;
    if (out.endpoints.size() < endpoints.size()) out.ruled_out.push_back("not there");
    return out;
  };
  const WrappedQuery w = spread_plain_patterns(
      parse_query(
          "SELECT * WHERE { ?s <http://x/p> ?o . ?o <http://x/q> ?v . ?v <http://x/r> ?w }"),
      {"http://a/", "http://b/"}, sources_of);
  CHECK(w.wrapped == 3);
  CHECK(w.ruled_out == std::vector<std::string>{"(bgp (triple ?s <http://x/p> ?o)): not there",
                                                "(bgp (triple ?v <http://x/r> ?w)): not there"});
  CHECK(to_sse(w.query) ==
        sse_of("SELECT ?s ?o ?v ?w WHERE { SERVICE <http://a/> { ?s <http://x/p> ?o } "
               "{ SELECT DISTINCT * WHERE { { SERVICE <http://a/> { ?o <http://x/q> ?v } } UNION "
               "{ SERVICE <http://b/> { ?o <http://x/q> ?v } } } } VALUES (?v ?w) { } }"));
}
