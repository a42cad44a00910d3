#include "sparqlmcp/assist/labeller.hpp"

#include <algorithm>
#include <future>

#include "sparqlmcp/assist/labels.hpp"

namespace sparqlmcp::assist {
namespace {

std::string key_of(const catalogue::Endpoint& endpoint, const std::string& iri) {
  return endpoint.id + "\n" + iri;
}

}  // namespace

Labeller::Labeller(std::shared_ptr<const federation::QueryService> queries,
                   void_::VoidCache* void_cache, std::size_t cache_bytes,
                   std::chrono::seconds time_to_live)
    : queries_(std::move(queries)), void_cache_(void_cache), cache_(cache_bytes, time_to_live) {}

bool Labeller::holds_labels(const catalogue::Endpoint& endpoint) const {
  if (endpoint.answered_locally) return true;
  if (!void_cache_) return false;
  const void_::CacheLookup found = void_cache_->lookup(endpoint.id);
  if (!found.hit) return false;
  for (const void_::PropertyPartition& p : found.hit->description->properties)
    if (is_label_property(p.property)) return true;
  for (const void_::ClassPartition& c : found.hit->description->classes)
    for (const void_::ClassProperty& p : c.properties)
      if (is_label_property(p.property)) return true;
  return false;
}

std::map<std::string, std::string> Labeller::labels(
    const std::vector<std::string>& iris, const std::vector<const catalogue::Endpoint*>& endpoints,
    std::chrono::steady_clock::time_point deadline, const CancellationTokenPtr& cancel,
    const RequestObserver& on_request, std::size_t max_iris) {
  std::map<std::string, std::string> out;
  std::vector<std::string> asked(iris.begin(),
                                 iris.begin() + static_cast<long>(std::min(iris.size(), max_iris)));
  // What the cache knows, and per endpoint what it must still be asked.
  std::vector<std::vector<std::string>> missing(endpoints.size());
  for (std::size_t e = 0; e < endpoints.size(); ++e) {
    if (!holds_labels(*endpoints[e])) continue;
    for (const std::string& iri : asked) {
      if (auto known = cache_.find(key_of(*endpoints[e], iri))) {
        if (!known->empty()) out.emplace(iri, *known);
      } else {
        missing[e].push_back(iri);
      }
    }
  }
  std::vector<std::future<EndpointRows>> running(endpoints.size());
  for (std::size_t e = 0; e < endpoints.size(); ++e) {
    std::erase_if(missing[e], [&](const std::string& iri) { return out.count(iri) > 0; });
    if (missing[e].empty()) continue;
    const std::string query = literals_query(missing[e], label_properties(),
                                             std::min<std::size_t>(missing[e].size() * 4, 1000));
    running[e] = std::async(std::launch::async, [&, e, query] {
      return select_at(*queries_, *endpoints[e], query, deadline, cancel, on_request);
    });
  }
  for (std::size_t e = 0; e < endpoints.size(); ++e) {
    if (!running[e].valid()) continue;
    const EndpointRows rows = running[e].get();
    if (rows.failure) continue;
    std::map<std::string, std::pair<std::string, bool>> found;  // IRI -> (label, English)
    for (const auto& row : rows.rows) {
      auto t = row.find("t"), l = row.find("l");
      if (t == row.end() || l == row.end()) continue;
      const bool english = english_or_untagged(l->second);
      auto [it, added] = found.emplace(t->second.value, std::make_pair(l->second.value, english));
      if (!added && english && !it->second.second) it->second = {l->second.value, true};
    }
    for (const std::string& iri : missing[e]) {
      auto it = found.find(iri);
      const std::string label = it == found.end() ? std::string() : it->second.first;
      // Rows cut at the LIMIT say nothing of the IRIs they left out.
      if (it != found.end() || !rows.bounded)
        cache_.put(key_of(*endpoints[e], iri), label, label.size() + 64);
      if (!label.empty()) out.emplace(iri, label);
    }
  }
  return out;
}

}  // namespace sparqlmcp::assist
