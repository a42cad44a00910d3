#pragma once
// Evaluates expressions parsed from real queries over one hand-made row, for the expression
// tests: `ev("1 + 2")` gives "\"3\"^^xsd:integer", "error" for an expression error.

#include <optional>
#include <string>

#include "sparqlmcp/engine/expression.hpp"
#include "sparqlmcp/sparql/parser.hpp"

namespace sparqlmcp::engine::test {

inline constexpr const char* kPrologue =
    "PREFIX xsd: <http://www.w3.org/2001/XMLSchema#>\n"
    "PREFIX rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#>\n"
    "PREFIX : <http://example.org/>\n";

// The expression bound to ?result somewhere in the algebra.
inline const sparql::Expr* find_extend(const sparql::algebra::Operator& op,
                                       const std::string& var) {
  if (const auto* extend = op.get_if<sparql::algebra::ExtendOp>(); extend && extend->var == var)
    return &extend->expr;
  for (const auto& child : op.children)
    if (const sparql::Expr* e = find_extend(child, var)) return e;
  return nullptr;
}

// "lexical"^^xsd:local / "lexical"@lang / "lexical" / <iri> / _:label
inline std::string show(const rdf::Term& term) {
  if (term.is_iri()) return "<" + term.value + ">";
  if (term.is_blank()) return "_:" + term.value;
  std::string out = "\"" + term.value + "\"";
  if (!term.language.empty()) return out + "@" + term.language;
  if (term.datatype.empty()) return out;
  std::string dt = term.datatype;
  std::string xsd = "http://www.w3.org/2001/XMLSchema#";
  if (dt.rfind(xsd, 0) == 0) return out + "^^xsd:" + dt.substr(xsd.size());
  return out + "^^<" + dt + ">";
}

struct Fixture {
  OwnedDictionary data;
  QueryTerms terms{&data};
  VariableTable variables;
  ExpressionContext context;
  Row row;

  Fixture() {
    context.terms = &terms;
    context.now = "2024-03-04T05:06:07.5Z";
    context.base_iri = "http://example.org/base/";
  }

  // Binds ?name to a term that is in the dataset's dictionary.
  void bind(const std::string& name, const rdf::Term& term) {
    Slot slot = variables.slot(name);
    row.resize(variables.size(), kUnbound);
    row[slot] = data.intern(TermView::of(term));
  }

  sparql::Query parse(const std::string& expression) {
    return sparql::parse_query(std::string(kPrologue) + "SELECT (" + expression +
                               " AS ?result) {}");
  }

  CompiledExpression compile(const sparql::Query& query) {
    const sparql::Expr* e = find_extend(query.algebra(), "result");
    CompiledExpression compiled = CompiledExpression::compile(*e, variables, terms);
    row.resize(variables.size(), kUnbound);
    return compiled;
  }

  std::optional<rdf::Term> eval(const std::string& expression) {
    sparql::Query query = parse(expression);
    CompiledExpression compiled = compile(query);
    TermId id = compiled.evaluate(row, context);
    if (id == kUnbound) return std::nullopt;
    return terms.term(id);
  }

  std::string ev(const std::string& expression) {
    auto term = eval(expression);
    return term ? show(*term) : "error";
  }

  // The effective boolean value as a FILTER sees it: "true", "false" or "error".
  std::string ebv(const std::string& expression) {
    sparql::Query query = parse(expression);
    CompiledExpression compiled = compile(query);
    std::optional<bool> b = compiled.effective_boolean_value(row, context);
    return b ? (*b ? "true" : "false") : "error";
  }
};

}  // namespace sparqlmcp::engine::test
