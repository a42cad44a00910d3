#include "sparqlmcp/void/compute.hpp"

#include <algorithm>
#include <charconv>
#include <condition_variable>
#include <map>
#include <mutex>
#include <optional>
#include <queue>
#include <thread>
#include <tuple>
#include <utility>
#include <vector>

#include "compute_queries.hpp"
#include "sparqlmcp/util/error.hpp"

namespace sparqlmcp::void_ {

namespace {

using Clock = std::chrono::steady_clock;
using results::QueryResults;

// One statistics query and what its answer fills in.
struct Job {
  int phase = 0;          // 0 totals, 1 per class, 2 per property, 3 dataset distincts
  std::size_t rank = 0;   // within the phase: the class's or property's place by size
  std::uint64_t seq = 0;  // order of scheduling, the last tie-breaker
  std::string part;       // what it computes, as MissingPart::part
  std::string subject;    // the class or property it concerns
  std::string query;
  // Applies the answer (with the state's lock held). Throws Exception when the answer is not
  // what the query asks for; the part is then recorded as missing.
  std::function<void(const RunnerAnswer&)> apply;

  // std::priority_queue pops the greatest: make the smallest (phase, rank, seq) the greatest.
  bool operator<(const Job& other) const {
    return std::tie(phase, rank, seq) > std::tie(other.phase, other.rank, other.seq);
  }
};

[[noreturn]] void bad_answer(const std::string& what) {
  throw Exception(make_error(ErrorKind::Remote, "the endpoint's answer " + what));
}

std::size_t column(const QueryResults& results, const std::string& name) {
  const auto found = std::find(results.variables.begin(), results.variables.end(), name);
  if (found == results.variables.end()) bad_answer("has no ?" + name + " column");
  return static_cast<std::size_t>(found - results.variables.begin());
}

// A count in a row: an integer literal (any integer datatype, or a plain number); nullopt when
// unbound or not an integer.
Count count_at(const results::Row& row, std::size_t index) {
  const auto& value = row[index];
  if (!value || !value->is_literal()) return std::nullopt;
  std::uint64_t count = 0;
  const std::string& text = value->value;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), count);
  if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return count;
}

// The one row of an aggregate without GROUP BY. No row means the endpoint did not finish it
// (Virtuoso's "anytime" answers have none), so it is not taken as a count of zero.
const results::Row& single_row(const RunnerAnswer& answer) {
  if (answer.results.rows.size() != 1)
    bad_answer("to an aggregate has " + std::to_string(answer.results.rows.size()) +
               " rows instead of one (an unfinished answer?)");
  return answer.results.rows.front();
}

std::uint64_t required_count(const RunnerAnswer& answer, const std::string& name) {
  const Count count = count_at(single_row(answer), column(answer.results, name));
  if (!count) bad_answer("gives no integer for ?" + name);
  return *count;
}

std::string iri_at(const results::Row& row, std::size_t index) {
  const auto& value = row[index];
  return value && value->is_iri() ? value->value : std::string();
}

std::string failure_reason(const Exception& exception, std::chrono::milliseconds timeout) {
  switch (exception.error().kind) {
    case ErrorKind::Timeout:
      return "timeout after " + std::to_string(timeout.count()) + " ms";
    case ErrorKind::Cancelled:
      return "cancelled";
    default: {
      std::string text = exception.error().to_text();
      if (text.size() > 300) text = text.substr(0, 297) + "...";
      return text;
    }
  }
}

// The triples of a class's properties whose objects are IRIs or blank nodes: all of them but
// the literals, once both are known whole.
void derive_resource_objects(ClassPartition& cls, bool literals_whole) {
  for (ClassProperty& property : cls.properties) {
    if (!literals_whole || !property.triples) continue;
    std::uint64_t literals = 0;
    for (const auto& [datatype, triples] : property.datatypes)
      literals += triples;
    property.resource_objects = *property.triples >= literals ? *property.triples - literals : 0;
  }
}

}  // namespace

struct Computation::State {
  QueryRunner runner;
  ComputeSettings settings;
  std::size_t limit = 0;  // rows per grouped query: below the cap, so the cap never cuts one
  CancellationTokenPtr cancel_token = std::make_shared<CancellationToken>();
  Clock::time_point deadline = Clock::time_point::max();
  std::function<void(const Description&)> on_finished;

  mutable std::mutex mutex;
  mutable std::condition_variable changed;
  Description description;
  std::map<std::string, std::size_t> class_index;     // IRI -> description.classes
  std::map<std::string, std::size_t> property_index;  // IRI -> description.properties
  std::map<std::string, bool> literals_whole;         // class IRI -> its literals query was whole
  std::priority_queue<Job> queue;
  std::uint64_t next_seq = 0;
  std::size_t running = 0;
  std::size_t done = 0;
  std::size_t planned = 0;
  bool finishing = false;
  bool finished = false;
  bool cancelled = false;
  std::string last_message;
  // Listeners have a lock of their own, held while they run, so that removing one waits for
  // its call to end; the state's lock is never held while they run.
  std::mutex listeners_mutex;
  std::map<std::size_t, ProgressListener> listeners;
  std::size_t next_listener = 1;
  std::vector<std::thread> workers;

  // --- with the lock held ---

  void schedule(Job job) {
    job.seq = next_seq++;
    ++planned;
    queue.push(std::move(job));
  }

  void missing(const Job& job, std::string reason) {
    description.provenance.missing.push_back({job.part, job.subject, std::move(reason)});
  }

  ClassPartition& class_partition(const std::string& iri) {
    auto [at, added] = class_index.emplace(iri, description.classes.size());
    if (added) {
      description.classes.emplace_back();
      description.classes.back().class_iri = iri;
    }
    return description.classes[at->second];
  }

  ClassProperty& class_property(const std::string& class_iri, const std::string& property) {
    ClassPartition& cls = class_partition(class_iri);
    for (ClassProperty& used : cls.properties)
      if (used.property == property) return used;
    cls.properties.emplace_back();
    cls.properties.back().property = property;
    return cls.properties.back();
  }

  PropertyPartition& property_partition(const std::string& iri) {
    auto [at, added] = property_index.emplace(iri, description.properties.size());
    if (added) {
      description.properties.emplace_back();
      description.properties.back().property = iri;
    }
    return description.properties[at->second];
  }

  void plan_totals() {
    schedule({0, 0, 0, "triples", "", queries::triples(), [this](const RunnerAnswer& answer) {
                description.triples = required_count(answer, "n");
              }});
    schedule({0, 1, 0, "classes", "", queries::classes(limit),
              [this](const RunnerAnswer& answer) { apply_classes(answer); }});
    schedule({0, 2, 0, "properties", "", queries::properties(limit),
              [this](const RunnerAnswer& answer) { apply_properties(answer); }});
    if (settings.dataset_distincts) {
      schedule({3, 0, 0, "distinct subjects", "", queries::distinct_subjects(),
                [this](const RunnerAnswer& answer) {
                  description.distinct_subjects = required_count(answer, "n");
                }});
      schedule({3, 1, 0, "distinct objects", "", queries::distinct_objects(),
                [this](const RunnerAnswer& answer) {
                  description.distinct_objects = required_count(answer, "n");
                }});
    }
  }

  bool whole(const RunnerAnswer& answer) const {
    return !answer.possibly_cut && answer.results.rows.size() < limit;
  }

  // A per-class listing that came back at its LIMIT or possibly cut by a result cap: its rows
  // (the most used, ORDER BY DESC(?n)) carry true counts and are kept, but the list is not
  // whole, so the description says which part lacks the rest instead of passing for complete.
  void cut(const std::string& part, const std::string& class_iri, const RunnerAnswer& answer) {
    const std::size_t count = answer.results.rows.size();
    const std::string rows = std::to_string(count) + (count == 1 ? " row" : " rows");
    description.provenance.missing.push_back(
        {part, class_iri,
         count >= limit ? "cut at the query's LIMIT of " + rows + ": the most used are listed"
                        : "possibly cut by the endpoint's result cap at " + rows +
                              ": the most used are listed"});
  }

  void apply_classes(const RunnerAnswer& answer) {
    const QueryResults& results = answer.results;
    const std::size_t c = column(results, "c");
    const std::size_t n = column(results, "n");
    std::vector<std::string> found;
    for (const results::Row& row : results.rows) {
      const std::string iri = iri_at(row, c);
      if (iri.empty()) continue;  // a blank node or literal as a class: nothing to pre-bind
      class_partition(iri).entities = count_at(row, n);
      found.push_back(iri);
    }
    if (whole(answer)) {
      description.class_count = results.rows.size();
    } else {
      schedule(
          {0, 3, 0, "class count", "", queries::class_count(), [this](const RunnerAnswer& count) {
             description.class_count = required_count(count, "n");
           }});
    }
    // Biggest first: the order of the answer, which ORDER BY DESC(?n) gave.
    for (std::size_t rank = 0; rank < found.size() && rank < settings.class_budget; ++rank) {
      const std::string& iri = found[rank];
      schedule({1, rank, 0, "properties of class", iri, queries::class_properties(iri, limit),
                [this, iri](const RunnerAnswer& got) { apply_class_properties(iri, got); }});
      schedule({1, rank, 0, "object classes of class", iri,
                queries::class_object_classes(iri, limit),
                [this, iri](const RunnerAnswer& got) { apply_object_classes(iri, got); }});
      schedule({1, rank, 0, "literals of class", iri, queries::class_literals(iri, limit),
                [this, iri](const RunnerAnswer& got) { apply_literals(iri, got); }});
    }
  }

  void apply_properties(const RunnerAnswer& answer) {
    const QueryResults& results = answer.results;
    const std::size_t p = column(results, "p");
    const std::size_t n = column(results, "n");
    std::vector<std::string> found;
    for (const results::Row& row : results.rows) {
      const std::string iri = iri_at(row, p);
      if (iri.empty()) continue;
      property_partition(iri).triples = count_at(row, n);
      found.push_back(iri);
    }
    if (whole(answer)) {
      description.property_count = results.rows.size();
    } else {
      schedule({0, 4, 0, "property count", "", queries::property_count(),
                [this](const RunnerAnswer& count) {
                  description.property_count = required_count(count, "n");
                }});
    }
    for (std::size_t rank = 0; rank < found.size() && rank < settings.property_budget; ++rank) {
      const std::string& iri = found[rank];
      schedule({2, rank, 0, "distinct subjects and objects of property", iri,
                queries::property_distincts(iri), [this, iri](const RunnerAnswer& got) {
                  PropertyPartition& property = property_partition(iri);
                  property.distinct_subjects = required_count(got, "ds");
                  property.distinct_objects = required_count(got, "do");
                }});
    }
  }

  void apply_class_properties(const std::string& class_iri, const RunnerAnswer& answer) {
    const QueryResults& results = answer.results;
    const std::size_t p = column(results, "p");
    const std::size_t n = column(results, "n");
    const std::size_t ds = column(results, "ds");
    const std::size_t dobj = column(results, "do");
    for (const results::Row& row : results.rows) {
      const std::string property = iri_at(row, p);
      if (property.empty()) continue;
      ClassProperty& used = class_property(class_iri, property);
      used.triples = count_at(row, n);
      used.distinct_subjects = count_at(row, ds);
      used.distinct_objects = count_at(row, dobj);
    }
    // properties_known says the list is whole; a cut one lists the most used only.
    class_partition(class_iri).properties_known = whole(answer);
    if (!whole(answer)) cut("properties of class", class_iri, answer);
  }

  void apply_object_classes(const std::string& class_iri, const RunnerAnswer& answer) {
    const QueryResults& results = answer.results;
    const std::size_t p = column(results, "p");
    const std::size_t d = column(results, "d");
    const std::size_t n = column(results, "n");
    for (const results::Row& row : results.rows) {
      const std::string property = iri_at(row, p);
      const std::string object_class = iri_at(row, d);
      const Count count = count_at(row, n);
      if (property.empty() || object_class.empty() || !count) continue;
      class_property(class_iri, property).object_classes[object_class] = *count;
    }
    if (!whole(answer)) cut("object classes of class", class_iri, answer);
  }

  void apply_literals(const std::string& class_iri, const RunnerAnswer& answer) {
    const QueryResults& results = answer.results;
    const std::size_t p = column(results, "p");
    const std::size_t dt = column(results, "dt");
    const std::size_t l = column(results, "l");
    const std::size_t n = column(results, "n");
    for (const results::Row& row : results.rows) {
      const std::string property = iri_at(row, p);
      const Count count = count_at(row, n);
      if (property.empty() || !count) continue;
      const std::string language = row[l] && row[l]->is_literal() ? row[l]->value : "";
      std::string datatype = iri_at(row, dt);
      if (datatype.empty())
        datatype = language.empty() ? std::string(rdf::kXsdString) : kRdfLangString;
      ClassProperty& used = class_property(class_iri, property);
      used.datatypes[datatype] += *count;
      if (!language.empty()) used.languages[language] += *count;
    }
    literals_whole[class_iri] = whole(answer);
    if (!whole(answer)) cut("literals of class", class_iri, answer);
  }

  // The description as it stands, with what is derived from its parts and in summary order.
  Description assemble() const {
    Description out = description;
    for (ClassPartition& cls : out.classes) {
      const auto whole_literals = literals_whole.find(cls.class_iri);
      derive_resource_objects(cls,
                              whole_literals != literals_whole.end() && whole_literals->second);
    }
    out.provenance.queries = done;
    out.provenance.finished = std::chrono::system_clock::now();
    out.sort();
    return out;
  }

  ComputeProgress progress_now() const { return {done, planned, last_message}; }

  // --- the workers ---

  void work() {
    std::unique_lock lock(mutex);
    while (true) {
      changed.wait(lock, [&] { return finishing || !queue.empty() || running == 0; });
      if (finishing) return;
      if (queue.empty()) {  // nothing queued and nothing running: the computation is over
        finishing = true;
        changed.notify_all();
        lock.unlock();
        complete();
        return;
      }
      Job job = queue.top();
      queue.pop();
      if (cancelled) {
        ++done;
        missing(job, "cancelled");
        continue;
      }
      const auto now = Clock::now();
      if (now >= deadline) {
        ++done;
        missing(job, "not run: the computation's time budget of " +
                         std::to_string(settings.budget.count()) + " ms ran out");
        continue;
      }
      auto timeout = settings.query_timeout;
      if (deadline != Clock::time_point::max())
        timeout = std::min(timeout,
                           std::chrono::duration_cast<std::chrono::milliseconds>(deadline - now));
      ++running;
      lock.unlock();

      std::optional<RunnerAnswer> answer;
      std::string failure;
      const auto sent = Clock::now();
      try {
        answer = runner(job.query, timeout, cancel_token);
      } catch (const Exception& exception) {
        failure = failure_reason(exception, timeout);
      } catch (const std::exception& exception) {
        failure = exception.what();
      }
      const auto took = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - sent);

      lock.lock();
      ++done;
      description.provenance.longest_query = std::max(description.provenance.longest_query, took);
      if (answer) {
        try {
          job.apply(*answer);
        } catch (const Exception& exception) {
          failure = failure_reason(exception, timeout);
        }
      }
      if (!failure.empty()) {
        ++description.provenance.failed_queries;
        missing(job, failure);
      }
      last_message = job.part + (job.subject.empty() ? "" : " " + job.subject);
      changed.notify_all();
      const ComputeProgress now_at = progress_now();
      lock.unlock();
      {
        std::lock_guard listening(listeners_mutex);
        for (const auto& [id, listener] : listeners)
          listener(now_at);
      }
      lock.lock();
      // Still running until its listeners were told: the computation ends (and wait()
      // returns) only after every query's progress reached them.
      --running;
      changed.notify_all();
    }
  }

  void complete() {
    Description final_description;
    std::function<void(const Description&)> tell;
    {
      std::lock_guard lock(mutex);
      final_description = assemble();
      tell = on_finished;
    }
    if (tell) tell(final_description);
    std::lock_guard lock(mutex);
    description = std::move(final_description);
    finished = true;
    changed.notify_all();
  }
};

Computation::Computation(std::shared_ptr<State> state) : state_(std::move(state)) {}

std::shared_ptr<Computation> Computation::start(
    std::string endpoint, std::string id, QueryRunner runner, ComputeSettings settings,
    std::function<void(const Description&)> on_finished) {
  auto state = std::make_shared<State>();
  state->runner = std::move(runner);
  state->settings = settings;
  state->on_finished = std::move(on_finished);
  state->limit = std::max<std::size_t>(
      1, std::min(settings.max_listed,
                  settings.result_cap > 1 ? settings.result_cap - 1 : settings.max_listed));
  if (settings.budget.count() > 0) state->deadline = Clock::now() + settings.budget;

  Description& description = state->description;
  description.endpoint = std::move(endpoint);
  description.id = std::move(id);
  description.uri_spaces = settings.uri_spaces;
  description.uri_patterns = settings.uri_patterns;
  Provenance& provenance = description.provenance;
  provenance.origin = settings.origin;
  provenance.method = settings.origin == Provenance::Origin::InProcess ? "in-process" : "computed";
  provenance.source = description.endpoint;
  provenance.started = std::chrono::system_clock::now();
  provenance.query_timeout = settings.query_timeout;
  provenance.concurrency = std::max<std::size_t>(1, settings.concurrency);
  provenance.user_agent = settings.user_agent;

  {
    std::lock_guard lock(state->mutex);
    state->plan_totals();
  }
  std::shared_ptr<Computation> computation(new Computation(state));
  for (std::size_t i = 0; i < provenance.concurrency; ++i)
    state->workers.emplace_back([state] { state->work(); });
  return computation;
}

Computation::~Computation() {
  cancel();
  // Dropped from its own on_finished, on a worker thread: the workers hold the state and end on
  // their own, so they are left to it instead of joined (a thread cannot join itself).
  const auto self = std::this_thread::get_id();
  const bool on_worker =
      std::any_of(state_->workers.begin(), state_->workers.end(),
                  [&](const std::thread& worker) { return worker.get_id() == self; });
  for (std::thread& worker : state_->workers) {
    if (on_worker)
      worker.detach();
    else if (worker.joinable())
      worker.join();
  }
}

Description Computation::snapshot() const {
  std::lock_guard lock(state_->mutex);
  if (state_->finished) return state_->description;
  Description out = state_->assemble();
  const std::size_t left = state_->planned - state_->done;
  out.provenance.missing.push_back(
      {"not computed yet", "",
       std::to_string(left) + " of " + std::to_string(state_->planned) +
           " queries still to answer; the computation goes on in the background"});
  return out;
}

ComputeProgress Computation::progress() const {
  std::lock_guard lock(state_->mutex);
  return state_->progress_now();
}

bool Computation::finished() const {
  std::lock_guard lock(state_->mutex);
  return state_->finished;
}

bool Computation::wait_for(std::chrono::milliseconds timeout,
                           const CancellationTokenPtr& stop) const {
  std::optional<CancellationSubscription> wake;
  if (stop) {
    State* state = state_.get();
    wake.emplace(stop, [state] {
      std::lock_guard lock(state->mutex);
      state->changed.notify_all();
    });
  }
  std::unique_lock lock(state_->mutex);
  return state_->changed.wait_for(lock, timeout, [&] {
    return state_->finished || (stop && stop->cancelled());
  }) && state_->finished;
}

void Computation::wait() const {
  std::unique_lock lock(state_->mutex);
  state_->changed.wait(lock, [&] { return state_->finished; });
}

void Computation::cancel() {
  {
    std::lock_guard lock(state_->mutex);
    if (state_->finished || state_->cancelled) return;
    state_->cancelled = true;
  }
  state_->cancel_token->cancel();
}

std::size_t Computation::add_listener(ProgressListener listener) {
  std::lock_guard lock(state_->listeners_mutex);
  const std::size_t id = state_->next_listener++;
  state_->listeners.emplace(id, std::move(listener));
  return id;
}

void Computation::remove_listener(std::size_t id) {
  std::lock_guard lock(state_->listeners_mutex);
  state_->listeners.erase(id);
}

Description compute_description(std::string endpoint, std::string id, QueryRunner runner,
                                ComputeSettings settings, CancellationTokenPtr cancel) {
  auto computation =
      Computation::start(std::move(endpoint), std::move(id), std::move(runner), settings);
  std::optional<CancellationSubscription> subscription;
  if (cancel) {
    std::weak_ptr<Computation> weak = computation;
    subscription.emplace(cancel, [weak] {
      if (auto alive = weak.lock()) alive->cancel();
    });
  }
  computation->wait();
  return computation->snapshot();
}

}  // namespace sparqlmcp::void_
