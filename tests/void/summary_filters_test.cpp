#include "sparqlmcp/void/summary.hpp"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "summary_fixtures.hpp"

using namespace sparqlmcp::void_;
using namespace sparqlmcp::void_::test;
using Catch::Matchers::Contains;

namespace {

// Two Person classes in two vocabularies, and a property named like a class.
Description two_people() {
  Description d;
  d.endpoint = "http://127.0.0.1:7001/sparql";
  d.classes = {cls(kFoaf + "Person", 10, {literal(kFoaf + "name", kXsd + "string", 10, 10, 10)}),
               cls("http://schema.org/Person", 5,
                   {literal("http://schema.org/name", kXsd + "string", 5, 5, 5)}),
               cls("http://schema.org/Organization", 3, {})};
  d.properties = {prop(kFoaf + "name", 10), prop("http://schema.org/name", 5),
                  prop("http://schema.org/person", 1)};
  return d;
}

// The classes whose shapes a class filter shows.
std::vector<std::string> shown_classes(const std::vector<std::string>& asked) {
  SummaryOptions o;
  o.classes = asked;
  const Summary s = summarize(two_people(), o);
  std::vector<std::string> out;
  for (const auto& shape : s.structured["shapes"])
    out.push_back(shape["class"]);
  return out;
}

}  // namespace

TEST_CASE("Filter values match full IRIs, prefixed names and local names", "[void]") {
  using V = std::vector<std::string>;
  CHECK(shown_classes({"http://schema.org/Person"}) == V{"schema:Person"});
  CHECK(shown_classes({"<http://xmlns.com/foaf/0.1/Person>"}) == V{"foaf:Person"});
  CHECK(shown_classes({"foaf:Person"}) == V{"foaf:Person"});
  CHECK(shown_classes({"schema:Person"}) == V{"schema:Person"});
  // A local name, case-insensitively, finds every class of that name.
  CHECK(shown_classes({"person"}) == V{"foaf:Person", "schema:Person"});
  CHECK(shown_classes({"  PERSON "}) == V{"foaf:Person", "schema:Person"});
  // An unknown prefix falls back to the local name.
  CHECK(shown_classes({"dbo:Person"}) == V{"foaf:Person", "schema:Person"});
  // Values asked twice show once.
  CHECK(shown_classes({"person", "foaf:Person"}) == V{"foaf:Person", "schema:Person"});
}

TEST_CASE("Unknown filter values are reported with the closest names the description has",
          "[void]") {
  SummaryOptions o;
  o.classes = {"Organisation", "name", ""};
  o.properties = {"nme", "Organization"};
  const Summary s = summarize(two_people(), o);
  CHECK_THAT(s.text, Contains("Asked for as classes: Organisation: no such class; closest: "
                              "schema:Organization · name: not a class but a property · (empty): "
                              "ignored\n"));
  CHECK_THAT(s.text, Contains("Asked for as properties: nme: no such property; closest: foaf:name, "
                              "schema:name · Organization: not a property but a class\n"));
  CHECK_THAT(s.text, Contains("Nothing matched the classes and properties asked for.\n"));
  CHECK(s.structured["shapes"].empty());
}
