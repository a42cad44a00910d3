#include "sparqlmcp/results/text_table.hpp"

#include <catch2/catch.hpp>

using namespace sparqlmcp;
using namespace sparqlmcp::results;

namespace {

const std::string kXsd = "http://www.w3.org/2001/XMLSchema#";

QueryResults numbered_rows(std::size_t count) {
  QueryResults r;
  r.variables = {"n"};
  for (std::size_t i = 0; i < count; ++i) {
    r.rows.push_back({rdf::Term::literal(std::to_string(i), kXsd + "integer")});
  }
  return r;
}

}  // namespace

TEST_CASE("the text table writes a header and terms in compact SPARQL form", "[results]") {
  QueryResults r;
  r.variables = {"s", "label", "n", "d", "x"};
  r.rows.push_back({rdf::Term::iri("http://example.org/Vienna"),
                    rdf::Term::literal("Wien", "", "de"),
                    rdf::Term::literal("42", kXsd + "integer"),
                    rdf::Term::literal("2020-01-01", kXsd + "date"), std::nullopt});
  r.rows.push_back({rdf::Term::iri("http://other.org/a b"), rdf::Term::literal("tab\tnew\nline"),
                    rdf::Term::literal("1.5e3", kXsd + "double"),
                    rdf::Term::literal("x", "http://other.org/dt"), rdf::Term::blank("b1")});
  TextTableOptions options;
  options.prefixes = {{"ex", "http://example.org/"}, {"xsd", kXsd}};
  TextTable table = render_tsv_table(r, options);
  CHECK(table.text ==
        "?s\t?label\t?n\t?d\t?x\n"
        "ex:Vienna\t\"Wien\"@de\t42\t\"2020-01-01\"^^xsd:date\t\n"
        "<http://other.org/a\\u0020b>\t\"tab\\tnew\\nline\"\t1.5e3\t\"x\"^^<http://other.org/"
        "dt>\t_:b1\n");
  CHECK(table.rows_shown == 2);
  CHECK_FALSE(table.truncated);
}

TEST_CASE("the longest matching prefix wins and odd local names stay full IRIs", "[results]") {
  QueryResults r;
  r.variables = {"a"};
  r.rows.push_back({rdf::Term::iri("http://example.org/onto/Thing")});
  r.rows.push_back({rdf::Term::iri("http://example.org/x/y?z")});
  TextTableOptions options;
  options.prefixes = {{"ex", "http://example.org/"}, {"onto", "http://example.org/onto/"}};
  TextTable table = render_tsv_table(r, options);
  CHECK(table.text == "?a\nonto:Thing\n<http://example.org/x/y?z>\n");
}

TEST_CASE("the text table stops at max_rows and says it truncated", "[results]") {
  TextTableOptions options;
  options.max_rows = 3;
  TextTable table = render_tsv_table(numbered_rows(10), options);
  CHECK(table.text == "?n\n0\n1\n2\n");
  CHECK(table.rows_shown == 3);
  CHECK(table.truncated);
  TextTable exact = render_tsv_table(numbered_rows(3), options);
  CHECK(exact.rows_shown == 3);
  CHECK_FALSE(exact.truncated);
}

TEST_CASE("the text table never exceeds max_chars and never cuts a row", "[results]") {
  TextTableOptions options;
  options.max_chars = 12;  // "?n\n" + "0\n" ... "4\n" is 13 bytes, so row 4 must not appear
  TextTable table = render_tsv_table(numbered_rows(10), options);
  CHECK(table.text == "?n\n0\n1\n2\n3\n");
  CHECK(table.text.size() <= options.max_chars);
  CHECK(table.rows_shown == 4);
  CHECK(table.truncated);
}

TEST_CASE("long cells are cut to max_cell_chars code points ending in an ellipsis", "[results]") {
  QueryResults r;
  r.variables = {"t"};
  r.rows.push_back({rdf::Term::literal("日本語日本語日本語")});
  TextTableOptions options;
  options.max_cell_chars = 5;
  TextTable table = render_tsv_table(r, options);
  CHECK(table.text == "?t\n\"日本語…\n");
  options.max_cell_chars = 11;  // the quoted literal is exactly 11 code points: not cut
  CHECK(render_tsv_table(r, options).text == "?t\n\"日本語日本語日本語\"\n");
}

TEST_CASE("boolean results render as true or false", "[results]") {
  QueryResults r;
  r.kind = QueryResults::Kind::Boolean;
  r.boolean = true;
  CHECK(render_tsv_table(r, {}).text == "true");
  r.boolean = false;
  CHECK(render_tsv_table(r, {}).text == "false");
}
