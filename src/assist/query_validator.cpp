#include <algorithm>
#include <map>
#include <set>

#include "prefix_completion.hpp"
#include "sparqlmcp/assist/seen_terms.hpp"
#include "sparqlmcp/assist/validation.hpp"
#include "sparqlmcp/assist/well_known_prefixes.hpp"
#include "sparqlmcp/assist/words.hpp"
#include "sparqlmcp/sparql/parser.hpp"
#include "sparqlmcp/sparql/term_scan.hpp"
#include "sparqlmcp/void/description_memo.hpp"
#include "term_alternatives.hpp"
#include "vocabulary.hpp"

namespace sparqlmcp::assist {
namespace {

constexpr std::string_view kRdfType = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type";
constexpr std::size_t kAlternatives = 5;
// Up to this many classes or properties, all are ranked as alternatives; beyond, the similar.
constexpr std::size_t kScanAll = 300;
// An inferred class set larger than this offers the properties of its largest classes.
constexpr std::size_t kInferredClasses = 5;

// Predicates that engines answer themselves (full-text search, engine hints), never data.
bool engine_predicate(std::string_view iri) {
  for (std::string_view ns :
       {"http://www.openlinksw.com/schemas/bif#", "http://qlever.cs.uni-freiburg.de/builtin",
        "http://jena.apache.org/text#", "http://www.bigdata.com/rdf/search#",
        "http://www.bigdata.com/queryHints#", "http://www.openlinksw.com/schemas/virtrdf#"})
    if (iri.substr(0, ns.size()) == ns) return true;
  return false;
}

using sparql::Expr;
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

// One endpoint's description and what validation reads of it.
struct Described {
  const catalogue::Endpoint* endpoint = nullptr;
  std::shared_ptr<const void_::Description> description;  // keeps the memo entry alive
  std::shared_ptr<const Vocabulary> vocabulary;
};

// The triple patterns that go to one place: a SERVICE block, or the patterns outside SERVICE.
struct Block {
  std::size_t service = 0;  // 1-based in text order; 0: outside SERVICE
  std::string name;         // the SERVICE IRI; empty outside SERVICE or for a variable
  bool variable = false;    // SERVICE ?var
  std::vector<const sparql::ast::TriplePath*> triples;
  // The innermost UNION the block is a branch of, and which branch: blocks of other branches
  // are alternatives (a pattern sent to every endpoint that may hold it).
  const void* union_of = nullptr;
  std::size_t branch = 0;
};

class BlockCollector {
 public:
  std::vector<Block> blocks{Block{}};
  std::vector<const sparql::ast::ValuesBlock*> values;
  std::size_t patterns = 0;

  void group(const sparql::ast::GroupGraphPattern& g, std::size_t block) {
    for (const sparql::ast::PatternElement& e : g.elements)
      element(e, block);
  }

 private:
  void element(const sparql::ast::PatternElement& e, std::size_t block) {
    using Kind = sparql::ast::PatternElement::Kind;
    switch (e.kind) {
      case Kind::Triples:
        for (const auto& t : e.triples)
          blocks[block].triples.push_back(&t);
        patterns += e.triples.size();
        break;
      case Kind::Service: {
        Block b;
        b.service = ++services_;
        b.union_of = union_;
        b.branch = branch_;
        if (e.name.is_var)
          b.variable = true;
        else
          b.name = e.name.term.value;
        blocks.push_back(std::move(b));
        const std::size_t inner = blocks.size() - 1;
        for (const auto& g : e.groups)
          group(g, inner);
        break;
      }
      case Kind::Filter:
      case Kind::Bind:
        expression(e.expr, block);
        break;
      case Kind::Values:
        values.push_back(&e.values);
        break;
      case Kind::SubSelect:
        if (e.subselect) {
          group(e.subselect->where, block);
          if (e.subselect->values) values.push_back(&*e.subselect->values);
        }
        break;
      case Kind::Union: {
        const void* outer = union_;
        const std::size_t outer_branch = branch_;
        union_ = &e;
        for (std::size_t i = 0; i < e.groups.size(); ++i) {
          branch_ = i;
          group(e.groups[i], block);
        }
        union_ = outer;
        branch_ = outer_branch;
        break;
      }
      default:
        for (const auto& g : e.groups)
          group(g, block);
    }
  }
  void expression(const Expr& x, std::size_t block) {
    if (x.pattern) group(*x.pattern, block);
    for (const Expr& a : x.args)
      expression(a, block);
  }
  std::size_t services_ = 0;
  const void* union_ = nullptr;
  std::size_t branch_ = 0;
};

void collect_links(const sparql::Path& path, std::vector<std::string>& out) {
  if (path.kind == sparql::Path::Kind::Link) {
    out.push_back(path.iri);
    return;
  }
  for (const sparql::Path& p : path.args)
    collect_links(p, out);
}

// The predicate of a triple when it is one IRI (not a variable, not a longer path).
std::optional<std::string> direct_predicate(const sparql::ast::TriplePath& t) {
  if (t.path) {
    if (t.path->kind == sparql::Path::Kind::Link) return t.path->iri;
    return std::nullopt;
  }
  if (!t.predicate.is_var && t.predicate.term.is_iri()) return t.predicate.term.value;
  return std::nullopt;
}

std::string key_of(const VarOrTerm& v) {
  return v.is_var ? "?" + v.var : "<" + v.term.value + ">";
}

class Check {
 public:
  Check(const sparql::TermScan& scan, const std::vector<AddedPrefix>& added, Validation& out)
      : out_(out) {
    for (const sparql::PrefixDeclaration& d : scan.declarations)
      prefixes_.emplace(d.prefix, d.iri);
    for (const AddedPrefix& a : added)
      prefixes_.emplace(a.prefix, a.iri);
    for (const sparql::WrittenTerm& t : scan.terms) {
      std::string iri = t.iri;
      if (t.prefixed) {
        auto ns = prefixes_.find(t.prefix);
        if (ns == prefixes_.end()) continue;
        iri = ns->second + t.local;
      }
      positions_.try_emplace(iri, t.at);
      written_.try_emplace(iri, t.prefixed ? t.prefix + ":" + t.local : "<" + iri + ">");
    }
  }

  // How the query writes a term (prefix:local), or <iri>.
  std::string shown(const std::string& iri) const {
    auto it = written_.find(iri);
    if (it != written_.end()) return it->second;
    for (const auto& [prefix, ns] : prefixes_)
      if (iri.size() > ns.size() && iri.compare(0, ns.size(), ns) == 0 &&
          iri.find_first_of("/#:", ns.size()) == std::string::npos)
        return prefix + ":" + iri.substr(ns.size());
    return "<" + iri + ">";
  }
  std::string shown_list(const std::vector<std::string>& iris, std::size_t n = 3) const {
    std::string out;
    for (std::size_t i = 0; i < iris.size() && i < n; ++i)
      out += (i ? ", " : "") + shown(iris[i]);
    return out;
  }

  void block(const Block& b, const std::vector<Described>& here) {
    service_ = b.service ? std::optional<std::size_t>(b.service) : std::nullopt;
    std::vector<const Vocabulary*> vocabularies;
    for (const Described& d : here)
      if (d.vocabulary) vocabularies.push_back(d.vocabulary.get());
    if (vocabularies.empty()) return;
    const std::string where = here.size() == 1 ? here[0].endpoint->endpoint_iri : "";
    const std::string at = where.empty() ? "the endpoints named" : where;

    struct Subject {
      std::string name;
      std::vector<std::string> types;
      std::vector<std::pair<std::string, const sparql::ast::TriplePath*>> predicates;
    };
    std::map<std::string, Subject> subjects;
    std::vector<std::string> order;
    auto subject_of = [&](const VarOrTerm& s) -> Subject& {
      const std::string key = key_of(s);
      auto [it, added] = subjects.try_emplace(key);
      if (added) {
        it->second.name = s.is_var ? s.var : std::string(local_name(s.term.value));
        order.push_back(key);
      }
      return it->second;
    };

    for (const sparql::ast::TriplePath* t : b.triples) {
      const auto direct = direct_predicate(*t);
      if (direct && *direct == kRdfType) {
        if (t->object.is_var || !t->object.term.is_iri()) continue;
        const std::string& c = t->object.term.value;
        if (check_class(c, t->subject, vocabularies, where, at))
          subject_of(t->subject).types.push_back(c);
        continue;
      }
      std::vector<std::string> links;
      if (t->path)
        collect_links(*t->path, links);
      else if (direct)
        links.push_back(*direct);
      bool known = true;
      for (const std::string& p : links)
        if (p != kRdfType && !check_predicate(p, *t, vocabularies, where, at)) known = false;
      if (direct && known && !t->subject.is_generated_blank())
        subject_of(t->subject).predicates.emplace_back(*direct, t);
    }
    for (const std::string& key : order) {
      const Subject& s = subjects[key];
      if (!s.types.empty())
        check_typed(s.name, key, s.types, s.predicates, vocabularies, where, at);
      else if (key[0] == '?')
        check_inferred(key, s.predicates, vocabularies, where, at);
    }
  }

  // A subject typed in one block and given a predicate in another (a pattern sent to every
  // endpoint that may hold it): the predicate is checked against the class across the
  // endpoints of the query. A warning, since endpoints may each hold a part of an entity: no
  // endpoint says instances of the class use the predicate, and where it is used, other
  // classes use it.
  void across_blocks(const std::vector<std::pair<const Block*, std::vector<Described>>>& blocks) {
    std::vector<const Vocabulary*> all;
    for (const auto& [b, here] : blocks)
      for (const Described& d : here)
        if (d.vocabulary && std::find(all.begin(), all.end(), d.vocabulary.get()) == all.end())
          all.push_back(d.vocabulary.get());
    // Each variable's classes, written anywhere, known to some endpoint.
    std::map<std::string, std::vector<std::string>> types;
    std::map<std::string, std::set<std::size_t>> typed_in;
    for (const auto& [b, here] : blocks)
      for (const sparql::ast::TriplePath* t : b->triples) {
        const auto direct = direct_predicate(*t);
        if (!direct || *direct != kRdfType || !t->subject.is_var || t->object.is_var) continue;
        const std::string& c = t->object.term.value;
        if (std::none_of(all.begin(), all.end(),
                         [&](const Vocabulary* v) { return v->classes.count(c); }))
          continue;
        auto& list = types[t->subject.var];
        if (std::find(list.begin(), list.end(), c) == list.end()) list.push_back(c);
        typed_in[t->subject.var].insert(b->service);
      }
    std::set<std::string> reported;
    for (const auto& [b, here] : blocks) {
      for (const sparql::ast::TriplePath* t : b->triples) {
        const auto direct = direct_predicate(*t);
        if (!direct || *direct == kRdfType || !t->subject.is_var) continue;
        auto typed = types.find(t->subject.var);
        // Typed in this very block: check_typed has looked.
        if (typed == types.end() || typed_in[t->subject.var].count(b->service)) continue;
        const std::string& p = *direct;
        if (!reported.insert(t->subject.var + "\n" + p).second) continue;
        bool used_elsewhere = false, known_properties = false;
        for (const Vocabulary* v : all) {
          if (!v->properties.count(p)) continue;
          auto users = v->classes_using.find(p);
          if (users != v->classes_using.end() && !users->second.empty()) used_elsewhere = true;
        }
        std::vector<Candidate> candidates;
        std::set<std::string> offered;
        bool fits = false;
        for (const Vocabulary* v : all)
          for (const std::string& c : typed->second) {
            auto props = v->class_properties.find(c);
            if (props == v->class_properties.end()) continue;
            known_properties = true;
            if (props->second.count(p)) fits = true;
            for (const std::string& q : props->second)
              if (offered.insert(q).second) {
                auto n = v->properties.find(q);
                candidates.push_back({q, n == v->properties.end() ? std::nullopt : n->second});
              }
          }
        if (fits || !known_properties || !used_elsewhere) continue;
        service_ = b->service ? std::optional<std::size_t>(b->service) : std::nullopt;
        AlternativeHints hints;
        if (auto h = object_hint(*t); !h.empty()) hints.words.push_back(h);
        Finding& f = add("predicate_not_on_class", Severity::Warning, p,
                         here.size() == 1 ? here[0].endpoint->endpoint_iri : "");
        f.alternatives = rank_alternatives(p, candidates, hints, kAlternatives);
        f.message = "?" + t->subject.var + " (" + shown_list(typed->second, 2) +
                    ") has no predicate " + shown(p) +
                    " at any endpoint of the query, where other classes use it" +
                    (f.alternatives.empty() ? "" : "; it uses " + shown_list(f.alternatives));
      }
    }
  }

  std::set<std::string> terms_checked;  // classes and predicates looked at in a description
  // The classes and predicates each SERVICE block uses (by its number).
  std::map<std::size_t, std::set<std::string>> terms_of_block;

  std::optional<SourceSpan> position_of(const std::string& iri) const {
    auto p = positions_.find(iri);
    if (p == positions_.end()) return std::nullopt;
    return p->second;
  }

 private:
  Finding& add(std::string problem, Severity severity, const std::string& term,
               const std::string& endpoint) {
    Finding f;
    if (service_) f.service = service_;
    f.problem = std::move(problem);
    f.severity = severity;
    f.term = term;
    f.endpoint = endpoint;
    if (auto p = positions_.find(term); p != positions_.end()) f.at = p->second;
    out_.findings.push_back(std::move(f));
    return out_.findings.back();
  }

  // The terms of `pool` worth ranking against `wrong`: all of a small pool, else those spelled
  // alike or sharing a word (vocabulary.hpp), so that a check costs no scan of thousands.
  static void add_candidates(
      const std::unordered_map<std::string, std::optional<std::uint64_t>>& pool,
      const Vocabulary& v, const std::string& wrong, const AlternativeHints& hints,
      std::vector<Candidate>& out) {
    if (pool.size() <= kScanAll) {
      for (const auto& [iri, n] : pool)
        out.push_back({iri, n});
      return;
    }
    for (std::string& iri : similar_terms(v, wrong, hints.words, kScanAll))
      if (auto it = pool.find(iri); it != pool.end()) out.push_back({std::move(iri), it->second});
  }

  static std::string object_hint(const sparql::ast::TriplePath& t) {
    if (t.object.is_var) return t.object.var;
    return {};
  }

  bool check_class(const std::string& c, const VarOrTerm& subject,
                   const std::vector<const Vocabulary*>& vs, const std::string& where,
                   const std::string& at) {
    terms_checked.insert(c);
    if (service_) terms_of_block[*service_].insert(c);
    bool complete = true;
    std::vector<Candidate> candidates;
    AlternativeHints hints;
    if (subject.is_var) hints.words.push_back(subject.var);
    for (const Vocabulary* v : vs) {
      if (v->classes.count(c)) return true;
      complete = complete && v->classes_complete;
      add_candidates(v->classes, *v, c, hints, candidates);
    }
    Finding& f = add("unknown_class", complete ? Severity::Error : Severity::Warning, c, where);
    f.alternatives = rank_alternatives(c, candidates, hints, kAlternatives);
    f.message = shown(c) + " is not a class at " + at +
                (complete ? "" : " (as far as its description tells)") +
                (f.alternatives.empty() ? "" : "; nearest: " + shown_list(f.alternatives));
    return false;
  }

  bool check_predicate(const std::string& p, const sparql::ast::TriplePath& t,
                       const std::vector<const Vocabulary*>& vs, const std::string& where,
                       const std::string& at) {
    if (engine_predicate(p)) return true;
    terms_checked.insert(p);
    if (service_) terms_of_block[*service_].insert(p);
    bool complete = true;
    std::vector<Candidate> candidates;
    AlternativeHints hints;
    if (auto h = object_hint(t); !h.empty()) hints.words.push_back(h);
    for (const Vocabulary* v : vs) {
      if (v->properties.count(p)) return true;
      complete = complete && v->properties_complete;
    }
    if (!reported_.insert(p + "\n" + where).second) return false;
    for (const Vocabulary* v : vs)
      add_candidates(v->properties, *v, p, hints, candidates);
    candidates.erase(std::remove_if(candidates.begin(), candidates.end(),
                                    [](const Candidate& c) { return c.iri == kRdfType; }),
                     candidates.end());
    Finding& f = add("unknown_predicate", complete ? Severity::Error : Severity::Warning, p, where);
    f.alternatives = rank_alternatives(p, candidates, hints, kAlternatives);
    f.message = shown(p) + " is not a predicate at " + at +
                (complete ? "" : " (as far as its description tells)") +
                (f.alternatives.empty() ? "" : "; nearest: " + shown_list(f.alternatives));
    return false;
  }

  void check_typed(const std::string& name, const std::string& key,
                   const std::vector<std::string>& types,
                   const std::vector<std::pair<std::string, const sparql::ast::TriplePath*>>& uses,
                   const std::vector<const Vocabulary*>& vs, const std::string& where,
                   const std::string& at) {
    std::set<std::string> used;
    for (const auto& [p, t] : uses)
      used.insert(p);
    for (const auto& [p, t] : uses) {
      bool checkable = false, complete = true;
      std::vector<Candidate> candidates;
      std::set<std::string> offered;
      bool fits = false;
      for (const Vocabulary* v : vs)
        for (const std::string& c : types) {
          auto props = v->class_properties.find(c);
          if (!v->classes.count(c)) continue;
          if (props == v->class_properties.end()) {
            fits = true;  // its properties are not known: nothing to say
            continue;
          }
          checkable = true;
          complete = complete && v->class_properties_complete(c);
          if (props->second.count(p)) fits = true;
          for (const std::string& q : props->second)
            if (offered.insert(q).second) {
              auto n = v->properties.find(q);
              candidates.push_back({q, n == v->properties.end() ? std::nullopt : n->second});
            }
        }
      if (fits || !checkable) continue;
      AlternativeHints hints;
      if (auto h = object_hint(*t); !h.empty()) hints.words.push_back(h);
      hints.used = used;
      Finding& f =
          add("predicate_not_on_class", complete ? Severity::Error : Severity::Warning, p, where);
      f.alternatives = rank_alternatives(p, candidates, hints, kAlternatives);
      f.message = key + " (" + shown_list(types, 2) + ") at " + at + " has no predicate " +
                  shown(p) +
                  (f.alternatives.empty() ? "" : "; it uses " + shown_list(f.alternatives));
      (void)name;
    }
  }

  // A subject without rdf:type: the classes whose instances use all its predicates; when none
  // does, the predicate whose removal leaves some is the odd one.
  void check_inferred(
      const std::string& key,
      const std::vector<std::pair<std::string, const sparql::ast::TriplePath*>>& uses,
      const std::vector<const Vocabulary*>& vs, const std::string& where, const std::string& at) {
    std::vector<std::string> predicates;
    for (const auto& [p, t] : uses)
      if (std::find(predicates.begin(), predicates.end(), p) == predicates.end())
        predicates.push_back(p);
    if (predicates.size() < 2) return;
    for (const Vocabulary* v : vs) {
      if (!v->classes_complete) continue;
      auto classes_with = [&](std::optional<std::size_t> skip) {
        std::optional<std::set<std::string>> out;
        for (std::size_t i = 0; i < predicates.size(); ++i) {
          if (skip && *skip == i) continue;
          auto it = v->classes_using.find(predicates[i]);
          std::set<std::string> these;
          if (it != v->classes_using.end()) these.insert(it->second.begin(), it->second.end());
          if (!out) {
            out = std::move(these);
          } else {
            std::set<std::string> both;
            std::set_intersection(out->begin(), out->end(), these.begin(), these.end(),
                                  std::inserter(both, both.end()));
            out = std::move(both);
          }
        }
        return out.value_or(std::set<std::string>{});
      };
      // A predicate no class uses is on untyped subjects: nothing to infer from.
      if (std::any_of(predicates.begin(), predicates.end(),
                      [&](const std::string& p) { return !v->classes_using.count(p); }))
        continue;
      if (!classes_with(std::nullopt).empty()) return;  // some class uses them all
      std::optional<std::size_t> odd;
      std::set<std::string> odd_classes;
      for (std::size_t i = 0; i < predicates.size(); ++i) {
        std::set<std::string> rest = classes_with(i);
        if (rest.empty()) continue;
        if (!odd || rest.size() > odd_classes.size()) {
          odd = i;
          odd_classes = std::move(rest);
        }
      }
      if (!odd) continue;
      const std::string& p = predicates[*odd];
      std::vector<std::string> largest(odd_classes.begin(), odd_classes.end());
      std::stable_sort(largest.begin(), largest.end(),
                       [&](const std::string& x, const std::string& y) {
                         return v->classes.at(x).value_or(0) > v->classes.at(y).value_or(0);
                       });
      if (largest.size() > kInferredClasses) largest.resize(kInferredClasses);
      std::vector<Candidate> candidates;
      std::set<std::string> offered;
      for (const std::string& c : largest)
        if (auto props = v->class_properties.find(c); props != v->class_properties.end())
          for (const std::string& q : props->second)
            if (offered.insert(q).second) {
              auto n = v->properties.find(q);
              candidates.push_back({q, n == v->properties.end() ? std::nullopt : n->second});
            }
      AlternativeHints hints;
      for (const auto& [q, t] : uses)
        if (q == p)
          if (auto h = object_hint(*t); !h.empty()) hints.words.push_back(h);
      hints.used.insert(predicates.begin(), predicates.end());
      const std::vector<std::string>& classes = largest;
      Finding& f = add("predicate_not_on_class", Severity::Warning, p, where);
      f.alternatives = rank_alternatives(p, candidates, hints, kAlternatives);
      std::string others;
      for (const std::string& q : predicates)
        if (q != p) others += (others.empty() ? "" : ", ") + shown(q);
      f.message = key + " (" + shown_list(classes, 2) + (odd_classes.size() > 2 ? ", ..." : "") +
                  ", inferred from " + others + ") at " + at + " has no predicate " + shown(p) +
                  (f.alternatives.empty() ? "" : "; it uses " + shown_list(f.alternatives));
      return;
    }
  }

  Validation& out_;
  std::optional<std::size_t> service_;  // of the block being checked
  std::map<std::string, std::string> prefixes_;
  std::map<std::string, SourceSpan> positions_;
  std::map<std::string, std::string> written_;
  std::set<std::string> reported_;
};

// IRIs of entities (subjects, objects, VALUES) that nothing has shown: not a term of the
// descriptions, not an endpoint, not of a well-known namespace, never in an answer, a search
// result, an entity description or an example. Classes and predicates are the descriptions'.
void unknown_iris(const ValidatorSources& sources, const sparql::Query& query,
                  const std::map<const catalogue::Endpoint*, Described>& described,
                  const Check& check, Validation& out) {
  BlockCollector blocks;
  blocks.group(query.syntax().where, 0);
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
void excuse_alternatives(const std::vector<Block>& blocks, const Check& check, Validation& out) {
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

  Check check(scan, out.prefixes_added, out);
  if (out.parsed) {
    BlockCollector blocks;
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
  if (out.parsed && sources_.seen) unknown_iris(sources_, *out.parsed, described, check, out);
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
