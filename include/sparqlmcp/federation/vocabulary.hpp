#pragma once
// What an endpoint's data is made of: the predicates of its default graph and the classes its
// rdf:type triples name — the property and class partitions of a VoID description, without
// their counts. Source selection asks it before any ASK probe: an endpoint whose vocabulary
// lacks a predicate or class that a pattern requires has no solution for the pattern, and one
// that has the single predicate of a one-triple pattern has one, so neither needs a probe.
// Learned with one request per endpoint (learn_vocabulary in src/federation) and remembered
// across calls in EndpointMemory.

#include <set>
#include <string>

namespace sparqlmcp::federation {

struct Vocabulary {
  std::set<std::string> predicates;  // IRIs
  std::set<std::string> classes;     // IRIs (objects of rdf:type)
};

}  // namespace sparqlmcp::federation
