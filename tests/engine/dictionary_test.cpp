#include <catch2/catch.hpp>

#include "sparqlmcp/engine/solution.hpp"
#include "sparqlmcp/engine/term_dictionary.hpp"

using namespace sparqlmcp;
using namespace sparqlmcp::engine;

TEST_CASE("an owned dictionary gives equal terms equal ids and keeps views valid", "[dictionary]") {
  OwnedDictionary dictionary;
  rdf::Term iri = rdf::Term::iri("http://example.org/a");
  rdf::Term literal = rdf::Term::literal("a", "", "en");
  rdf::Term plain = rdf::Term::literal("a");
  TermId a = dictionary.intern(TermView::of(iri));
  TermId b = dictionary.intern(TermView::of(literal));
  TermId c = dictionary.intern(TermView::of(plain));
  CHECK(a == 1);
  CHECK(a != b);
  CHECK(b != c);
  CHECK(dictionary.intern(TermView::of(rdf::Term::iri("http://example.org/a"))) == a);
  TermView first = dictionary.view(a);
  for (int i = 0; i < 200000; ++i) {
    dictionary.intern(TermView::of(rdf::Term::literal(std::to_string(i), "http://x/dt")));
  }
  CHECK(first.value == "http://example.org/a");
  CHECK(dictionary.view(b).to_term() == literal);
  CHECK(dictionary.find(TermView::of(rdf::Term::literal("17", "http://x/dt"))) != kUnbound);
  CHECK(dictionary.find(TermView::of(rdf::Term::literal("17"))) == kUnbound);
  CHECK(dictionary.size() == 200003);
}

TEST_CASE("query terms prefer the dataset's ids and keep new terms local", "[dictionary]") {
  OwnedDictionary base;
  TermId known = base.intern(TermView::of(rdf::Term::iri("http://example.org/known")));
  QueryTerms terms(&base);
  CHECK(terms.intern(rdf::Term::iri("http://example.org/known")) == known);
  TermId fresh = terms.intern(rdf::Term::literal("new"));
  CHECK(QueryTerms::is_local(fresh));
  CHECK(terms.term(fresh) == rdf::Term::literal("new"));
  CHECK(terms.find(TermView::of(rdf::Term::literal("new"))) == fresh);
  CHECK(base.find(TermView::of(rdf::Term::literal("new"))) == kUnbound);
}

TEST_CASE("variable slots are dense and stable", "[dictionary]") {
  VariableTable variables;
  CHECK(variables.slot("x") == 0);
  CHECK(variables.slot("y") == 1);
  CHECK(variables.slot("x") == 0);
  CHECK(variables.find("z") == std::nullopt);
  CHECK(variables.name(1) == "y");
}
