#include "query_blocks.hpp"

namespace sparqlmcp::assist {

void BlockCollector::group(const sparql::ast::GroupGraphPattern& g, std::size_t block) {
  for (const sparql::ast::PatternElement& e : g.elements)
    element(e, block);
}

void BlockCollector::element(const sparql::ast::PatternElement& e, std::size_t block) {
  using Kind = sparql::ast::PatternElement::Kind;
  switch (e.kind) {
    case Kind::Triples:
      for (const auto& t : e.triples)
        blocks[block].triples.push_back(&t);
      patterns += e.triples.size();
      break;
    case Kind::Service: {
      Block b;
      b.service = ++services_;
      b.union_of = union_;
      b.branch = branch_;
      if (e.name.is_var)
        b.variable = true;
      else
        b.name = e.name.term.value;
      blocks.push_back(std::move(b));
      const std::size_t inner = blocks.size() - 1;
      for (const auto& g : e.groups)
        group(g, inner);
      break;
    }
    case Kind::Filter:
    case Kind::Bind:
      expression(e.expr, block);
      break;
    case Kind::Values:
      values.push_back(&e.values);
      break;
    case Kind::SubSelect:
      if (e.subselect) {
        group(e.subselect->where, block);
        if (e.subselect->values) values.push_back(&*e.subselect->values);
      }
      break;
    case Kind::Union: {
      const void* outer = union_;
      const std::size_t outer_branch = branch_;
      union_ = &e;
      for (std::size_t i = 0; i < e.groups.size(); ++i) {
        branch_ = i;
        group(e.groups[i], block);
      }
      union_ = outer;
      branch_ = outer_branch;
      break;
    }
    default:
      for (const auto& g : e.groups)
        group(g, block);
  }
}

void BlockCollector::expression(const sparql::Expr& x, std::size_t block) {
  if (x.pattern) group(*x.pattern, block);
  for (const sparql::Expr& a : x.args)
    expression(a, block);
}

void collect_links(const sparql::Path& path, std::vector<std::string>& out) {
  if (path.kind == sparql::Path::Kind::Link) {
    out.push_back(path.iri);
    return;
  }
  for (const sparql::Path& p : path.args)
    collect_links(p, out);
}

std::optional<std::string> direct_predicate(const sparql::ast::TriplePath& t) {
  if (t.path) {
    if (t.path->kind == sparql::Path::Kind::Link) return t.path->iri;
    return std::nullopt;
  }
  if (!t.predicate.is_var && t.predicate.term.is_iri()) return t.predicate.term.value;
  return std::nullopt;
}

std::string key_of(const sparql::VarOrTerm& v) {
  return v.is_var ? "?" + v.var : "<" + v.term.value + ">";
}

}  // namespace sparqlmcp::assist
