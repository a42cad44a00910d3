// CONSTRUCT (16.2): the template instantiated per solution. Blank nodes of the template are
// fresh per solution; a triple with an unbound part, a literal or blank node predicate or a
// literal subject is left out; the result is a set (duplicates removed).

#include <set>
#include <string>

#include "query_forms.hpp"

namespace sparqlmcp::engine::detail {

ConstructTemplate prepare_construct(const std::vector<sparql::ast::TriplePath>& pattern,
                                    Context& ctx) {
  ConstructTemplate out;
  std::vector<std::string> labels;
  auto convert = [&](const sparql::VarOrTerm& v) {
    ConstructTemplate::Term t;
    if (v.is_var) {
      t.kind = ConstructTemplate::Term::Kind::Var;
      t.slot = ctx.vars.slot(v.var);
    } else if (v.term.is_blank()) {
      t.kind = ConstructTemplate::Term::Kind::Blank;
      std::size_t i = 0;
      while (i < labels.size() && labels[i] != v.term.value)
        ++i;
      if (i == labels.size()) labels.push_back(v.term.value);
      t.blank = i;
    } else {
      t.id = ctx.terms.intern(v.term);
    }
    return t;
  };
  for (const auto& tp : pattern) {
    sparql::VarOrTerm predicate = tp.predicate;
    if (tp.path) {
      if (tp.path->kind != sparql::Path::Kind::Link) continue;
      predicate = sparql::VarOrTerm::constant(rdf::Term::iri(tp.path->iri));
    }
    out.triples.push_back({convert(tp.subject), convert(predicate), convert(tp.object)});
  }
  out.blanks = labels.size();
  return out;
}

rdf::Term term_of(std::uint64_t key, const Context& ctx) {
  if (key >= kFreshBlank) return rdf::Term::blank("_c" + std::to_string(key - kFreshBlank));
  return ctx.terms.term(static_cast<TermId>(key));
}

std::vector<rdf::Triple> run_construct(const ConstructTemplate& t, RowIterator& solutions,
                                       Context& ctx) {
  using Kind = ConstructTemplate::Term::Kind;
  std::set<std::array<std::uint64_t, 3>> seen;
  std::vector<std::array<std::uint64_t, 3>> order;
  Held held(ctx, "CONSTRUCT");
  std::uint64_t fresh = 0;
  Row row;
  while (solutions.next(row)) {
    ctx.tick();
    std::uint64_t base = fresh;
    fresh += t.blanks;
    for (const auto& triple : t.triples) {
      std::array<std::uint64_t, 3> key{};
      bool ok = true;
      for (int i = 0; i < 3 && ok; ++i) {
        const auto& part = triple[i];
        if (part.kind == Kind::Blank) {
          key[i] = kFreshBlank + base + part.blank;
          ok = i != 1;
          continue;
        }
        TermId id = part.kind == Kind::Var ? row[part.slot] : part.id;
        if (id == kUnbound) {
          ok = false;
          break;
        }
        TermView v = ctx.terms.view(id);
        if ((i == 0 && v.is_literal()) || (i == 1 && !v.is_iri())) ok = false;
        key[i] = id;
      }
      if (ok && seen.insert(key).second) {
        held.add();
        order.push_back(key);
      }
    }
  }
  std::vector<rdf::Triple> out;
  out.reserve(order.size());
  for (const auto& k : order)
    out.push_back(rdf::Triple{term_of(k[0], ctx), term_of(k[1], ctx), term_of(k[2], ctx)});
  return out;
}

}  // namespace sparqlmcp::engine::detail
