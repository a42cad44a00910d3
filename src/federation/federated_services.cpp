#include "sparqlmcp/federation/federated_services.hpp"

#include <algorithm>
#include <utility>

#include "source_selection.hpp"
#include "sparqlmcp/util/text.hpp"
#include "sub_query.hpp"
#include "union_block.hpp"

namespace sparqlmcp::federation {

std::size_t FederationStats::requests() const {
  std::size_t n = 0;
  for (const auto& [iri, endpoint] : endpoints)
    n += endpoint.requests;
  return n;
}

bool FederationStats::possibly_incomplete() const {
  return std::any_of(services.begin(), services.end(),
                     [](const auto& entry) { return !entry.second.incomplete.empty(); });
}

namespace {

// Statuses with which endpoints refuse a request that is too large: a VALUES block they cannot
// parse or plan (400), a body or URL too long (413, 414).
bool refuses_size(const Error& error) {
  if (error.kind != ErrorKind::Remote || !error.remote) return false;
  long status = error.remote->http_status;
  return status == 400 || status == 413 || status == 414;
}

std::chrono::milliseconds since(Clock::time_point start) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start);
}

}  // namespace

// A block's share of a request in flight: identical sub-queries of one evaluation (a pattern the
// query repeats) send one request. The first to take the answer waits for it and counts it;
// the others get a copy. The request is forgotten, and its transfer cancelled if it is still
// running, once every share is taken or dropped.
class Ticket {
 public:
  Ticket() = default;
  Ticket(FederatedServices& owner, std::shared_ptr<FederatedServices::SharedRequest> request)
      : owner_(&owner), request_(std::move(request)) {
    ++request_->waiting;
  }
  Ticket(Ticket&& other) noexcept
      : owner_(other.owner_), request_(std::exchange(other.request_, nullptr)) {}
  Ticket& operator=(Ticket&& other) noexcept {
    if (this != &other) {
      release();
      owner_ = other.owner_;
      request_ = std::exchange(other.request_, nullptr);
    }
    return *this;
  }
  ~Ticket() { release(); }

  // The answer, or throws the request's error. `first`: whether this share waited for it.
  SourceAnswer take(bool& first) {
    FederatedServices::SharedRequest& shared = *request_;
    first = !shared.taken;
    shared.taken = true;
    if (!shared.answer && !shared.error) {
      try {
        shared.answer = shared.pending->wait();
      } catch (const Exception& exception) {
        shared.error = exception.error();
      }
      shared.pending.reset();
    }
    std::shared_ptr<FederatedServices::SharedRequest> keep = request_;
    const bool last = shared.waiting == 1;
    release();
    if (shared.error) throw Exception(*shared.error);
    return last ? std::move(*shared.answer) : *shared.answer;
  }

 private:
  void release() {
    if (!request_) return;
    if (--request_->waiting == 0) owner_->in_flight_.erase(request_->key);
    request_.reset();
  }

  FederatedServices* owner_ = nullptr;
  std::shared_ptr<FederatedServices::SharedRequest> request_;
};

// One SERVICE evaluation in flight: its blocks were sent when it started; wait() collects
// them, re-fetching what was refused or capped.
class PendingFederated final : public engine::PendingService {
 public:
  PendingFederated(FederatedServices& owner, engine::ServiceRequest request)
      : owner_(owner), request_(std::move(request)), shape_(shape_of(request_)) {
    ServiceStats& stats = owner_.stats_.services[request_.operator_id];
    stats.operator_id = request_.operator_id;
    stats.endpoint = request_.endpoint;
    ++stats.calls;
    stats.binding_rows += bound_join() ? request_.binding_rows.size() : 0;
    source_ = owner_.lookup_ ? owner_.lookup_(request_.endpoint) : nullptr;
    if (source_ == nullptr) {
      failure_ =
          make_error(ErrorKind::InvalidArgument,
                     "SERVICE <" + request_.endpoint +
                         "> is not an endpoint of this server's catalogue, so it was not "
                         "contacted; use an endpoint IRI exactly as list_endpoints gives it");
      return;
    }
    stats.route = source_->route();
    const std::size_t rows = request_.binding_rows.size();
    if (!bound_join()) {
      blocks_.push_back(send(0, rows, BlockForm::Values));
      return;
    }
    // An endpoint known to refuse VALUES gets UNION blocks from the start.
    const BlockForm form =
        owner_.memory_->refuses_values(request_.endpoint) ? BlockForm::Union : BlockForm::Values;
    if (form == BlockForm::Union) note_union();
    blocks_ = send_range(0, rows, form);
  }

  engine::ServiceAnswer wait() override {
    const Clock::time_point started = Clock::now();
    ServiceStats& stats = owner_.stats_.services[request_.operator_id];
    engine::ServiceAnswer answer;
    answer.vars = shape_.vars;
    try {
      if (failure_) throw Exception(*failure_);
      for (Block& block : blocks_)
        receive(block, answer);
      blocks_.clear();
    } catch (const Exception& exception) {
      stats.time += since(started);
      if (exception.error().kind == ErrorKind::Cancelled) throw;
      if (!request_.silent && owner_.context_.leave_out_failing &&
          exception.error().kind != ErrorKind::LimitExceeded) {
        // Left out: no rows (not SILENT's empty solution, which would join with everything).
        stats.left_out = true;
        stats.failure = exception.error().to_text();
        engine::ServiceAnswer none;
        none.vars = shape_.vars;
        return none;
      }
      if (!request_.silent) {
        // Which block failed, so the agent knows which part of its query to fix or to mark
        // SILENT.
        Error error = exception.error();
        error.message = "SERVICE #" + std::to_string(request_.operator_id) + " <" +
                        request_.endpoint + "> failed: " + error.message;
        if (error.kind == ErrorKind::Remote) {
          error.message += ". Add SILENT (SERVICE SILENT <...>) to go on without this block";
        }
        throw Exception(std::move(error));
      }
      stats.silent_failure = true;
      stats.failure = exception.error().to_text();
      return empty_solutions();
    }
    // An unbound answer tells whether the endpoint has solutions for the pattern at all: source
    // selection need not ask again.
    if (!bound_join() && !request_.silent) {
      const std::string shape = pattern_shape(*request_.pattern);
      owner_.memory_->remember_solutions(request_.endpoint, shape, !answer.rows.empty());
      // A whole answer's size corrects the next query's estimate for this pattern.
      if (answer.complete && !probe_capped_ &&
          (!request_.row_limit || answer.rows.size() <= *request_.row_limit))
        owner_.memory_->remember_rows(request_.endpoint, shape, answer.rows.size());
    }
    if (request_.row_limit && answer.rows.size() > *request_.row_limit) {
      answer.rows.resize(*request_.row_limit);
      if (!answer.origin.empty()) answer.origin.resize(*request_.row_limit);
      answer.complete = false;
    }
    // A probe the endpoint cut at its cap (below the row limit, or exactly at it) is no whole
    // answer either: the join must not hash it.
    if (probe_capped_) answer.complete = false;
    stats.time += since(started);
    return answer;
  }

 private:
  struct Block {
    std::size_t first = 0, count = 0;
    BlockForm form = BlockForm::Values;
    std::shared_ptr<const UnionBlock> layout;  // the UNION form's branches
    Ticket ticket;                             // empty: answered by the cache
    std::string cache_key;                     // empty: not cached
    std::optional<SourceAnswer> from_cache;    // answered by the sub-query cache
  };

  bool bound_join() const { return !shape_.row_var.empty(); }

  std::size_t block_size(BlockForm form) const {
    std::size_t size =
        form == BlockForm::Union ? owner_.settings_.union_block_rows : owner_.settings_.block_rows;
    size = std::max<std::size_t>(size, 1);
    if (auto learned = owner_.memory_->block_limit(request_.endpoint, form))
      size = std::min(size, *learned);
    if (form == BlockForm::Union) size = union_block_rows(request_, size);
    return std::max<std::size_t>(size, 1);
  }

  // Binding rows [first, first + count) in blocks of the form's size, all sent at once.
  std::vector<Block> send_range(std::size_t first, std::size_t count, BlockForm form) {
    std::vector<Block> blocks;
    const std::size_t size = block_size(form);
    for (std::size_t at = first; at < first + count; at += size)
      blocks.push_back(send(at, std::min(size, first + count - at), form));
    return blocks;
  }

  void note_union() {
    ServiceStats& stats = owner_.stats_.services[request_.operator_id];
    const std::string note = "<" + request_.endpoint + "> refuses VALUES; sent UNION blocks";
    if (std::find(stats.notes.begin(), stats.notes.end(), note) == stats.notes.end())
      stats.notes.push_back(note);
  }

  std::optional<std::uint64_t> probe_limit() const {
    if (request_.row_limit && !bound_join()) return *request_.row_limit + 1;
    return std::nullopt;
  }

  Block send(std::size_t first, std::size_t count, BlockForm form,
             std::optional<std::uint64_t> limit = {}, std::uint64_t offset = 0,
             bool ordered = false) {
    if (!limit) limit = probe_limit();
    Block block;
    block.first = first;
    block.count = count;
    block.form = form;
    PatternQuery values_query;
    if (form == BlockForm::Union) {
      block.layout = std::make_shared<const UnionBlock>(
          union_block_query(request_, shape_, first, count, limit, offset, ordered));
    } else {
      values_query = block_query(request_, shape_, first, count, limit, offset, ordered);
    }
    const PatternQuery& query = block.layout ? block.layout->query : values_query;
    ServiceStats& stats = owner_.stats_.services[request_.operator_id];
    std::string text = source_->text_of(query);
    if (stats.first_text.empty()) stats.first_text = text;
    const std::string key = request_.endpoint + "\n" + text;
    if (owner_.cache_) {
      block.cache_key = key;
      if (std::optional<results::QueryResults> hit = owner_.cache_->find(block.cache_key)) {
        ++stats.cache_hits;
        block.from_cache.emplace();
        block.from_cache->solutions = std::move(*hit);
        return block;
      }
    }
    // A query that repeats a pattern sends it once.
    std::shared_ptr<FederatedServices::SharedRequest>& shared = owner_.in_flight_[key];
    if (!shared) {
      auto started = std::make_shared<FederatedServices::SharedRequest>();
      started->key = key;
      started->pending = source_->start(query, block_context(count));
      shared = std::move(started);
    }
    block.ticket = Ticket(owner_, shared);
    return block;
  }

  // A block of several binding rows gets half of what is left of the deadline: if it times out,
  // its halves (sent at once, in parallel) still have the other half.
  RequestContext block_context(std::size_t count) const {
    RequestContext context = owner_.context_;
    if (bound_join() && count > 1) {
      const Clock::time_point now = Clock::now();
      if (context.deadline > now) context.deadline = now + (context.deadline - now) / 2;
    }
    return context;
  }

  // Waits for one block; counts it; a refused block is halved and retried, a capped one
  // re-fetched in halves or ordered pages. Appends the rows to `answer`.
  void receive(Block& block, engine::ServiceAnswer& answer) {
    if (block.from_cache) {
      count_cached(block.from_cache->solutions.rows.size());
      append(block.from_cache->solutions, block, answer);
      return;
    }
    SourceAnswer got;
    bool first = true;
    try {
      got = block.ticket.take(first);
      if (!first) ++owner_.stats_.services[request_.operator_id].cache_hits;
    } catch (const Exception& exception) {
      if (first) count_request(1, 0, 0);
      const Error& error = exception.error();
      if (block.form == BlockForm::Values && bound_join() && refuses_size(error)) {
        if (owner_.memory_->refuses_values(request_.endpoint)) {
          // Another block learned meanwhile that VALUES is the trouble, not the size.
          note_union();
          for (Block& part : send_range(block.first, block.count, BlockForm::Union))
            receive(part, answer);
          return;
        }
        // Even one row refused as a bad request: the endpoint may not know VALUES at all.
        if (block.count <= 1 && error.remote->http_status == 400) {
          fall_back_to_union(block, answer, error);
          return;
        }
      }
      if (error.kind == ErrorKind::Timeout && block.count > 1 &&
          Clock::now() < owner_.context_.deadline) {
        split(block, answer,
              "did not answer a block of " + std::to_string(block.count) +
                  " rows within half the time left");
        return;
      }
      if (!refuses_size(error) || block.count <= 1) throw;
      // Remembered only once a smaller block is accepted: a query the endpoint rejects for
      // another reason fails at every size and must not shrink its blocks for later queries.
      owner_.refused_.push_back({request_.endpoint, block.form, block.count});
      split(block, answer,
            "refused a block of " + std::to_string(block.count) + " rows (HTTP " +
                std::to_string(error.remote->http_status) + ")");
      return;
    }
    const std::size_t rows = got.solutions.rows.size();
    if (first) count_request(got.attempts, rows, got.bytes);
    if (block.form == BlockForm::Values && lacks_row_numbers(got.solutions, shape_)) {
      // The endpoint ignored the VALUES block (its rows answer the pattern alone).
      fall_back_to_union(block, answer, row_numbers_missing(shape_, request_.endpoint));
      return;
    }
    if (bound_join()) accepted(block);
    const RowCap cap = source_->row_cap();
    const bool capped = got.stopped_at_cap || got.announced_cap || got.body_truncated ||
                        (cap.rows > 0 && rows >= cap.rows);
    if (capped && probe_limit()) probe_capped_ = true;
    if (capped && !probe_limit()) {
      if (block.count > 1) {
        split(block, answer,
              "answered a block of " + std::to_string(block.count) + " rows with " +
                  std::to_string(rows) + " rows, its cap");
        return;
      }
      page(block, std::move(got), cap, answer);
      return;
    }
    remember(block, got);
    append(got.solutions, block, answer);
  }

  // A VALUES block the endpoint could not take: its rows again as UNION blocks. The first one is
  // sent alone; when it is answered, the endpoint is remembered as refusing VALUES and the rest
  // follow. When it fails too, VALUES was not the trouble: the VALUES error stands.
  void fall_back_to_union(const Block& block, engine::ServiceAnswer& answer, Error values_error) {
    const std::size_t size = std::min(block_size(BlockForm::Union), block.count);
    Block first = send(block.first, size, BlockForm::Union);
    try {
      receive(first, answer);
    } catch (const Exception& exception) {
      if (exception.error().kind != ErrorKind::Remote) throw;
      values_error.message +=
          "; sent without VALUES (as a UNION of the pattern per binding row) it failed too: " +
          exception.error().message;
      throw Exception(std::move(values_error));
    }
    owner_.memory_->remember_refuses_values(request_.endpoint);
    note_union();
    if (block.count > size) {
      for (Block& part : send_range(block.first + size, block.count - size, BlockForm::Union))
        receive(part, answer);
    }
  }

  // A block's answer from the cache, or from its request (counted and remembered).
  SourceAnswer wait_block(Block& block) {
    if (block.from_cache) {
      count_cached(block.from_cache->solutions.rows.size());
      return std::move(*block.from_cache);
    }
    bool first = true;
    SourceAnswer got = block.ticket.take(first);
    if (first) {
      count_request(got.attempts, got.solutions.rows.size(), got.bytes);
    } else {
      ++owner_.stats_.services[request_.operator_id].cache_hits;
    }
    remember(block, got);
    return got;
  }

  void remember(const Block& block, const SourceAnswer& got) {
    if (owner_.cache_ && !block.cache_key.empty() && !got.body_truncated && !got.stopped_at_cap &&
        !got.announced_cap) {
      owner_.cache_->put(block.cache_key, got.solutions, results::estimate_bytes(got.solutions));
    }
  }

  void split(const Block& block, engine::ServiceAnswer& answer, const std::string& why) {
    ServiceStats& stats = owner_.stats_.services[request_.operator_id];
    stats.notes.push_back("<" + request_.endpoint + "> " + why + "; sent it again in halves");
    std::size_t half = block.count / 2;
    Block low = send(block.first, half, block.form);
    Block high = send(block.first + half, block.count - half, block.form);
    receive(low, answer);
    receive(high, answer);
  }

  // An answer of exactly the cap rows may be cut: fetch it again in pages of the cap, in one
  // order (endpoints reorder rows between requests), until a page comes back short.
  void page(const Block& block, SourceAnswer first, const RowCap& cap,
            engine::ServiceAnswer& answer) {
    ServiceStats& stats = owner_.stats_.services[request_.operator_id];
    const bool ordered = !source_->stable_order();
    const std::size_t page_rows = std::max<std::size_t>(cap.rows, 1);
    std::vector<SourceAnswer> pages;
    try {
      for (std::size_t n = 0; n < owner_.settings_.max_pages; ++n) {
        Block next = send(block.first, block.count, block.form, page_rows, n * page_rows, ordered);
        SourceAnswer got = wait_block(next);
        const bool short_page = got.solutions.rows.size() < page_rows && !got.body_truncated;
        pages.push_back(std::move(got));
        if (short_page) {
          for (SourceAnswer& p : pages)
            append(p.solutions, block, answer);
          stats.notes.push_back("<" + request_.endpoint + "> returned its cap of " +
                                std::to_string(page_rows) + " rows; fetched " +
                                std::to_string(pages.size()) + " ordered pages");
          return;
        }
      }
      stats.incomplete.push_back("<" + request_.endpoint + "> has more than " +
                                 std::to_string(owner_.settings_.max_pages * page_rows) +
                                 " rows for one sub-query; only those were fetched");
      for (SourceAnswer& p : pages)
        append(p.solutions, block, answer);
    } catch (const Exception& exception) {
      // An endpoint that breaks the protocol (ignores LIMIT) did not refuse to page: its
      // answers cannot be trusted at all.
      const Error& error = exception.error();
      if (error.kind != ErrorKind::Remote ||
          (error.remote && error.remote->body == RemoteBody::ProtocolFault))
        throw;
      stats.incomplete.push_back("<" + request_.endpoint + "> returned " +
                                 std::to_string(first.solutions.rows.size()) + " rows, its " +
                                 (cap.declared ? "declared" : "assumed") +
                                 " result cap, and refused to page them in order (" +
                                 exception.error().message + "); the answer may lack rows");
      append(first.solutions, block, answer);
    }
  }

  // A block the endpoint answered: what it refused at a larger size in this query was the size,
  // now cured, and is remembered for later queries.
  void accepted(const Block& block) {
    owner_.memory_->block_accepted(request_.endpoint, block.count, block.form);
    auto& refused = owner_.refused_;
    for (auto it = refused.begin(); it != refused.end();) {
      if (it->endpoint == request_.endpoint && it->form == block.form && it->rows > block.count) {
        owner_.memory_->block_refused(it->endpoint, it->rows, it->form);
        it = refused.erase(it);
      } else {
        ++it;
      }
    }
  }

  void count_request(int attempts, std::size_t rows, std::size_t bytes) {
    ServiceStats& stats = owner_.stats_.services[request_.operator_id];
    EndpointStats& endpoint = owner_.stats_.endpoints[request_.endpoint];
    const std::size_t requests = static_cast<std::size_t>(std::max(attempts, 1));
    stats.requests += requests;
    stats.rows += rows;
    stats.bytes += bytes;
    endpoint.requests += requests;
    endpoint.rows += rows;
    endpoint.bytes += bytes;
  }

  // A block the sub-query cache answered is no request, but its endpoint still answered the
  // query: it is listed among the endpoints with its rows (an answer that came wholly from the
  // cache must still tell which endpoints contributed, e.g. for submit's trivial federation).
  void count_cached(std::size_t rows) { owner_.stats_.endpoints[request_.endpoint].rows += rows; }

  void append(const results::QueryResults& solutions, const Block& block,
              engine::ServiceAnswer& answer) {
    if (block.layout) {
      collect_union_rows(solutions, shape_, *block.layout, request_, request_.endpoint, answer.rows,
                         answer.origin);
    } else {
      collect_rows(solutions, shape_, request_.endpoint, block.first, block.count, answer.rows,
                   answer.origin);
    }
    owner_.rows_held_ += solutions.rows.size();
    owner_.bytes_held_ += results::estimate_bytes(solutions);
    const bool too_many_rows = owner_.rows_held_ > owner_.settings_.max_total_rows;
    if (too_many_rows || owner_.bytes_held_ > owner_.settings_.max_total_bytes) {
      throw_error(
          ErrorKind::LimitExceeded,
          "the federated query received more than " +
              (too_many_rows ? std::to_string(owner_.settings_.max_total_rows) + " rows"
                             : std::to_string(owner_.settings_.max_total_bytes / (1024 * 1024)) +
                                   " MiB of rows") +
              " from its endpoints; SERVICE <" + request_.endpoint +
              "> grew past the limit. Narrow that SERVICE pattern (add a constant, a "
              "FILTER or a LIMIT inside it) or split the question into smaller queries");
    }
  }

  // SERVICE SILENT after a failure: the single empty solution (for each binding row).
  engine::ServiceAnswer empty_solutions() const {
    engine::ServiceAnswer answer;
    answer.vars = shape_.vars;
    for (std::size_t i = 0; i < request_.binding_rows.size(); ++i) {
      answer.rows.emplace_back(shape_.vars.size());
      if (bound_join()) answer.origin.push_back(static_cast<std::uint32_t>(i));
    }
    return answer;
  }

  FederatedServices& owner_;
  engine::ServiceRequest request_;
  SubQueryShape shape_;
  Source* source_ = nullptr;
  std::optional<Error> failure_;
  std::vector<Block> blocks_;
  bool probe_capped_ = false;  // a probe's answer reached the endpoint's cap
};

FederatedServices::FederatedServices(SourceLookup lookup, RequestContext context,
                                     FederationSettings settings,
                                     std::shared_ptr<EndpointMemory> memory,
                                     std::shared_ptr<SubqueryCache> cache)
    : lookup_(std::move(lookup)),
      context_(std::move(context)),
      settings_(settings),
      memory_(memory ? std::move(memory) : std::make_shared<EndpointMemory>()),
      cache_(std::move(cache)) {}

std::string FederatedServices::describe(int operator_id) const {
  auto it = stats_.services.find(operator_id);
  if (it == stats_.services.end()) return {};
  const ServiceStats& s = it->second;
  std::string text = "requests=" + std::to_string(s.requests) + " rows=" + std::to_string(s.rows);
  if (s.binding_rows > 0) text += " bindings=" + std::to_string(s.binding_rows);
  if (s.cache_hits > 0) text += " cache_hits=" + std::to_string(s.cache_hits);
  text += " time=" + std::to_string(s.time.count()) + "ms";
  if (s.route == "in-process") text += " in-process";
  if (s.silent_failure) text += " failed, ignored (SILENT): " + s.failure;
  if (s.left_out) text += " failed, left out (silent: true): " + s.failure;
  for (const std::string& why : s.incomplete)
    text += " incomplete: " + why;
  for (const std::string& note : s.notes)
    text += " note: " + note;
  if (!s.first_text.empty()) {
    // The sub-query on one line, without its prefixes, bounded.
    std::size_t start = s.first_text.find("SELECT");
    std::string line = util::one_line(
        std::string_view(s.first_text).substr(start == std::string::npos ? 0 : start), 240);
    text += " sent: " + line;
  }
  return text;
}

std::unique_ptr<engine::PendingService> FederatedServices::start(engine::ServiceRequest request) {
  return std::make_unique<PendingFederated>(*this, std::move(request));
}

}  // namespace sparqlmcp::federation
