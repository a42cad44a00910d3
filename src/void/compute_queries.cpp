#include "compute_queries.hpp"

#include "sparqlmcp/rdf/term.hpp"

namespace sparqlmcp::void_::queries {

namespace {

std::string iri(const std::string& value) {
  return "<" + rdf::escape_iri(value) + ">";
}

std::string limit(std::size_t rows) {
  return " LIMIT " + std::to_string(rows);
}

}  // namespace

std::string triples() {
  return "SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }";
}

std::string classes(std::size_t rows) {
  return "SELECT ?c (COUNT(?s) AS ?n) WHERE { ?s a ?c } GROUP BY ?c ORDER BY DESC(?n)" +
         limit(rows);
}

std::string class_count() {
  return "SELECT (COUNT(DISTINCT ?c) AS ?n) WHERE { ?s a ?c }";
}

std::string properties(std::size_t rows) {
  return "SELECT ?p (COUNT(*) AS ?n) WHERE { ?s ?p ?o } GROUP BY ?p ORDER BY DESC(?n)" +
         limit(rows);
}

std::string property_count() {
  return "SELECT (COUNT(DISTINCT ?p) AS ?n) WHERE { ?s ?p ?o }";
}

std::string class_properties(const std::string& class_iri, std::size_t rows) {
  return "SELECT ?p (COUNT(*) AS ?n) (COUNT(DISTINCT ?s) AS ?ds) (COUNT(DISTINCT ?o) AS ?do) "
         "WHERE { ?s a " +
         iri(class_iri) + " ; ?p ?o } GROUP BY ?p ORDER BY DESC(?n)" + limit(rows);
}

std::string class_object_classes(const std::string& class_iri, std::size_t rows) {
  return "SELECT ?p ?d (COUNT(*) AS ?n) WHERE { ?s a " + iri(class_iri) +
         " ; ?p ?o . ?o a ?d } GROUP BY ?p ?d ORDER BY DESC(?n)" + limit(rows);
}

std::string class_literals(const std::string& class_iri, std::size_t rows) {
  return "SELECT ?p ?dt ?l (COUNT(*) AS ?n) WHERE { ?s a " + iri(class_iri) +
         " ; ?p ?o . FILTER(isLiteral(?o)) BIND(DATATYPE(?o) AS ?dt) BIND(LANG(?o) AS ?l) } "
         "GROUP BY ?p ?dt ?l ORDER BY DESC(?n)" +
         limit(rows);
}

std::string property_distincts(const std::string& property) {
  return "SELECT (COUNT(DISTINCT ?s) AS ?ds) (COUNT(DISTINCT ?o) AS ?do) WHERE { ?s " +
         iri(property) + " ?o }";
}

std::string distinct_subjects() {
  return "SELECT (COUNT(DISTINCT ?s) AS ?n) WHERE { ?s ?p ?o }";
}

std::string distinct_objects() {
  return "SELECT (COUNT(DISTINCT ?o) AS ?n) WHERE { ?s ?p ?o }";
}

}  // namespace sparqlmcp::void_::queries
