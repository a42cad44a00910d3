#include "sord_private_model.hpp"

#include <malloc.h>
#include <sord/sord.h>

#include <atomic>
#include <cstring>

namespace sparqlmcp::engine {

namespace {

std::atomic<bool> mutex_forced{false};

SordModelCopy read_model(const SordModel* model) {
  SordModelCopy fields;
  std::memcpy(&fields, model, sizeof fields);
  return fields;
}

bool check_layout() {
  SordWorld* world = sord_world_new();
  SordModel* model = sord_new(world, SORD_SPO | SORD_OPS, true);
  bool ok = malloc_usable_size(model) >= sizeof(SordModelCopy);
  if (ok) {
    SordModelCopy fields = read_model(model);
    ok = fields.world == world && fields.n_quads == 0 && fields.n_iters == 0;
    // SORD_SPO | SORD_OPS with graphs: SPO, OPS, GSPO, GOPS (orders 0, 2, 6, 8).
    for (int i = 0; i < 12 && ok; ++i) {
      bool expected = i == 0 || i == 2 || i == 6 || i == 8;
      ok = (fields.indices[i] != nullptr) == expected;
    }
  }
  SordNode* node = sord_new_uri(world, reinterpret_cast<const uint8_t*>("http://example.org/"));
  if (ok && node != nullptr) {
    SordQuad quad = {node, node, node, nullptr};
    ok = sord_add(model, quad);
    SordIter* iter = sord_begin(model);
    SordModelCopy fields = read_model(model);
    ok = ok && iter != nullptr && fields.n_quads == 1 && fields.n_iters == 1;
    sord_iter_free(iter);
    ok = ok && read_model(model).n_iters == 0;
    if (ok) {
      // A search through a copy counts in the copy only and finds the quad.
      SordModelCopy copy = SordModelCopy::of(model);
      SordIter* found = sord_search(copy.get(), node, nullptr, nullptr, nullptr);
      ok = found != nullptr && !sord_iter_end(found) && copy.n_iters == 1 &&
           read_model(model).n_iters == 0;
      sord_iter_free(found);
      ok = ok && copy.n_iters == 0;
    }
  } else {
    ok = false;
  }
  sord_node_free(world, node);
  sord_free(model);
  sord_world_free(world);
  return ok;
}

}  // namespace

SordModelCopy SordModelCopy::of(const SordModel* model) {
  SordModelCopy copy = read_model(model);
  copy.n_iters = 0;
  return copy;
}

bool sord_private_models_work() {
  static const bool works = check_layout();
  return works;
}

void force_sord_mutex_for_testing(bool force) {
  mutex_forced = force;
}

bool sord_mutex_forced_for_testing() {
  return mutex_forced;
}

}  // namespace sparqlmcp::engine
