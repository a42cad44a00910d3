#pragma once
// The parse tree of a SPARQL 1.1 query (the grammar of section 19 with syntactic sugar removed:
// blank node property lists, collections, object/predicate lists and 'a' are expanded into
// plain triples while parsing). Values all the way down: every node owns its children, so a
// tree is freely copyable. Expressions are shared with the algebra (see Expr::op).

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "sparqlmcp/rdf/term.hpp"
#include "sparqlmcp/util/error.hpp"

namespace sparqlmcp::sparql {

namespace algebra {
struct Operator;
}
namespace ast {
struct GroupGraphPattern;
}

enum class QueryForm { Select, Construct, Ask, Describe };
const char* to_string(QueryForm form);
// CONSTRUCT and DESCRIBE answer with a graph; SELECT and ASK with solutions.
inline bool is_graph_form(QueryForm form) {
  return form == QueryForm::Construct || form == QueryForm::Describe;
}

// A variable (name without '?'/'$') or an RDF term. Blank nodes in patterns are terms whose
// label starts with '.' when the parser generated them ([] , [ ... ], collections) — such
// labels cannot be written in a query, so they never collide with user labels.
struct VarOrTerm {
  bool is_var = false;
  std::string var;
  rdf::Term term;

  static VarOrTerm variable(std::string name) { return VarOrTerm{true, std::move(name), {}}; }
  static VarOrTerm constant(rdf::Term t) { return VarOrTerm{false, {}, std::move(t)}; }
  bool is_generated_blank() const {
    return !is_var && term.is_blank() && !term.value.empty() && term.value[0] == '.';
  }
  friend bool operator==(const VarOrTerm&, const VarOrTerm&) = default;
};

// Property path (section 9, productions [88]-[96]).
struct Path {
  enum class Kind {
    Link,
    Inverse,
    Sequence,
    Alternative,
    ZeroOrOne,
    ZeroOrMore,
    OneOrMore,
    Negated
  };
  Kind kind = Kind::Link;
  std::string iri;         // Link
  std::vector<Path> args;  // Inverse/ZeroOrOne/...: one; Sequence/Alternative: two or more;
                           // Negated: Link or Inverse(Link) elements
  friend bool operator==(const Path&, const Path&) = default;
};

// An expression (productions [110]-[128]). Operators and built-in calls are Call nodes named
// in lower case ("||", "&&", "=", "!=", "<", ">", "<=", ">=", "+", "-", "*", "/", "!",
// "uminus", "uplus", "in", "notin", "str", "regex", ...).
struct Expr {
  enum class Kind { Var, Constant, Call, Function, Aggregate, Exists, NotExists };
  Kind kind = Kind::Constant;
  std::string name;  // Var: variable name; Call/Aggregate: lower-case name; Function: IRI
  rdf::Term term;    // Constant
  std::vector<Expr> args;
  bool distinct = false;  // Aggregate DISTINCT, Function DISTINCT (custom aggregates)
  bool star = false;      // COUNT(*)
  std::optional<std::string> separator;                   // GROUP_CONCAT
  std::shared_ptr<const ast::GroupGraphPattern> pattern;  // Exists/NotExists (syntax)
  std::shared_ptr<const algebra::Operator> op;            // Exists/NotExists (algebra)

  // This node without its arguments, for rebuilding a tree without copying every subtree.
  Expr without_args() const {
    Expr e;
    e.kind = kind;
    e.name = name;
    e.term = term;
    e.distinct = distinct;
    e.star = star;
    e.separator = separator;
    e.pattern = pattern;
    e.op = op;
    return e;
  }

  static Expr variable(std::string v) {
    Expr e;
    e.kind = Kind::Var;
    e.name = std::move(v);
    return e;
  }
  static Expr constant(rdf::Term t) {
    Expr e;
    e.kind = Kind::Constant;
    e.term = std::move(t);
    return e;
  }
  static Expr call(std::string n, std::vector<Expr> a) {
    Expr e;
    e.kind = Kind::Call;
    e.name = std::move(n);
    e.args = std::move(a);
    return e;
  }
};

namespace ast {

// One triple of a TriplesBlock; the predicate is a path when `path` is set, otherwise
// `predicate` (a variable or IRI).
struct TriplePath {
  VarOrTerm subject;
  VarOrTerm predicate;
  std::optional<Path> path;
  VarOrTerm object;
};

struct ValuesBlock {
  std::vector<std::string> vars;
  std::vector<std::vector<std::optional<rdf::Term>>> rows;  // nullopt = UNDEF
};

struct SelectQuery;

// One element of a GroupGraphPattern (production [53]/[54]/[56]).
struct PatternElement {
  enum class Kind {
    Triples,
    Filter,
    Optional,
    Minus,
    Bind,
    Union,
    Graph,
    Service,
    Values,
    SubSelect,
    Group
  };
  Kind kind = Kind::Triples;
  std::vector<TriplePath> triples;         // Triples
  Expr expr;                               // Filter, Bind
  std::string var;                         // Bind
  std::vector<GroupGraphPattern> groups;   // Optional/Minus/Graph/Service/Group: one; Union: 2+
  VarOrTerm name;                          // Graph, Service
  bool silent = false;                     // Service
  ValuesBlock values;                      // Values
  std::shared_ptr<SelectQuery> subselect;  // SubSelect
  SourceSpan span;                         // where the element starts
};

struct GroupGraphPattern {
  std::vector<PatternElement> elements;
};

struct Projection {
  std::string var;
  std::optional<Expr> expr;  // (expr AS ?var)
};

struct GroupCondition {
  Expr expr;        // a variable, a call or (expr AS ?var)
  std::string var;  // set for (expr AS ?var)
};

struct OrderCondition {
  Expr expr;
  bool descending = false;
};

// The parts shared by SELECT and sub-SELECT, and by the other query forms (which use the
// modifiers and the WHERE clause).
struct SelectQuery {
  QueryForm form = QueryForm::Select;
  bool distinct = false;
  bool reduced = false;
  bool select_star = false;
  std::vector<Projection> projection;
  // CONSTRUCT
  std::vector<TriplePath> construct_template;
  bool construct_short = false;  // CONSTRUCT WHERE { ... }
  // DESCRIBE
  std::vector<VarOrTerm> describe_targets;
  bool describe_star = false;
  // dataset
  std::vector<std::string> from;
  std::vector<std::string> from_named;
  bool has_where = true;  // DESCRIBE may omit the WHERE clause
  GroupGraphPattern where;
  std::vector<GroupCondition> group_by;
  std::vector<Expr> having;
  std::vector<OrderCondition> order_by;
  std::optional<std::uint64_t> limit;
  std::optional<std::uint64_t> offset;
  std::optional<ValuesBlock> values;  // trailing VALUES
  SourceSpan span;
};

}  // namespace ast
}  // namespace sparqlmcp::sparql
