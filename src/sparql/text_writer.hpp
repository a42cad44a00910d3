#pragma once
// Shared pieces of the SPARQL text printers: terms (prefixed where possible), paths and
// expressions. Private to the sparql module.

#include <set>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "sparqlmcp/sparql/query.hpp"

namespace sparqlmcp::sparql::detail {

// Whether a literal may be written without quotes (INTEGER, DECIMAL, DOUBLE, true/false) and
// reads back as the same term: its lexical form matches the grammar's token for its datatype.
bool has_bare_form(const rdf::Term& t);

// The prologue's declared prefixes, then the implicit ones it used without declaring.
std::vector<std::pair<std::string, std::string>> all_prefixes(const Prologue& prologue);

class TextWriter {
 public:
  explicit TextWriter(const std::vector<std::pair<std::string, std::string>>& prefixes);

  std::string& out() { return out_; }
  void iri(const std::string& iri);
  void term(const rdf::Term& t);
  void node(const VarOrTerm& n);
  void variable(const std::string& name);
  void predicate(const VarOrTerm& n);  // prints rdf:type as 'a'
  void path(const Path& p);
  void expr(const Expr& e, bool top = true);
  void group(const ast::GroupGraphPattern& g, int indent);
  void select(const ast::SelectQuery& q, int indent);
  void triples(const std::vector<ast::TriplePath>& t, int indent);
  void values(const ast::ValuesBlock& v);
  void newline(int indent);
  // Records the blank node labels written in the query so generated ones avoid them.
  void reserve_blank_labels(const ast::SelectQuery& q);
  void reserve_blank_label(const VarOrTerm& n) {
    if (!n.is_var && n.term.is_blank() && !n.is_generated_blank()) reserved_.insert(n.term.value);
  }

 private:
  void path_elt(const Path& p);
  std::string blank_label(const std::string& label);

  std::string out_;
  std::vector<std::pair<std::string, std::string>> prefixes_;  // namespace, prefix
  std::unordered_map<std::string, std::string> generated_;
  std::set<std::string> reserved_;
  std::size_t next_generated_ = 0;
  int expr_indent_ = 0;  // indentation of EXISTS groups inside the expression being written
};

}  // namespace sparqlmcp::sparql::detail
