#pragma once
// The VoID of what a federation federates, for the service description of its own SPARQL
// endpoint (sparql_endpoint's /sparql): one dataset for the federation's endpoint whose
// statistics and partitions add up its members' (merged as read_void merges several datasets:
// an estimate of the merge, since members may share triples), and one void:subset per member
// with its own void:sparqlEndpoint and, where it is described, its own statistics. Another
// federator (Comunica reads VoID in service descriptions) can then estimate cardinalities for
// the federation, or select among the members itself.

#include <memory>
#include <string>
#include <vector>

#include "sparqlmcp/rdf/term.hpp"
#include "sparqlmcp/void/model.hpp"

namespace sparqlmcp::void_ {

struct FederationMember {
  std::string endpoint_iri;
  std::string title;
  std::shared_ptr<const Description> description;  // nullptr: not described (yet)
};

// The triples; `dataset` (a blank node the caller links, e.g. as sd:defaultGraph) is the
// federation's dataset. Members' nodes are blank nodes of their own.
std::vector<rdf::Triple> federation_void(const std::string& endpoint_url,
                                         const std::vector<FederationMember>& members,
                                         const rdf::Term& dataset);

}  // namespace sparqlmcp::void_
