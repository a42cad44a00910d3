#pragma once
// SPARQL expressions (section 17): compiled once per query against the variable slots, then
// evaluated per row. Errors follow the specification: evaluate() returns kUnbound for an
// expression error (type error, unbound variable, bad argument), FILTER treats that as false,
// BIND/Extend leaves the variable unbound, and ||, &&, IF, COALESCE, IN handle errors as 17.2
// and 17.4 specify. No exception escapes evaluate() except Exception(Cancelled/Timeout/...)
// thrown by the EXISTS callback.
//
// Values: numbers keep their datatype (xsd:integer, xsd:decimal, xsd:float, xsd:double and
// the derived integer types promote as 17.3 says); results are canonical lexical forms
// ("2"^^xsd:integer, "1.5"^^xsd:decimal, "2.0"^^xsd:decimal, "1.5E0"^^xsd:double; decimal
// division keeps 24 fractional digits; integers are 128-bit and an overflow is an error).
// The function library is all of
// 17.4: BOUND IF COALESCE EXISTS/NOT EXISTS || && = != < > <= >= IN/NOT IN sameTerm isIRI/isURI
// isBlank isLiteral isNumeric STR LANG DATATYPE IRI/URI BNODE STRDT STRLANG UUID STRUUID
// STRLEN SUBSTR UCASE LCASE STRSTARTS STRENDS CONTAINS STRBEFORE STRAFTER ENCODE_FOR_URI
// CONCAT langMatches REGEX REPLACE ABS ROUND CEIL FLOOR RAND NOW YEAR MONTH DAY HOURS MINUTES
// SECONDS TIMEZONE TZ MD5 SHA1 SHA256 SHA384 SHA512, the XSD constructor casts of 17.5
// (xsd:boolean, double, float, decimal, integer, dateTime, string), and the operator mapping of
// 17.3. Unknown function IRIs evaluate to an error.

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "sparqlmcp/engine/solution.hpp"
#include "sparqlmcp/engine/term_dictionary.hpp"
#include "sparqlmcp/sparql/algebra.hpp"
#include "sparqlmcp/sparql/ast.hpp"

namespace sparqlmcp::engine {

// What expressions need from the query being evaluated. One per query evaluation.
struct ExpressionContext {
  QueryTerms* terms = nullptr;
  // NOW(): one value per query (17.4.5.1), as an xsd:dateTime lexical form with time zone.
  std::string now;
  // A serial that changes with every solution mapping the caller evaluates expressions for:
  // BNODE("x") gives the same blank node for the same string within one solution and
  // different ones across solutions (17.4.2.9).
  std::uint64_t row_serial = 0;
  // Evaluates EXISTS { pattern } for `row`: the pattern with the row's bindings substituted
  // (the evaluator supplies this; may throw Exception to stop the query).
  std::function<bool(const sparql::algebra::Operator& pattern, RowView row)> exists;
  // The query's base IRI (Prologue::base), against which IRI()/URI() resolve relative IRIs
  // (17.4.2.8); empty: a relative IRI stays as written.
  std::string base_iri;
};

class CompiledExpression {
 public:
  CompiledExpression();
  ~CompiledExpression();
  CompiledExpression(CompiledExpression&&) noexcept;
  CompiledExpression& operator=(CompiledExpression&&) noexcept;

  // Resolves variables to slots (adding unknown ones: they are simply always unbound) and
  // constants to ids. Throws Exception(Unsupported) only for aggregates (which belong to
  // Group, not here).
  static CompiledExpression compile(const sparql::Expr& expr, VariableTable& variables,
                                    QueryTerms& terms);

  // The value, or kUnbound for an error.
  TermId evaluate(RowView row, ExpressionContext& context) const;
  // The effective boolean value (17.2.2) of the value, nullopt for an error.
  std::optional<bool> effective_boolean_value(RowView row, ExpressionContext& context) const;

  struct Node;

 private:
  std::unique_ptr<Node> root_;
};

// The total order of ORDER BY (15.1): unbound < blank nodes < IRIs < literals, literals
// compared with '<' where it is defined and otherwise in a fixed order (by datatype, then
// lexical form, then language), so sorting never fails. Negative, zero or positive.
int compare_for_order(TermId a, TermId b, const QueryTerms& terms);

// An aggregate (18.5.1: Count, Sum, Avg, Min, Max, GroupConcat, Sample, each with DISTINCT)
// for one group. add() is called once per solution of the group; result() once at the end
// (kUnbound for an error, e.g. SUM over a non-number; COUNT of an empty group is 0, SUM 0,
// AVG 0, MIN/MAX/SAMPLE unbound, GROUP_CONCAT ""). MIN and MAX use the ORDER BY order.
// A plain variable that is unbound in a solution contributes nothing; any other expression
// error makes SUM, AVG, MIN, MAX and GROUP_CONCAT an error, while COUNT and SAMPLE skip it.
// SUM of integers stays xsd:integer, AVG of integers is xsd:decimal; GROUP_CONCAT gives a
// simple literal.
class Aggregator {
 public:
  virtual ~Aggregator() = default;
  virtual void add(RowView row, ExpressionContext& context) = 0;
  virtual TermId result(ExpressionContext& context) = 0;
};

// Compiles an aggregate expression (Expr::Kind::Aggregate) once per query; make() then creates
// a fresh accumulator per group. Accumulators refer to the factory's compiled expression: the
// factory (or one it was moved to) must outlive them.
class AggregateFactory {
 public:
  AggregateFactory();
  ~AggregateFactory();
  AggregateFactory(AggregateFactory&&) noexcept;
  AggregateFactory& operator=(AggregateFactory&&) noexcept;

  // Throws Exception(Unsupported) for a custom (IRI-named) aggregate.
  static AggregateFactory compile(const sparql::Expr& aggregate, VariableTable& variables,
                                  QueryTerms& terms);
  std::unique_ptr<Aggregator> make() const;

  struct Spec;

 private:
  std::shared_ptr<const Spec> spec_;
};

}  // namespace sparqlmcp::engine
