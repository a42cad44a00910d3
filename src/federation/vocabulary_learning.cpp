#include "vocabulary_learning.hpp"

#include <algorithm>
#include <charconv>

#include "sparqlmcp/sparql/parser.hpp"

namespace sparqlmcp::federation {
namespace {

using sparql::algebra::BgpOp;
using sparql::algebra::Operator;
using sparql::algebra::OpKind;

// The limits keep the answer small; one more than the limit tells that there are more.
const std::string kQueryText =
    "SELECT ?p ?c ?np ?nc WHERE {\n"
    "  { SELECT DISTINCT ?p WHERE { ?s ?p ?o } LIMIT " +
    std::to_string(kMaxVocabularyTerms + 1) +
    " }\n"
    "  UNION { SELECT DISTINCT ?c WHERE { ?s a ?c } LIMIT " +
    std::to_string(kMaxVocabularyTerms + 1) +
    " }\n"
    "  UNION { SELECT (COUNT(DISTINCT ?p) AS ?np) (COUNT(DISTINCT ?c) AS ?nc)\n"
    "          WHERE { { ?s ?p ?o } UNION { ?s a ?c } } }\n"
    "}";

std::optional<std::size_t> count_of(const std::optional<rdf::Term>& value) {
  if (!value || !value->is_literal()) return std::nullopt;
  std::size_t n = 0;
  const std::string& text = value->value;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return n;
}

// What the pattern cannot match without: the predicates and classes of the triples every one
// of its solutions extends. OPTIONAL and MINUS right sides, UNION branches, GRAPH (other
// graphs than the vocabulary's), paths and aggregates (one row over nothing) require nothing.
void requirements(const Operator& op, std::set<std::string>& predicates,
                  std::set<std::string>& classes) {
  switch (op.kind()) {
    case OpKind::Bgp:
      for (const auto& triple : op.as<BgpOp>().triples) {
        if (triple.predicate.is_var || !triple.predicate.term.is_iri()) continue;
        const std::string& predicate = triple.predicate.term.value;
        if (predicate == rdf::kRdfType && !triple.object.is_var && triple.object.term.is_iri()) {
          classes.insert(triple.object.term.value);
        } else {
          predicates.insert(predicate);
        }
      }
      return;
    case OpKind::Join:
      for (const Operator& child : op.children)
        requirements(child, predicates, classes);
      return;
    case OpKind::LeftJoin:
    case OpKind::Minus:
    case OpKind::Filter:
    case OpKind::Extend:
    case OpKind::Project:
    case OpKind::Distinct:
    case OpKind::Reduced:
    case OpKind::OrderBy:
    case OpKind::Slice:
    case OpKind::ToMultiSet:
      if (!op.children.empty()) requirements(op.children[0], predicates, classes);
      return;
    default:
      return;
  }
}

// One triple ?s <p> ?o (or ?s a <C>) with two different variables: the vocabulary decides it.
bool single_triple(const Operator& op) {
  const auto* bgp = op.get_if<BgpOp>();
  if (bgp == nullptr || bgp->triples.size() != 1) return false;
  const auto& t = bgp->triples[0];
  const auto variable = [](const sparql::VarOrTerm& n) {
    return n.is_var || n.is_generated_blank() || n.term.is_blank();
  };
  if (!variable(t.subject) || t.predicate.is_var) return false;
  if (t.predicate.term.value == rdf::kRdfType && !t.object.is_var && t.object.term.is_iri())
    return true;
  if (!variable(t.object)) return false;
  // ?x <p> ?x asks more than the predicate.
  if (t.subject.is_var && t.object.is_var) return t.subject.var != t.object.var;
  return !(t.subject.term == t.object.term);
}

}  // namespace

const PatternQuery& vocabulary_query() {
  static const sparql::Query parsed = sparql::parse_query(kQueryText);
  static const PatternQuery query = [] {
    PatternQuery q;
    q.prologue = &parsed.prologue();
    q.vars = {"p", "c", "np", "nc"};
    const Operator* op = &parsed.algebra();
    while (op->kind() == OpKind::Project)
      op = &op->children[0];
    q.op = *op;
    return q;
  }();
  return query;
}

std::optional<Vocabulary> read_vocabulary(const results::QueryResults& answer) {
  const auto column = [&](const char* name) -> std::optional<std::size_t> {
    auto it = std::find(answer.variables.begin(), answer.variables.end(), name);
    if (it == answer.variables.end()) return std::nullopt;
    return static_cast<std::size_t>(it - answer.variables.begin());
  };
  const auto p = column("p"), c = column("c"), np = column("np"), nc = column("nc");
  if (!p || !c || !np || !nc) return std::nullopt;
  Vocabulary vocabulary;
  std::optional<std::size_t> predicates, classes;
  std::size_t other_classes = 0;  // blank nodes or literals as ?c: counted, not listed
  for (const results::Row& row : answer.rows) {
    if (row.size() != answer.variables.size()) return std::nullopt;
    if (row[*p] && row[*p]->is_iri()) vocabulary.predicates.insert(row[*p]->value);
    if (row[*c]) {
      if (row[*c]->is_iri()) {
        vocabulary.classes.insert(row[*c]->value);
      } else {
        ++other_classes;
      }
    }
    if (row[*np] || row[*nc]) {
      predicates = count_of(row[*np]);
      classes = count_of(row[*nc]);
    }
  }
  // Only a whole answer is trusted: every term its own counts name, within the limit.
  if (!predicates || !classes || *predicates > kMaxVocabularyTerms ||
      *classes > kMaxVocabularyTerms || vocabulary.predicates.size() != *predicates ||
      vocabulary.classes.size() + other_classes != *classes) {
    return std::nullopt;
  }
  return vocabulary;
}

Judgement judge(const Vocabulary& vocabulary, const Operator& pattern) {
  std::set<std::string> predicates, classes;
  requirements(pattern, predicates, classes);
  for (const std::string& predicate : predicates)
    if (vocabulary.predicates.count(predicate) == 0) return {Verdict::Lacks, predicate};
  for (const std::string& cls : classes)
    if (vocabulary.classes.count(cls) == 0) return {Verdict::Lacks, cls};
  return {single_triple(pattern) ? Verdict::Has : Verdict::Unknown, {}};
}

}  // namespace sparqlmcp::federation
