#pragma once
// Small descriptions written by hand for the summary tests, and the builders they are made
// with.

#include <chrono>
#include <string>
#include <utility>
#include <vector>

#include "sparqlmcp/void/model.hpp"

namespace sparqlmcp::void_::test {

inline const std::string kEx = "http://example.org/people/";
inline const std::string kFoaf = "http://xmlns.com/foaf/0.1/";
inline const std::string kXsd = "http://www.w3.org/2001/XMLSchema#";
inline const std::string kRdf = "http://www.w3.org/1999/02/22-rdf-syntax-ns#";
inline const std::string kRdfs = "http://www.w3.org/2000/01/rdf-schema#";
inline const std::string kGeo = "http://www.w3.org/2003/01/geo/wgs84_pos#";

inline ClassProperty used(std::string property, Count triples, Count subjects = {},
                          Count objects = {}) {
  ClassProperty p;
  p.property = std::move(property);
  p.triples = triples;
  p.distinct_subjects = subjects;
  p.distinct_objects = objects;
  return p;
}

// A literal-valued property: all its triples have `datatype`.
inline ClassProperty literal(std::string property, std::string datatype, std::uint64_t triples,
                             Count subjects = {}, Count objects = {}) {
  ClassProperty p = used(std::move(property), triples, subjects, objects);
  p.datatypes[std::move(datatype)] = triples;
  return p;
}

// An object property: `resources` IRI values, `classes` of them typed.
inline ClassProperty link(std::string property, std::uint64_t triples,
                          std::vector<std::pair<std::string, std::uint64_t>> classes,
                          Count subjects = {}, Count objects = {}) {
  ClassProperty p = used(std::move(property), triples, subjects, objects);
  for (auto& [cls, n] : classes)
    p.object_classes[cls] = n;
  p.resource_objects = triples;
  return p;
}

inline ClassPartition cls(std::string iri, Count entities, std::vector<ClassProperty> properties,
                          bool known = true) {
  ClassPartition c;
  c.class_iri = std::move(iri);
  c.entities = entities;
  c.properties = std::move(properties);
  c.properties_known = known;
  return c;
}

inline PropertyPartition prop(std::string iri, Count triples, Count subjects = {},
                              Count objects = {}) {
  PropertyPartition p;
  p.property = std::move(iri);
  p.triples = triples;
  p.distinct_subjects = subjects;
  p.distinct_objects = objects;
  return p;
}

// 2026-11-25T09:12:05Z
inline SystemTime fixed_time() {
  return SystemTime{} + std::chrono::seconds(1795597925);
}

// People, the cities they live in and the countries of those: every kind of value (typed
// literals, language tags, typed and untyped links), every cardinality, and a class whose
// properties are not described.
inline Description people() {
  Description d;
  d.endpoint = "http://127.0.0.1:7001/sparql";
  d.id = "people";
  d.triples = 2195;
  d.distinct_subjects = 448;
  d.distinct_objects = 1100;
  d.class_count = 3;
  d.property_count = 9;
  d.prefixes = {{"ex", kEx}};
  ClassProperty label = used(kRdfs + "label", 50, 40, 50);
  label.datatypes[kRdf + "langString"] = 50;
  label.languages = {{"en", 30}, {"de", 20}};
  ClassProperty homepage = used(kEx + "homepage", 100, 100, 100);
  homepage.resource_objects = 100;
  d.classes = {
      cls(kEx + "City", 31,
          {used(kRdf + "type", 31, 31, 1), literal(kFoaf + "name", kXsd + "string", 31, 31, 31),
           link(kEx + "country", 31, {{kEx + "Country", 31}}, 31, 5),
           literal(kGeo + "lat", kXsd + "decimal", 31, 31, 30)}),
      cls(kEx + "Country", 5, {}, false),
      cls(kEx + "Person", 412,
          {used(kRdf + "type", 412, 412, 1),
           literal(kFoaf + "name", kXsd + "string", 412, 412, 400),
           link(kEx + "knows", 300, {{kEx + "Person", 290}}, 200, 150), label, homepage,
           literal(kEx + "birthYear", kXsd + "gYear", 380, 380, 70),
           link(kEx + "livesIn", 412, {{kEx + "City", 412}}, 412, 31)}),
  };
  d.properties = {prop(kRdf + "type", 448, 448, 3),    prop(kFoaf + "name", 443, 443, 431),
                  prop(kEx + "livesIn", 412, 412, 31), prop(kEx + "birthYear", 380, 380, 70),
                  prop(kEx + "knows", 300, 200, 150),  prop(kEx + "homepage", 100, 100, 100),
                  prop(kRdfs + "label", 50, 40, 50),   prop(kEx + "country", 31, 31, 5),
                  prop(kGeo + "lat", 31, 31, 30)};
  d.provenance.origin = Provenance::Origin::Computed;
  d.provenance.method = "computed";
  d.provenance.source = d.endpoint;
  d.provenance.started = fixed_time() - std::chrono::seconds(3);
  d.provenance.finished = fixed_time();
  d.provenance.queries = 12;
  return d;
}

}  // namespace sparqlmcp::void_::test
