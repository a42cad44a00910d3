#include "w3c_manifest.hpp"

#include <serd/serd.h>

#include <map>
#include <optional>
#include <string_view>

#include "sparqlmcp/rdf/reader.hpp"
#include "sparqlmcp/util/error.hpp"

namespace sparqlmcp::engine::w3c {

namespace {

constexpr std::string_view kMf = "http://www.w3.org/2001/sw/DataAccess/tests/test-manifest#";
constexpr std::string_view kQt = "http://www.w3.org/2001/sw/DataAccess/tests/test-query#";
constexpr std::string_view kDawgt = "http://www.w3.org/2001/sw/DataAccess/tests/test-dawg#";
constexpr std::string_view kRdf = "http://www.w3.org/1999/02/22-rdf-syntax-ns#";
constexpr std::string_view kSd = "http://www.w3.org/ns/sparql-service-description#";

std::string key_of(const rdf::Term& term) {
  return term.is_blank() ? "_:" + term.value : term.value;
}

std::string local_name(const std::string& iri) {
  auto cut = iri.find_last_of("#/");
  return cut == std::string::npos ? iri : iri.substr(cut + 1);
}

// subject key -> (predicate IRI, object) in document order.
class Graph {
 public:
  void add(const rdf::Quad& q) {
    props_[key_of(q.subject)].emplace_back(q.predicate.value, q.object);
  }

  std::vector<rdf::Term> objects(const std::string& subject, std::string_view ns,
                                 std::string_view local) const {
    std::vector<rdf::Term> out;
    auto it = props_.find(subject);
    if (it == props_.end()) return out;
    std::string predicate = std::string(ns) + std::string(local);
    for (const auto& [p, o] : it->second)
      if (p == predicate) out.push_back(o);
    return out;
  }
  std::optional<rdf::Term> object(const std::string& subject, std::string_view ns,
                                  std::string_view local) const {
    auto all = objects(subject, ns, local);
    if (all.empty()) return std::nullopt;
    return all.front();
  }
  // The members of an RDF collection starting at `head`.
  std::vector<rdf::Term> list(const rdf::Term& head) const {
    std::vector<rdf::Term> out;
    rdf::Term node = head;
    for (std::size_t guard = 0; guard < 100000; ++guard) {
      if (node.is_iri() && node.value == std::string(kRdf) + "nil") break;
      auto first = object(key_of(node), kRdf, "first");
      auto rest = object(key_of(node), kRdf, "rest");
      if (!first || !rest) break;
      out.push_back(*first);
      node = *rest;
    }
    return out;
  }
  const std::map<std::string, std::vector<std::pair<std::string, rdf::Term>>>& subjects() const {
    return props_;
  }

 private:
  std::map<std::string, std::vector<std::pair<std::string, rdf::Term>>> props_;
};

}  // namespace

std::string file_iri(const std::filesystem::path& path) {
  std::error_code ec;
  auto absolute = std::filesystem::absolute(path, ec);
  if (ec) absolute = path;
  SerdNode node =
      serd_node_new_file_uri(reinterpret_cast<const uint8_t*>(absolute.lexically_normal().c_str()),
                             nullptr, nullptr, true);
  std::string out(reinterpret_cast<const char*>(node.buf), node.n_bytes);
  serd_node_free(&node);
  return out;
}

std::string path_of_file_iri(const std::string& iri) {
  if (iri.rfind("file://", 0) != 0) return {};
  uint8_t* host = nullptr;
  uint8_t* path = serd_file_uri_parse(reinterpret_cast<const uint8_t*>(iri.c_str()), &host);
  std::string out = path ? reinterpret_cast<const char*>(path) : "";
  serd_free(host);
  serd_free(path);
  return out;
}

Manifest read_manifest(const std::filesystem::path& path) {
  Graph graph;
  for (const auto& q : rdf::parse_rdf_file(path))
    graph.add(q);

  Manifest manifest;
  manifest.path = path.string();
  // The manifest node: the subject with mf:entries or mf:include (normally <>).
  for (const auto& [subject, props] : graph.subjects()) {
    for (const auto& head : graph.objects(subject, kMf, "include"))
      for (const auto& member : graph.list(head))
        manifest.includes.push_back(path_of_file_iri(member.value));
    for (const auto& head : graph.objects(subject, kMf, "entries")) {
      for (const auto& entry : graph.list(head)) {
        std::string id = key_of(entry);
        auto type = graph.object(id, kRdf, "type");
        std::string type_name = type ? local_name(type->value) : "";
        if (type_name != "QueryEvaluationTest" && type_name != "CSVResultFormatTest") {
          ++manifest.other_entries;
          continue;
        }
        EvalTest t;
        t.id = entry.value;
        t.type = type_name;
        if (auto name = graph.object(id, kMf, "name")) t.name = name->value;
        if (auto result = graph.object(id, kMf, "result"))
          t.result = path_of_file_iri(result->value);
        for (const auto& r : graph.objects(id, kMf, "requires"))
          t.required_features.push_back(local_name(r.value));
        if (auto approval = graph.object(id, kDawgt, "approval"))
          t.approval = local_name(approval->value);
        if (auto card = graph.object(id, kMf, "resultCardinality"))
          t.lax_cardinality = local_name(card->value) == "LaxCardinality";
        if (auto action = graph.object(id, kMf, "action")) {
          std::string a = key_of(*action);
          if (action->is_iri()) {
            t.query = path_of_file_iri(action->value);  // a bare query file
          } else {
            if (auto q = graph.object(a, kQt, "query")) t.query = path_of_file_iri(q->value);
            for (const auto& d : graph.objects(a, kQt, "data"))
              t.data.push_back(path_of_file_iri(d.value));
            for (const auto& g : graph.objects(a, kQt, "graphData"))
              t.graph_data.push_back(GraphFile{path_of_file_iri(g.value), g.value});
            for (const auto& service : graph.objects(a, kQt, "serviceData")) {
              ServiceData data;
              std::string node = key_of(service);
              if (auto endpoint = graph.object(node, kQt, "endpoint"))
                data.endpoint = endpoint->value;
              for (const auto& d : graph.objects(node, kQt, "data"))
                data.data.push_back(path_of_file_iri(d.value));
              t.service_data.push_back(std::move(data));
            }
            t.has_service_data = !t.service_data.empty();
            t.has_entailment_regime = !graph.objects(a, kSd, "entailmentRegime").empty();
          }
        }
        manifest.tests.push_back(std::move(t));
      }
    }
  }
  return manifest;
}

}  // namespace sparqlmcp::engine::w3c
