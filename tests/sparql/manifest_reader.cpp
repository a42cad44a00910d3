#include "manifest_reader.hpp"

#include <serd/serd.h>

#include <map>
#include <memory>
#include <stdexcept>

namespace sparqlmcp::sparql::testing {

namespace {

constexpr const char* kMf = "http://www.w3.org/2001/sw/DataAccess/tests/test-manifest#";
constexpr const char* kRdf = "http://www.w3.org/1999/02/22-rdf-syntax-ns#";

struct State {
  SerdEnv* env = nullptr;
  // subject -> predicate -> objects
  std::map<std::string, std::multimap<std::string, std::string>> graph;
};

std::string node_text(const State& s, const SerdNode* n) {
  if (n->type == SERD_URI || n->type == SERD_CURIE) {
    SerdNode expanded = serd_env_expand_node(s.env, n);
    if (expanded.buf) {
      std::string out(reinterpret_cast<const char*>(expanded.buf), expanded.n_bytes);
      serd_node_free(&expanded);
      return out;
    }
  }
  std::string prefix = n->type == SERD_BLANK ? "_:" : "";
  return prefix + std::string(reinterpret_cast<const char*>(n->buf), n->n_bytes);
}

SerdStatus on_base(void* handle, const SerdNode* uri) {
  return serd_env_set_base_uri(static_cast<State*>(handle)->env, uri);
}
SerdStatus on_prefix(void* handle, const SerdNode* name, const SerdNode* uri) {
  return serd_env_set_prefix(static_cast<State*>(handle)->env, name, uri);
}
SerdStatus on_statement(void* handle, SerdStatementFlags, const SerdNode*, const SerdNode* s,
                        const SerdNode* p, const SerdNode* o, const SerdNode*, const SerdNode*) {
  auto* state = static_cast<State*>(handle);
  state->graph[node_text(*state, s)].emplace(node_text(*state, p), node_text(*state, o));
  return SERD_SUCCESS;
}

std::string first_object(const State& s, const std::string& subject, const std::string& pred) {
  auto it = s.graph.find(subject);
  if (it == s.graph.end()) return {};
  auto p = it->second.find(pred);
  return p == it->second.end() ? std::string() : p->second;
}

}  // namespace

std::vector<ManifestEntry> read_manifest(const std::string& path) {
  State state;
  std::string base = "file://" + path;
  SerdNode base_node =
      serd_node_from_string(SERD_URI, reinterpret_cast<const uint8_t*>(base.c_str()));
  state.env = serd_env_new(&base_node);
  std::unique_ptr<SerdEnv, decltype(&serd_env_free)> env_guard(state.env, &serd_env_free);
  std::unique_ptr<SerdReader, decltype(&serd_reader_free)> reader(
      serd_reader_new(SERD_TURTLE, &state, nullptr, on_base, on_prefix, on_statement, nullptr),
      &serd_reader_free);
  if (serd_reader_read_file(reader.get(), reinterpret_cast<const uint8_t*>(path.c_str())) !=
      SERD_SUCCESS)
    throw std::runtime_error("cannot read manifest " + path);

  std::vector<ManifestEntry> entries;
  std::string list;
  for (const auto& [subject, props] : state.graph) {
    auto it = props.find(std::string(kMf) + "entries");
    if (it != props.end()) list = it->second;
  }
  for (int guard = 0; !list.empty() && list != std::string(kRdf) + "nil" && guard < 100000;
       ++guard) {
    std::string id = first_object(state, list, std::string(kRdf) + "first");
    ManifestEntry e;
    e.id = id;
    e.name = first_object(state, id, std::string(kMf) + "name");
    std::string type = first_object(state, id, std::string(kRdf) + "type");
    e.type = type.substr(type.find_last_of("#/") + 1);
    std::string action = first_object(state, id, std::string(kMf) + "action");
    if (action.rfind("_:", 0) == 0)  // evaluation tests: [ qt:query <q.rq> ; qt:data ... ]
      action = first_object(state, action,
                            "http://www.w3.org/2001/sw/DataAccess/tests/test-query#query");
    e.action = action.rfind("file://", 0) == 0 ? action.substr(7) : action;
    entries.push_back(std::move(e));
    list = first_object(state, list, std::string(kRdf) + "rest");
  }
  return entries;
}

}  // namespace sparqlmcp::sparql::testing
