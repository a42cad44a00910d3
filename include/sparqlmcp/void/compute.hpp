#pragma once
// Computing a VoID-style description with SPARQL 1.1 aggregate queries (the SPORTAL approach),
// for endpoints that publish none and for dumps answered in-process.
//
// One giant GROUP BY over a big store times out or is refused, so the work is split into many
// small queries with the class or property pre-bound, biggest first:
//   1. totals: the triples, the classes with their instances, the properties with their triples
//      (both lists ordered by size and limited, so a result cap can never cut them silently);
//   2. per class: the properties its instances use (triples, distinct subjects and objects), the
//      classes of their objects, the datatypes and languages of their literals;
//   3. per property: its distinct subjects and objects;
//   4. the dataset's distinct subjects and objects (the most expensive, last).
// A bounded number of queries run at once, each with its own timeout, inside a time budget for
// the whole computation. A query that fails, times out, or comes back possibly cut leaves its
// part unknown and recorded in Provenance::missing, and everything else is kept: the result is a
// partial description rather than none. Aggregates are only trusted when whole: an answer at the
// LIMIT, or one the runner flags as possibly cut (a result cap), is not taken for a full count:
// the classes and properties are then counted with COUNT(DISTINCT), and a class's properties,
// object classes or literals keep the rows they have (the most used, with true counts) while the
// part is recorded in Provenance::missing as cut, so the description never passes for complete.
//
// A Computation runs on threads of its own; callers may read snapshots while it runs (a tool
// answers with the partial description and lets the computation finish in the background).

#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <string>

#include "sparqlmcp/util/cancellation.hpp"
#include "sparqlmcp/void/model.hpp"
#include "sparqlmcp/void/query_runner.hpp"

namespace sparqlmcp::void_ {

struct ComputeSettings {
  std::size_t concurrency = 4;                     // queries at once
  std::chrono::milliseconds query_timeout{20000};  // each query
  std::chrono::milliseconds budget{300000};        // the whole computation; <= 0: none
  std::size_t max_listed = 1000;      // classes and properties listed (the totals' LIMIT)
  std::size_t class_budget = 200;     // classes whose properties are computed, biggest first
  std::size_t property_budget = 500;  // properties whose distinct counts are computed
  bool dataset_distincts = true;      // phase 4
  std::size_t result_cap = 10000;     // rows at which an endpoint may cut an answer
  Provenance::Origin origin = Provenance::Origin::Computed;
  std::string user_agent;  // recorded in the provenance
  // Declared by the endpoint's published VoID (queries cannot find them): kept as they are.
  std::vector<std::string> uri_spaces;
  std::vector<std::string> uri_patterns;
};

struct ComputeProgress {
  std::size_t done = 0;     // queries answered or failed
  std::size_t planned = 0;  // queries known so far (grows as classes and properties are found)
  std::string message;      // e.g. "properties of ex:Person (12/40 queries)"
};

class Computation {
 public:
  using ProgressListener = std::function<void(const ComputeProgress&)>;

  // Starts at once. `runner` must stay callable until the computation has finished (wait()).
  // `on_finished`, if set, gets the final description once, on a worker thread, before wait()
  // returns (a caller stores it there, so whoever waited finds it stored); it may drop the
  // last reference to the Computation.
  static std::shared_ptr<Computation> start(
      std::string endpoint, std::string id, QueryRunner runner, ComputeSettings settings,
      std::function<void(const Description&)> on_finished = {});
  ~Computation();  // cancels what still runs and joins the threads
  Computation(const Computation&) = delete;
  Computation& operator=(const Computation&) = delete;

  // The description so far: when not finished, the parts still to come are listed in
  // Provenance::missing as "not computed yet".
  Description snapshot() const;
  ComputeProgress progress() const;
  bool finished() const;
  // Waits until finished, until `timeout` passed, or until `stop` (may be null) is cancelled;
  // returns finished(). Stopping the wait does not stop the computation.
  bool wait_for(std::chrono::milliseconds timeout, const CancellationTokenPtr& stop = {}) const;
  void wait() const;
  // Stops sending queries and cancels the running ones; what was computed is kept and the
  // rest is recorded as missing ("cancelled").
  void cancel();

  // `listener` is called after every query (on a worker thread; keep it short) until removed.
  // remove_listener waits for a call in progress, so the listener's captures may go once it
  // returns; a listener must not add or remove listeners itself.
  std::size_t add_listener(ProgressListener listener);
  void remove_listener(std::size_t id);

 private:
  struct State;
  explicit Computation(std::shared_ptr<State> state);
  std::shared_ptr<State> state_;
};

// Convenience: runs a computation to its end on the calling thread's behalf.
Description compute_description(std::string endpoint, std::string id, QueryRunner runner,
                                ComputeSettings settings, CancellationTokenPtr cancel = nullptr);

}  // namespace sparqlmcp::void_
