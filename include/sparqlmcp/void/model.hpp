#pragma once
// What the server knows of an endpoint's schema: a VoID description (https://www.w3.org/TR/void/)
// reduced to what agents and source selection use. The totals of the dataset, its class
// partitions (classes with their instance counts and, per class, the properties their instances
// use with the classes and datatypes of the values: the "shape" of the class), and its property
// partitions (properties with triple counts and distinct subjects and objects).
//
// One model for every origin: a description retrieved from the endpoint (a well-known file, its
// service description, VoID triples in its graphs), one computed with aggregate queries, one
// computed in-process over a dump. Each count is optional: published VoID often gives some and
// not others, and a computation that timed out on a part leaves it unknown (and says so in
// Provenance::missing). `void` is a C++ keyword, so the namespace is `void_`.

#include <chrono>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace sparqlmcp::void_ {

using Count = std::optional<std::uint64_t>;
using SystemTime = std::chrono::system_clock::time_point;

inline constexpr const char* kRdfLangString =
    "http://www.w3.org/1999/02/22-rdf-syntax-ns#langString";

// A property partition of the whole dataset (void:propertyPartition of the dataset).
struct PropertyPartition {
  std::string property;  // IRI
  Count triples;
  Count distinct_subjects;
  Count distinct_objects;

  friend bool operator==(const PropertyPartition&, const PropertyPartition&) = default;
};

// A property used by the instances of one class: a property partition nested in a class
// partition. The values are told apart by kind: object classes (objects that are instances of a
// class, counted per class; an object with two classes counts for both), literal datatypes
// (language-tagged literals are rdf:langString, with their languages counted separately), and
// IRIs or blank nodes of no known class. In the three maps a count of 0 means "used, count
// unknown": published VoID names object classes and datatypes without counts (void-generator
// leaves out counts of 0, sparql-llm's linksets often carry none), and a value that is never
// used is never a key.
struct ClassProperty {
  std::string property;  // IRI
  Count triples;         // triples whose subject is an instance of the class
  Count distinct_subjects;
  Count distinct_objects;
  std::map<std::string, std::uint64_t> object_classes;  // class IRI -> triples
  std::map<std::string, std::uint64_t> datatypes;       // datatype IRI -> literal triples
  std::map<std::string, std::uint64_t> languages;       // language tag -> literal triples
  Count resource_objects;  // triples whose object is an IRI or a blank node (any class or none)

  friend bool operator==(const ClassProperty&, const ClassProperty&) = default;
};

// A class partition (void:classPartition, void:class, void:entities).
struct ClassPartition {
  std::string class_iri;
  Count entities;  // instances
  // The properties its instances use, by triples (descending). Empty with `properties_known`
  // false when they were not computed or not published.
  std::vector<ClassProperty> properties;
  bool properties_known = false;

  friend bool operator==(const ClassPartition&, const ClassPartition&) = default;
};

// A part of a computation that did not finish, and why: what a partial description lacks.
struct MissingPart {
  std::string part;     // e.g. "distinct objects", "properties of class", "datatypes of class"
  std::string subject;  // the class or property IRI it concerns; empty for dataset totals
  std::string reason;   // e.g. "timeout after 20000 ms", "HTTP 500: ...", "cut at 1000 rows"

  friend bool operator==(const MissingPart&, const MissingPart&) = default;
};

// Where a description comes from and how it was made; recorded as triples in the cache file.
struct Provenance {
  enum class Origin {
    Retrieved,  // published by the endpoint and read as it is
    Computed,   // computed with aggregate queries sent to the endpoint
    InProcess,  // computed by the embedded engine over the catalogue entry's dumps (exact)
  };
  Origin origin = Origin::Computed;
  // How it was found: "well-known", "service-description", "default-graph", "named-graph",
  // "computed" or "in-process".
  std::string method;
  std::string source;  // the URL read, the graph IRI, or the endpoint queried
  SystemTime started;
  SystemTime finished;
  // Computations: the settings the queries ran with, and what they cost.
  std::size_t queries = 0;
  std::size_t failed_queries = 0;
  std::chrono::milliseconds query_timeout{0};
  std::size_t concurrency = 0;
  std::chrono::milliseconds longest_query{0};
  std::string user_agent;
  std::vector<MissingPart> missing;  // empty: complete

  bool complete() const { return missing.empty(); }

  friend bool operator==(const Provenance&, const Provenance&) = default;
};

// The description of one endpoint.
struct Description {
  std::string endpoint;  // the endpoint IRI as the catalogue names it
  std::string id;        // the catalogue id
  Count triples;
  Count distinct_subjects;
  Count distinct_objects;
  Count class_count;     // void:classes: distinct objects of rdf:type (may exceed classes.size())
  Count property_count;  // void:properties (may exceed properties.size())
  std::vector<ClassPartition> classes;        // by entities, descending
  std::vector<PropertyPartition> properties;  // by triples, descending
  // The IRIs of the dataset's entities (the resources it describes): void:uriSpace prefixes
  // and void:uriRegexPattern regular expressions, as published. Both empty: not declared.
  std::vector<std::string> uri_spaces;
  std::vector<std::string> uri_patterns;
  // Prefixes for printing IRIs compactly (from published VoID, or derived); (name, namespace).
  std::vector<std::pair<std::string, std::string>> prefixes;
  Provenance provenance;

  const ClassPartition* find_class(const std::string& iri) const;
  const PropertyPartition* find_property(const std::string& iri) const;
  // Orders classes by entities and properties by triples (descending, unknown last, then IRI),
  // and each class's properties by triples: the order summaries and the cache file use. URI
  // spaces and patterns are sorted and made unique.
  void sort();

  // Member by member: what the Turtle round trip (void/turtle.hpp) is checked with.
  friend bool operator==(const Description&, const Description&) = default;
};

}  // namespace sparqlmcp::void_
