// describe_entity: which endpoints know an entity (one ASK each, in parallel), then at each of
// them the properties leading from and to it with their counts, a few example values, its
// classes and the labels of all of these: five bounded queries per endpoint that knows it.

#include <algorithm>
#include <set>

#include "parallel.hpp"
#include "sparqlmcp/assist/endpoint_query.hpp"
#include "sparqlmcp/assist/labels.hpp"
#include "sparqlmcp/assist/search_service.hpp"
#include "sparqlmcp/rdf/term.hpp"
#include "sparqlmcp/util/error.hpp"

namespace sparqlmcp::assist {
namespace {

constexpr std::size_t kExamplesPerProperty = 3;
constexpr std::size_t kSampleRows = 500;

std::uint64_t count_of(const std::map<std::string, rdf::Term>& row) {
  auto n = row.find("n");
  if (n == row.end()) return 0;
  try {
    return std::stoull(n->second.value);
  } catch (const std::exception&) {
    return 0;
  }
}

std::vector<Neighbour> neighbours(const EndpointRows& counts, const EndpointRows& samples,
                                  const char* other) {
  std::vector<Neighbour> out;
  for (const auto& row : counts.rows)
    if (auto p = row.find("p"); p != row.end()) out.push_back({p->second.value, count_of(row), {}});
  for (const auto& row : samples.rows) {
    auto p = row.find("p"), value = row.find(other);
    if (p == row.end() || value == row.end()) continue;
    auto it = std::find_if(out.begin(), out.end(),
                           [&](const Neighbour& n) { return n.property == p->second.value; });
    if (it != out.end() && it->examples.size() < kExamplesPerProperty &&
        std::find(it->examples.begin(), it->examples.end(), value->second) == it->examples.end())
      it->examples.push_back(value->second);
  }
  return out;
}

std::optional<EntityView> view_at(const federation::QueryService& queries,
                                  const catalogue::Endpoint& endpoint, const EntityRequest& request,
                                  std::size_t& requests, std::vector<std::string>& notes) {
  const std::string e = "<" + request.iri + ">";
  const std::string limit = std::to_string(request.limit);
  auto ask = [&](const std::string& query) {
    EndpointRows rows =
        select_at(queries, endpoint, query, request.deadline, request.cancel, request.on_request);
    requests += rows.requests;
    if (rows.failure) notes.push_back("at " + endpoint.id + ": " + *rows.failure);
    return rows;
  };
  const EndpointRows known =
      ask("SELECT ?x WHERE { { " + e + " ?x ?o } UNION { ?s ?x " + e + " } } LIMIT 1");
  if (known.failure || known.rows.empty()) return std::nullopt;

  EntityView view;
  view.endpoint = endpoint.id;
  const EndpointRows out_counts = ask("SELECT ?p (COUNT(*) AS ?n) WHERE { " + e +
                                      " ?p ?o } GROUP BY ?p ORDER BY DESC(?n) LIMIT " + limit);
  const EndpointRows in_counts = ask("SELECT ?p (COUNT(*) AS ?n) WHERE { ?s ?p " + e +
                                     " } GROUP BY ?p ORDER BY DESC(?n) LIMIT " + limit);
  const EndpointRows out_samples =
      ask("SELECT ?p ?o WHERE { " + e + " ?p ?o } LIMIT " + std::to_string(kSampleRows));
  const EndpointRows in_samples =
      ask("SELECT ?s ?p WHERE { ?s ?p " + e + " } LIMIT " + std::to_string(kSampleRows));
  view.outgoing = neighbours(out_counts, out_samples, "o");
  view.incoming = neighbours(in_counts, in_samples, "s");
  view.bounded = out_counts.rows.size() >= request.limit ||
                 in_counts.rows.size() >= request.limit || out_counts.failure || in_counts.failure;
  for (const auto& row : out_samples.rows) {
    auto p = row.find("p"), o = row.find("o");
    if (p != row.end() && o != row.end() && p->second.value == rdf::kRdfType && o->second.is_iri())
      view.classes.push_back(o->second.value);
  }

  std::set<std::string> to_label = {request.iri};
  for (const std::string& c : view.classes)
    to_label.insert(c);
  for (const auto* side : {&view.outgoing, &view.incoming})
    for (const Neighbour& n : *side) {
      to_label.insert(n.property);
      for (const rdf::Term& t : n.examples)
        if (t.is_iri()) to_label.insert(t.value);
    }
  const std::string query =
      literals_query({to_label.begin(), to_label.end()}, label_properties(), 2000);
  const EndpointRows labels = ask(query);
  for (const auto& row : labels.rows) {
    auto t = row.find("t"), l = row.find("l");
    if (t == row.end() || l == row.end()) continue;
    const bool english = english_or_untagged(l->second);
    auto [it, added] = view.labels.emplace(t->second.value, l->second.value);
    if (!added && english) it->second = l->second.value;
  }
  return view;
}

std::size_t view_bytes(const EntityView& view) {
  std::size_t bytes = 256;
  for (const auto& [k, v] : view.labels)
    bytes += k.size() + v.size() + 64;
  for (const auto* side : {&view.outgoing, &view.incoming})
    for (const Neighbour& n : *side) {
      bytes += n.property.size() + 64;
      for (const rdf::Term& t : n.examples)
        bytes += t.value.size() + 64;
    }
  return bytes;
}

}  // namespace

EntityResponse SearchService::describe_entity(const EntityRequest& request) {
  EntityResponse response;
  std::vector<const catalogue::Endpoint*> endpoints = request.endpoints;
  if (endpoints.empty())
    for (const catalogue::Endpoint& e : catalogue_.endpoints())
      endpoints.push_back(&e);

  struct Outcome {
    std::optional<EntityView> view;
    std::size_t requests = 0;
    std::vector<std::string> notes;
  };
  std::vector<Outcome> outcomes(endpoints.size());
  run_in_parallel(endpoints.size(), kParallelEndpoints, [&](std::size_t i) {
    Outcome& outcome = outcomes[i];
    const std::string key =
        endpoints[i]->id + "\n" + request.iri + "\n" + std::to_string(request.limit);
    if (auto cached = entity_cache_->find(key)) {
      if (!cached->endpoint.empty()) outcome.view = std::move(*cached);
      return;
    }
    outcome.view = view_at(*queries_, *endpoints[i], request, outcome.requests, outcome.notes);
    // An endpoint that does not know the entity is remembered too (an empty view), unless it
    // failed to answer.
    if (outcome.notes.empty())
      entity_cache_->put(key, outcome.view.value_or(EntityView{}),
                         outcome.view ? view_bytes(*outcome.view) : 64);
  });
  for (Outcome& outcome : outcomes) {
    response.requests += outcome.requests;
    for (std::string& note : outcome.notes)
      response.notes.push_back(std::move(note));
    if (outcome.view) response.views.push_back(std::move(*outcome.view));
  }
  if (seen_ && !response.views.empty()) {
    seen_->note(request.iri);
    for (const EntityView& view : response.views) {
      for (const std::string& c : view.classes)
        seen_->note(c);
      for (const auto* side : {&view.outgoing, &view.incoming})
        for (const Neighbour& n : *side) {
          seen_->note(n.property);
          for (const rdf::Term& t : n.examples)
            if (t.is_iri()) seen_->note(t.value);
        }
    }
  }
  return response;
}

}  // namespace sparqlmcp::assist
