#include "sparqlmcp/results/signature.hpp"

#include <string>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>

#include "support/error_matchers.hpp"

using namespace sparqlmcp;
using namespace sparqlmcp::results;
using nlohmann::json;
using sparqlmcp::test::error_of;
using sparqlmcp::test::is_error;

namespace {

std::string xsd(const char* local) {
  return std::string("http://www.w3.org/2001/XMLSchema#") + local;
}

rdf::Term iri(const char* local) {
  return rdf::Term::iri(std::string("http://example.org/") + local);
}

rdf::Term typed(const char* lexical, const char* xsd_local) {
  return rdf::Term::literal(lexical, xsd(xsd_local));
}

std::string value_of(const char* lexical, const char* xsd_local) {
  return canonical_value(typed(lexical, xsd_local));
}

QueryResults bindings(std::vector<std::string> variables, std::vector<Row> rows) {
  QueryResults results;
  results.variables = std::move(variables);
  results.rows = std::move(rows);
  return results;
}

QueryResults ask(bool answer) {
  QueryResults results;
  results.kind = QueryResults::Kind::Boolean;
  results.boolean = answer;
  return results;
}

// One-column results holding `terms`, one per row.
QueryResults column(std::vector<rdf::Term> terms) {
  QueryResults results;
  results.variables = {"x"};
  for (auto& term : terms)
    results.rows.push_back({std::move(term)});
  return results;
}

Score score_of(const QueryResults& answer, const QueryResults& gold) {
  return score(signature_of(answer), signature_of(gold));
}

}  // namespace

TEST_CASE("Renaming the variables and reordering the columns leaves the signature unchanged",
          "[results]") {
  QueryResults gold = bindings(
      {"city", "population"},
      {{iri("Vienna"), typed("1897491", "integer")}, {iri("Graz"), typed("291134", "integer")}});
  QueryResults answer = bindings({"n", "place"}, {{typed("1897491", "integer"), iri("Vienna")},
                                                  {typed("291134", "integer"), iri("Graz")}});
  ResultSignature expected;
  expected.rows = {{"<http://example.org/Graz>", "number:291134"},
                   {"<http://example.org/Vienna>", "number:1897491"}};
  expected.row_count = 2;
  CHECK(signature_of(gold) == expected);
  CHECK(signature_of(answer) == expected);
  Score s = score_of(answer, gold);
  CHECK(s.exact_set_match);
  CHECK(s.multiset_match);
  CHECK(s.precision == 1);
  CHECK(s.recall == 1);
  CHECK(s.f1 == 1);

  // A different value in one column is a different row.
  answer.rows[1][0] = typed("291135", "integer");
  s = score_of(answer, gold);
  CHECK_FALSE(s.exact_set_match);
  CHECK(s.common_rows == 1);
  CHECK(s.precision == 0.5);
  CHECK(s.recall == 0.5);
}

TEST_CASE(
    "Duplicate rows make a set match without a multiset match, and precision and recall "
    "count distinct rows",
    "[results]") {
  QueryResults gold = column({iri("a"), iri("b")});
  QueryResults answer = column({iri("a"), iri("a"), iri("b"), iri("b"), iri("b")});
  Score s = score_of(answer, gold);
  CHECK(s.exact_set_match);
  CHECK_FALSE(s.multiset_match);
  CHECK(s.answer_rows == 2);
  CHECK(s.gold_rows == 2);
  CHECK(s.common_rows == 2);
  CHECK(s.precision == 1);
  CHECK(s.recall == 1);
  CHECK(signature_of(answer).row_count == 5);

  // Duplicates of a wrong row do not lower precision further: 1 of 2 distinct rows is right.
  answer = column({iri("a"), iri("z"), iri("z"), iri("z")});
  s = score_of(answer, gold);
  CHECK(s.answer_rows == 2);
  CHECK(s.common_rows == 1);
  CHECK(s.precision == 0.5);
  CHECK(s.recall == 0.5);
  CHECK(s.f1 == 0.5);

  // The same duplicates on both sides are a multiset match.
  gold = column({iri("a"), iri("a"), iri("b")});
  answer = column({iri("b"), iri("a"), iri("a")});
  CHECK(score_of(answer, gold).multiset_match);
  answer = column({iri("b"), iri("b"), iri("a")});
  CHECK_FALSE(score_of(answer, gold).multiset_match);
  CHECK(score_of(answer, gold).exact_set_match);
}

TEST_CASE("The order of rows does not matter", "[results]") {
  QueryResults gold = column({iri("a"), iri("b"), iri("c")});
  QueryResults answer = column({iri("c"), iri("a"), iri("b")});
  CHECK(signature_of(answer) == signature_of(gold));
  CHECK(score_of(answer, gold).multiset_match);
}

TEST_CASE("A signature built by hand with unsorted rows and values scores as its sorted form",
          "[results]") {
  ResultSignature hand;
  hand.rows = {{"number:2", "<http://example.org/b>"},
               {"<http://example.org/a>"},
               {"<http://example.org/b>", "number:2"}};
  hand.row_count = 3;
  QueryResults gold = bindings({"x", "n"}, {{iri("a"), std::nullopt},
                                            {iri("b"), typed("2", "integer")},
                                            {iri("b"), typed("2", "integer")}});
  Score s = score(hand, signature_of(gold));
  CHECK(s.multiset_match);
  CHECK(s.exact_set_match);
  CHECK(s.answer_rows == 2);
  CHECK(s.common_rows == 2);
}

TEST_CASE(
    "Numeric literals compare by value across integer, decimal, double, float and the "
    "types derived from integer",
    "[results]") {
  // One value, six spellings (SPARQL's = finds them all equal).
  for (auto [lexical, type] :
       std::vector<std::pair<const char*, const char*>>{{"2", "integer"},
                                                        {"2.0", "decimal"},
                                                        {"2.0E0", "double"},
                                                        {"02", "int"},
                                                        {"+2", "positiveInteger"},
                                                        {" 2 ", "unsignedByte"},
                                                        {"2", "float"},
                                                        {"0.2e1", "double"}}) {
    INFO(lexical << "^^xsd:" << type);
    CHECK(value_of(lexical, type) == "number:2");
  }
  CHECK(value_of("0.1", "decimal") == "number:0.1");
  CHECK(value_of("0.1", "double") == "number:0.1");
  CHECK(value_of("1.0E-1", "double") == "number:0.1");
  // The float nearest 0.1 is written as the shortest text that reads back as that float.
  CHECK(value_of("0.1", "float") == "number:0.1");
  CHECK(value_of("0.100000001490116119384765625", "float") == "number:0.1");
  CHECK(value_of("-1.50", "decimal") == "number:-1.5");
  CHECK(value_of("-0", "integer") == "number:0");
  CHECK(value_of("-0.0E0", "double") == "number:0");
  CHECK(value_of(".5", "decimal") == "number:0.5");
  CHECK(value_of("5.", "decimal") == "number:5");
  CHECK(value_of("1e21", "double") == "number:1e+21");
  CHECK(value_of("1000000000000000000000", "integer") == "number:1e+21");
  CHECK(value_of("100000000000000000000", "integer") == "number:100000000000000000000");
  CHECK(value_of("1.5e-7", "double") == "number:1.5e-7");
  CHECK(value_of("0.000001", "decimal") == "number:0.000001");
  // Integers are exact at any size, as SPARQL compares integers exactly.
  CHECK(value_of("9007199254740993", "integer") == "number:9007199254740993");
  CHECK(value_of("9007199254740993.0", "decimal") == "number:9007199254740993");
  CHECK(value_of("123456789012345678901234567890", "integer") ==
        "number:1.2345678901234567890123456789e+29");
  CHECK(value_of("18446744073709551615", "unsignedLong") == "number:18446744073709551615");
  // A decimal fraction goes through the double, as SPARQL compares a decimal with a double:
  // one engine's AVG as a long decimal matches another's as a double.
  CHECK(value_of("3.333333333333333333", "decimal") == "number:3.3333333333333335");
  CHECK(value_of("3.3333333333333335E0", "double") == "number:3.3333333333333335");
  CHECK(value_of("NaN", "double") == "number:NaN");
  CHECK(value_of("INF", "float") == "number:INF");
  CHECK(value_of("+INF", "double") == "number:INF");
  CHECK(value_of("-INF", "double") == "number:-INF");
  CHECK(value_of("1e400", "double") == "number:INF");
  CHECK(value_of("-1e39", "float") == "number:-INF");
  CHECK(value_of("1e-400", "double") == "number:0");

  QueryResults gold = column({typed("2", "integer"), typed("0.1", "decimal")});
  QueryResults answer = column({typed("2.0E0", "double"), typed("1E-1", "double")});
  CHECK(score_of(answer, gold).multiset_match);
  answer = column({typed("2.5", "decimal"), typed("0.1", "double")});
  CHECK(score_of(answer, gold).common_rows == 1);
}

TEST_CASE("A number is not the string that spells it", "[results]") {
  CHECK(value_of("2", "integer") != canonical_value(rdf::Term::literal("2")));
  CHECK(canonical_value(rdf::Term::literal("2")) == "\"2\"");
  CHECK(canonical_value(rdf::Term::literal("number:2")) == "\"number:2\"");
  QueryResults gold = column({typed("2", "integer")});
  QueryResults answer = column({rdf::Term::literal("2")});
  Score s = score_of(answer, gold);
  CHECK_FALSE(s.exact_set_match);
  CHECK(s.common_rows == 0);
  CHECK(s.f1 == 0);
}

TEST_CASE("Invalid lexical forms of numbers and booleans keep their literal form", "[results]") {
  CHECK(value_of("abc", "integer") == "\"abc\"^^<http://www.w3.org/2001/XMLSchema#integer>");
  CHECK(value_of("1.5", "integer") == "\"1.5\"^^<http://www.w3.org/2001/XMLSchema#integer>");
  CHECK(value_of("", "integer") == "\"\"^^<http://www.w3.org/2001/XMLSchema#integer>");
  CHECK(value_of("NaN", "integer") == "\"NaN\"^^<http://www.w3.org/2001/XMLSchema#integer>");
  CHECK(value_of("1e3", "decimal") == "\"1e3\"^^<http://www.w3.org/2001/XMLSchema#decimal>");
  CHECK(value_of("INF", "decimal") == "\"INF\"^^<http://www.w3.org/2001/XMLSchema#decimal>");
  CHECK(value_of("1.", "double") == "number:1");
  CHECK(value_of("1e", "double") == "\"1e\"^^<http://www.w3.org/2001/XMLSchema#double>");
  CHECK(value_of("inf", "double") == "\"inf\"^^<http://www.w3.org/2001/XMLSchema#double>");
  CHECK(value_of("- 1", "int") == "\"- 1\"^^<http://www.w3.org/2001/XMLSchema#int>");
  // Outside the derived type's range is outside its lexical space.
  CHECK(value_of("127", "byte") == "number:127");
  CHECK(value_of("-128", "byte") == "number:-128");
  CHECK(value_of("128", "byte") == "\"128\"^^<http://www.w3.org/2001/XMLSchema#byte>");
  CHECK(value_of("-129", "byte") == "\"-129\"^^<http://www.w3.org/2001/XMLSchema#byte>");
  CHECK(value_of("18446744073709551616", "unsignedLong") ==
        "\"18446744073709551616\"^^<http://www.w3.org/2001/XMLSchema#unsignedLong>");
  CHECK(value_of("9223372036854775808", "long") ==
        "\"9223372036854775808\"^^<http://www.w3.org/2001/XMLSchema#long>");
  CHECK(value_of("-1", "nonNegativeInteger") ==
        "\"-1\"^^<http://www.w3.org/2001/XMLSchema#nonNegativeInteger>");
  CHECK(value_of("0", "positiveInteger") ==
        "\"0\"^^<http://www.w3.org/2001/XMLSchema#positiveInteger>");
  CHECK(value_of("0", "negativeInteger") ==
        "\"0\"^^<http://www.w3.org/2001/XMLSchema#negativeInteger>");
  CHECK(value_of("-0", "nonPositiveInteger") == "number:0");
  CHECK(value_of("yes", "boolean") == "\"yes\"^^<http://www.w3.org/2001/XMLSchema#boolean>");
  // An invalid form stays distinct from every valid value of its type.
  CHECK(value_of("abc", "integer") != value_of("abd", "integer"));
}

TEST_CASE("The boolean literals 1 and true are one value, and 0 and false the other", "[results]") {
  CHECK(value_of("true", "boolean") == "boolean:true");
  CHECK(value_of("1", "boolean") == "boolean:true");
  CHECK(value_of("false", "boolean") == "boolean:false");
  CHECK(value_of(" 0\n", "boolean") == "boolean:false");
  CHECK(value_of("1", "boolean") != value_of("1", "integer"));
  CHECK(value_of("true", "boolean") != canonical_value(rdf::Term::literal("true")));
  QueryResults gold = column({typed("true", "boolean"), typed("0", "boolean")});
  QueryResults answer = column({typed("false", "boolean"), typed("1", "boolean")});
  CHECK(score_of(answer, gold).multiset_match);
}

TEST_CASE("Language tags compare case-insensitively, and a tagged literal is not the plain one",
          "[results]") {
  CHECK(canonical_value(rdf::Term::literal("Wien", "", "de-AT")) == "\"Wien\"@de-at");
  CHECK(canonical_value(rdf::Term::literal("Wien", "", "DE-at")) ==
        canonical_value(rdf::Term::literal("Wien", "", "de-AT")));
  CHECK(canonical_value(rdf::Term::literal("Wien", "", "de")) !=
        canonical_value(rdf::Term::literal("Wien")));
  CHECK(canonical_value(rdf::Term::literal("Wien", "", "de")) !=
        canonical_value(rdf::Term::literal("Wien", "", "en")));
  // The datatype rdf:langString beside a tag changes nothing.
  CHECK(canonical_value(rdf::Term::literal("Wien", std::string(rdf::kRdfLangString), "DE")) ==
        "\"Wien\"@de");
  QueryResults gold = column({rdf::Term::literal("Vienna", "", "en-GB")});
  QueryResults answer = column({rdf::Term::literal("Vienna", "", "EN-gb")});
  CHECK(score_of(answer, gold).exact_set_match);
  answer = column({rdf::Term::literal("Vienna")});
  CHECK_FALSE(score_of(answer, gold).exact_set_match);
}

TEST_CASE("Plain and xsd:string literals are one term, and escaping keeps different texts apart",
          "[results]") {
  rdf::Term built{rdf::TermKind::Literal, "Graz", std::string(rdf::kXsdString), ""};
  CHECK(canonical_value(built) == "\"Graz\"");
  CHECK(canonical_value(rdf::Term::literal("Graz", xsd("string"))) == "\"Graz\"");
  CHECK(canonical_value(rdf::Term::literal("Graz")) == "\"Graz\"");
  // A string that spells another term's canonical text does not become that term.
  CHECK(canonical_value(rdf::Term::literal("a\"@en")) == "\"a\\\"@en\"");
  CHECK(canonical_value(rdf::Term::literal("a\"@en")) !=
        canonical_value(rdf::Term::literal("a", "", "en")));
  CHECK(canonical_value(rdf::Term::literal("line\nbreak\ttab\\")) == "\"line\\nbreak\\ttab\\\\\"");
  CHECK(canonical_value(rdf::Term::literal("2023-01-01T00:00:00Z", xsd("dateTime"))) ==
        "\"2023-01-01T00:00:00Z\"^^<http://www.w3.org/2001/XMLSchema#dateTime>");
  // Time zones are not normalised: the same instant written twice is two values.
  CHECK(canonical_value(rdf::Term::literal("2023-01-01T01:00:00+01:00", xsd("dateTime"))) !=
        canonical_value(rdf::Term::literal("2023-01-01T00:00:00Z", xsd("dateTime"))));
  CHECK(canonical_value(rdf::Term::literal("x", "http://example.org/my type")) ==
        "\"x\"^^<http://example.org/my\\u0020type>");
  CHECK(canonical_value(iri("a")) == "<http://example.org/a>");
  CHECK(canonical_value(rdf::Term::iri("urn:x:a b\\c")) == "<urn:x:a\\u0020b\\u005Cc>");
  // An IRI is not the string of its text.
  CHECK(canonical_value(iri("a")) != canonical_value(rdf::Term::literal("http://example.org/a")));
}

TEST_CASE("Blank nodes are all alike, whatever their labels", "[results]") {
  CHECK(canonical_value(rdf::Term::blank("b0")) == "_:");
  QueryResults gold = bindings({"s", "name"}, {{rdf::Term::blank("b0"), rdf::Term::literal("x")},
                                               {rdf::Term::blank("b1"), rdf::Term::literal("y")}});
  QueryResults answer =
      bindings({"s", "name"}, {{rdf::Term::blank("node7"), rdf::Term::literal("y")},
                               {rdf::Term::blank("genid-3"), rdf::Term::literal("x")}});
  CHECK(score_of(answer, gold).multiset_match);
  // Two blank nodes with the same values are duplicates in the signature.
  answer = bindings({"s"}, {{rdf::Term::blank("a")}, {rdf::Term::blank("b")}});
  CHECK(signature_of(answer).rows == std::vector<RowSignature>{{"_:"}, {"_:"}});
}

TEST_CASE("Unbound values are left out of the row", "[results]") {
  QueryResults gold = bindings({"x"}, {{iri("a")}});
  QueryResults answer = bindings({"x", "label"}, {{iri("a"), std::nullopt}});
  CHECK(signature_of(answer) == signature_of(gold));
  CHECK(score_of(answer, gold).multiset_match);
  // A row with nothing bound is still a row.
  answer = bindings({"x"}, {{std::nullopt}});
  CHECK(signature_of(answer).rows == std::vector<RowSignature>{{}});
  CHECK(signature_of(answer).row_count == 1);
  // Bound to the same value twice is not bound once.
  answer = bindings({"x", "y"}, {{iri("a"), iri("a")}});
  CHECK_FALSE(score_of(answer, gold).exact_set_match);
}

TEST_CASE("Boolean answers score by their value, and a boolean against bindings scores zero",
          "[results]") {
  ResultSignature yes = signature_of(ask(true));
  CHECK(yes.kind == ResultSignature::Kind::Boolean);
  CHECK(yes.boolean);
  CHECK(yes.rows.empty());
  CHECK(yes.row_count == 0);

  Score s = score(yes, signature_of(ask(true)));
  CHECK(s.exact_set_match);
  CHECK(s.multiset_match);
  CHECK(s.precision == 1);
  CHECK(s.recall == 1);
  CHECK(s.f1 == 1);
  CHECK(s.answer_rows == 1);
  CHECK(s.common_rows == 1);

  s = score(yes, signature_of(ask(false)));
  CHECK_FALSE(s.exact_set_match);
  CHECK_FALSE(s.multiset_match);
  CHECK(s.precision == 0);
  CHECK(s.recall == 0);
  CHECK(s.f1 == 0);
  CHECK(s.common_rows == 0);

  // "true" as a SELECT answer is not the ASK answer true, nor is an empty result false.
  for (const QueryResults& rows : {column({typed("true", "boolean")}), bindings({"x"}, {})}) {
    for (Score t : {score_of(rows, ask(true)), score_of(ask(false), rows)}) {
      CHECK_FALSE(t.exact_set_match);
      CHECK_FALSE(t.multiset_match);
      CHECK(t.precision == 0);
      CHECK(t.recall == 0);
      CHECK(t.f1 == 0);
      CHECK(t.common_rows == 0);
    }
  }
  CHECK(score_of(column({iri("a"), iri("b"), iri("b")}), ask(true)).answer_rows == 2);
}

TEST_CASE("A graph's triples are rows of their values, and a triple listed twice counts once",
          "[results]") {
  std::vector<rdf::Triple> graph{
      {iri("Vienna"), iri("population"), typed("1897491", "integer")},
      {rdf::Term::blank("b1"), iri("name"), rdf::Term::literal("Graz", "", "DE")},
      {iri("Vienna"), iri("population"), typed("1897491", "integer")},
  };
  ResultSignature signature = signature_of(graph);
  CHECK(signature.kind == ResultSignature::Kind::Bindings);
  CHECK(signature.rows ==
        std::vector<RowSignature>{
            {"\"Graz\"@de", "<http://example.org/name>", "_:"},
            {"<http://example.org/Vienna>", "<http://example.org/population>", "number:1897491"}});
  CHECK(signature.row_count == 2);

  // The same triples from SELECT ?s ?p ?o (another blank node label, another spelling of the
  // number) are the same answer.
  QueryResults select = bindings(
      {"s", "p", "o"}, {{rdf::Term::blank("x"), iri("name"), rdf::Term::literal("Graz", "", "de")},
                        {iri("Vienna"), iri("population"), typed("1897491.0", "decimal")}});
  CHECK(score(signature_of(select), signature).multiset_match);
  // Distinct triples whose values coincide stay two rows.
  std::vector<rdf::Triple> two_blanks{{rdf::Term::blank("a"), iri("p"), iri("o")},
                                      {rdf::Term::blank("b"), iri("p"), iri("o")}};
  CHECK(signature_of(two_blanks).row_count == 2);
  CHECK(signature_of(std::vector<rdf::Triple>{}).rows.empty());
}

TEST_CASE(
    "The digest is FNV-1a 64 over the documented encoding, and renaming or reordering "
    "does not change it",
    "[results]") {
  // Computed by hand from docs/results.md: FNV-1a 64 of the 81 bytes
  // bindings[8:"two"@en22:<http://example.org/b>][22:<http://example.org/a>8:number:2]
  QueryResults first = bindings({"x", "n"}, {{iri("a"), typed("2", "integer")},
                                             {iri("b"), rdf::Term::literal("two", "", "EN")}});
  CHECK(signature_of(first).digest() == "3d5bd3fe68125508");
  QueryResults second = bindings(
      {"label", "thing"},
      {{rdf::Term::literal("two", "", "en"), iri("b")}, {typed("2.0", "decimal"), iri("a")}});
  CHECK(signature_of(second).digest() == "3d5bd3fe68125508");
  // FNV-1a 64 of "bindings", "boolean:true" and "boolean:false".
  CHECK(signature_of(bindings({"x"}, {})).digest() == "8e286950b0f6ff23");
  CHECK(signature_of(ask(true)).digest() == "29e2832f27169d53");
  CHECK(signature_of(ask(false)).digest() == "98616b061650c7be");
  // One value more, or a row split in two, is another digest.
  second.rows.push_back({iri("c"), std::nullopt});
  CHECK(signature_of(second).digest() != "3d5bd3fe68125508");
  CHECK(signature_of(column({iri("a"), iri("b")})).digest() !=
        signature_of(bindings({"x", "y"}, {{iri("a"), iri("b")}})).digest());
}

TEST_CASE("Precision, recall and F1 follow the documented rules for empty and partial answers",
          "[results]") {
  QueryResults empty = bindings({"x"}, {});
  QueryResults gold = column({iri("a"), iri("b"), iri("c"), iri("d")});

  Score s = score_of(empty, bindings({"y", "z"}, {}));
  CHECK(s.exact_set_match);
  CHECK(s.multiset_match);
  CHECK(s.precision == 1);
  CHECK(s.recall == 1);
  CHECK(s.f1 == 1);

  s = score_of(empty, gold);
  CHECK_FALSE(s.exact_set_match);
  CHECK(s.precision == 0);
  CHECK(s.recall == 0);
  CHECK(s.f1 == 0);
  CHECK(s.gold_rows == 4);

  s = score_of(gold, empty);
  CHECK_FALSE(s.exact_set_match);
  CHECK(s.precision == 0);
  CHECK(s.recall == 1);
  CHECK(s.f1 == 0);

  // 1 right of 2 given, 1 of 4 found: F1 = 2 * 0.5 * 0.25 / 0.75 = 1/3.
  s = score_of(column({iri("a"), iri("x")}), gold);
  CHECK(s.answer_rows == 2);
  CHECK(s.common_rows == 1);
  CHECK(s.precision == 0.5);
  CHECK(s.recall == 0.25);
  CHECK(s.f1 == Approx(1.0 / 3.0));
  CHECK(s.to_json() == json{{"exact_set_match", false},
                            {"multiset_match", false},
                            {"precision", 0.5},
                            {"recall", 0.25},
                            {"f1", s.f1},
                            {"answer_rows", 2},
                            {"gold_rows", 4},
                            {"common_rows", 1}});

  // Nothing in common.
  s = score_of(column({iri("x")}), gold);
  CHECK(s.precision == 0);
  CHECK(s.recall == 0);
  CHECK(s.f1 == 0);
}

TEST_CASE("A signature survives to_json and from_json", "[results]") {
  QueryResults results = bindings({"s", "o"}, {{iri("b"), rdf::Term::literal("x\"y\n", "", "en")},
                                               {iri("a"), typed("0.5", "double")},
                                               {iri("a"), typed("0.5", "double")},
                                               {rdf::Term::blank("q"), std::nullopt}});
  ResultSignature signature = signature_of(results);
  json written = signature.to_json(100);
  CHECK(written == json::parse(R"({"kind":"bindings","row_count":4,"digest":")" +
                               signature.digest() + R"(","rows":[
      ["\"x\\\"y\\n\"@en","<http://example.org/b>"],
      ["<http://example.org/a>","number:0.5"],
      ["<http://example.org/a>","number:0.5"],
      ["_:"]]})"));
  CHECK(ResultSignature::from_json(written) == signature);
  CHECK(ResultSignature::from_json(json::parse(written.dump())) == signature);

  ResultSignature yes = signature_of(ask(true));
  json boolean = yes.to_json(100);
  CHECK(boolean == json{{"kind", "boolean"},
                        {"boolean", true},
                        {"row_count", 0},
                        {"digest", "29e2832f27169d53"},
                        {"rows", json::array()}});
  CHECK(ResultSignature::from_json(boolean) == yes);
  CHECK(ResultSignature::from_json(json{{"kind", "boolean"}, {"boolean", false}}) ==
        signature_of(ask(false)));

  // A hand-written gold signature may list rows and values in any order and omit the digest.
  json hand = {
      {"kind", "bindings"},
      {"row_count", 2},
      {"rows",
       json::parse(R"([["number:2", "<http://example.org/a>"], ["<http://example.org/0>"]])")}};
  ResultSignature read = ResultSignature::from_json(hand);
  CHECK(read.rows == std::vector<RowSignature>{{"<http://example.org/0>"},
                                               {"<http://example.org/a>", "number:2"}});
  CHECK(read.complete);
}

TEST_CASE("A signature written with fewer rows than it has cannot be scored", "[results]") {
  QueryResults results = column({iri("c"), iri("a"), iri("b")});
  ResultSignature whole = signature_of(results);
  json written = whole.to_json(2);
  CHECK(written ==
        json{{"kind", "bindings"},
             {"row_count", 3},
             {"digest", whole.digest()},
             {"rows", json::parse(R"([["<http://example.org/a>"], ["<http://example.org/b>"]])")},
             {"rows_cut", true}});
  ResultSignature cut = ResultSignature::from_json(written);
  CHECK_FALSE(cut.complete);
  CHECK(cut.row_count == 3);
  CHECK(cut.rows.size() == 2);
  CHECK(cut.digest() == whole.digest());
  // Written again, it stays cut and keeps the digest of all rows.
  CHECK(cut.to_json(10) == written);
  CHECK(ResultSignature::from_json(whole.to_json(3)) == whole);

  CHECK_THAT(error_of([&] { score(cut, whole); }),
             is_error(ErrorKind::InvalidArgument)
                 .with_message("cannot score: the answer's signature keeps only 2 of its 3 rows "
                               "(the rest were cut when it was written); score it from a "
                               "signature that kept all its rows"));
  CHECK_THAT(error_of([&] { score(whole, ResultSignature::from_json(whole.to_json(0))); }),
             is_error(ErrorKind::InvalidArgument)
                 .with_message("cannot score: the gold answer's signature keeps only 0 of its 3 "
                               "rows (the rest were cut when it was written); score it from a "
                               "signature that kept all its rows"));
}

TEST_CASE("Bad signature JSON is refused with a message naming the member", "[results][error]") {
  json good = signature_of(column({iri("a"), iri("b")})).to_json(10);
  auto with = [&](const char* name, json value) {
    json copy = good;
    copy[name] = std::move(value);
    return copy;
  };
  auto without = [&](const char* name) {
    json copy = good;
    copy.erase(name);
    return copy;
  };
  std::vector<std::pair<json, std::string>> cases{
      {json::array(), "expected a JSON object, not an array"},
      {without("kind"), "member 'kind' is missing; it must be \"bindings\" or \"boolean\""},
      {with("kind", "table"),
       "member 'kind' must be \"bindings\" or \"boolean\", not the string "
       "\"table\""},
      {with("kind", 1), "member 'kind' must be \"bindings\" or \"boolean\", not the number 1"},
      {without("row_count"), "member 'row_count' is missing"},
      {with("row_count", -1),
       "member 'row_count' must be a non-negative integer, not the number -1"},
      {with("row_count", 1.5),
       "member 'row_count' must be a non-negative integer, not the number 1.5"},
      {with("row_count", 3),
       "member 'row_count' is 3 but 'rows' holds 2 rows and 'rows_cut' is "
       "not true"},
      {without("rows"), "member 'rows' is missing"},
      {with("rows", "x"),
       "member 'rows' must be an array of rows (arrays of canonical values), "
       "not the string \"x\""},
      {with("rows", json::parse(R"([["<a>"], {}])")),
       "member 'rows[1]' must be an array of canonical values, not an object"},
      {with("rows", json::parse(R"([["<a>"], ["<b>", null]])")),
       "member 'rows[1][1]' must be a string (a canonical term value), not null"},
      {with("rows_cut", "yes"), "member 'rows_cut' must be true or false, not the string \"yes\""},
      {with("rows_cut", true),
       "member 'rows_cut' is true but 'rows' holds 2 rows of 'row_count' "
       "2: nothing was cut"},
      {with("digest", "ABCDEF0123456789"),
       "member 'digest' must be 16 lowercase hexadecimal "
       "digits, not the string \"ABCDEF0123456789\""},
      {with("digest", "0123456789abcdef"),
       "member 'digest' is \"0123456789abcdef\" but the rows give \"" +
           good["digest"].get<std::string>() + "\": the rows or the digest were changed"},
      {with("boolean", true), "member 'boolean' belongs to kind \"boolean\", not \"bindings\""},
      {json{{"kind", "boolean"}},
       "member 'boolean' must be true or false for kind \"boolean\", "
       "not missing"},
      {json{{"kind", "boolean"}, {"boolean", 1}},
       "member 'boolean' must be true or false for kind \"boolean\", not the number 1"},
      {json{{"kind", "boolean"}, {"boolean", true}, {"row_count", 1}},
       "member 'row_count' must be 0 for kind \"boolean\", not the number 1"},
      {json{{"kind", "boolean"}, {"boolean", true}, {"rows", json::parse(R"([["<a>"]])")}},
       "member 'rows' must be empty for kind \"boolean\", not an array"},
      {json{{"kind", "boolean"}, {"boolean", true}, {"rows_cut", true}},
       "member 'rows_cut' cannot be true for kind \"boolean\""},
  };
  json cut_without_digest = with("row_count", 5);
  cut_without_digest["rows_cut"] = true;
  cut_without_digest.erase("digest");
  cases.emplace_back(cut_without_digest,
                     "member 'digest' is missing; a signature whose rows were cut needs it");
  for (const auto& [input, message] : cases) {
    INFO(input.dump());
    CHECK_THAT(error_of([&] { ResultSignature::from_json(input); }),
               is_error(ErrorKind::InvalidArgument).with_message("result signature: " + message));
  }
}
