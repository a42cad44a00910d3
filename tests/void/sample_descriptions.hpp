#pragma once
// Descriptions for the void tests and bench/void_cache_bench.cpp: one that uses every field of
// the model (with the characters that need escaping), and generated ones of any size.

#include <chrono>
#include <string>

#include "sparqlmcp/void/model.hpp"

namespace sparqlmcp::void_::test {

inline ClassProperty class_property(std::string property, Count triples) {
  ClassProperty p;
  p.property = std::move(property);
  p.triples = triples;
  return p;
}

// Every field set, sorted as Description::sort() leaves it.
inline Description sample_description() {
  using namespace std::chrono;
  Description d;
  d.endpoint = "http://example.org/sparql";
  d.id = "example";
  d.triples = 1000000;
  d.distinct_subjects = 100000;
  d.distinct_objects = 216248;
  d.class_count = 4;
  d.property_count = 31;
  d.uri_spaces = {"http://example.org/id/", "http://example.org/person/"};
  d.uri_patterns = {"^http://example\\.org/(doc|id)/[0-9]+$"};
  d.prefixes = {{"ex", "http://example.org/ontology#"},
                {"schema", "https://schema.org/"},
                {"void", "http://example.org/not-void#"}};

  ClassPartition person;
  person.class_iri = "http://example.org/ontology#Person";
  person.entities = 31412;
  person.properties_known = true;
  ClassProperty name = class_property("http://example.org/ontology#name", 31412);
  name.distinct_subjects = 31412;
  name.distinct_objects = 30001;
  name.datatypes = {{"http://www.w3.org/2001/XMLSchema#string", 31000},
                    {"http://www.w3.org/1999/02/22-rdf-syntax-ns#langString", 412}};
  name.languages = {{"en", 400}, {"zh-Hant", 12}};
  name.resource_objects = 0;
  ClassProperty knows = class_property("http://example.org/ontology#knows", 5000);
  knows.object_classes = {{"http://example.org/ontology#Person", 4990},
                          {"http://example.org/ontology#Robot", 0}};  // count unknown
  knows.resource_objects = 5000;
  ClassProperty type = class_property("http://www.w3.org/1999/02/22-rdf-syntax-ns#type", 31412);
  person.properties = {name, type, knows};

  ClassPartition empty;  // computed: its instances use no property but rdf:type? none at all
  empty.class_iri = "http://example.org/ontology#Empty";
  empty.entities = 0;
  empty.properties_known = true;

  ClassPartition unknown_properties;  // a class whose shape was not computed
  unknown_properties.class_iri = "https://schema.org/Thing";
  unknown_properties.entities = 17;

  ClassPartition partial;  // properties listed but known to be incomplete
  partial.class_iri = "http://example.org/ontology/Ünïcode%20Class";
  partial.properties = {class_property("http://example.org/ontology#p", std::nullopt)};
  partial.properties_known = false;

  d.classes = {person, unknown_properties, empty, partial};

  PropertyPartition p1{"http://www.w3.org/1999/02/22-rdf-syntax-ns#type", 100000, 100000, 4};
  PropertyPartition p2{"http://example.org/ontology#name", 31412, std::nullopt, std::nullopt};
  PropertyPartition p3{"http://example.org/ontology#unused", 0, 0, 0};
  PropertyPartition p4{"http://example.org/ontology#uncounted", std::nullopt, std::nullopt,
                       std::nullopt};
  d.properties = {p1, p2, p3, p4};

  Provenance& p = d.provenance;
  p.origin = Provenance::Origin::Computed;
  p.method = "computed";
  p.source = "http://example.org/sparql";
  p.started = SystemTime(seconds(1795000000)) + nanoseconds(123456789);
  p.finished = SystemTime(seconds(1795000004)) + milliseconds(500);
  p.queries = 143;
  p.failed_queries = 2;
  p.query_timeout = milliseconds(20000);
  p.concurrency = 4;
  p.longest_query = milliseconds(1451);
  p.user_agent = "sparql-mcp/0.1 (void-computation; \"quoted\" \\ back)";
  p.missing = {
      {"distinct objects", "", "timeout after 20000 ms"},
      {"properties of class", "http://example.org/ontology#Robot", "HTTP 500: line one\nline two"},
      {"datatypes of class", "not an IRI", "cut at 1000 rows"}};
  d.sort();
  return d;
}

// `classes` classes, each with `properties_per_class` properties of two object classes and a
// datatype, and as many dataset-level property partitions: the shape of a computed description.
inline Description generated_description(std::size_t classes,
                                         std::size_t properties_per_class = 8) {
  using namespace std::chrono;
  Description d;
  d.endpoint = "http://127.0.0.1:8890/sparql";
  d.id = "generated-" + std::to_string(classes);
  d.triples = classes * 1000;
  d.distinct_subjects = classes * 100;
  d.distinct_objects = classes * 300;
  d.class_count = classes;
  d.property_count = properties_per_class * 2;
  d.prefixes = {{"gen", "http://example.org/gen/"}};
  const std::string ns = "http://example.org/gen/";
  for (std::size_t c = 0; c < classes; ++c) {
    ClassPartition cp;
    cp.class_iri = ns + "C" + std::to_string(c);
    cp.entities = 1000 + (classes - c) * 7;
    cp.properties_known = true;
    for (std::size_t p = 0; p < properties_per_class; ++p) {
      ClassProperty prop = class_property(ns + "p" + std::to_string(p * 2 + c % 2), 500 + p);
      prop.distinct_subjects = 400 + p;
      prop.distinct_objects = 300 + p;
      if (p % 2 == 0) {
        prop.object_classes = {{ns + "C" + std::to_string((c + 1) % classes), 250},
                               {ns + "C" + std::to_string((c + 2) % classes), 100}};
        prop.resource_objects = 350;
      } else {
        prop.datatypes = {{"http://www.w3.org/2001/XMLSchema#integer", 500 + p}};
      }
      cp.properties.push_back(std::move(prop));
    }
    d.classes.push_back(std::move(cp));
  }
  for (std::size_t p = 0; p < properties_per_class * 2; ++p)
    d.properties.push_back(
        PropertyPartition{ns + "p" + std::to_string(p), 1000 * classes + p, 90 + p, 80 + p});
  d.provenance.origin = Provenance::Origin::Computed;
  d.provenance.method = "computed";
  d.provenance.source = d.endpoint;
  d.provenance.started = SystemTime(seconds(1795000000));
  d.provenance.finished = SystemTime(seconds(1795000060));
  d.provenance.queries = 8 + classes * 3;
  d.provenance.query_timeout = milliseconds(20000);
  d.provenance.concurrency = 4;
  d.sort();
  return d;
}

}  // namespace sparqlmcp::void_::test
