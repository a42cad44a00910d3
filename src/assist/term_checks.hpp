#pragma once
// The checks of one block's classes and predicates against its endpoints' vocabularies
// (docs/validation.md, "What is checked"), and of predicates against classes across blocks;
// each problem becomes a finding of the validation, with its position in the text as written
// and its alternatives ranked.

#include <cstddef>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "query_blocks.hpp"
#include "sparqlmcp/assist/validation.hpp"
#include "sparqlmcp/sparql/term_scan.hpp"
#include "term_alternatives.hpp"
#include "vocabulary.hpp"

namespace sparqlmcp::assist {

// One endpoint's description and what validation reads of it.
struct Described {
  const catalogue::Endpoint* endpoint = nullptr;
  std::shared_ptr<const void_::Description> description;  // keeps the memo entry alive
  std::shared_ptr<const Vocabulary> vocabulary;
};

// Writes the findings of the blocks it is given into `out`; knows how the query writes each
// term (for messages and positions) from its scan and the declarations added to it.
class TermChecks {
 public:
  // `labels` (may be empty) gives the labels of candidate alternatives.
  TermChecks(const sparql::TermScan& scan, const std::vector<AddedPrefix>& added, Validation& out,
             LabelsOf labels = {});

  // How the query writes a term (prefix:local), or <iri>.
  std::string shown(const std::string& iri) const;
  std::string shown_list(const std::vector<std::string>& iris, std::size_t n = 3) const;

  void block(const Block& b, const std::vector<Described>& here);

  // A subject typed in one block and given a predicate in another (a pattern sent to every
  // endpoint that may hold it): the predicate is checked against the class across the
  // endpoints of the query. A warning, since endpoints may each hold a part of an entity: no
  // endpoint says instances of the class use the predicate, and where it is used, other
  // classes use it.
  void across_blocks(const std::vector<std::pair<const Block*, std::vector<Described>>>& blocks);

  // The classes and predicates each SERVICE block uses (by its number).
  std::map<std::size_t, std::set<std::string>> terms_of_block;

  std::optional<SourceSpan> position_of(const std::string& iri) const;

 private:
  Finding& add(std::string problem, Severity severity, const std::string& term,
               const std::string& endpoint);

  // The terms of `pool` worth ranking against `wrong`: all of a small pool, else those spelled
  // alike or sharing a word (vocabulary.hpp), so that a check costs no scan of thousands.
  static void add_candidates(
      const std::unordered_map<std::string, std::optional<std::uint64_t>>& pool,
      const Vocabulary& v, const std::string& wrong, const AlternativeHints& hints,
      std::vector<Candidate>& out);

  static std::string object_hint(const sparql::ast::TriplePath& t);

  bool check_class(const std::string& c, const sparql::VarOrTerm& subject,
                   const std::vector<const Vocabulary*>& vs, const std::string& where,
                   const std::string& at);

  bool check_predicate(const std::string& p, const sparql::ast::TriplePath& t,
                       const std::vector<const Vocabulary*>& vs, const std::string& where,
                       const std::string& at);

  void check_typed(const std::string& key, const std::vector<std::string>& types,
                   const std::vector<std::pair<std::string, const sparql::ast::TriplePath*>>& uses,
                   const std::vector<const Vocabulary*>& vs, const std::string& where,
                   const std::string& at);

  // A subject without rdf:type: the classes whose instances use all its predicates; when none
  // does, the predicate whose removal leaves some is the odd one.
  void check_inferred(
      const std::string& key,
      const std::vector<std::pair<std::string, const sparql::ast::TriplePath*>>& uses,
      const std::vector<const Vocabulary*>& vs, const std::string& where, const std::string& at);

  // Ranks `candidates` for `wrong` with their labels, when there are labels to read.
  std::vector<std::string> ranked(const std::string& wrong,
                                  const std::vector<Candidate>& candidates,
                                  AlternativeHints& hints) const;

  Validation& out_;
  LabelsOf labels_;
  std::optional<std::size_t> service_;  // of the block being checked
  std::map<std::string, std::string> prefixes_;
  std::map<std::string, SourceSpan> positions_;
  std::map<std::string, std::string> written_;
  std::set<std::string> reported_;
};

}  // namespace sparqlmcp::assist
