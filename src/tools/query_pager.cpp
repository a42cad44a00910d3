#include "query_pager.hpp"

#include <algorithm>
#include <unordered_map>

#include "endpoint_notices.hpp"
#include "paging.hpp"
#include "sparqlmcp/sparql/parser.hpp"
#include "sparqlmcp/sparql/query_shape.hpp"
#include "sparqlmcp/tools/request_trace.hpp"

namespace sparqlmcp::tools {
namespace {

using Clock = std::chrono::steady_clock;
using federation::Answer;
using federation::RouteKind;
using federation::Shortfall;
using federation::Window;

std::chrono::milliseconds since(Clock::time_point started) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - started);
}

// A row as one string, for counting rows as a multiset.
std::string row_key(const results::Row& row) {
  std::string key;
  for (const auto& value : row) {
    if (value) key += value->to_ntriples();
    key += '\x1f';
  }
  return key;
}

// `rows` without those of `drop` (as a multiset: each row of `drop` removes one equal row);
// `drop` keeps the rows that were not found.
std::vector<results::Row> without_rows(std::vector<results::Row> rows,
                                       std::vector<results::Row>& drop) {
  if (drop.empty()) return rows;
  std::unordered_map<std::string, std::vector<std::size_t>> waiting;
  for (std::size_t i = 0; i < drop.size(); ++i)
    waiting[row_key(drop[i])].push_back(i);
  std::vector<bool> matched(drop.size(), false);
  std::vector<results::Row> kept;
  for (results::Row& row : rows) {
    auto it = waiting.find(row_key(row));
    if (it != waiting.end() && !it->second.empty()) {
      matched[it->second.back()] = true;
      it->second.pop_back();
      continue;
    }
    kept.push_back(std::move(row));
  }
  std::vector<results::Row> left;
  for (std::size_t i = 0; i < drop.size(); ++i)
    if (!matched[i]) left.push_back(std::move(drop[i]));
  drop = std::move(left);
  return kept;
}

// The query without an ORDER BY the server added for paging (a next-page query says so in a
// closing comment): the agent's own query.
sparql::Query without_added_order(const sparql::Query& query, bool order_added) {
  if (!order_added) return query;
  sparql::ast::SelectQuery syntax = query.syntax();
  syntax.order_by.clear();
  return sparql::make_query(query.prologue(), std::move(syntax));
}

std::string order_refused(const Error& error) {
  return "the endpoint could not sort the answer for stable paging (" + error.to_text() +
         "): later pages are fetched without an order and may repeat or miss rows; add "
         "your own ORDER BY over a few selective variables, or a narrower pattern.";
}

// What a page served from the result cache says of the answer it comes from.
void served_from_cache(AnswerFacts& facts, const CachedAnswer& cached) {
  facts.from_cache = true;
  facts.route = cached.route;
  facts.endpoint = cached.endpoint;
  facts.endpoints_used = cached.endpoints;
  facts.possibly_incomplete = cached.possibly_incomplete;
  for (const std::string& warning : cached.warnings)
    add_unique(facts.warnings, warning);
}

}  // namespace

struct QueryPager::Call {
  const PageRequest& request;
  AnswerFacts facts;
};

QueryPager::QueryPager(std::shared_ptr<const federation::QueryService> service,
                       PagerSettings settings)
    : service_(std::move(service)),
      settings_(std::move(settings)),
      cache_(std::make_shared<PageCache>(settings_.page_cache_bytes, settings_.page_cache_ttl)) {}

Page QueryPager::page(const PageRequest& request, mcp::ToolContext& context) {
  Call call{request, {}};
  // Where the query goes, for the progress messages sent before its first answer; without a
  // listener the first answer says it (routing twice costs a copy of a large query).
  if (context.report_progress) {
    const federation::RouteSummary route = service_->route_of(request.query);
    call.facts.route = route.kind;
    call.facts.endpoint = route.endpoint;
  }
  call.facts.format = request.format;
  call.facts.prefixes = sparql::query_prefixes(request.query);
  call.facts.requests = 0;
  const sparql::QueryForm form = request.query.form();
  if (!request.count && form == sparql::QueryForm::Select)
    call.facts.count_option = settings_.count_option;
  if (request.count && form != sparql::QueryForm::Select) {
    call.facts.warnings.push_back(
        settings_.count_option + " counts the rows of a SELECT query; it was ignored for this " +
        std::string(sparql::is_graph_form(form) ? "graph" : "ASK") + " query.");
  }
  if (sparql::is_graph_form(form)) return graph(call, context);
  if (form == sparql::QueryForm::Ask) return ask(call, context);
  return select(call, context);
}

void QueryPager::absorb(Call& call, const Answer& answer, mcp::ToolContext& context) {
  AnswerFacts& facts = call.facts;
  facts.route = answer.route;
  facts.endpoint = answer.endpoint;
  facts.requests += static_cast<int>(answer.requests);
  if (answer.route != RouteKind::Federated) facts.attempts = answer.attempts;
  for (const federation::EndpointUse& use : answer.endpoints) {
    auto it =
        std::find_if(facts.endpoints_used.begin(), facts.endpoints_used.end(),
                     [&](const federation::EndpointUse& u) { return u.endpoint == use.endpoint; });
    if (it == facts.endpoints_used.end()) {
      facts.endpoints_used.push_back(use);
    } else {
      it->requests += use.requests;
      it->rows += use.rows;
      it->cache_hits += use.cache_hits;
    }
    facts.subqueries_from_cache += use.cache_hits;
  }
  if (answer.plan && !facts.plan) facts.plan = answer.plan;
  auto warn = [&](const std::string& endpoint, const std::string& text) {
    if (std::find(facts.warnings.begin(), facts.warnings.end(), text) != facts.warnings.end())
      return;
    facts.warnings.push_back(text);
    log_warning(context, endpoint, text);
  };
  for (const federation::ServiceOutcome& service : answer.services) {
    // A block that came back empty: an agent can tell "no answer" from "wrong query".
    if (service.silent_failure || service.left_out || service.rows > 0 || service.requests == 0 ||
        service.cache_hits > 0)
      continue;
    warn(service.endpoint,
         "SERVICE #" + std::to_string(service.id) + " <" + service.endpoint + "> returned no rows" +
             (service.binding_rows > 0
                  ? " for the " + std::to_string(service.binding_rows) + " bindings sent to it"
                  : std::string()) +
             ". If it should match something, check its pattern (prefixes, property and class "
             "IRIs) with a query to that endpoint alone.");
  }
  for (const std::string& warning : answer.warnings)
    warn(answer.endpoint, warning);
  for (const Shortfall& shortfall : answer.completeness.shortfalls) {
    facts.possibly_incomplete = true;
    switch (shortfall.kind) {
      case Shortfall::Kind::ResultCap:
        warn(answer.endpoint, shortfall.text +
                                  ". The next-page query continues after the rows shown; " +
                                  settings_.count_option + " gives the exact number.");
        break;
      case Shortfall::Kind::ResponseBytes:
        warn(answer.endpoint, shortfall.text +
                                  ". Add LIMIT, select fewer columns or make the query more "
                                  "selective.");
        break;
      case Shortfall::Kind::EngineCap:
        warn(answer.endpoint, shortfall.text + "; add LIMIT or make the query more selective.");
        break;
      case Shortfall::Kind::Service:
        warn(answer.endpoint, shortfall.text);
        break;
    }
  }
}

Answer QueryPager::request(Call& call, const sparql::Query& query, const Window& window,
                           mcp::ToolContext& context) {
  if (context.report_progress) {
    const std::string& endpoint = call.facts.endpoint;
    context.report_progress(call.facts.requests, std::nullopt,
                            call.facts.route == RouteKind::InProcess
                                ? "evaluating the query in-process on <" + endpoint + ">"
                            : call.facts.route == RouteKind::Federated
                                ? "evaluating the federated query"
                                : "sending the query to <" + endpoint + ">");
  }
  federation::RequestContext request_context{call.request.deadline, context.cancellation,
                                             notice_logger(context), call.request.explain,
                                             request_tracer(context)};
  request_context.leave_out_failing = call.request.leave_out_failing;
  Answer answer = service_->answer(query, window, request_context);
  absorb(call, answer, context);
  call.facts.elapsed = since(call.request.started);
  return answer;
}

Page QueryPager::ask(Call& call, mcp::ToolContext& context) {
  Answer answer = request(call, call.request.query, {}, context);
  Page page;
  page.solutions = std::move(answer.solutions);
  page.facts = std::move(call.facts);
  page.next_page = [](std::size_t) { return std::nullopt; };
  return page;
}

// CONSTRUCT and DESCRIBE: the whole graph (bounded by bytes) in one canonical order, shown in
// parts; a part's query is the agent's text with a closing comment saying how many triples to
// skip.
Page QueryPager::graph(Call& call, mcp::ToolContext& context) {
  const std::string& text = call.request.text;
  const std::string key = cache_key(text);
  const std::size_t skip = part_marker_skip(text);
  auto part = std::make_shared<CachedAnswer>();
  if (std::optional<CachedAnswer> cached = cache_->find(key); cached && cached->graph) {
    *part = std::move(*cached);
    served_from_cache(call.facts, *part);
  } else {
    Answer answer = request(call, call.request.query, {}, context);
    sort_triples(answer.triples);
    part->endpoint = answer.endpoint;
    part->route = answer.route;
    part->endpoints = call.facts.endpoints_used;
    part->graph = true;
    part->complete = !answer.completeness.more_may_follow();
    part->possibly_incomplete = call.facts.possibly_incomplete;
    part->triples = std::move(answer.triples);
    part->triples.erase(
        part->triples.begin(),
        part->triples.begin() + static_cast<long>(std::min(skip, part->triples.size())));
  }
  call.facts.elapsed = since(call.request.started);
  if (part->complete) call.facts.exact_count = part->triples.size();
  Page page;
  page.graph = true;
  page.triples = part->triples;
  page.facts = call.facts;
  page.next_page = [cache = cache_, part, skip, text, warnings = call.facts.warnings](
                       std::size_t shown) -> std::optional<std::string> {
    if (shown >= part->triples.size()) return std::nullopt;
    std::string next = with_part_marker(text, skip + shown);
    CachedAnswer rest = *part;
    rest.triples.erase(rest.triples.begin(), rest.triples.begin() + static_cast<long>(shown));
    rest.warnings = warnings;
    cache->put(cache_key(next), std::move(rest));
    return next;
  };
  return page;
}

// SELECT: the page starts at the query's own OFFSET. Rows at hand come from the cache (what an
// earlier page's request brought beyond that page) or from a request for the rows shown plus a
// bounded prefetch.
Page QueryPager::select(Call& call, mcp::ToolContext& context) {
  const PageRequest& asked = call.request;
  const std::string key = cache_key(asked.text);
  std::optional<CachedAnswer> cached = cache_->find(key);
  if (cached && cached->graph) cached.reset();

  // The agent's own query: an ORDER BY the server added for paging is not part of it.
  const bool order_added_before = has_order_marker(asked.text);
  const sparql::Query base = without_added_order(asked.query, order_added_before);
  const sparql::SliceBounds slice = sparql::outer_slice(base);
  const std::uint64_t page_offset = slice.offset.value_or(0);
  const std::optional<std::uint64_t> page_limit = slice.limit;
  const std::size_t page_rows = std::max(asked.max_rows, settings_.prefetch_rows);

  auto entry = std::make_shared<CachedAnswer>();
  if (cached && (cached->complete || cached->solutions.rows.size() > asked.max_rows)) {
    // Enough rows at hand: no request.
    *entry = std::move(*cached);
    served_from_cache(call.facts, *entry);
  } else if (cached) {
    // The last rows at hand: the answer continues where the requests left it, in one order,
    // without the rows served already.
    *entry = std::move(*cached);
    for (const std::string& warning : entry->warnings)
      add_unique(call.facts.warnings, warning);
    call.facts.possibly_incomplete = entry->possibly_incomplete;
    std::optional<std::uint64_t> end;
    if (page_limit) end = page_offset + *page_limit;
    const sparql::Query unsliced = sparql::sliced_query(base, base.syntax(), std::nullopt, {});
    // Requests of a page's size each, until a page is at hand: rows served before in an
    // endpoint's own order are dropped as the ordered answer brings them again.
    bool sorted = true;
    for (std::size_t requests = entry->unmatched.size() / page_rows + 2; requests > 0; --requests) {
      const std::uint64_t from = entry->next_offset;
      std::optional<std::uint64_t> limit;
      if (end) limit = (*end > from ? *end - from : 0) + entry->unmatched.size();
      Answer answer;
      try {
        answer = this->request(
            call,
            sparql::sliced_query(unsliced, unsliced.syntax(),
                                 from > 0 ? std::optional(from) : std::nullopt, limit),
            {0, page_rows, sorted ? Window::Order::Stable : Window::Order::AsWritten}, context);
      } catch (const Exception& exception) {
        if (exception.error().kind != ErrorKind::Remote || !sorted || entry->stable_order) throw;
        // The endpoint cannot sort: go on after the rows fetched, in its own order.
        add_unique(call.facts.warnings, order_refused(exception.error()));
        entry->next_offset += entry->unmatched.size();
        entry->unmatched.clear();
        sorted = false;
        continue;
      }
      const std::size_t received = answer.solutions.rows.size();
      entry->next_offset = from + received;
      std::vector<results::Row> fresh =
          without_rows(std::move(answer.solutions.rows), entry->unmatched);
      entry->solutions.variables = answer.solutions.variables;
      entry->solutions.rows.insert(entry->solutions.rows.end(),
                                   std::make_move_iterator(fresh.begin()),
                                   std::make_move_iterator(fresh.end()));
      entry->ordered = answer.ordered;
      entry->complete = !answer.completeness.more_may_follow();
      if (entry->complete || received == 0 || entry->solutions.rows.size() > asked.max_rows) break;
    }
    entry->possibly_incomplete = call.facts.possibly_incomplete;
    entry->endpoints = call.facts.endpoints_used;
  } else {
    // A first page: the rows in the endpoint's own order, unless the query orders them itself
    // (then with tie-breakers, so that later pages agree) or the order was added for paging.
    const bool ordered = sparql::has_order_by(base) || order_added_before;
    Answer answer;
    try {
      answer = this->request(
          call, base, {0, page_rows, ordered ? Window::Order::Stable : Window::Order::AsWritten},
          context);
    } catch (const Exception& exception) {
      if (!ordered || exception.error().kind != ErrorKind::Remote) throw;
      add_unique(call.facts.warnings, order_refused(exception.error()));
      answer = this->request(call, base, {0, page_rows, Window::Order::AsWritten}, context);
    }
    entry->route = answer.route;
    entry->endpoint = answer.endpoint;
    entry->solutions = std::move(answer.solutions);
    entry->ordered = answer.ordered;
    entry->stable_order = answer.stable_order;
    entry->complete = !answer.completeness.more_may_follow();
    entry->possibly_incomplete = call.facts.possibly_incomplete;
    entry->endpoints = call.facts.endpoints_used;
    if (answer.ordered || answer.stable_order) {
      entry->next_offset = page_offset + entry->solutions.rows.size();
    } else {
      // Served in the endpoint's order: a later page that needs more reads the answer in one
      // order from here and drops these rows from it.
      entry->next_offset = page_offset;
      entry->unmatched = entry->solutions.rows;
    }
  }
  if (page_limit && entry->solutions.rows.size() >= *page_limit) {
    entry->solutions.rows.resize(*page_limit);
    entry->complete = true;
    entry->unmatched.clear();
  }
  if (entry->complete && !entry->possibly_incomplete)
    call.facts.exact_count = entry->solutions.rows.size();
  if (asked.count && !call.facts.exact_count) count_rows(call, context);
  call.facts.elapsed = since(asked.started);

  Page page;
  page.solutions = entry->solutions;
  page.facts = call.facts;
  // A next page of an endpoint's answer follows one order, so that it continues this one even
  // where the cache no longer holds it; the embedded engine gives one order by itself.
  const bool order_added = !entry->stable_order && !sparql::has_order_by(base);
  page.next_page = [cache = cache_, entry, base, page_offset, page_limit, order_added,
                    warnings =
                        call.facts.warnings](std::size_t shown) -> std::optional<std::string> {
    const std::size_t at_hand = entry->solutions.rows.size();
    if (shown >= at_hand && entry->complete) return std::nullopt;
    std::optional<std::uint64_t> limit;
    if (page_limit) {
      if (*page_limit <= shown) return std::nullopt;
      limit = *page_limit - shown;
    }
    sparql::ast::SelectQuery syntax =
        entry->stable_order ? base.syntax() : sparql::with_total_order(base);
    std::string next =
        sparql::serialize_sliced(base, std::move(syntax), page_offset + shown, limit);
    if (order_added) next = with_order_marker(next);
    CachedAnswer rest = *entry;
    rest.solutions.rows.erase(
        rest.solutions.rows.begin(),
        rest.solutions.rows.begin() + static_cast<long>(std::min(shown, at_hand)));
    rest.warnings = warnings;
    cache->put(cache_key(next), std::move(rest));
    return next;
  };
  return page;
}

// count: true. The exact number of rows of the page's query, by a COUNT query on the same
// route within what remains of the time limit; a failure leaves the lower bound and a note.
void QueryPager::count_rows(Call& call, mcp::ToolContext& context) {
  try {
    const bool order_added = has_order_marker(call.request.text);
    federation::RequestContext request_context{call.request.deadline, context.cancellation,
                                               notice_logger(context), false,
                                               request_tracer(context)};
    federation::CountAnswer counted =
        service_->count(without_added_order(call.request.query, order_added), request_context);
    call.facts.requests += static_cast<int>(counted.requests);
    call.facts.exact_count = counted.rows;
  } catch (const Exception& exception) {
    if (exception.error().kind == ErrorKind::Cancelled) throw;
    call.facts.warnings.push_back(settings_.count_option +
                                  " could not be answered, so the number of rows stays a lower "
                                  "bound: " +
                                  exception.error().to_text());
  }
}

}  // namespace sparqlmcp::tools
