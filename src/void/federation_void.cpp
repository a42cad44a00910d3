#include "sparqlmcp/void/federation_void.hpp"

#include <algorithm>

#include "sparqlmcp/rdf/reader.hpp"
#include "sparqlmcp/void/turtle.hpp"

namespace sparqlmcp::void_ {
namespace {

constexpr const char* kVoid = "http://rdfs.org/ns/void#";
constexpr const char* kRdfType = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type";

// A description as triples, its blank nodes renamed into `scope` (so that members never share
// a node) and its dataset node (the one write_turtle gives its void:sparqlEndpoint) replaced
// by `dataset`.
std::vector<rdf::Triple> triples_of(const Description& description, const std::string& scope,
                                    const rdf::Term& dataset) {
  const std::vector<rdf::Quad> quads =
      rdf::parse_rdf(write_turtle(description), rdf::RdfSyntax::Turtle, "", "VoID");
  std::string own;  // the dataset node's label
  for (const rdf::Quad& quad : quads)
    if (quad.subject.is_blank() && quad.predicate.value == std::string(kVoid) + "sparqlEndpoint" &&
        quad.object.value == description.endpoint)
      own = quad.subject.value;
  auto rename = [&](const rdf::Term& term) {
    if (!term.is_blank()) return term;
    if (term.value == own) return dataset;
    return rdf::Term::blank(scope + term.value);
  };
  std::vector<rdf::Triple> out;
  out.reserve(quads.size());
  for (const rdf::Quad& quad : quads)
    out.push_back({rename(quad.subject), quad.predicate, rename(quad.object)});
  return out;
}

}  // namespace

std::vector<rdf::Triple> federation_void(const std::string& endpoint_url,
                                         const std::vector<FederationMember>& members,
                                         const rdf::Term& dataset) {
  std::vector<rdf::Triple> out;
  std::vector<rdf::Triple> described;  // the members' descriptions, to merge
  for (std::size_t i = 0; i < members.size(); ++i) {
    const FederationMember& member = members[i];
    const std::string scope = "member" + std::to_string(i) + "_";
    const rdf::Term node = rdf::Term::blank(scope + "dataset");
    out.push_back({dataset, rdf::Term::iri(std::string(kVoid) + "subset"), node});
    if (member.description) {
      std::vector<rdf::Triple> own = triples_of(*member.description, scope, node);
      described.insert(described.end(), own.begin(), own.end());
      out.insert(out.end(), own.begin(), own.end());
    } else {
      out.push_back(
          {node, rdf::Term::iri(kRdfType), rdf::Term::iri(std::string(kVoid) + "Dataset")});
      out.push_back({node, rdf::Term::iri(std::string(kVoid) + "sparqlEndpoint"),
                     rdf::Term::iri(member.endpoint_iri)});
    }
    if (!member.title.empty())
      out.push_back({node, rdf::Term::iri("http://purl.org/dc/terms/title"),
                     rdf::Term::literal(member.title)});
  }
  // The federation's own dataset: the members' descriptions merged, as this endpoint's.
  std::optional<Description> merged = read_void(described, "");
  Description federation = merged ? std::move(*merged) : Description{};
  federation.endpoint = endpoint_url;
  federation.id.clear();
  federation.provenance = {};
  // Without provenance: nothing computed it, it adds up what the members' say.
  const std::string generated = "http://www.w3.org/ns/prov#wasGeneratedBy";
  std::vector<rdf::Triple> own = triples_of(federation, "federation_", dataset);
  std::vector<rdf::Term> activities;
  for (const rdf::Triple& t : own)
    if (t.subject == dataset && t.predicate.value == generated) activities.push_back(t.object);
  for (const rdf::Triple& t : own) {
    const bool provenance =
        (t.subject == dataset && t.predicate.value == generated) ||
        std::find(activities.begin(), activities.end(), t.subject) != activities.end();
    if (!provenance) out.push_back(t);
  }
  return out;
}

}  // namespace sparqlmcp::void_
