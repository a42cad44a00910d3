#include <algorithm>
#include <map>
#include <set>

#include "prefix_completion.hpp"
#include "query_blocks.hpp"
#include "sparqlmcp/assist/seen_terms.hpp"
#include "sparqlmcp/assist/validation.hpp"
#include "sparqlmcp/assist/well_known_prefixes.hpp"
#include "sparqlmcp/sparql/parser.hpp"
#include "sparqlmcp/sparql/term_scan.hpp"
#include "sparqlmcp/void/description_memo.hpp"
#include "term_checks.hpp"
#include "vocabulary.hpp"

namespace sparqlmcp::assist {
namespace {

using sparql::VarOrTerm;

using VocabularyMemo = void_::DescriptionMemo<std::string, std::shared_ptr<const Vocabulary>>;

std::size_t vocabulary_size(const std::shared_ptr<const Vocabulary>& v) {
  return v->classes.size() + v->properties.size() + 1;
}

VocabularyMemo& vocabulary_memo() {
  // Shared by every validator of the process: the vocabularies of the descriptions in use.
  static VocabularyMemo memo(256, 20'000'000, vocabulary_size);
  return memo;
}

// IRIs of entities (subjects, objects, VALUES) that nothing has shown: not a term of the
// descriptions, not an endpoint, not of a well-known namespace, never in an answer, a search
// result, an entity description or an example. Classes and predicates are the descriptions'.
void unknown_iris(const ValidatorSources& sources, const BlockCollector& blocks,
                  const std::map<const catalogue::Endpoint*, Described>& described,
                  const TermChecks& check, Validation& out) {
  std::vector<std::string> iris;
  for (const Block& b : blocks.blocks)
    for (const sparql::ast::TriplePath* t : b.triples) {
      const auto direct = direct_predicate(*t);
      for (const VarOrTerm* v : {&t->subject, &t->object}) {
        if (v == &t->object && direct && *direct == kRdfType) continue;
        if (!v->is_var && v->term.is_iri()) iris.push_back(v->term.value);
      }
    }
  for (const sparql::ast::ValuesBlock* values : blocks.values)
    for (const auto& row : values->rows)
      for (const auto& cell : row)
        if (cell && cell->is_iri()) iris.push_back(cell->value);
  std::set<std::string> reported;
  for (const std::string& iri : iris) {
    if (reported.count(iri) || WellKnownPrefixes::shipped().covers(iri) ||
        sources.seen->seen(iri) || (sources.catalogue && sources.catalogue->find_by_iri(iri)))
      continue;
    if (std::any_of(described.begin(), described.end(), [&](const auto& d) {
          return d.second.vocabulary && d.second.vocabulary->has_term(iri);
        }))
      continue;
    reported.insert(iri);
    Finding f;
    f.problem = "unknown_iri";
    f.severity = Severity::Warning;
    f.term = iri;
    f.at = check.position_of(iri);
    f.message = "never seen: " + check.shown(iri) +
                " was in no answer, search result or description yet; check that it exists "
                "(describe_entity, or search_terms with its name)";
    out.findings.push_back(std::move(f));
  }
}

// A term a block lacks that another branch of the same UNION has is how a pattern is sent to
// every endpoint that may hold it: that branch adds nothing, which is no mistake.
void excuse_alternatives(const std::vector<Block>& blocks, const TermChecks& check,
                         Validation& out) {
  std::map<std::size_t, const Block*> by_number;
  for (const Block& b : blocks)
    if (b.service) by_number[b.service] = &b;
  for (Finding& f : out.findings) {
    if (!f.service || f.severity == Severity::Info || f.term.empty()) continue;
    if (f.problem != "unknown_class" && f.problem != "unknown_predicate" &&
        f.problem != "predicate_not_on_class")
      continue;
    const Block* here = by_number[*f.service];
    if (!here || !here->union_of) continue;
    for (const Block& other : blocks) {
      if (other.union_of != here->union_of || other.branch == here->branch) continue;
      auto used = check.terms_of_block.find(other.service);
      if (used == check.terms_of_block.end() || !used->second.count(f.term)) continue;
      const bool faulted =
          std::any_of(out.findings.begin(), out.findings.end(), [&](const Finding& g) {
            return g.service == other.service && g.term == f.term && g.problem == f.problem;
          });
      if (faulted) continue;
      f.severity = Severity::Info;
      f.message += " (SERVICE #" + std::to_string(other.service) +
                   ", another branch of its UNION, has it: this branch adds nothing)";
      break;
    }
  }
}

int rank_of(const Finding& f) {
  if (f.problem == "syntax") return 0;
  return 1 + static_cast<int>(f.severity);
}

}  // namespace

std::string_view severity_name(Severity severity) {
  switch (severity) {
    case Severity::Error:
      return "error";
    case Severity::Warning:
      return "warning";
    case Severity::Info:
      return "info";
  }
  return "info";
}

bool Validation::has_errors() const {
  return std::any_of(findings.begin(), findings.end(),
                     [](const Finding& f) { return f.severity == Severity::Error; });
}

bool Validation::valid() const {
  return parsed.has_value() && !has_errors();
}

QueryValidator::QueryValidator(ValidatorSources sources) : sources_(std::move(sources)) {}

Validation QueryValidator::validate(std::string_view text,
                                    const std::vector<const catalogue::Endpoint*>& named) const {
  Validation out;
  const sparql::TermScan scan = sparql::scan_terms(text);
  const catalogue::Catalogue* catalogue = sources_.catalogue;

  // Descriptions of the endpoints the query names (its SERVICE IRIs) and of `named`.
  std::map<const catalogue::Endpoint*, Described> described;
  auto describe = [&](const catalogue::Endpoint* e) -> const Described& {
    auto [it, added] = described.try_emplace(e);
    if (!added) return it->second;
    it->second.endpoint = e;
    if (sources_.description) it->second.description = sources_.description(*e);
    if (const auto& d = it->second.description) {
      auto& memo = vocabulary_memo();
      if (auto kept = memo.find(e->endpoint_iri, d)) {
        it->second.vocabulary = *kept;
      } else {
        it->second.vocabulary = make_vocabulary(*d);
        memo.keep(e->endpoint_iri, d, it->second.vocabulary);
      }
    }
    return it->second;
  };
  std::vector<const catalogue::Endpoint*> targets = named;
  if (catalogue)
    for (const sparql::WrittenTerm& t : scan.terms)
      if (!t.prefixed)
        if (const catalogue::Endpoint* e = catalogue->find(t.iri))
          if (std::find(targets.begin(), targets.end(), e) == targets.end()) targets.push_back(e);
  PrefixSources prefix_sources;
  if (catalogue) prefix_sources.catalogue = catalogue->prefixes();
  prefix_sources.well_known = &WellKnownPrefixes::shipped();
  for (const catalogue::Endpoint* e : targets)
    if (const Described& d = describe(e); d.vocabulary)
      prefix_sources.vocabularies.push_back(d.vocabulary.get());
  if (sources_.example_prefixes)
    for (const catalogue::Endpoint* e : targets)
      for (auto& declared : sources_.example_prefixes(*e))
        prefix_sources.endpoints.push_back(std::move(declared));

  PrefixResult prefixes = complete_prefixes(scan, prefix_sources);
  out.findings = std::move(prefixes.findings);
  out.prefixes_added = std::move(prefixes.added);
  for (Finding& f : check_declared_namespaces(scan, prefix_sources))
    out.findings.push_back(std::move(f));
  std::string completed = prefix_lines(out.prefixes_added) + std::string(text);
  if (!out.prefixes_added.empty()) out.completed_query = completed;

  try {
    out.parsed = sparql::parse_query(completed);
  } catch (const Exception& exception) {
    Error error = exception.error();
    if (error.span && error.span->line > out.prefixes_added.size())
      error.span->line -= out.prefixes_added.size();
    Finding f;
    f.problem = "syntax";
    f.severity = Severity::Error;
    f.message = error.message;
    f.at = error.span;
    out.findings.push_back(std::move(f));
    out.syntax_error = std::move(error);
  }

  TermChecks check(scan, out.prefixes_added, out, sources_.labels);
  BlockCollector blocks;
  if (out.parsed) {
    blocks.group(out.parsed->syntax().where, 0);
    if (blocks.patterns > sources_.max_patterns) {
      Finding f;
      f.problem = "too_large";
      f.severity = Severity::Info;
      f.message = "not checked: the query has " + std::to_string(blocks.patterns) +
                  " triple patterns, validation looks at " + std::to_string(sources_.max_patterns) +
                  " at most";
      out.findings.push_back(std::move(f));
    } else {
      std::set<std::string> unchecked;
      std::vector<std::pair<const Block*, std::vector<Described>>> checked_blocks;
      for (const Block& b : blocks.blocks) {
        if (b.triples.empty() || b.variable) continue;
        std::vector<Described> here;
        if (b.service == 0) {
          for (const catalogue::Endpoint* e : named)
            here.push_back(describe(e));
        } else if (const catalogue::Endpoint* e = catalogue ? catalogue->find(b.name) : nullptr) {
          here.push_back(describe(e));
        }
        for (const Described& d : here)
          if (!d.vocabulary && unchecked.insert(d.endpoint->endpoint_iri).second) {
            Finding f;
            f.problem = "not_checked";
            f.severity = Severity::Info;
            f.endpoint = d.endpoint->endpoint_iri;
            f.message = "not checked: no description of " + d.endpoint->endpoint_iri +
                        " is cached (get_void_descriptions makes one)";
            out.findings.push_back(std::move(f));
          }
        check.block(b, here);
        checked_blocks.emplace_back(&b, std::move(here));
      }
      excuse_alternatives(blocks.blocks, check, out);
      check.across_blocks(checked_blocks);
    }
  }
  if (out.parsed && sources_.seen) unknown_iris(sources_, blocks, described, check, out);
  std::stable_sort(out.findings.begin(), out.findings.end(),
                   [](const Finding& a, const Finding& b) {
                     if (rank_of(a) != rank_of(b)) return rank_of(a) < rank_of(b);
                     const SourceSpan x = a.at.value_or(SourceSpan{~std::size_t{0}, 0});
                     const SourceSpan y = b.at.value_or(SourceSpan{~std::size_t{0}, 0});
                     return std::tie(x.line, x.column) < std::tie(y.line, y.column);
                   });
  return out;
}

}  // namespace sparqlmcp::assist
