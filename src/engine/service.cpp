// SERVICE (SPARQL 1.1 Federated Query, section 4): the pattern is answered by the
// ServiceHandler, never by this engine's data. Requests start when an iterator is opened and
// are waited for at the first row, so independent SERVICE clauses run at the same time.
// Answers are turned into rows of the query's width; their blank nodes are renamed per answer
// (a label means one node within one result document only).

#include <algorithm>
#include <map>

#include "service_eval.hpp"
#include "sparqlmcp/util/error.hpp"

namespace sparqlmcp::engine::detail {
namespace {

ServiceHandler& handler_of(Context& ctx) {
  if (ctx.options.service_handler == nullptr) {
    throw_error(ErrorKind::Unsupported,
                "SERVICE needs a service handler (the federation layer); this evaluation has "
                "none: send the query through run_sparql_query, which routes SERVICE clauses");
  }
  return *ctx.options.service_handler;
}

std::string endpoint_of_value(TermId id, Context& ctx) {
  TermView view = ctx.terms.view(id);
  if (view.kind != rdf::TermKind::Iri) {
    throw_error(ErrorKind::InvalidArgument,
                "SERVICE ?variable was bound to " + view.to_term().to_ntriples() +
                    ", which is no endpoint IRI; bind it to IRIs from list_endpoints");
  }
  return std::string(view.value);
}

ServiceRequest base_request(const ServicePlan& service, std::string endpoint, Context& ctx) {
  ServiceRequest request;
  request.endpoint = std::move(endpoint);
  request.pattern = service.pattern;
  request.prologue = ctx.prologue;
  request.silent = service.silent;
  request.wanted_vars = service.names;
  request.operator_id = service.id;
  return request;
}

// The seeds' values of the pattern's variables, as one VALUES block: its columns are the
// variables some seed binds (to anything but a blank node, which means nothing elsewhere), its
// rows distinct. seed_row[i] = the block row of seed i.
void add_bindings(const ServicePlan& service, const std::vector<Row>& seeds, Context& ctx,
                  ServiceRequest& request, std::vector<std::uint32_t>& seed_row) {
  std::vector<std::size_t> columns;
  auto sendable = [&](TermId id) {
    return id != kUnbound && ctx.terms.view(id).kind != rdf::TermKind::BlankNode;
  };
  for (std::size_t i = 0; i < service.slots.size(); ++i) {
    bool bound = std::any_of(seeds.begin(), seeds.end(),
                             [&](const Row& seed) { return sendable(seed[service.slots[i]]); });
    if (bound) {
      columns.push_back(i);
      request.binding_vars.push_back(service.names[i]);
    }
  }
  std::map<std::vector<TermId>, std::uint32_t> rows;
  seed_row.clear();
  for (const Row& seed : seeds) {
    std::vector<TermId> key;
    for (std::size_t c : columns) {
      TermId id = seed[service.slots[c]];
      key.push_back(sendable(id) ? id : kUnbound);
    }
    auto [it, added] = rows.emplace(key, static_cast<std::uint32_t>(rows.size()));
    if (added) {
      ServiceRow row;
      for (TermId id : key) {
        if (id == kUnbound) {
          row.emplace_back();
        } else {
          row.emplace_back(ctx.terms.term(id));
        }
      }
      request.binding_rows.push_back(std::move(row));
    }
    seed_row.push_back(it->second);
  }
  if (request.binding_vars.empty()) {
    // Nothing to send: one request without bindings answers every seed.
    request.binding_rows.assign(1, ServiceRow{});
    std::fill(seed_row.begin(), seed_row.end(), 0);
  }
}

// An answer as rows of the query's width (unbound outside the answer's variables).
class AnswerRows {
 public:
  AnswerRows(ServiceAnswer answer, Context& ctx) : answer_(std::move(answer)) {
    const std::string prefix = "r" + std::to_string(++ctx.service_answers) + ".";
    std::vector<std::optional<Slot>> slots;
    for (const std::string& name : answer_.vars)
      slots.push_back(ctx.vars.find(name));
    rows_.reserve(answer_.rows.size());
    for (const ServiceRow& values : answer_.rows) {
      ctx.tick();
      Row row = ctx.empty_row();
      for (std::size_t c = 0; c < values.size() && c < slots.size(); ++c) {
        if (!slots[c] || !values[c]) continue;
        const rdf::Term& term = *values[c];
        row[*slots[c]] = term.is_blank() ? ctx.terms.intern(rdf::Term::blank(prefix + term.value))
                                         : ctx.terms.intern(term);
      }
      rows_.push_back(std::move(row));
    }
  }
  std::size_t size() const { return rows_.size(); }
  const Row& row(std::size_t i) const { return rows_[i]; }
  // The block row answer row i extends (0 when the request had one).
  std::uint32_t origin(std::size_t i) const {
    return answer_.origin.empty() ? 0 : answer_.origin[i];
  }
  bool complete() const { return answer_.complete; }

 private:
  ServiceAnswer answer_;
  std::vector<Row> rows_;
};

// One seed: one request (per candidate endpoint when the endpoint variable is unbound).
class ServiceIterator final : public RowIterator {
 public:
  ServiceIterator(const ServicePlan& service, const Row& seed, Context& ctx)
      : service_(service), seed_(seed), ctx_(ctx) {
    ServiceHandler& handler = handler_of(ctx);
    std::vector<std::pair<std::string, TermId>> endpoints;
    if (!service.endpoint.is_var) {
      endpoints.emplace_back(service.endpoint_iri, kUnbound);
    } else if (seed[service.endpoint.slot] != kUnbound) {
      endpoints.emplace_back(endpoint_of_value(seed[service.endpoint.slot], ctx), kUnbound);
    } else {
      for (const std::string& iri : handler.candidate_endpoints())
        endpoints.emplace_back(iri, ctx.terms.intern(rdf::Term::iri(iri)));
    }
    for (auto& [iri, id] : endpoints) {
      ServiceRequest request = base_request(service, iri, ctx);
      std::vector<std::uint32_t> seed_row;
      add_bindings(service, {seed}, ctx, request, seed_row);
      calls_.push_back({handler.start(std::move(request)), id, nullptr});
    }
  }

  bool next(Row& out) override {
    while (current_ < calls_.size()) {
      Call& call = calls_[current_];
      if (!call.rows) call.rows = std::make_unique<AnswerRows>(call.pending->wait(), ctx_);
      while (row_ < call.rows->size()) {
        const Row& r = call.rows->row(row_++);
        ctx_.tick();
        if (!compatible(seed_, r)) continue;
        out = seed_;
        merge_into(out, r);
        if (call.endpoint_id != kUnbound) out[service_.endpoint.slot] = call.endpoint_id;
        return true;
      }
      call.rows.reset();
      ++current_;
      row_ = 0;
    }
    return false;
  }

 private:
  struct Call {
    std::unique_ptr<PendingService> pending;
    TermId endpoint_id;  // binds the endpoint variable (kUnbound: the seed binds it)
    std::unique_ptr<AnswerRows> rows;
  };
  const ServicePlan& service_;
  Row seed_;
  Context& ctx_;
  std::vector<Call> calls_;
  std::size_t current_ = 0;
  std::size_t row_ = 0;
};

// A SERVICE with a fixed endpoint for a block of seeds: one request with a VALUES block.
class ServiceBatch final : public BatchIterator {
 public:
  ServiceBatch(const PlanNode& node, const ServicePlan& service, const std::vector<Row>& seeds,
               Context& ctx)
      : node_(node), seeds_(seeds), ctx_(ctx) {
    ++node.opens;
    ServiceRequest request = base_request(service, service.endpoint_iri, ctx);
    std::vector<std::uint32_t> seed_row;
    add_bindings(service, seeds, ctx, request, seed_row);
    seeds_of_.resize(request.binding_rows.size());
    for (std::size_t s = 0; s < seed_row.size(); ++s)
      seeds_of_[seed_row[s]].push_back(s);
    pending_ = handler_of(ctx).start(std::move(request));
  }

  bool next(Row& out, std::size_t& seed) override {
    if (!rows_) rows_ = std::make_unique<AnswerRows>(pending_->wait(), ctx_);
    for (;;) {
      if (row_ >= rows_->size()) return false;
      const std::vector<std::size_t>& seeds = seeds_of_.at(rows_->origin(row_));
      if (k_ >= seeds.size()) {
        ++row_;
        k_ = 0;
        continue;
      }
      const std::size_t s = seeds[k_++];
      const Row& r = rows_->row(row_);
      ctx_.tick();
      if (!compatible(seeds_[s], r)) continue;
      out = seeds_[s];
      merge_into(out, r);
      seed = s;
      ++node_.rows_out;
      return true;
    }
  }

 private:
  const PlanNode& node_;
  const std::vector<Row>& seeds_;
  Context& ctx_;
  std::vector<std::vector<std::size_t>> seeds_of_;
  std::unique_ptr<PendingService> pending_;
  std::unique_ptr<AnswerRows> rows_;
  std::size_t row_ = 0, k_ = 0;
};

// Anything else: opened once per seed.
class PerSeedBatch final : public BatchIterator {
 public:
  PerSeedBatch(const PlanNode& plan, const std::vector<Row>& seeds, GraphScope scope, Context& ctx)
      : plan_(plan), seeds_(seeds), scope_(std::move(scope)), ctx_(ctx) {}

  bool next(Row& out, std::size_t& seed) override {
    for (;;) {
      if (current_ && current_->next(out)) {
        seed = index_ - 1;
        return true;
      }
      if (index_ >= seeds_.size()) return false;
      current_ = open(plan_, seeds_[index_++], scope_, ctx_);
    }
  }

 private:
  const PlanNode& plan_;
  const std::vector<Row>& seeds_;
  GraphScope scope_;
  Context& ctx_;
  IteratorPtr current_;
  std::size_t index_ = 0;
};

class UnionBatch final : public BatchIterator {
 public:
  UnionBatch(const PlanNode& plan, const std::vector<Row>& seeds, const GraphScope& scope,
             Context& ctx) {
    // Every branch starts now: their requests run at the same time.
    for (const auto& child : plan.children)
      branches_.push_back(open_batch(*child, seeds, scope, ctx));
  }
  bool next(Row& out, std::size_t& seed) override {
    for (; current_ < branches_.size(); ++current_)
      if (branches_[current_]->next(out, seed)) return true;
    return false;
  }

 private:
  std::vector<std::unique_ptr<BatchIterator>> branches_;
  std::size_t current_ = 0;
};

// Join(A, B) for a block: A for the seeds, then B for A's rows, each row traced back to the
// seed it extends.
class JoinBatch final : public BatchIterator {
 public:
  JoinBatch(const PlanNode& plan, const JoinPlan& join, const std::vector<Row>& seeds,
            const GraphScope& scope, Context& ctx)
      : held_(ctx, "a bound join") {
    const PlanNode& first = *plan.children[join.swap ? 1 : 0];
    const PlanNode& second = *plan.children[join.swap ? 0 : 1];
    auto left = open_batch(first, seeds, scope, ctx);
    Row row;
    std::size_t seed = 0;
    while (left->next(row, seed)) {
      held_.add();
      middle_.push_back(row);
      middle_seed_.push_back(seed);
    }
    right_ = open_batch(second, middle_, scope, ctx);
  }
  bool next(Row& out, std::size_t& seed) override {
    std::size_t middle = 0;
    if (!right_->next(out, middle)) return false;
    seed = middle_seed_[middle];
    return true;
  }

 private:
  Held held_;
  std::vector<Row> middle_;
  std::vector<std::size_t> middle_seed_;
  std::unique_ptr<BatchIterator> right_;
};

class ServiceProbe final : public Probe {
 public:
  ServiceProbe(const PlanNode& node, const ServicePlan& service, const Row& seed, std::size_t limit,
               Context& ctx)
      : node_(node), seed_(seed), ctx_(ctx) {
    ++node.opens;
    ServiceRequest request = base_request(service, service.endpoint_iri, ctx);
    std::vector<std::uint32_t> seed_row;
    add_bindings(service, {seed}, ctx, request, seed_row);
    request.row_limit = limit;
    pending_ = handler_of(ctx).start(std::move(request));
  }
  bool wait(std::vector<Row>& rows) override {
    AnswerRows answer(pending_->wait(), ctx_);
    for (std::size_t i = 0; i < answer.size(); ++i) {
      if (!compatible(seed_, answer.row(i))) continue;
      Row row = seed_;
      merge_into(row, answer.row(i));
      rows.push_back(std::move(row));
      ++node_.rows_out;
    }
    if (!answer.complete())
      node_.outcome = "probe cut at " + std::to_string(answer.size()) + " rows";
    return answer.complete();
  }

 private:
  const PlanNode& node_;
  Row seed_;
  Context& ctx_;
  std::unique_ptr<PendingService> pending_;
};

class UnionProbe final : public Probe {
 public:
  UnionProbe(const PlanNode& plan, const Row& seed, std::size_t limit, Context& ctx) {
    for (const auto& child : plan.children)
      branches_.push_back(start_probe(*child, seed, limit, ctx));
  }
  bool wait(std::vector<Row>& rows) override {
    bool complete = true;
    for (auto& branch : branches_)
      complete = branch->wait(rows) && complete;
    return complete;
  }

 private:
  std::vector<std::unique_ptr<Probe>> branches_;
};

}  // namespace

IteratorPtr open_operator(const PlanNode&, const ServicePlan& service, const Row& seed,
                          const GraphScope&, Context& ctx) {
  return std::make_unique<ServiceIterator>(service, seed, ctx);
}

std::unique_ptr<BatchIterator> open_batch(const PlanNode& plan, const std::vector<Row>& seeds,
                                          const GraphScope& scope, Context& ctx) {
  if (const auto* service = plan.as<ServicePlan>(); service && !service->endpoint.is_var)
    return std::make_unique<ServiceBatch>(plan, *service, seeds, ctx);
  if (plan.has_service && plan.as<UnionPlan>())
    return std::make_unique<UnionBatch>(plan, seeds, scope, ctx);
  if (const auto* join = plan.as<JoinPlan>(); join && plan.has_service)
    return std::make_unique<JoinBatch>(plan, *join, seeds, scope, ctx);
  return std::make_unique<PerSeedBatch>(plan, seeds, scope, ctx);
}

std::vector<bool> seeds_with_solutions(const PlanNode& plan, const std::vector<Row>& seeds,
                                       const GraphScope& scope, Context& ctx) {
  std::vector<bool> found(seeds.size(), false);
  auto answers = open_batch(plan, seeds, scope, ctx);
  Row answer;
  std::size_t seed = 0;
  while (answers->next(answer, seed))
    if (seed < found.size()) found[seed] = true;
  return found;
}

bool probeable(const PlanNode& plan) {
  if (const auto* service = plan.as<ServicePlan>()) return !service->endpoint.is_var;
  if (plan.as<UnionPlan>()) {
    return std::all_of(plan.children.begin(), plan.children.end(),
                       [](const auto& child) { return probeable(*child); });
  }
  return false;
}

std::unique_ptr<Probe> start_probe(const PlanNode& plan, const Row& seed, std::size_t limit,
                                   Context& ctx) {
  if (const auto* service = plan.as<ServicePlan>())
    return std::make_unique<ServiceProbe>(plan, *service, seed, limit, ctx);
  return std::make_unique<UnionProbe>(plan, seed, limit, ctx);
}

}  // namespace sparqlmcp::engine::detail
