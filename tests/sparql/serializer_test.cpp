#include "sparqlmcp/sparql/serializer.hpp"

#include <catch2/catch.hpp>

#include "sparqlmcp/sparql/describe.hpp"
#include "sparqlmcp/sparql/parser.hpp"

using namespace sparqlmcp;
using namespace sparqlmcp::sparql;

namespace {
void check_round_trip(const std::string& text) {
  INFO(text);
  Query q = parse_query(text);
  std::string printed = serialize_query(q);
  INFO("serialized:\n" << printed);
  CHECK(to_sse(parse_query(printed)) == to_sse(q));
}
}  // namespace

TEST_CASE("serialized queries keep PREFIX declarations and use prefixed names", "[sparql]") {
  Query q = parse_query(
      "PREFIX ex: <http://e/ns#> PREFIX o: <http://e/ns#other/> SELECT ?s WHERE { ?s a ex:C ; "
      "ex:p <http://e/ns#a#b> , <http://e/ns#other/x> , <http://zz/q> }");
  std::string s = serialize_query(q);
  CHECK(s ==
        "PREFIX ex: <http://e/ns#>\n"
        "PREFIX o: <http://e/ns#other/>\n"
        "SELECT ?s\n"
        "WHERE {\n"
        "  ?s a ex:C .\n"
        "  ?s ex:p <http://e/ns#a#b> .\n"
        "  ?s ex:p o:x .\n"
        "  ?s ex:p <http://zz/q> .\n"
        "}\n");
}

TEST_CASE("default prefixes used by the query are declared in the serialized text", "[sparql]") {
  ParseOptions o;
  o.default_prefixes = {{"", "http://valuenet/ontop/"}, {"unused", "http://u/"}};
  Query q = parse_query("select ?n where { ?t :singer\\#name ?n }", o);
  std::string s = serialize_query(q);
  CHECK(s.rfind("PREFIX : <http://valuenet/ontop/>\nSELECT ?n\n", 0) == 0);
  CHECK(s.find("unused") == std::string::npos);
  CHECK(to_sse(parse_query(s)) == to_sse(q));
}

TEST_CASE("literals are printed in a form that reads back identically", "[sparql]") {
  Query q = parse_query(
      "SELECT * { ?s ?p 1 , -2.5 , 1e3 , true , 'a\"b\\n' , 'x'@en , '01'^^<http://www.w3.org/"
      "2001/XMLSchema#integer> , 'y'^^<http://d> , "
      "'1.'^^<http://www.w3.org/2001/XMLSchema#decimal> }");
  std::string s = serialize_query(q);
  CHECK(s.find("?s ?p 1 .") != std::string::npos);
  CHECK(s.find("?s ?p -2.5 .") != std::string::npos);
  CHECK(s.find("?s ?p 1e3 .") != std::string::npos);
  CHECK(s.find("?s ?p true .") != std::string::npos);
  CHECK(s.find("?s ?p \"a\\\"b\\n\" .") != std::string::npos);
  CHECK(s.find("?s ?p \"x\"@en .") != std::string::npos);
  CHECK(s.find("?s ?p \"1.\"^^<http://www.w3.org/2001/XMLSchema#decimal> .") != std::string::npos);
  CHECK(to_sse(parse_query(s)) == to_sse(q));
}

TEST_CASE("numbers with a '+' sign are printed in full, not after a predicate as a path",
          "[sparql]") {
  // Found by fuzzing: ( +1 ) printed as "_:b0 rdf:first +1", which reads as rdf:first+ 1.
  Query q = parse_query("ASK { ( +1 0 ) . ?s ?p +.5 , +1e0 }");
  std::string s = serialize_query(q);
  INFO(s);
  CHECK(s.find("?s ?p \"+.5\"^^<http://www.w3.org/2001/XMLSchema#decimal> .") != std::string::npos);
  CHECK(s.find("\"+1\"^^<http://www.w3.org/2001/XMLSchema#integer> .") != std::string::npos);
  CHECK(to_sse(parse_query(s)) == to_sse(q));
  check_round_trip("SELECT * { ?s ?p ?o FILTER(?o = +1) }");
}

TEST_CASE("tricky constructs survive the round trip", "[sparql]") {
  const char* queries[] = {
      "PREFIX : <http://e/> SELECT * { ?s ^(:a/:b)|(:c|:d)/:e* ?o . ?s !() ?x . ?s !^:f ?y }",
      "PREFIX : <http://e/> SELECT * { ?s (^:a)+ ?o . ?s ((:a)) ?z . ?s :a/(:b/:c) ?w }",
      "SELECT * { ?s ?p ?o FILTER(?o - -1 > -(?o) && !(?o = +3) || ?o * 2 / 4 != 1) }",
      "SELECT * { _:x ?p [ ?q ( 1 [] ( ) ) ] . _:b0 ?p ?o . _:b1 ?p ?o }",
      "CONSTRUCT { ?s ?p [ ?q ?o ] } FROM <http://g> FROM NAMED <http://n> WHERE { ?s ?p ?o }",
      "CONSTRUCT WHERE { ?s ?p ?o . ?o ?q 1 } LIMIT 3",
      "DESCRIBE * WHERE { ?s ?p ?o } ORDER BY ?s",
      "DESCRIBE <http://a> ?x",
      "ASK { { SELECT ?s (COUNT(*) AS ?n) { ?s ?p ?o FILTER(?o > 2) } GROUP BY ?s HAVING (?n > 1) "
      "} }",
      "SELECT ?s { ?s ?p ?o OPTIONAL { ?o ?q ?r MINUS { ?r ?x ?y } } { ?a ?b ?c } UNION { ?d ?e "
      "?f } BIND(IF(BOUND(?r), 1, 0) AS ?z) VALUES (?s ?o) { (<http://a> UNDEF) } GRAPH <http://g> "
      "{ ?g ?h ?i } SERVICE SILENT ?svc { ?j ?k ?l } }",
      "SELECT (GROUP_CONCAT(?o ; SEPARATOR = '\\t') AS ?g) (SAMPLE(?o) AS ?x) ?s { ?s ?p ?o } "
      "GROUP BY ?s (LCASE(?p)) ORDER BY ASC(?s) DESC(?g) LIMIT 1 OFFSET 2",
      "SELECT * { ?s ?p ?o FILTER NOT EXISTS { ?s ?q ?r FILTER EXISTS { ?r ?a ?b } } } VALUES ?s "
      "{ <http://a> }",
      "SELECT * { ?s ?p ?o FILTER(<http://f>(DISTINCT ?o, 1) && <http://g>() && ?o IN (1, 2) && "
      "?o NOT IN ()) }",
      "BASE <http://b/x/> SELECT * { <y> ?p ?o }",
  };
  for (const char* q : queries)
    check_round_trip(q);
}

TEST_CASE("the algebra printed as SPARQL reads back to an equivalent query", "[sparql]") {
  Query q = parse_query(
      "PREFIX : <http://e/> SELECT ?s (COUNT(?o) AS ?n) WHERE { ?s :p/:q ?o OPTIONAL { ?o :r ?x "
      "FILTER(?x > 1) } FILTER(?s != :z) } GROUP BY ?s HAVING (COUNT(?o) > 2) ORDER BY DESC(?n) "
      "LIMIT 10");
  std::string text = serialize_algebra(q.algebra(), q.prologue());
  INFO(text);
  Query again = parse_query(text);
  // The path variable becomes a named variable; otherwise the algebra is the same.
  std::string expected = to_sse(q);
  std::string got = to_sse(again);
  auto replace_all = [](std::string s, const std::string& from, const std::string& to) {
    for (auto pos = s.find(from); pos != std::string::npos; pos = s.find(from, pos + to.size()))
      s.replace(pos, from.size(), to);
    return s;
  };
  CHECK(replace_all(got, "?__path_P0", "??P0") == expected);

  Query simple = parse_query("SELECT * { ?s ?p ?o }");
  CHECK(serialize_algebra(simple.algebra().children[0], simple.prologue(), {"s"}) ==
        "SELECT ?s\nWHERE {\n  ?s ?p ?o .\n}\n");
}

TEST_CASE("describe_query reports form, algebra and SERVICE clauses", "[sparql]") {
  Query q = parse_query("SELECT * { SERVICE <http://x/sparql> { ?s ?p ?o } }");
  std::string d = describe_query(q);
  CHECK(d.rfind("form: SELECT\nalgebra:\n(project (?s ?p ?o)\n  (service <http://x/sparql>", 0) ==
        0);
  CHECK(d.find("SERVICE clauses: 1\n  1:12 <http://x/sparql>\n") != std::string::npos);
  CHECK(d.find("single SERVICE") != std::string::npos);
}
