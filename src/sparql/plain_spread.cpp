// spread_plain_patterns: plain triple patterns over several endpoints as the RDF merge of
// their default graphs. The split is made on the algebra, where property path sequences and
// inverses are already triple patterns; the result is printed and read back, so the parse
// tree (which pages, counts and next-page queries are built from) says the same as the
// algebra.

#include <algorithm>
#include <map>
#include <set>

#include "sparqlmcp/sparql/algebra_vars.hpp"
#include "sparqlmcp/sparql/parser.hpp"
#include "sparqlmcp/sparql/serializer.hpp"
#include "sparqlmcp/sparql/service_wrap.hpp"
#include "text_writer.hpp"
#include "translate.hpp"

namespace sparqlmcp::sparql {
namespace {

using namespace algebra;  // Operator and the payload types

Operator joined(Operator left, Operator right) {
  std::vector<Operator> operands;
  operands.push_back(std::move(left));
  operands.push_back(std::move(right));
  return Operator(JoinOp{}, std::move(operands));
}

class Spreader {
 public:
  Spreader(const std::vector<std::string>& endpoints, const SourcesOf& sources_of,
           const Prologue& prologue, std::set<std::string> taken)
      : endpoints_(endpoints),
        sources_of_(sources_of),
        prologue_(prologue),
        taken_(std::move(taken)) {}

  void spread(Operator& op) {
    switch (op.kind()) {
      case OpKind::Service:
        return;  // it names its endpoint itself
      case OpKind::Bgp:
        if (!op.as<BgpOp>().triples.empty()) op = merged(op.as<BgpOp>().triples);
        return;
      case OpKind::Path:
        throw_error(ErrorKind::InvalidArgument,
                    "the property path " + path_text(op.as<PathOp>().path) +
                        " is outside every SERVICE clause, and a path with *, +, ?, | or ! can "
                        "run across several endpoints, which this server cannot split. Put it "
                        "in SERVICE <endpoint> { ... } of the endpoint that holds the data, or "
                        "name one endpoint.");
      case OpKind::Graph:
        throw_error(ErrorKind::InvalidArgument,
                    "GRAPH outside SERVICE names a graph of one endpoint, and this query goes to " +
                        std::to_string(endpoints_.size()) +
                        " endpoints. Write SERVICE <endpoint> { GRAPH ... { ... } }, or name one "
                        "endpoint.");
      default:
        for (Operator& child : op.children)
          spread(child);
        spread_expressions(op);
    }
  }

  std::size_t spread_patterns = 0;
  std::vector<std::string> ruled_out;
  std::vector<std::string> unmatched;

 private:
  detail::TextWriter writer() const { return detail::TextWriter(detail::all_prefixes(prologue_)); }

  std::string unmatched_warning(const TriplePattern& t, const std::vector<std::string>& why) {
    detail::TextWriter text = writer();
    text.node(t.subject);
    text.out() += ' ';
    text.predicate(t.predicate);
    text.out() += ' ';
    text.node(t.object);
    std::string reasons;
    for (const std::string& line : why)
      reasons += (reasons.empty() ? "" : "; ") + line;
    return "No endpoint can match the pattern `" + text.out() + "`" +
           (reasons.empty() ? "" : " (" + reasons + ")") +
           ", so its part of the answer is empty and it was sent nowhere. Check its IRIs "
           "(search_terms), or name the endpoints that hold it in `endpoints`.";
  }

  // The path as the query would write it (prefixed names where its prefixes allow).
  std::string path_text(const Path& path) const {
    detail::TextWriter text = writer();
    text.path(path);
    return std::move(text.out());
  }

  // One merge unit per triple pattern, joined in the pattern's order.
  Operator merged(const std::vector<TriplePattern>& triples) {
    std::map<std::string, std::string> blanks;  // label -> variable, for this BGP
    std::optional<Operator> out;
    for (TriplePattern t : triples) {
      for (VarOrTerm* position : {&t.subject, &t.predicate, &t.object}) {
        if (position->is_var || !position->term.is_blank()) continue;
        auto [it, added] = blanks.emplace(position->term.value, "");
        if (added) it->second = fresh_variable();
        *position = VarOrTerm::variable(it->second);
      }
      Operator unit = merge_unit(t);
      out = out ? joined(std::move(*out), std::move(unit)) : std::move(unit);
      ++spread_patterns;
    }
    return std::move(*out);
  }

  Operator merge_unit(const TriplePattern& t) {
    std::vector<std::string> chosen;
    if (sources_of_) {
      PatternSources sources = sources_of_(t, endpoints_);
      if (sources.endpoints.empty()) unmatched.push_back(unmatched_warning(t, sources.ruled_out));
      for (std::string& line : sources.ruled_out)
        ruled_out.push_back(to_sse(Operator(BgpOp{{t}})) + ": " + line);
      chosen = std::move(sources.endpoints);
    }
    const std::vector<std::string>& endpoints = sources_of_ ? chosen : endpoints_;
    if (endpoints.empty()) {
      // No endpoint can match it: VALUES of its variables without a row.
      TableOp none;
      for (const VarOrTerm* position : {&t.subject, &t.predicate, &t.object})
        if (position->is_var &&
            std::find(none.vars.begin(), none.vars.end(), position->var) == none.vars.end())
          none.vars.push_back(position->var);
      return Operator(std::move(none));
    }
    std::optional<Operator> branches;
    for (const std::string& endpoint : endpoints) {
      std::vector<Operator> body;
      body.emplace_back(BgpOp{{t}});
      Operator service(ServiceOp{VarOrTerm::constant(rdf::Term::iri(endpoint)), false},
                       std::move(body));
      if (!branches) {
        branches = std::move(service);
        continue;
      }
      std::vector<Operator> sides;
      sides.push_back(std::move(*branches));
      sides.push_back(std::move(service));
      branches = Operator(UnionOp{}, std::move(sides));
    }
    // One endpoint's answer to one pattern has no duplicates (its default graph is a set).
    if (endpoints.size() == 1) return std::move(*branches);
    std::vector<Operator> operand;
    operand.push_back(std::move(*branches));
    return Operator(DistinctOp{}, std::move(operand));
  }

  std::string fresh_variable() {
    std::string name;
    do {
      name = "merged_blank_" + std::to_string(next_blank_++);
    } while (taken_.count(name) > 0);
    taken_.insert(name);
    return name;
  }

  // The patterns of EXISTS and NOT EXISTS in FILTER, OPTIONAL's condition and BIND. An
  // expression is printed from its parse tree, so the spread pattern gets one too (printed and
  // read back). EXISTS in ORDER BY or GROUP BY stays as written and routing refuses it.
  void spread_expressions(Operator& op) {
    if (auto* f = op.get_if<FilterOp>()) {
      for (Expr& e : f->exprs)
        spread_expression(e);
    } else if (auto* l = op.get_if<LeftJoinOp>()) {
      for (Expr& e : l->exprs)
        spread_expression(e);
    } else if (auto* x = op.get_if<ExtendOp>()) {
      spread_expression(x->expr);
    }
  }

  void spread_expression(Expr& e) {
    for (Expr& a : e.args)
      spread_expression(a);
    if (!e.op) return;
    Operator pattern = *e.op;
    const std::size_t before = spread_patterns;
    spread(pattern);
    if (spread_patterns == before) return;
    std::vector<Operator> operands;
    operands.push_back(Operator::unit());
    operands.push_back(pattern);
    const Query reread =
        parse_query(serialize_algebra(Operator(JoinOp{}, std::move(operands)), prologue_, {}));
    e.pattern = std::make_shared<const ast::GroupGraphPattern>(reread.syntax().where);
    e.op = std::make_shared<const Operator>(std::move(pattern));
  }

  const std::vector<std::string>& endpoints_;
  const SourcesOf& sources_of_;
  const Prologue& prologue_;
  std::set<std::string> taken_;
  std::size_t next_blank_ = 0;
};

}  // namespace

WrappedQuery spread_plain_patterns(const Query& query, const std::vector<std::string>& endpoints,
                                   const SourcesOf& sources_of) {
  if (endpoints.size() == 1) return wrap_plain_patterns(query, endpoints[0]);
  WrappedQuery out;
  out.query = query;
  if (endpoints.empty() || !query.syntax().has_where) return out;

  // The WHERE pattern's algebra, on its own: SELECT * WHERE { ... }.
  ast::SelectQuery pattern_only;
  pattern_only.form = QueryForm::Select;
  pattern_only.select_star = true;
  pattern_only.where = query.syntax().where;
  const std::vector<std::string> visible = detail::projected_vars(pattern_only);
  Operator where = detail::translate_query(pattern_only);
  if (where.is<ProjectOp>()) where = Operator(where.operand());

  const BoundVars in_where = bound_vars(where);
  Spreader spreader(endpoints, sources_of, query.prologue(),
                    std::set<std::string>(in_where.maybe.begin(), in_where.maybe.end()));
  spreader.spread(where);
  if (spreader.spread_patterns == 0) return out;
  out.wrapped = spreader.spread_patterns;
  out.ruled_out = std::move(spreader.ruled_out);
  out.unmatched = std::move(spreader.unmatched);

  // Printed and read back as a group, which then replaces the query's WHERE. Joined with the
  // unit table so that a unit's DISTINCT stays in its own sub-select rather than becoming the
  // printed SELECT's.
  std::vector<Operator> operands;
  operands.push_back(Operator::unit());
  operands.push_back(std::move(where));
  const Query reread = parse_query(
      serialize_algebra(Operator(JoinOp{}, std::move(operands)), query.prologue(), visible));
  ast::SelectQuery syntax = query.syntax();
  syntax.where = reread.syntax().where;
  // '*' keeps meaning the query's own variables, not the blank nodes' new ones.
  if (syntax.select_star) {
    syntax.select_star = false;
    for (const std::string& var : visible)
      syntax.projection.push_back({var, std::nullopt});
  }
  if (syntax.describe_star) {
    syntax.describe_star = false;
    for (const std::string& var : visible)
      syntax.describe_targets.push_back(VarOrTerm::variable(var));
  }
  out.query = make_query(query.prologue(), std::move(syntax));
  return out;
}

}  // namespace sparqlmcp::sparql
