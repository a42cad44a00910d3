// serialize_query / to_sse: the parse tree printed back as SPARQL text, the algebra as SSE.

#include "sparqlmcp/sparql/serializer.hpp"

#include "text_writer.hpp"

namespace sparqlmcp::sparql {

namespace {

void write_prologue(const Prologue& prologue,
                    const std::vector<std::pair<std::string, std::string>>& prefixes,
                    std::string& out) {
  if (prologue.has_base_decl) out += "BASE " + rdf::Term::iri(prologue.base).to_ntriples() + "\n";
  for (const auto& [p, ns] : prefixes)
    out += "PREFIX " + p + ": " + rdf::Term::iri(ns).to_ntriples() + "\n";
}

}  // namespace

std::string serialize_syntax(const Prologue& prologue, const ast::SelectQuery& syntax) {
  auto prefixes = detail::all_prefixes(prologue);
  detail::TextWriter w(prefixes);
  w.reserve_blank_labels(syntax);
  write_prologue(prologue, prefixes, w.out());
  w.select(syntax, 0);
  w.out() += '\n';
  return std::move(w.out());
}

std::string serialize_query(const Query& query) {
  return serialize_syntax(query.prologue(), query.syntax());
}

std::string to_sse(const Query& query) {
  return algebra::to_sse(query.algebra());
}

}  // namespace sparqlmcp::sparql
