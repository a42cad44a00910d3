#pragma once
// The texts of the statistics queries a computation sends (compute.hpp says which and why).
// Grouped queries are ordered by size and limited, so the biggest groups come first and an
// answer at the limit is known to be cut; pre-bound classes and properties keep each query
// small. Only SPARQL 1.1 aggregates, no extension functions, so every 1.1 endpoint answers.

#include <cstddef>
#include <string>

namespace sparqlmcp::void_::queries {

// ?n: the number of triples.
std::string triples();
// ?c ?n: classes with their instances (rdf:type triples), biggest first, at most `limit`.
std::string classes(std::size_t limit);
// ?n: the number of distinct classes.
std::string class_count();
// ?p ?n: properties with their triples, biggest first, at most `limit`.
std::string properties(std::size_t limit);
// ?n: the number of distinct properties.
std::string property_count();
// ?p ?n ?ds ?do: the properties the instances of `class_iri` use.
std::string class_properties(const std::string& class_iri, std::size_t limit);
// ?p ?d ?n: per property of the instances of `class_iri`, the classes of the objects.
std::string class_object_classes(const std::string& class_iri, std::size_t limit);
// ?p ?dt ?l ?n: per property of the instances of `class_iri`, the datatypes and languages of
// literal objects (DATATYPE of a language-tagged literal is unbound on some stores: Virtuoso 7).
std::string class_literals(const std::string& class_iri, std::size_t limit);
// ?ds ?do: the distinct subjects and objects of `property`.
std::string property_distincts(const std::string& property);
// ?n: the dataset's distinct subjects / objects.
std::string distinct_subjects();
std::string distinct_objects();

}  // namespace sparqlmcp::void_::queries
