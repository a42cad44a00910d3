#include "sparqlmcp/void/model.hpp"

#include <catch2/catch.hpp>

using namespace sparqlmcp::void_;

TEST_CASE("A description sorts classes and properties by count, unknown counts last", "[void]") {
  auto cls = [](std::string iri, Count entities, std::vector<ClassProperty> properties = {}) {
    ClassPartition c;
    c.class_iri = std::move(iri);
    c.entities = entities;
    c.properties = std::move(properties);
    c.properties_known = !c.properties.empty();
    return c;
  };
  auto used = [](std::string iri, Count triples) {
    ClassProperty p;
    p.property = std::move(iri);
    p.triples = triples;
    return p;
  };
  auto prop = [](std::string iri, Count triples) {
    PropertyPartition p;
    p.property = std::move(iri);
    p.triples = triples;
    return p;
  };
  Description d;
  d.classes = {cls("http://x/B", 5), cls("http://x/Unknown", std::nullopt), cls("http://x/A", 5),
               cls("http://x/Big", 90, {used("http://x/p", 1), used("http://x/q", 7)})};
  d.properties = {prop("http://x/p", std::nullopt), prop("http://x/q", 3), prop("http://x/r", 30)};
  d.sort();
  REQUIRE(d.classes.size() == 4);
  CHECK(d.classes[0].class_iri == "http://x/Big");
  CHECK(d.classes[1].class_iri == "http://x/A");  // equal counts: by IRI
  CHECK(d.classes[2].class_iri == "http://x/B");
  CHECK(d.classes[3].class_iri == "http://x/Unknown");
  CHECK(d.classes[0].properties[0].property == "http://x/q");
  CHECK(d.properties[0].property == "http://x/r");
  CHECK(d.properties[2].property == "http://x/p");
  REQUIRE(d.find_class("http://x/A") != nullptr);
  CHECK(*d.find_class("http://x/A")->entities == 5);
  CHECK(d.find_class("http://x/None") == nullptr);
  CHECK(d.find_property("http://x/q")->triples == 3u);
}
