#pragma once
// The recursive-descent parser shared by parser_*.cpp. Methods are named after the grammar
// productions of https://www.w3.org/TR/sparql11-query/#grammar with their numbers.

#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "lexer.hpp"
#include "sparqlmcp/rdf/iri.hpp"
#include "sparqlmcp/sparql/parser.hpp"

namespace sparqlmcp::sparql::detail {

class Parser {
 public:
  Parser(const SourceText& source, std::vector<Token> tokens, const ParseOptions& options);

  // QueryUnit [1]: the prologue and the query; the caller translates it to the algebra.
  ast::SelectQuery parse_QueryUnit();
  Prologue take_prologue() { return std::move(prologue_); }

 private:
  friend struct DepthGuard;
  friend struct ChainGuard;
  // --- token helpers
  const Token& peek(std::size_t ahead = 0) const {
    std::size_t i = pos_ + ahead;
    return i < tokens_.size() ? tokens_[i] : tokens_.back();
  }
  const Token& next() { return tokens_[pos_ < tokens_.size() - 1 ? pos_++ : pos_]; }
  bool is_punct(std::string_view p, std::size_t ahead = 0) const {
    const Token& t = peek(ahead);
    return t.kind == TokenKind::Punct && t.text == p;
  }
  bool is_keyword(std::string_view kw, std::size_t ahead = 0) const;
  bool accept_punct(std::string_view p);
  bool accept_keyword(std::string_view kw);
  void expect_punct(std::string_view p, std::string_view what);
  void expect_keyword(std::string_view kw, std::string_view what);
  [[noreturn]] void fail_expected(std::string_view what) const;
  [[noreturn]] void fail_at(const Token& t, std::string message) const;
  [[noreturn]] void fail_at(std::size_t offset, std::string message) const;
  SourceSpan span_of_token(const Token& t) const { return source_.position(t.offset); }
  void enter();
  void leave() { --depth_; }

  // --- prologue and query forms (parser_query.cpp)
  void parse_Prologue();                             // [4]
  void parse_SelectClause(ast::SelectQuery& q);      // [9]
  void parse_ConstructQuery(ast::SelectQuery& q);    // [10]
  void parse_DescribeQuery(ast::SelectQuery& q);     // [11]
  void parse_DatasetClause(ast::SelectQuery& q);     // [13]
  void parse_WhereClause(ast::SelectQuery& q);       // [17]
  void parse_SolutionModifier(ast::SelectQuery& q);  // [18]
  ast::SelectQuery parse_SubSelect();                // [8]
  void parse_ValuesClause(ast::SelectQuery& q);      // [28]
  ast::ValuesBlock parse_DataBlock();                // [62]
  std::optional<rdf::Term> parse_DataBlockValue();   // [65]
  void refuse_update(const Token& t);

  // --- graph patterns and triples (parser_pattern.cpp)
  ast::GroupGraphPattern parse_GroupGraphPattern();            // [53]
  void parse_GroupGraphPatternSub(ast::GroupGraphPattern& g);  // [54]
  bool parse_TriplesBlock(std::vector<ast::TriplePath>& out);  // [55]
  bool starts_triples() const;
  void parse_GraphPatternNotTriples(ast::GroupGraphPattern& g);          // [56]
  void parse_TriplesSameSubjectPath(std::vector<ast::TriplePath>& out);  // [81]
  void parse_PropertyListPathNotEmpty(const VarOrTerm& subject,
                                      std::vector<ast::TriplePath>& out);  // [83]
  void parse_ObjectListPath(const VarOrTerm& s, const VarOrTerm& p, const std::optional<Path>& path,
                            std::vector<ast::TriplePath>& out);                        // [86]
  VarOrTerm parse_GraphNodePath(std::vector<ast::TriplePath>& out, bool path_mode);    // [105]
  VarOrTerm parse_TriplesNodePath(std::vector<ast::TriplePath>& out, bool path_mode);  // [101]
  void parse_ConstructTriples(std::vector<ast::TriplePath>& out);                      // [74]
  Path parse_Path();                                                                   // [88]
  Path parse_PathAlternative();                                                        // [89]
  Path parse_PathSequence();                                                           // [90]
  Path parse_PathEltOrInverse();                                                       // [92]
  Path parse_PathElt();                                                                // [91]
  Path parse_PathPrimary();                                                            // [94]
  Path parse_PathNegatedPropertySet();                                                 // [95]
  Path parse_PathOneInPropertySet();                                                   // [96]
  VarOrTerm parse_VarOrTerm();                                                         // [106]
  VarOrTerm parse_GraphTerm();                                                         // [109]
  std::string parse_iri();                                                             // [136]
  // A reference resolved against the base (RFC 3986 5.2); left as written while the base has
  // no scheme (a relative BASE with no base before it), so that printing BASE and the IRIs
  // back gives the same query.
  std::string resolve(std::string_view reference) const;
  rdf::Term parse_RDFLiteral();      // [129]
  rdf::Term parse_NumericLiteral();  // [130]
  VarOrTerm fresh_blank();

  // --- expressions (parser_expression.cpp)
  Expr parse_Expression();                          // [110]
  Expr parse_ConditionalOrExpression();             // [111]
  Expr parse_ConditionalAndExpression();            // [112]
  Expr parse_RelationalExpression();                // [114]
  Expr parse_AdditiveExpression();                  // [116]
  Expr parse_MultiplicativeExpression();            // [117]
  Expr parse_UnaryExpression();                     // [118]
  Expr parse_PrimaryExpression();                   // [119]
  Expr parse_BrackettedExpression();                // [120]
  Expr parse_BuiltInCall(const Token& name);        // [121]
  Expr parse_Aggregate(const Token& name);          // [127]
  Expr parse_iriOrFunction();                       // [128]
  Expr parse_Constraint();                          // [69]
  std::vector<Expr> parse_ArgList(bool& distinct);  // [71]
  std::vector<Expr> parse_ExpressionList();         // [72]
  Expr parse_ExistsFunc(bool negated);              // [125] [126]
  std::optional<Expr> try_signed_number();

  const SourceText& source_;
  std::vector<Token> tokens_;
  std::size_t pos_ = 0;
  const ParseOptions& options_;
  Prologue prologue_;
  std::unordered_map<std::string, std::string> prefix_map_;
  std::size_t blank_counter_ = 0;
  std::size_t depth_ = 0;
  bool path_mode_ = true;  // false inside CONSTRUCT templates (TriplesSameSubject [75])
};

// A chain a || b || c ... builds a left-deep tree as deep as the chain is long, and every later
// walk over it recurses that deep: each operator counts as one level of nesting.
struct ChainGuard {
  explicit ChainGuard(Parser& p) : parser(p) {}
  ~ChainGuard() {
    for (std::size_t i = 0; i < steps; ++i)
      parser.leave();
  }
  void step() {
    parser.enter();
    ++steps;
  }
  Parser& parser;
  std::size_t steps = 0;
};

struct DepthGuard {
  explicit DepthGuard(Parser& p) : parser(p) { parser.enter(); }
  ~DepthGuard() { parser.leave(); }
  Parser& parser;
};

}  // namespace sparqlmcp::sparql::detail
