// SERVICE clause discovery and the single-SERVICE unwrapping used by run_sparql_query.

#include "sparqlmcp/sparql/service_analysis.hpp"

#include <algorithm>

#include "sparqlmcp/sparql/parser.hpp"
#include "sparqlmcp/sparql/serializer.hpp"

namespace sparqlmcp::sparql {

namespace {

void collect_group(const ast::GroupGraphPattern& g, std::vector<ServiceClause>& out);
void collect_select(const ast::SelectQuery& q, std::vector<ServiceClause>& out);

void collect_expr(const Expr& e, std::vector<ServiceClause>& out) {
  if (e.pattern) collect_group(*e.pattern, out);
  for (const auto& a : e.args)
    collect_expr(a, out);
}

void collect_group(const ast::GroupGraphPattern& g, std::vector<ServiceClause>& out) {
  using Kind = ast::PatternElement::Kind;
  for (const auto& el : g.elements) {
    if (el.kind == Kind::Service) {
      ServiceClause c;
      if (el.name.is_var) {
        c.variable = el.name.var;
      } else {
        c.endpoint = el.name.term.value;
      }
      c.silent = el.silent;
      c.span = el.span;
      out.push_back(std::move(c));
    }
    if (el.kind == Kind::Filter || el.kind == Kind::Bind) collect_expr(el.expr, out);
    if (el.kind == Kind::SubSelect) collect_select(*el.subselect, out);
    for (const auto& sub : el.groups)
      collect_group(sub, out);
  }
}

void collect_select(const ast::SelectQuery& q, std::vector<ServiceClause>& out) {
  for (const auto& p : q.projection)
    if (p.expr) collect_expr(*p.expr, out);
  collect_group(q.where, out);
  for (const auto& g : q.group_by)
    collect_expr(g.expr, out);
  for (const auto& h : q.having)
    collect_expr(h, out);
  for (const auto& o : q.order_by)
    collect_expr(o.expr, out);
}

}  // namespace

bool is_endpoint_internal_service(std::string_view iri) {
  static constexpr std::string_view kInternal[] = {
      "http://wikiba.se/ontology#label",          // Wikidata / Wikibase label service
      "http://wikiba.se/ontology#around",         // Wikibase geospatial search
      "http://wikiba.se/ontology#box",            //
      "http://www.bigdata.com/rdf#serviceParam",  // Blazegraph service parameters
      "http://www.bigdata.com/rdf/gas#service",   // Blazegraph graph analytics
      "https://www.mediawiki.org/ontology#API",   // Wikidata MediaWiki API service
  };
  for (auto known : kInternal)
    if (iri == known) return true;
  return false;
}

std::vector<ServiceClause> find_service_clauses(const Query& query) {
  std::vector<ServiceClause> out;
  collect_select(query.syntax(), out);
  // The walk visits SELECT expressions before the WHERE clause, as the text does, but nested
  // elements after their parents; sort by position to get textual order.
  std::stable_sort(out.begin(), out.end(), [](const ServiceClause& a, const ServiceClause& b) {
    return a.span.line != b.span.line ? a.span.line < b.span.line : a.span.column < b.span.column;
  });
  return out;
}

std::optional<DirectQuery> unwrap_single_service(const Query& query) {
  using Kind = ast::PatternElement::Kind;
  const ast::SelectQuery& q = query.syntax();
  if (!q.from.empty() || !q.from_named.empty() || !q.has_where) return std::nullopt;
  if (q.form == QueryForm::Construct && q.construct_short) return std::nullopt;
  const ast::PatternElement* service = nullptr;
  std::vector<const ast::PatternElement*> filters;
  for (const auto& el : q.where.elements) {
    if (el.kind == Kind::Service && !service) {
      service = &el;
    } else if (el.kind == Kind::Filter) {
      filters.push_back(&el);
    } else {
      return std::nullopt;
    }
  }
  if (!service || service->name.is_var) return std::nullopt;
  // Nothing may call another endpoint: the only SERVICE clauses besides this one are the
  // endpoint's own built-in services nested inside it (e.g. Wikidata's label service).
  std::vector<ServiceClause> nested;
  collect_group(service->groups[0], nested);
  for (const auto& n : nested)
    if (!is_endpoint_internal_service(n.endpoint)) return std::nullopt;
  if (find_service_clauses(query).size() != 1 + nested.size()) return std::nullopt;

  ast::SelectQuery direct = q;
  ast::GroupGraphPattern body = service->groups[0];
  if (!filters.empty()) {
    // A group that is a sub-SELECT must stay alone in its braces (production [53]).
    if (!body.elements.empty() && body.elements[0].kind == Kind::SubSelect) {
      ast::PatternElement wrapped;
      wrapped.kind = Kind::Group;
      wrapped.span = body.elements[0].span;
      wrapped.groups.push_back(std::move(body));
      body = ast::GroupGraphPattern{};
      body.elements.push_back(std::move(wrapped));
    }
    for (const auto* f : filters)
      body.elements.push_back(*f);
  }
  direct.where = std::move(body);
  DirectQuery out;
  out.endpoint = service->name.term.value;
  out.silent = service->silent;
  out.query = make_query(query.prologue(), std::move(direct));
  return out;
}

}  // namespace sparqlmcp::sparql
