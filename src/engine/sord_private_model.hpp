#pragma once
// Lock-free concurrent searches in a Sord model.
//
// Sord's only shared mutable state on the read path is the model's iterator counter
// (SordModelImpl::n_iters, ++ in sord_iter_new, -- in sord_iter_free; read only by
// sord_add/remove/erase to warn). Serialising every sord_find() behind a mutex would serialise
// the B-tree searches themselves, the bulk of a query's time. Instead each cursor searches
// through a private shallow copy of the model struct: the same world and B-trees, its own
// counter. This needs Sord's private layout (sord.c, unchanged from 0.16.0 to 0.16.22):
//   struct SordModelImpl { SordWorld* world; ZixBTree* indices[12]; size_t n_quads;
//                          size_t n_iters; };
// sord_private_models_work() checks that layout at run time, once, on a scratch model (field
// values after sord_new/sord_add/sord_begin/sord_iter_free, and a search through a copy); when
// it does not hold, the store falls back to a mutex around sord_find/sord_iter_free.

#include <cstddef>

// As sord/sord.h declares them (repeating a typedef is allowed), so that tests can include
// this header without Sord's include path.
typedef struct SordWorldImpl SordWorld;
typedef struct SordModelImpl SordModel;

namespace sparqlmcp::engine {

struct SordModelCopy {
  SordWorld* world;
  void* indices[12];
  std::size_t n_quads;
  std::size_t n_iters;

  // A copy of `model` with its own (zero) iterator counter. `model` must not be modified while
  // the copy is used.
  static SordModelCopy of(const SordModel* model);
  SordModel* get() { return reinterpret_cast<SordModel*>(this); }
};

// True when Sord's model layout is the one above (checked once per process).
bool sord_private_models_work();

// Tests: makes stores created afterwards use the mutex instead (false restores the default).
void force_sord_mutex_for_testing(bool force);
bool sord_mutex_forced_for_testing();

}  // namespace sparqlmcp::engine
