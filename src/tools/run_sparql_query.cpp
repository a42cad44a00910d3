#include "sparqlmcp/tools/run_sparql_query.hpp"

#include <algorithm>
#include <charconv>
#include <map>

#include "endpoint_notices.hpp"
#include "failure_text.hpp"
#include "page_cache.hpp"
#include "paging.hpp"
#include "query_facts.hpp"
#include "query_output.hpp"
#include "sparqlmcp/federation/source.hpp"
#include "sparqlmcp/sparql/parser.hpp"
#include "sparqlmcp/sparql/serializer.hpp"
#include "sparqlmcp/tools/arguments.hpp"
#include "sparqlmcp/tools/query_sources.hpp"
#include "sparqlmcp/tools/request_trace.hpp"

namespace sparqlmcp::tools {
namespace {

using federation::RowCap;
using federation::Source;
using federation::SourceAnswer;

using Clock = std::chrono::steady_clock;

mcp::ToolDefinition run_sparql_query_definition(const QuerySettings& settings) {
  mcp::ToolDefinition definition;
  definition.name = "run_sparql_query";
  definition.title = "Run a SPARQL query";
  definition.description =
      "Runs a read-only SPARQL 1.1 query (SELECT, ASK, CONSTRUCT or DESCRIBE). Name each "
      "endpoint with SERVICE <endpoint IRI> { ... }, using IRIs from list_endpoints. One SERVICE "
      "around the whole WHERE pattern is sent straight to that endpoint; several SERVICE clauses "
      "(or OPTIONAL, UNION, FILTER, BIND, VALUES or aggregates around one) form a federated "
      "query: each SERVICE group goes to its endpoint and the server joins the answers. Every "
      "triple pattern must be inside a SERVICE. Declare every prefix you use (PREFIX wdt: "
      "<...>). Results come back as a compact table (first " +
      std::to_string(settings.default_max_rows) +
      " rows by default) plus SPARQL JSON in structuredContent. Counts are exact or said to be "
      "lower bounds ('at least N rows'; pass count: true for the exact number). When rows are "
      "cut, the result gives a ready-to-run next_page_query: run it for the next page (served "
      "from a cache, every row once).";
  definition.input_schema = {
      {"type", "object"},
      {"properties",
       {{"query",
         {{"type", "string"},
          {"description",
           "The SPARQL query, e.g. SELECT ?item WHERE { SERVICE "
           "<https://query.wikidata.org/sparql> "
           "{ ?item <http://www.wikidata.org/prop/direct/P31> "
           "<http://www.wikidata.org/entity/Q146> } } LIMIT 5"}}},
        {"format",
         {{"type", "string"},
          {"enum", {"table", "json", "xml", "csv", "tsv", "turtle", "ntriples"}},
          {"description",
           "Text output format: 'table' (default, compact), json, xml, csv or tsv for "
           "SELECT/ASK; turtle (default) or ntriples for CONSTRUCT/DESCRIBE."}}},
        {"timeout_ms",
         {{"type", "integer"},
          {"minimum", 100},
          {"maximum", settings.max_timeout.count()},
          {"description", "Time limit in milliseconds (default " +
                              std::to_string(settings.default_timeout.count()) + ")."}}},
        {"max_rows",
         {{"type", "integer"},
          {"minimum", 1},
          {"maximum", settings.max_rows_limit},
          {"description", "Rows to show (default " + std::to_string(settings.default_max_rows) +
                              "); the rest is reported as truncated with a next-page query."}}},
        {"count",
         {{"type", "boolean"},
          {"description",
           "Also count the query's rows exactly (a COUNT query within the time limit), when "
           "the page alone cannot tell the total."}}},
        {"explain",
         {{"type", "boolean"},
          {"description",
           "Also return the plan that ran, one line per operator: join strategies, each "
           "SERVICE's endpoint, sub-query, requests, rows and time. Use it to see why a "
           "federated query is slow or empty."}}}}},
      {"required", {"query"}},
      {"additionalProperties", false}};
  definition.output_schema = query_output_schema();
  definition.annotations.title = definition.title;
  definition.annotations.read_only = true;
  definition.annotations.idempotent = true;
  definition.annotations.open_world = true;
  return definition;
}

class RunSparqlQueryTool final : public mcp::Tool {
 public:
  RunSparqlQueryTool(std::shared_ptr<const QuerySources> sources, QuerySettings settings)
      : sources_(std::move(sources)),
        settings_(settings),
        definition_(run_sparql_query_definition(settings_)),
        cache_(settings_.page_cache_bytes, settings_.page_cache_ttl) {}

  const mcp::ToolDefinition& definition() const override { return definition_; }

  mcp::ToolResult call(const nlohmann::json& arguments, mcp::ToolContext& context) override {
    try {
      return run(arguments, context);
    } catch (const Exception& exception) {
      return failure_result(exception.error(), settings_.timeout_option);
    }
  }

 private:
  // One call: the agent's query, where it goes and what was asked of the output.
  struct Call {
    std::string text;  // as the agent sent it
    sparql::Query query;
    sparql::Query inner;  // the SERVICE body as the query sent to the source
    std::unique_ptr<Source> source;
    OutputLimits limits;
    bool count = false;
    bool explain = false;
    bool silent = false;
    Clock::time_point started;
    Clock::time_point deadline;
    AnswerFacts facts;
  };

  mcp::ToolResult run(const nlohmann::json& arguments, mcp::ToolContext& context) {
    Arguments args(arguments, definition_.name);
    args.reject_unknown({"query", "format", "timeout_ms", "max_rows", "count", "explain"});
    Call call;
    call.text = args.required_string("query", "the SPARQL query text");
    std::optional<std::string> format = args.optional_choice(
        "format", {"table", "json", "xml", "csv", "tsv", "turtle", "ntriples"});
    auto timeout = std::chrono::milliseconds(
        args.optional_integer("timeout_ms", 100, settings_.max_timeout.count())
            .value_or(settings_.default_timeout.count()));
    call.limits.max_rows = static_cast<std::size_t>(
        args.optional_integer("max_rows", 1, static_cast<std::int64_t>(settings_.max_rows_limit))
            .value_or(static_cast<std::int64_t>(settings_.default_max_rows)));
    call.limits.max_text_chars = settings_.max_text_chars;
    call.count = args.optional_boolean("count").value_or(false);
    call.explain = args.optional_boolean("explain").value_or(false);
    call.started = Clock::now();
    call.deadline = call.started + timeout;

    call.query = sparql::parse_query(call.text);
    const bool graph = is_graph_form(call.query.form());
    if (format) check_format_fits(*format, graph);
    RoutedQuery routed = sources_->route(call.query);
    call.inner = std::move(routed.inner);
    call.source = std::move(routed.source);
    call.silent = routed.silent;
    call.facts.endpoint = std::move(routed.endpoint);
    call.facts.route = std::move(routed.route);
    call.facts.format = format.value_or(graph ? "turtle" : "table");
    call.facts.prefixes = query_prefixes(call.query);
    call.facts.requests = 0;
    if (!call.count && call.query.form() == sparql::QueryForm::Select) {
      call.facts.count_option = settings_.count_option;
    }

    if (call.count && call.query.form() != sparql::QueryForm::Select) {
      call.facts.warnings.push_back(settings_.count_option +
                                    " counts the rows of a SELECT query; it was ignored for this " +
                                    std::string(graph ? "graph" : "ASK") + " query.");
    }
    try {
      if (graph) return answer_graph(call, context);
      if (call.query.form() == sparql::QueryForm::Ask) return answer_ask(call, context);
      return answer_select(call, context);
    } catch (const Exception& exception) {
      if (exception.error().kind == ErrorKind::Cancelled || !call.silent) throw;
      return silent_failure(call, exception.error());
    }
  }

  // What a federated answer says beyond its rows: per endpoint, the requests and rows; per
  // SERVICE, a failure SILENT ignored, an answer that came back empty or may lack rows.
  void add_federation_facts(Call& call, const federation::FederationStats& stats,
                            mcp::ToolContext& context) const {
    for (const auto& [iri, use] : stats.endpoints) {
      auto it = std::find_if(call.facts.endpoints_used.begin(), call.facts.endpoints_used.end(),
                             [&](const EndpointUse& u) { return u.endpoint == iri; });
      if (it == call.facts.endpoints_used.end()) {
        call.facts.endpoints_used.push_back({iri, 0, 0});
        it = call.facts.endpoints_used.end() - 1;
      }
      it->requests += use.requests;
      it->rows += use.rows;
    }
    for (const auto& [id, service] : stats.services) {
      call.facts.subqueries_from_cache += service.cache_hits;
      const std::string name = "SERVICE #" + std::to_string(id) + " <" + service.endpoint + ">";
      std::string warning;
      if (service.silent_failure) {
        warning = name + " failed and SILENT let the query go on without it: " + service.failure;
      } else if (service.rows == 0 && service.requests > 0 && service.cache_hits == 0) {
        warning = name + " returned no rows" +
                  (service.binding_rows > 0
                       ? " for the " + std::to_string(service.binding_rows) + " bindings sent to it"
                       : std::string()) +
                  ". If it should match something, check its pattern (prefixes, property and "
                  "class IRIs) with a query to that endpoint alone.";
      }
      for (const std::string& why : service.incomplete) {
        call.facts.possibly_incomplete = true;
        call.facts.warnings.push_back(name + ": " + why);
      }
      if (!warning.empty() && std::find(call.facts.warnings.begin(), call.facts.warnings.end(),
                                        warning) == call.facts.warnings.end()) {
        call.facts.warnings.push_back(warning);
        log_warning(context, service.endpoint, warning);
      }
    }
  }

  // One request to the source, counted and timed in the call's facts.
  SourceAnswer request(Call& call, const sparql::Query& query, mcp::ToolContext& context) const {
    if (context.report_progress) {
      context.report_progress(
          call.facts.requests, std::nullopt,
          call.facts.route == "in-process"
              ? "evaluating the query in-process on <" + call.facts.endpoint + ">"
          : call.facts.route == "federated" ? "evaluating the federated query"
                                            : "sending the query to <" + call.facts.endpoint + ">");
    }
    SourceAnswer answer =
        call.source->run(query, {call.deadline, context.cancellation, notice_logger(context),
                                 call.explain, request_tracer(context)});
    if (answer.plan && !call.facts.plan) call.facts.plan = std::move(answer.plan);
    if (answer.federation) {
      call.facts.requests += static_cast<int>(answer.federation->requests());
      add_federation_facts(call, *answer.federation, context);
    } else {
      ++call.facts.requests;
      call.facts.attempts = answer.attempts;
    }
    call.facts.elapsed =
        std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - call.started);
    return answer;
  }

  // The same shape of `data` as the endpoint notices (endpoint_notices.hpp): what an agent
  // should know about the answer (a cap reached, a cut response, pages that may overlap).
  static void log_warning(mcp::ToolContext& context, const std::string& endpoint,
                          const std::string& message) {
    if (context.log) {
      context.log(mcp::LogLevel::Warning,
                  {{"message", message}, {"event", "answer"}, {"endpoint", endpoint}});
    }
  }

  mcp::ToolResult answer_ask(Call& call, mcp::ToolContext& context) const {
    SourceAnswer answer = request(call, call.inner, context);
    return render_solutions(std::move(answer.solutions), call.facts, call.limits,
                            [](std::size_t) { return std::nullopt; });
  }

  // SELECT: the page starts at the query's own OFFSET; the request asks for the rows shown plus
  // a bounded prefetch and one more row, which tells whether anything follows.
  mcp::ToolResult answer_select(Call& call, mcp::ToolContext& context) {
    const std::string key = cache_key(call.text);
    const bool stable = call.source->stable_order();
    // Rows of this page already at hand; the request continues after them. Only an answer in
    // one order (the source's own, or the total order of with_total_order) can be continued.
    std::vector<results::Row> at_hand;
    if (std::optional<CachedAnswer> cached = cache_.find(key); cached && !cached->graph) {
      if (cached->complete || cached->solutions.rows.size() > call.limits.max_rows) {
        return serve_cached_page(call, std::move(*cached), context);
      }
      if (cached->ordered || stable) at_hand = std::move(cached->solutions.rows);
    }

    SliceBounds slice = outer_slice(call.inner);
    if (!at_hand.empty()) {
      slice.offset = slice.offset.value_or(0) + at_hand.size();
      if (slice.limit) *slice.limit -= at_hand.size();
    }
    const std::size_t page_rows = std::max(call.limits.max_rows, settings_.prefetch_rows);
    // Never ask for more than the source returns per request: a larger LIMIT would be cut
    // silently, and endpoints refuse to sort beyond their cap.
    const RowCap cap = call.source->row_cap();
    std::uint64_t limit =
        std::min<std::uint64_t>(page_rows + 1, std::max<std::size_t>(cap.rows, 1));
    bool ends_at_own_limit = false;
    if (slice.limit && *slice.limit <= limit) {
      limit = *slice.limit;
      ends_at_own_limit = true;
    }
    // An endpoint may return rows in another order each time: pages of an ordered query get
    // tie-breakers from the start; an unordered one is ordered only when it needs more than
    // one request (below), since sorting a large answer may cost the endpoint much more.
    const bool order_was_added = has_order_marker(call.text);
    bool ordered = !stable && has_order_by(call.inner);
    auto request_for = [&](bool total_order) {
      sparql::ast::SelectQuery syntax = call.inner.syntax();
      if (total_order) {
        syntax = with_total_order(call.inner);
      } else if (order_was_added) {
        syntax.order_by.clear();
      }
      return sliced_query(call.inner, std::move(syntax), slice.offset, limit);
    };
    std::vector<std::string> notes;
    SourceAnswer answer;
    if (ordered) {
      try {
        answer = request(call, request_for(true), context);
      } catch (const Exception& exception) {
        if (exception.error().kind != ErrorKind::Remote) throw;
        answer = request(call, request_for(false), context);
        ordered = false;
        notes.push_back(order_refused(exception.error()));
      }
    } else {
      answer = request(call, request_for(false), context);
    }
    Completeness state = completeness(answer, limit, ends_at_own_limit, cap);

    if (!state.complete && !stable && !ordered && notes.empty()) {
      // More rows than one request brings: page in one total order, which the endpoint must
      // respect, so that no row is shown twice or skipped.
      try {
        answer = request(call, request_for(true), context);
        state = completeness(answer, limit, ends_at_own_limit, cap);
        ordered = true;
      } catch (const Exception& exception) {
        const ErrorKind kind = exception.error().kind;
        if (kind != ErrorKind::Remote && kind != ErrorKind::Timeout) throw;
        notes.push_back(order_refused(exception.error()));
      }
    }
    std::vector<std::string> warnings = std::move(state.warnings);
    warnings.insert(warnings.end(), notes.begin(), notes.end());
    for (const std::string& warning : warnings)
      log_warning(context, call.facts.endpoint, warning);

    CachedAnswer page;
    page.endpoint = call.facts.endpoint;
    page.route = call.facts.route;
    page.solutions = std::move(answer.solutions);
    page.solutions.rows.insert(page.solutions.rows.begin(),
                               std::make_move_iterator(at_hand.begin()),
                               std::make_move_iterator(at_hand.end()));
    page.complete = state.complete;
    page.possibly_incomplete = state.possibly_incomplete;
    page.ordered = ordered;
    page.order_added = ordered && (order_was_added || !has_order_by(call.inner));
    // After what the federation said of its SERVICE blocks (added by request()).
    call.facts.warnings.insert(call.facts.warnings.end(), warnings.begin(), warnings.end());
    return render_page(call, std::move(page), context);
  }

  static std::string order_refused(const Error& error) {
    return "the endpoint could not sort the answer for stable paging (" + error.to_text() +
           "): later pages are fetched without an order and may repeat or miss rows; add "
           "your own ORDER BY over a few selective variables, or a narrower pattern.";
  }

  mcp::ToolResult serve_cached_page(Call& call, CachedAnswer cached, mcp::ToolContext& context) {
    call.facts.from_cache = true;
    call.facts.elapsed =
        std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - call.started);
    call.facts.warnings = cached.warnings;
    return render_page(call, std::move(cached), context);
  }

  // Renders the rows at hand from the page's first row, hands out the next-page query and keeps
  // the rows after the page in the cache under it.
  mcp::ToolResult render_page(Call& call, CachedAnswer page, mcp::ToolContext& context) {
    if (page.complete && !page.possibly_incomplete) {
      call.facts.exact_count = page.solutions.rows.size();
    }
    call.facts.possibly_incomplete = page.possibly_incomplete;
    if (call.count && !call.facts.exact_count) count_rows(call, context);

    const SliceBounds slice = outer_slice(call.query);
    sparql::ast::SelectQuery paged_syntax =
        page.ordered ? with_total_order(call.query) : call.query.syntax();
    if (!page.ordered && has_order_marker(call.text)) paged_syntax.order_by.clear();
    results::QueryResults rows = page.solutions;
    NextPage next_page = [&](std::size_t shown) -> std::optional<std::string> {
      const std::size_t at_hand = page.solutions.rows.size();
      if (shown >= at_hand && page.complete) return std::nullopt;
      std::optional<std::uint64_t> limit;
      if (slice.limit) {
        if (*slice.limit <= shown) return std::nullopt;
        limit = *slice.limit - shown;
      }
      std::string next =
          serialize_sliced(call.query, paged_syntax, slice.offset.value_or(0) + shown, limit);
      if (page.order_added) next = with_order_marker(next);
      if (shown < at_hand) {
        CachedAnswer rest = page;
        rest.solutions.rows.erase(rest.solutions.rows.begin(),
                                  rest.solutions.rows.begin() + static_cast<long>(shown));
        rest.warnings = call.facts.warnings;
        cache_.put(cache_key(next), std::move(rest));
      }
      return next;
    };
    return render_solutions(std::move(rows), call.facts, call.limits, next_page);
  }

  struct Completeness {
    bool complete = false;             // nothing follows the rows received
    bool possibly_incomplete = false;  // the source may have cut them
    std::vector<std::string> warnings;
  };

  // Where the cap an answer reached is known from, as the warning says it.
  static std::string cap_origin(const SourceAnswer& answer, const RowCap& cap) {
    if (cap.declared && !cap.announced) return "its result cap (smcp:resultCap in the catalogue)";
    if (answer.announced_cap || cap.announced)
      return "its result cap (announced by the endpoint with X-SPARQL-MaxRows)";
    return "the result cap common on public endpoints (assumed: the catalogue declares none)";
  }

  Completeness completeness(const SourceAnswer& answer, std::uint64_t limit, bool ends_at_own_limit,
                            RowCap cap) const {
    Completeness state;
    const std::size_t received = answer.solutions.rows.size();
    if (answer.body_truncated) {
      state.possibly_incomplete = true;
      state.warnings.push_back(
          "the response exceeded the size limit and was cut after " + std::to_string(received) +
          " complete rows; the total number of rows is unknown. Add LIMIT, select fewer columns "
          "or make the query more selective.");
    } else if (answer.stopped_at_cap) {
      state.possibly_incomplete = true;
      state.warnings.push_back("the in-process engine stopped at its cap of " +
                               std::to_string(received) +
                               " rows; add LIMIT or make the query more selective.");
    } else if (ends_at_own_limit || (received < limit && !answer.announced_cap)) {
      state.complete = true;
    } else if (answer.announced_cap || limit >= cap.rows) {
      // As many rows as the source returns per request (or it says it cut them): more may
      // exist.
      state.possibly_incomplete = true;
      state.warnings.push_back(
          "the endpoint returned " + std::to_string(received) + " rows, " +
          cap_origin(answer, cap) +
          ", so more rows may exist. The next-page query continues after the rows shown; " +
          settings_.count_option + " gives the exact number.");
    }
    return state;
  }

  // count: true. The exact number of rows of the page's query, by a COUNT query to the same
  // source within what remains of the time limit; a failure leaves the lower bound and a note.
  void count_rows(Call& call, mcp::ToolContext& context) const {
    try {
      std::string var;
      SourceAnswer answer = request(call, count_query(call.inner, var), context);
      const auto& vars = answer.solutions.variables;
      auto column = std::find(vars.begin(), vars.end(), var);
      if (column == vars.end() || answer.solutions.rows.size() != 1) {
        throw_error(ErrorKind::Remote, "the COUNT query's answer had no ?" + var + " row");
      }
      const auto& value = answer.solutions.rows[0][static_cast<std::size_t>(column - vars.begin())];
      std::size_t count = 0;
      if (!value || !value->is_literal() ||
          std::from_chars(value->value.data(), value->value.data() + value->value.size(), count)
                  .ec != std::errc()) {
        throw_error(ErrorKind::Remote, "the COUNT query's answer was not a number");
      }
      call.facts.exact_count = count;
    } catch (const Exception& exception) {
      if (exception.error().kind == ErrorKind::Cancelled) throw;
      call.facts.warnings.push_back(settings_.count_option +
                                    " could not be answered, so the number of rows "
                                    "stays a lower bound: " +
                                    exception.error().to_text());
    }
  }

  // CONSTRUCT and DESCRIBE: the whole graph (bounded by bytes) in one canonical order, shown in
  // parts; a part's query is the agent's text with a closing comment saying how many triples
  // to skip.
  mcp::ToolResult answer_graph(Call& call, mcp::ToolContext& context) {
    const std::string key = cache_key(call.text);
    const std::size_t skip = part_marker_skip(call.text);
    CachedAnswer part;
    if (std::optional<CachedAnswer> cached = cache_.find(key); cached && cached->graph) {
      part = std::move(*cached);
      call.facts.from_cache = true;
      call.facts.warnings.insert(call.facts.warnings.end(), part.warnings.begin(),
                                 part.warnings.end());
    } else {
      SourceAnswer answer = request(call, call.inner, context);
      sort_triples(answer.triples);
      part.endpoint = call.facts.endpoint;
      part.route = call.facts.route;
      part.graph = true;
      part.complete = !answer.body_truncated && !answer.stopped_at_cap;
      part.possibly_incomplete = !part.complete;
      if (answer.body_truncated) {
        call.facts.warnings.push_back(
            "the response exceeded the size limit and was cut; only the triples that arrived "
            "complete are shown. Add LIMIT or make the query more selective.");
      }
      part.triples = std::move(answer.triples);
      part.triples.erase(
          part.triples.begin(),
          part.triples.begin() + static_cast<long>(std::min(skip, part.triples.size())));
    }
    call.facts.elapsed =
        std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - call.started);
    if (part.complete) call.facts.exact_count = part.triples.size();
    call.facts.possibly_incomplete = part.possibly_incomplete;
    NextPage next_part = [&](std::size_t shown) -> std::optional<std::string> {
      if (shown >= part.triples.size()) return std::nullopt;
      std::string next = with_part_marker(call.text, skip + shown);
      CachedAnswer rest = part;
      rest.triples.erase(rest.triples.begin(), rest.triples.begin() + static_cast<long>(shown));
      rest.warnings = call.facts.warnings;
      cache_.put(cache_key(next), std::move(rest));
      return next;
    };
    return render_graph(part.triples, call.facts, call.limits, next_part);
  }

  static void check_format_fits(const std::string& format, bool graph) {
    bool graph_format = format == "turtle" || format == "ntriples";
    if (graph && !graph_format) {
      throw_error(ErrorKind::InvalidArgument,
                  "format '" + format +
                      "' is for SELECT/ASK results; a CONSTRUCT or DESCRIBE query returns a "
                      "graph: use format 'turtle' or 'ntriples'");
    }
    if (!graph && graph_format) {
      throw_error(ErrorKind::InvalidArgument,
                  "format '" + format +
                      "' is for CONSTRUCT/DESCRIBE graphs; for SELECT/ASK use 'table', 'json', "
                      "'xml', 'csv' or 'tsv'");
    }
  }

  // SERVICE SILENT: a failing endpoint contributes the single empty solution (SPARQL 1.1
  // Federated Query, section 4).
  mcp::ToolResult silent_failure(Call& call, const Error& error) const {
    call.facts.warnings.push_back(
        "SERVICE SILENT: the endpoint failed and its failure was ignored as "
        "the query asked: " +
        error.to_text());
    call.facts.elapsed =
        std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - call.started);
    auto none = [](std::size_t) { return std::nullopt; };
    if (is_graph_form(call.query.form())) {
      call.facts.exact_count = 0;
      return render_graph({}, call.facts, call.limits, none);
    }
    results::QueryResults empty = silent_solutions(call.query);
    call.facts.exact_count = empty.rows.size();
    return render_solutions(std::move(empty), call.facts, call.limits, none);
  }

  std::shared_ptr<const QuerySources> sources_;
  QuerySettings settings_;
  mcp::ToolDefinition definition_;
  PageCache cache_;
};

}  // namespace

std::unique_ptr<mcp::Tool> make_run_sparql_query_tool(const catalogue::Catalogue& catalogue,
                                                      http::SparqlProtocolClient& client,
                                                      QuerySettings settings,
                                                      std::shared_ptr<const LocalEndpoints> local) {
  return make_run_sparql_query_tool(
      std::make_shared<QuerySources>(catalogue, client, settings, std::move(local)), settings);
}

std::unique_ptr<mcp::Tool> make_run_sparql_query_tool(std::shared_ptr<const QuerySources> sources,
                                                      QuerySettings settings) {
  return std::make_unique<RunSparqlQueryTool>(std::move(sources), settings);
}

}  // namespace sparqlmcp::tools
