#include "sparqlmcp/results/parser.hpp"

#include <catch2/catch.hpp>

#include "sparqlmcp/results/serializer.hpp"
#include "support/error_matchers.hpp"
#include "test_support.hpp"

using namespace sparqlmcp;
using namespace sparqlmcp::results;
using sparqlmcp::results::test::fixture;
using sparqlmcp::test::is_error;

namespace {
constexpr const char* kXsdInteger = "http://www.w3.org/2001/XMLSchema#integer";
}

TEST_CASE("JSON results with SPARQL 1.0 typed-literal terms are read as typed literals",
          "[results]") {
  QueryResults r = parse_results(fixture("typed_literal.srj"), ResultsFormat::Json);
  REQUIRE(r.kind == QueryResults::Kind::Bindings);
  REQUIRE(r.variables == std::vector<std::string>{"x", "n", "d", "label"});
  REQUIRE(r.rows.size() == 2);
  CHECK(r.rows[0][0] == rdf::Term::iri("http://dbpedia.org/resource/Vienna"));
  CHECK(r.rows[0][1] == rdf::Term::literal("1897491", kXsdInteger));
  CHECK(r.rows[0][2] == rdf::Term::literal("2020-01-01", "http://www.w3.org/2001/XMLSchema#date"));
  CHECK(r.rows[0][3] == rdf::Term::literal("Wien", "", "de"));
  CHECK_FALSE(r.rows[1][1].has_value());
  CHECK_FALSE(r.rows[1][2].has_value());
  CHECK(r.rows[1][3] == rdf::Term::literal("Graz"));
}

TEST_CASE("JSON results keep blank nodes, unicode and escaped characters", "[results]") {
  QueryResults r = parse_results(fixture("bnode_unicode.srj"), ResultsFormat::Json);
  REQUIRE(r.rows.size() == 4);
  CHECK(r.rows[0][0] == rdf::Term::blank("b0"));
  CHECK(r.rows[0][1] == rdf::Term::literal("日本語 été 😀", "", "ja"));
  CHECK(r.rows[1][1] == rdf::Term::literal("a < b & c > \"d\" 'e'\ttab\nnewline\\back"));
  CHECK(r.rows[2][0] == rdf::Term::iri("http://example.org/café?q=1&r=2"));
  CHECK(r.rows[2][1] == rdf::Term::literal(""));
  CHECK_FALSE(r.rows[3][0].has_value());
}

TEST_CASE("JSON bindings of variables missing from the head add those variables", "[results]") {
  QueryResults r = parse_results(fixture("extra_variable.srj"), ResultsFormat::Json);
  REQUIRE(r.variables == std::vector<std::string>{"a", "b", "z"});
  REQUIRE(r.rows.size() == 2);
  CHECK(r.rows[0][0] == rdf::Term::iri("http://e/1"));
  CHECK_FALSE(r.rows[0][1].has_value());
  CHECK(r.rows[0][2] == rdf::Term::literal("extra"));
  CHECK(r.rows[1].size() == 3);
  CHECK(r.rows[1][1] == rdf::Term::literal("2", kXsdInteger));
}

TEST_CASE("JSON boolean results keep their links and ignore unknown members", "[results]") {
  QueryResults r = parse_results(fixture("ask_with_link.srj"), ResultsFormat::Json);
  CHECK(r.kind == QueryResults::Kind::Boolean);
  CHECK(r.boolean);
  CHECK(r.links == std::vector<std::string>{"http://example.org/metadata.rdf"});
  QueryResults f = parse_results(R"({"head":{},"boolean":false})", ResultsFormat::Json);
  CHECK(f.kind == QueryResults::Kind::Boolean);
  CHECK_FALSE(f.boolean);
}

TEST_CASE("JSON literals with a language tag and a datatype keep only the tag", "[results]") {
  QueryResults r = parse_results(
      R"({"head":{"vars":["l"]},"results":{"bindings":[{"l":{"type":"literal","value":"x",)"
      R"("xml:lang":"en","datatype":"http://www.w3.org/1999/02/22-rdf-syntax-ns#langString"}}]}})",
      ResultsFormat::Json);
  CHECK(r.rows.at(0).at(0) == rdf::Term::literal("x", "", "en"));
}

TEST_CASE("JSON results without a head are rejected with a clear message", "[results][error]") {
  CHECK_THROWS_MATCHES(parse_results(R"({"results":{"bindings":[]}})", ResultsFormat::Json),
                       Exception,
                       is_error(ErrorKind::Syntax)
                           .with_message("the endpoint's JSON results have no 'head' member"));
}

TEST_CASE("JSON results without results or boolean are rejected", "[results][error]") {
  CHECK_THROWS_MATCHES(parse_results(R"({"head":{"vars":[]}})", ResultsFormat::Json), Exception,
                       is_error(ErrorKind::Syntax)
                           .with_message("the endpoint's JSON results have neither a 'results' "
                                         "nor a 'boolean' member"));
}

TEST_CASE("JSON terms of an unknown type are rejected naming the variable", "[results][error]") {
  CHECK_THROWS_MATCHES(
      parse_results(
          R"({"head":{"vars":["v"]},"results":{"bindings":[{"v":{"type":"iri","value":"x"}}]}})",
          ResultsFormat::Json),
      Exception,
      is_error(ErrorKind::Syntax)
          .with_message("the endpoint's JSON results have an unknown term type 'iri' for ?v "
                        "(expected uri, literal, typed-literal or bnode)"));
}

TEST_CASE("JSON quoted triples are reported as unsupported", "[results][error]") {
  CHECK_THROWS_MATCHES(
      parse_results(
          R"({"head":{"vars":["t"]},"results":{"bindings":[{"t":{"type":"triple","value":{}}}]}})",
          ResultsFormat::Json),
      Exception, is_error(ErrorKind::Unsupported).with_message_containing("triple"));
}

TEST_CASE("malformed JSON reports the line and the column in code points", "[results][error]") {
  // Line 2: the missing ',' before "v" is at code point 43 ("é" is two bytes, one column).
  std::string body =
      "{\"head\":{\"vars\":[\"é\"]},\n"
      "\"results\":{\"bindings\":[{\"é\":{\"type\":\"uri\" \"v\":\"x\"}}]}}";
  CHECK_THROWS_MATCHES(
      parse_results(body, ResultsFormat::Json), Exception,
      is_error(ErrorKind::Syntax).at(2, 43).with_message_starting("malformed JSON results: "));
}

TEST_CASE("truncated JSON reports the end of the document", "[results][error]") {
  std::string body = "{\"head\":{\"vars\":[\"x\"]},\n\"results\":{\"bindings\":[";
  CHECK_THROWS_MATCHES(parse_results(body, ResultsFormat::Json), Exception,
                       is_error(ErrorKind::Syntax).at(2, 24));
}

TEST_CASE("a JSON document that is not an object is rejected", "[results][error]") {
  CHECK_THROWS_MATCHES(parse_results("[1,2]", ResultsFormat::Json), Exception,
                       is_error(ErrorKind::Syntax)
                           .with_message("the endpoint's JSON results are not a JSON object"));
}

TEST_CASE("an HTML error page sent as JSON is a syntax error at line 1 column 1",
          "[results][error]") {
  CHECK_THROWS_MATCHES(parse_results("<html>oops</html>", ResultsFormat::Json), Exception,
                       is_error(ErrorKind::Syntax).at(1, 1));
}

TEST_CASE("JSON errors point at the start of the offending token", "[results][error]") {
  struct Case {
    std::string body;
    std::size_t line, column;
  };
  for (const Case& c : {
           Case{"{\"head\":{\"vars\":[\"x\"]},\"boolean\":tru}", 1, 34},
           Case{"{\"head\" \"a \\\" b\"}", 1, 9},
           Case{"{\"head\":\n  {\"vars\": [\"é\" 12]}}", 2, 17},
           Case{"{\"head\":{},\"boolean\":\"a\nb\"}", 1, 24},
       }) {
    INFO(c.body);
    CHECK_THROWS_MATCHES(parse_results(c.body, ResultsFormat::Json), Exception,
                         is_error(ErrorKind::Syntax).at(c.line, c.column));
  }
}

TEST_CASE("JSON string escapes, surrogate pairs and unquoted scalars are decoded", "[results]") {
  QueryResults r = parse_results(
      R"({"head":{"vars":["a","b","c"]},"results":{"bindings":[{)"
      R"("a":{"type":"literal","value":"\ud83d\ude00 \u00e9\/\b\f\n\r\t\"\\"},)"
      R"("b":{"value":42,"type":"typed-literal","datatype":"http://www.w3.org/2001/XMLSchema#integer"},)"
      R"("c":{"type":"bnode","value":"_:x1","extra":{"ignored":[1,true,null]}}}]}})",
      ResultsFormat::Json);
  REQUIRE(r.rows.size() == 1);
  CHECK(r.rows[0][0] == rdf::Term::literal("😀 é/\b\f\n\r\t\"\\"));
  CHECK(r.rows[0][1] == rdf::Term::literal("42", kXsdInteger));
  CHECK(r.rows[0][2] == rdf::Term::blank("x1"));
}

TEST_CASE("JSON term errors carry the position of the term", "[results][error]") {
  CHECK_THROWS_MATCHES(
      parse_results("{\"head\":{\"vars\":[\"v\"]},\"results\":{\"bindings\":[\n"
                    "  {\"v\": {\"value\":\"x\"}}]}}",
                    ResultsFormat::Json),
      Exception,
      is_error(ErrorKind::Syntax)
          .at(2, 9)
          .with_message("the endpoint's JSON results have a term without a 'type' member for ?v"));
}

TEST_CASE("JSON lone surrogates and bad escapes are rejected", "[results][error]") {
  CHECK_THROWS_MATCHES(
      parse_results(R"({"head":{"vars":["\udc00"]},"boolean":true})", ResultsFormat::Json),
      Exception,
      is_error(ErrorKind::Syntax)
          .at(1, 19)
          .with_message("malformed JSON results: a lone low surrogate in a \\u escape"));
  CHECK_THROWS_MATCHES(
      parse_results(R"({"head":{"vars":["\x"]},"boolean":true})", ResultsFormat::Json), Exception,
      is_error(ErrorKind::Syntax)
          .at(1, 19)
          .with_message("malformed JSON results: invalid escape '\\x' in a string"));
}

TEST_CASE("text after the JSON document is rejected", "[results][error]") {
  CHECK_THROWS_MATCHES(
      parse_results("{\"head\":{},\"boolean\":true}\n{}", ResultsFormat::Json), Exception,
      is_error(ErrorKind::Syntax)
          .at(2, 1)
          .with_message("malformed JSON results: unexpected text after the JSON document"));
}

TEST_CASE("absurdly nested JSON is refused without exhausting the stack", "[results][error]") {
  std::string body = "{\"head\":{},\"boolean\":true,\"x\":" + std::string(100000, '[');
  CHECK_THROWS_MATCHES(
      parse_results(body, ResultsFormat::Json), Exception,
      is_error(ErrorKind::Syntax).with_message("malformed JSON results: nesting is too deep"));
}

TEST_CASE("JSON bindings to null are unbound", "[results]") {
  QueryResults r = parse_results(
      R"({"head":{"vars":["a","b"]},"results":{"bindings":[{"a":null,"b":{"type":"uri","value":"http://e"}}]}})",
      ResultsFormat::Json);
  REQUIRE(r.rows.size() == 1);
  CHECK_FALSE(r.rows[0][0].has_value());
  CHECK(r.rows[0][1] == rdf::Term::iri("http://e"));
}

TEST_CASE("from_json reads what to_json writes and is as lenient as the parser", "[results]") {
  nlohmann::json json = nlohmann::json::parse(
      R"({"head":{"vars":["a"]},"results":{"bindings":[{"a":null},)"
      R"({"a":{"type":"typed-literal","value":"1","datatype":"http://www.w3.org/2001/XMLSchema#integer"},"z":{"type":"bnode","value":"b"}}]}})");
  QueryResults r = from_json(json);
  REQUIRE(r.variables == std::vector<std::string>{"a", "z"});
  REQUIRE(r.rows.size() == 2);
  CHECK_FALSE(r.rows[0][0].has_value());
  CHECK(r.rows[1][0] == rdf::Term::literal("1", kXsdInteger));
  CHECK(r.rows[1][1] == rdf::Term::blank("b"));
  CHECK(from_json(to_json(r)) == r);
  CHECK_THROWS_MATCHES(from_json(nlohmann::json::parse(R"({"boolean":true})")), Exception,
                       is_error(ErrorKind::Syntax)
                           .with_message("the endpoint's JSON results have no 'head' member"));
}
