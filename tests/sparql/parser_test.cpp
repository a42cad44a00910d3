#include "sparqlmcp/sparql/parser.hpp"

#include <catch2/catch.hpp>

#include "sparqlmcp/sparql/serializer.hpp"
#include "support/error_matchers.hpp"

using namespace sparqlmcp;
using namespace sparqlmcp::sparql;
using sparqlmcp::test::is_error;

namespace {

std::string sse(const std::string& q, const ParseOptions& o = {}) {
  return to_sse(parse_query(q, o));
}

const std::string P = "PREFIX : <http://e/> ";
// SSE writes numbers and booleans bare, as Jena does.
const std::string I = "1";
const std::string I3 = "3";

}  // namespace

TEST_CASE("the query form and prologue are recorded", "[sparql]") {
  Query q = parse_query("BASE <http://b/> PREFIX a: <x/> PREFIX b: <http://y/> ASK { ?s a:p ?o }");
  CHECK(q.form() == QueryForm::Ask);
  CHECK(q.prologue().base == "http://b/");
  REQUIRE(q.prologue().prefixes.size() == 2);
  CHECK(q.prologue().prefixes[0] == std::pair<std::string, std::string>{"a", "http://b/x/"});
  CHECK(q.prologue().prefixes[1].first == "b");
  CHECK(parse_query("CONSTRUCT { ?s ?p ?o } WHERE { ?s ?p ?o }").form() == QueryForm::Construct);
  CHECK(parse_query("DESCRIBE <http://x>").form() == QueryForm::Describe);
  CHECK(parse_query("select * { }").form() == QueryForm::Select);
}

TEST_CASE("SELECT clauses: star, expressions, DISTINCT, REDUCED", "[sparql]") {
  CHECK(sse("SELECT DISTINCT ?s { ?s ?p ?o }") ==
        "(distinct (project (?s) (bgp (triple ?s ?p ?o))))");
  CHECK(sse("SELECT REDUCED * { ?s ?p ?o }") ==
        "(reduced (project (?s ?p ?o) (bgp (triple ?s ?p ?o))))");
  CHECK(sse("SELECT (STRLEN(?o) AS ?n) { ?s ?p ?o }") ==
        "(project (?n) (extend ((?n (strlen ?o))) (bgp (triple ?s ?p ?o))))");
}

TEST_CASE("literals get their datatypes and forms", "[sparql]") {
  CHECK(sse("SELECT * { ?s ?p 1 , -2.5 , +1e3 , true , 'x'@en-GB , 'y'^^<http://d> , \"\"\"z\"\"\" "
            "}") ==
        "(project (?s ?p) (bgp (triple ?s ?p 1) (triple ?s ?p -2.5) (triple ?s ?p +1e3) (triple ?s "
        "?p true) (triple ?s ?p \"x\"@en-GB) (triple ?s ?p \"y\"^^<http://d>) (triple ?s ?p "
        "\"z\")))");
}

TEST_CASE("blank node property lists and collections expand to triples", "[sparql]") {
  CHECK(sse(P + "SELECT * { [] :p [ :q ?x ] }") ==
        "(project (?x) (bgp (triple _:b0 <http://e/p> _:b1) (triple _:b1 <http://e/q> ?x)))");
  CHECK(sse(P + "ASK { ?s :p (1 ?x) }") ==
        "(bgp (triple ?s <http://e/p> _:b0) (triple _:b0 "
        "<http://www.w3.org/1999/02/22-rdf-syntax-ns#first> " +
            I +
            ") (triple _:b0 <http://www.w3.org/1999/02/22-rdf-syntax-ns#rest> _:b1) (triple _:b1 "
            "<http://www.w3.org/1999/02/22-rdf-syntax-ns#first> ?x) (triple _:b1 "
            "<http://www.w3.org/1999/02/22-rdf-syntax-ns#rest> "
            "<http://www.w3.org/1999/02/22-rdf-syntax-ns#nil>))");
}

TEST_CASE("property paths translate as in section 18.2.2.4", "[sparql]") {
  CHECK(sse(P + "ASK { ?s :a/:b ?o }") ==
        "(bgp (triple ?s <http://e/a> ??P0) (triple ??P0 <http://e/b> ?o))");
  CHECK(sse(P + "ASK { ?s ^:a ?o }") == "(bgp (triple ?o <http://e/a> ?s))");
  CHECK(sse(P + "ASK { ?s :a|:b ?o }") == "(path ?s (alt <http://e/a> <http://e/b>) ?o)");
  CHECK(sse(P + "ASK { ?s :a* ?o }") == "(path ?s (path* <http://e/a>) ?o)");
  CHECK(sse(P + "ASK { ?s (:a/:b)+ ?o }") ==
        "(path ?s (path+ (seq <http://e/a> <http://e/b>)) ?o)");
  CHECK(sse(P + "ASK { ?s !(a|^:b) ?o }") ==
        "(path ?s (notoneof <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> (reverse "
        "<http://e/b>)) ?o)");
  CHECK(sse(P + "ASK { ?s :a? ?o }") == "(path ?s (path? <http://e/a>) ?o)");
}

TEST_CASE("group graph patterns translate as in the examples of section 18.2.3", "[sparql]") {
  CHECK(
      sse(P + "ASK { ?s :p1 ?v1 OPTIONAL { ?s :p2 ?v2 FILTER(?v1 < 3) } }") ==
      "(leftjoin (bgp (triple ?s <http://e/p1> ?v1)) (bgp (triple ?s <http://e/p2> ?v2)) (< ?v1 " +
          I3 + "))");
  CHECK(
      sse(P + "ASK { ?s :p1 ?v1 FILTER (?v1 < 3) OPTIONAL { ?s :p3 ?v3 } }") ==
      "(filter (< ?v1 " + I3 +
          ") (leftjoin (bgp (triple ?s <http://e/p1> ?v1)) (bgp (triple ?s <http://e/p3> ?v3))))");
  CHECK(sse(P + "ASK { { ?s :p1 ?v1 } UNION { ?s :p2 ?v2 } UNION { ?s :p3 ?v3 } }") ==
        "(union (union (bgp (triple ?s <http://e/p1> ?v1)) (bgp (triple ?s <http://e/p2> ?v2))) "
        "(bgp (triple ?s <http://e/p3> ?v3)))");
  CHECK(sse(P + "ASK { ?s :p1 ?v1 OPTIONAL { ?s :p2 ?v2 } OPTIONAL { ?s :p3 ?v3 } }") ==
        "(leftjoin (leftjoin (bgp (triple ?s <http://e/p1> ?v1)) (bgp (triple ?s <http://e/p2> "
        "?v2))) (bgp (triple ?s <http://e/p3> ?v3)))");
  CHECK(sse("ASK { }") == "(table unit)");
  // Triples blocks interrupted only by filters are one basic graph pattern (4.1.4, 5.1.1).
  CHECK(sse("ASK { ?s ?p ?o FILTER(?o) ?o ?q _:b }") ==
        "(filter ?o (bgp (triple ?s ?p ?o) (triple ?o ?q _:b0)))");
  CHECK(sse("ASK { ?s ?p ?o OPTIONAL { ?a ?b ?c } ?o ?q ?r }") ==
        "(join (leftjoin (bgp (triple ?s ?p ?o)) (bgp (triple ?a ?b ?c))) (bgp (triple ?o ?q "
        "?r)))");
  CHECK(sse("ASK { {} ?s ?p ?o }") == "(bgp (triple ?s ?p ?o))");
}

TEST_CASE("BIND, MINUS, VALUES, GRAPH, SERVICE and sub-queries", "[sparql]") {
  CHECK(
      sse(P +
          "SELECT ?x { ?x :p ?y MINUS { ?x :q ?y } BIND(?y + 1 AS ?z) VALUES ?x { :a UNDEF } }") ==
      "(project (?x) (join (extend ((?z (+ ?y " + I +
          "))) (minus (bgp (triple ?x <http://e/p> ?y)) (bgp (triple ?x <http://e/q> ?y)))) "
          "(table (vars ?x) (row [?x <http://e/a>]) (row))))");
  CHECK(sse("ASK { GRAPH ?g { ?s ?p ?o } SERVICE SILENT <http://x/sparql> { ?s ?p ?q } }") ==
        "(join (graph ?g (bgp (triple ?s ?p ?o))) (service silent <http://x/sparql> (bgp (triple "
        "?s ?p ?q))))");
  CHECK(sse("SELECT ?s { { SELECT ?s WHERE { ?s ?p ?o } LIMIT 3 } } ORDER BY ?s OFFSET 2") ==
        "(slice 2 _ (project (?s) (order (?s) (tomultiset (slice _ 3 (project (?s) (bgp (triple "
        "?s ?p ?o))))))))");
  CHECK(sse("SELECT * { ?s ?p ?o } VALUES (?s ?o) { (<http://a> 1) (UNDEF UNDEF) }") ==
        "(project (?s ?p ?o) (join (bgp (triple ?s ?p ?o)) (table (vars ?s ?o) (row [?s "
        "<http://a>] [?o " +
            I + "]) (row))))");
}

TEST_CASE("aggregates translate to group, extend and filter (18.2.4.1)", "[sparql]") {
  CHECK(sse(P + "SELECT (SUM(?val) AS ?sum) (COUNT(?a) AS ?count) WHERE { ?a :value ?val } GROUP "
                "BY ?a") ==
        "(project (?sum ?count) (extend ((?count ?.1)) (extend ((?sum ?.0)) (group (?a) ((?.0 (sum "
        "?val)) (?.1 (count ?a))) (bgp (triple ?a <http://e/value> ?val))))))");
  CHECK(
      sse("SELECT ?k (COUNT(*) AS ?n) { ?s ?p ?o } GROUP BY (STR(?p) AS ?k) HAVING (COUNT(*) > 1) "
          "ORDER BY DESC(COUNT(*))") ==
      "(project (?k ?n) (order ((desc ?.0)) (extend ((?n ?.0)) (filter (> ?.0 " + I +
          ") (group ((?k (str ?p))) ((?.0 (count))) (bgp (triple ?s ?p ?o)))))))");
  CHECK(
      sse("SELECT (GROUP_CONCAT(DISTINCT ?x ; SEPARATOR = ', ') AS ?g) { ?x ?p ?o }") ==
      "(project (?g) (extend ((?g ?.0)) (group () ((?.0 (group_concat distinct (separator \", \") "
      "?x))) (bgp (triple ?x ?p ?o)))))");
}

TEST_CASE("every built-in call of the grammar parses", "[sparql]") {
  const char* calls[] = {"STR(?x)",
                         "LANG(?x)",
                         "LANGMATCHES(?x, '*')",
                         "DATATYPE(?x)",
                         "BOUND(?x)",
                         "IRI(?x)",
                         "URI(?x)",
                         "BNODE()",
                         "BNODE(?x)",
                         "RAND()",
                         "ABS(?x)",
                         "CEIL(?x)",
                         "FLOOR(?x)",
                         "ROUND(?x)",
                         "CONCAT(?x, ?x)",
                         "CONCAT()",
                         "SUBSTR(?x, 1)",
                         "SUBSTR(?x, 1, 2)",
                         "STRLEN(?x)",
                         "REPLACE(?x, 'a', 'b')",
                         "REPLACE(?x, 'a', 'b', 'i')",
                         "UCASE(?x)",
                         "LCASE(?x)",
                         "ENCODE_FOR_URI(?x)",
                         "CONTAINS(?x, 'a')",
                         "STRSTARTS(?x, 'a')",
                         "STRENDS(?x, 'a')",
                         "STRBEFORE(?x, 'a')",
                         "STRAFTER(?x, 'a')",
                         "YEAR(?x)",
                         "MONTH(?x)",
                         "DAY(?x)",
                         "HOURS(?x)",
                         "MINUTES(?x)",
                         "SECONDS(?x)",
                         "TIMEZONE(?x)",
                         "TZ(?x)",
                         "NOW()",
                         "UUID()",
                         "STRUUID()",
                         "MD5(?x)",
                         "SHA1(?x)",
                         "SHA256(?x)",
                         "SHA384(?x)",
                         "SHA512(?x)",
                         "COALESCE(?x, 1)",
                         "IF(?x, 1, 2)",
                         "STRLANG(?x, 'en')",
                         "STRDT(?x, <http://d>)",
                         "sameTerm(?x, ?x)",
                         "isIRI(?x)",
                         "isURI(?x)",
                         "isBLANK(?x)",
                         "isLITERAL(?x)",
                         "isNUMERIC(?x)",
                         "REGEX(?x, 'a')",
                         "REGEX(?x, 'a', 'i')",
                         "EXISTS { ?x ?p ?o }",
                         "NOT EXISTS { ?x ?p ?o }",
                         "<http://f>(?x)",
                         "?x IN (1, 2)",
                         "?x NOT IN ()"};
  for (const char* call : calls) {
    INFO(call);
    std::string q = std::string("SELECT * { ?x ?p ?o FILTER(") + call + ") }";
    Query parsed = parse_query(q);
    CHECK(to_sse(parse_query(serialize_query(parsed))) == to_sse(parsed));
  }
}

TEST_CASE("built-in calls with the wrong number of arguments are errors", "[sparql][error]") {
  CHECK_THROWS_MATCHES(
      parse_query("SELECT * { FILTER(STRLEN(?a, ?b)) }"), Exception,
      is_error(ErrorKind::Syntax).at(1, 19).with_message("STRLEN takes 1 argument, not 2"));
}

TEST_CASE("relative IRIs resolve against BASE per RFC 3986", "[sparql]") {
  CHECK(sse("BASE <http://a/b/c/d;p?q> ASK { <g> <../g> <//g> . <?y> <#s> <../../../g> }") ==
        "(bgp (triple <http://a/b/c/g> <http://a/b/g> <http://g>) (triple <http://a/b/c/d;p?y> "
        "<http://a/b/c/d;p?q#s> <http://a/g>))");
  // "a_b:c" has no scheme (RFC 3986 3.1), so it is a relative path: the engine's IRI() resolves
  // it the same way (one resolver, rdf::resolve_iri).
  CHECK(sse("BASE <http://e/dir/doc> ASK { <a_b:c> <1a:b> <urn:x> }") ==
        "(bgp (triple <http://e/dir/a_b:c> <http://e/dir/1a:b> <urn:x>))");
  ParseOptions o;
  o.base_iri = "http://base/x/";
  CHECK(sse("ASK { <y> <./z> <../w> }", o) ==
        "(bgp (triple <http://base/x/y> <http://base/x/z> <http://base/w>))");
}

TEST_CASE("a relative BASE with no base before it leaves relative IRIs as written", "[sparql]") {
  // Found by fuzzing: the scheme-less base gave <:x/y>, which read back as <:x/:x/y>.
  const std::string query = "BASE <x/> ASK { <y> <#p> <http://abs/z> }";
  CHECK(sse(query) == "(bgp (triple <y> <#p> <http://abs/z>))");
  CHECK(to_sse(parse_query(serialize_query(parse_query(query)))) == to_sse(parse_query(query)));
  CHECK(sse("BASE <x/> BASE <http://a/b/> ASK { <y> ?p ?o }") ==
        "(bgp (triple <http://a/b/y> ?p ?o))");
}

TEST_CASE("default prefixes apply only when the query does not declare the prefix", "[sparql]") {
  ParseOptions o;
  o.default_prefixes = {{"wdt", "http://www.wikidata.org/prop/direct/"}, {"ex", "http://def/"}};
  Query q = parse_query("PREFIX ex: <http://mine/> ASK { ?s wdt:P31 ex:a }", o);
  CHECK(to_sse(q) == "(bgp (triple ?s <http://www.wikidata.org/prop/direct/P31> <http://mine/a>))");
  REQUIRE(q.prologue().implicit_prefixes.size() == 1);
  CHECK(q.prologue().implicit_prefixes[0].first == "wdt");
}

TEST_CASE("an undeclared prefix names the prefix and the fix", "[sparql][error]") {
  CHECK_THROWS_MATCHES(
      parse_query("SELECT ?item WHERE {\n  ?item wdt:P31 ?x }"), Exception,
      is_error(ErrorKind::Syntax)
          .at(2, 9)
          .with_message("prefix 'wdt:' is not declared; add PREFIX wdt: <...> to the query"));
}

TEST_CASE("a syntax error names the token found and what was expected", "[sparql][error]") {
  CHECK_THROWS_MATCHES(parse_query("SELECT * WHERE { ?s ?p }"), Exception,
                       is_error(ErrorKind::Syntax)
                           .at(1, 24)
                           .with_message("unexpected '}', expected a triple pattern object (an "
                                         "IRI, prefixed name, literal, variable or blank node)"));
}

TEST_CASE("error columns count code points after multibyte characters", "[sparql][error]") {
  // The ',' is followed by '}' where an object is expected.
  CHECK_THROWS_MATCHES(parse_query("SELECT * WHERE { ?s <http://e/ü> \"日本\" , }\n"), Exception,
                       is_error(ErrorKind::Syntax).at(1, 41));
  CHECK_THROWS_MATCHES(
      parse_query("# ☃☃☃\nSELECT ?x { ?x ?y ?z } LIMIT x"), Exception,
      is_error(ErrorKind::Syntax)
          .at(2, 30)
          .with_message("unexpected 'x', expected a non-negative integer after LIMIT"));
}

TEST_CASE("missing pieces are reported at the end of the query", "[sparql][error]") {
  CHECK_THROWS_MATCHES(parse_query("SELECT * WHERE { ?s ?p ?o "), Exception,
                       is_error(ErrorKind::Syntax)
                           .at(1, 27)
                           .with_message("unexpected end of query, expected '.', '}' or a graph "
                                         "pattern keyword (OPTIONAL, FILTER, ...)"));
  CHECK_THROWS_MATCHES(
      parse_query(""), Exception,
      is_error(ErrorKind::Syntax)
          .at(1, 1)
          .with_message("unexpected end of query, expected SELECT, CONSTRUCT, DESCRIBE or ASK"));
}

TEST_CASE("the static errors of the specification are syntax errors", "[sparql][error]") {
  struct Case {
    const char* query;
    const char* message_start;
  };
  const Case cases[] = {
      {"SELECT (1 AS ?x) { ?x ?p ?o }",
       "the variable ?x of (expression AS ?x) is already in scope"},
      {"SELECT * { ?x ?p ?o BIND(1 AS ?x) }", "BIND(... AS ?x): the variable ?x is already used"},
      {"SELECT * { ?x ?p ?o } GROUP BY ?x", "SELECT * cannot be used with GROUP BY"},
      {"SELECT ?p { ?x ?p ?o } GROUP BY ?x", "the variable ?p is selected but is neither grouped"},
      {"SELECT (COUNT(?x) + ?o AS ?n) { ?x ?p ?o }", "the variable ?o is used in SELECT outside"},
      {"SELECT * { ?x ?p ?o FILTER(COUNT(?x) > 1) }", "aggregates are not allowed in FILTER"},
      {"SELECT (SUM(COUNT(?x)) AS ?n) { ?x ?p ?o }", "aggregates cannot be nested"},
      {"SELECT * { _:a ?p ?o OPTIONAL { _:a ?q ?r } }", "the blank node label _:a is used in two"},
      {"SELECT * { VALUES (?a ?b) { (1) } }", "a VALUES row has 1 values but 2 variables"},
      {"SELECT * { ?s ?p ?o } GROUP BY (COUNT(?s))", "aggregates are not allowed in GROUP BY"},
  };
  for (const auto& c : cases) {
    INFO(c.query);
    Error e = test::error_of([&] { parse_query(c.query); });
    CHECK_THAT(e, is_error(ErrorKind::Syntax).with_message_starting(c.message_start));
    CHECK(e.span.has_value());
  }
  // Filters do not end a basic graph pattern, so the label may be used again.
  CHECK_NOTHROW(parse_query("SELECT * { _:a ?p ?o FILTER(true) _:a ?q ?r }"));
}

TEST_CASE("SPARQL Update requests are refused as unsupported", "[sparql][error]") {
  struct Case {
    const char* text;
    const char* operation;
  };
  const Case cases[] = {
      {"INSERT DATA { <a> <b> <c> }", "INSERT DATA"},
      {"PREFIX : <http://e/> DELETE DATA { :a :b :c }", "DELETE DATA"},
      {"DELETE WHERE { ?s ?p ?o }", "DELETE WHERE"},
      {"DELETE { ?s ?p ?o } INSERT { ?s ?p 1 } WHERE { ?s ?p ?o }", "DELETE/INSERT"},
      {"WITH <http://g> DELETE { ?s ?p ?o } WHERE { ?s ?p ?o }", "DELETE/INSERT"},
      {"LOAD <http://x>", "LOAD"},
      {"clear all", "CLEAR"},
      {"CREATE GRAPH <http://g>", "CREATE"},
      {"DROP SILENT GRAPH <http://g>", "DROP"},
      {"COPY <http://a> TO <http://b>", "COPY"},
      {"MOVE DEFAULT TO <http://b>", "MOVE"},
      {"ADD <http://a> TO <http://b>", "ADD"},
      {"# comment\nBASE <http://b/> PREFIX ex: <x#> INSERT DATA { ex:a ex:b \"bad \\q escape\" }",
       "INSERT DATA"},
  };
  for (const auto& c : cases) {
    INFO(c.text);
    CHECK_THROWS_MATCHES(
        parse_query(c.text), Exception,
        is_error(ErrorKind::Unsupported)
            .with_message(std::string("this server is read-only: SPARQL Update (") + c.operation +
                          ") is not accepted; send a SELECT, ASK, CONSTRUCT or "
                          "DESCRIBE query"));
  }
}

TEST_CASE("deep nesting is refused instead of overflowing the stack", "[sparql][error]") {
  std::string q = "SELECT * WHERE ";
  for (int i = 0; i < 5000; ++i)
    q += "{";
  CHECK_THROWS_MATCHES(
      parse_query(q), Exception,
      is_error(ErrorKind::Syntax).with_message_starting("the query is nested too deeply"));
}

TEST_CASE("common mistakes get a hint on how to fix them", "[sparql][error]") {
  CHECK_THROWS_MATCHES(
      parse_query("SELECT * { ?s ?p ?o } LIMIT 10 ORDER BY ?s"), Exception,
      is_error(ErrorKind::Syntax)
          .at(1, 32)
          .with_message("unexpected 'ORDER', expected the end of the query (solution modifiers "
                        "must come in the order GROUP BY, HAVING, ORDER BY, LIMIT/OFFSET, each at "
                        "most once)"));
  CHECK_THROWS_MATCHES(parse_query("SELECT ?s, ?o { ?s ?p ?o }"), Exception,
                       is_error(ErrorKind::Syntax)
                           .at(1, 10)
                           .with_message("unexpected ',' in the SELECT clause: variables are "
                                         "separated by spaces, not commas"));
  CHECK_THROWS_MATCHES(parse_query("SELECT * { ?s ?p ?o FILTER ?o > 1 }"), Exception,
                       is_error(ErrorKind::Syntax)
                           .at(1, 28)
                           .with_message("unexpected variable ?o, expected '(' or a function "
                                         "call (a constraint such as FILTER(?x > 1))"));
}

TEST_CASE("long operator chains count towards the nesting limit", "[sparql][error]") {
  std::string ok = "SELECT * { ?s ?p ?o FILTER(?o = 0";
  for (int i = 1; i < 500; ++i)
    ok += " || ?o = " + std::to_string(i);
  CHECK_NOTHROW(parse_query(ok + ") }"));
  std::string deep = "SELECT * { ?s ?p ?o FILTER(?o = 0";
  for (int i = 1; i < 20000; ++i)
    deep += " || ?o = " + std::to_string(i);
  CHECK_THROWS_MATCHES(
      parse_query(deep + ") }"), Exception,
      is_error(ErrorKind::Syntax)
          .with_message_starting("the query is nested too deeply (more than 1000 levels"));
}

TEST_CASE("long UNION and OPTIONAL chains count towards the nesting limit", "[sparql][error]") {
  std::string unions = "SELECT * { {?s ?p 0}";
  for (int i = 1; i < 5000; ++i)
    unions += " UNION {?s ?p " + std::to_string(i) + "}";
  CHECK_THROWS_MATCHES(
      parse_query(unions + " }"), Exception,
      is_error(ErrorKind::Syntax).with_message_starting("the query is nested too deeply"));
  std::string optionals = "SELECT * { ?s ?p ?o";
  for (int i = 1; i < 5000; ++i)
    optionals += " OPTIONAL {?s ?p " + std::to_string(i) + "}";
  CHECK_THROWS_MATCHES(
      parse_query(optionals + " }"), Exception,
      is_error(ErrorKind::Syntax).with_message_starting("the query is nested too deeply"));
  ParseOptions roomy;
  roomy.max_depth = 20000;
  CHECK_NOTHROW(parse_query(optionals + " }", roomy));
}

TEST_CASE("SSE writes a number bare only when that reads back as the same term", "[sparql]") {
  CHECK(sse("ASK { ?s ?p '1'^^<http://www.w3.org/2001/XMLSchema#integer> }") ==
        "(bgp (triple ?s ?p 1))");
  CHECK(sse("ASK { ?s ?p '01'^^<http://www.w3.org/2001/XMLSchema#integer> }") ==
        "(bgp (triple ?s ?p 01))");
  CHECK(sse("ASK { ?s ?p '1.'^^<http://www.w3.org/2001/XMLSchema#decimal> }") ==
        "(bgp (triple ?s ?p \"1.\"^^<http://www.w3.org/2001/XMLSchema#decimal>))");
  CHECK(sse("ASK { ?s ?p 'x'^^<http://www.w3.org/2001/XMLSchema#integer> }") ==
        "(bgp (triple ?s ?p \"x\"^^<http://www.w3.org/2001/XMLSchema#integer>))");
  CHECK(sse("ASK { ?s ?p 'true'^^<http://www.w3.org/2001/XMLSchema#boolean> }") ==
        sse("ASK { ?s ?p true }"));
}

TEST_CASE("an Update refusal points at the operation", "[sparql][error]") {
  CHECK_THROWS_MATCHES(parse_query("PREFIX ex: <http://e/>\n  DELETE WHERE { ?s ?p ?o }"),
                       Exception, is_error(ErrorKind::Unsupported).at(2, 3));
  // After a query, a ';' and an update: refused too.
  CHECK_THROWS_MATCHES(
      parse_query("SELECT * { ?s ?p ?o } LOAD <http://x>"), Exception,
      is_error(ErrorKind::Unsupported)
          .with_message_starting("this server is read-only: SPARQL Update (LOAD)"));
}

TEST_CASE("a syntax error quotes at most a short excerpt of a huge token", "[sparql][error]") {
  const std::string huge(5 * 1024 * 1024, 'a');
  const std::string digits(5 * 1024 * 1024, '7');
  const std::vector<std::string> queries = {
      "ASK { ?s ?p ?o } " + huge,                  // a name
      "ASK { ?s ?p ?o } ?" + huge,                 // a variable
      "ASK { ?s ?p ?o } " + digits,                // a number
      "ASK { ?s ?p ?o } _:" + huge,                // a blank node
      "ASK { ?s ?p ?o } \"" + huge + "\"",         // a string
      "ASK { ?s ?p ?o } <http://x/" + huge + ">",  // an IRI
      "ASK { " + huge + ":x ?p ?o }",              // an undeclared prefix
      "ASK { FILTER(" + huge + "(1)) }",           // an unknown function
      "ASK { ?s ?p \"x\"@" + huge + " } }",        // a language tag
  };
  for (const std::string& query : queries) {
    INFO(query.substr(0, 40));
    const Error error = test::error_of([&] { parse_query(query); });
    CHECK(error.kind == ErrorKind::Syntax);
    CHECK(error.to_text().size() < 1000);
  }
}
