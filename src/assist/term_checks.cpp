#include "term_checks.hpp"

#include <algorithm>
#include <iterator>

#include "sparqlmcp/assist/words.hpp"

namespace sparqlmcp::assist {
namespace {

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

}  // namespace

TermChecks::TermChecks(const sparql::TermScan& scan, const std::vector<AddedPrefix>& added,
                       Validation& out, LabelsOf labels)
    : out_(out), labels_(std::move(labels)) {
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

std::string TermChecks::shown(const std::string& iri) const {
  auto it = written_.find(iri);
  if (it != written_.end()) return it->second;
  for (const auto& [prefix, ns] : prefixes_)
    if (iri.size() > ns.size() && iri.compare(0, ns.size(), ns) == 0 &&
        iri.find_first_of("/#:", ns.size()) == std::string::npos)
      return prefix + ":" + iri.substr(ns.size());
  return "<" + iri + ">";
}

std::string TermChecks::shown_list(const std::vector<std::string>& iris, std::size_t n) const {
  std::string out;
  for (std::size_t i = 0; i < iris.size() && i < n; ++i)
    out += (i ? ", " : "") + shown(iris[i]);
  return out;
}

void TermChecks::block(const Block& b, const std::vector<Described>& here) {
  service_ = b.service ? std::optional<std::size_t>(b.service) : std::nullopt;
  std::vector<const Vocabulary*> vocabularies;
  for (const Described& d : here)
    if (d.vocabulary) vocabularies.push_back(d.vocabulary.get());
  if (vocabularies.empty()) return;
  const std::string where = here.size() == 1 ? here[0].endpoint->endpoint_iri : "";
  const std::string at = where.empty() ? "the endpoints named" : where;

  struct Subject {
    std::vector<std::string> types;
    std::vector<std::pair<std::string, const sparql::ast::TriplePath*>> predicates;
  };
  std::map<std::string, Subject> subjects;
  std::vector<std::string> order;
  auto subject_of = [&](const sparql::VarOrTerm& s) -> Subject& {
    const std::string key = key_of(s);
    auto [it, added] = subjects.try_emplace(key);
    if (added) order.push_back(key);
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
      check_typed(key, s.types, s.predicates, vocabularies, where, at);
    else if (key[0] == '?')
      check_inferred(key, s.predicates, vocabularies, where, at);
  }
}

void TermChecks::across_blocks(
    const std::vector<std::pair<const Block*, std::vector<Described>>>& blocks) {
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
      f.alternatives = ranked(p, candidates, hints);
      f.message = "?" + t->subject.var + " (" + shown_list(typed->second, 2) +
                  ") has no predicate " + shown(p) +
                  " at any endpoint of the query, where other classes use it" +
                  (f.alternatives.empty() ? "" : "; it uses " + shown_list(f.alternatives));
    }
  }
}

std::optional<SourceSpan> TermChecks::position_of(const std::string& iri) const {
  auto p = positions_.find(iri);
  if (p == positions_.end()) return std::nullopt;
  return p->second;
}

Finding& TermChecks::add(std::string problem, Severity severity, const std::string& term,
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

void TermChecks::add_candidates(
    const std::unordered_map<std::string, std::optional<std::uint64_t>>& pool, const Vocabulary& v,
    const std::string& wrong, const AlternativeHints& hints, std::vector<Candidate>& out) {
  if (pool.size() <= kScanAll) {
    for (const auto& [iri, n] : pool)
      out.push_back({iri, n});
    return;
  }
  for (std::string& iri : similar_terms(v, wrong, hints.words, kScanAll))
    if (auto it = pool.find(iri); it != pool.end()) out.push_back({std::move(iri), it->second});
}

std::string TermChecks::object_hint(const sparql::ast::TriplePath& t) {
  if (t.object.is_var) return t.object.var;
  return {};
}

bool TermChecks::check_class(const std::string& c, const sparql::VarOrTerm& subject,
                             const std::vector<const Vocabulary*>& vs, const std::string& where,
                             const std::string& at) {
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
  f.alternatives = ranked(c, candidates, hints);
  f.message = shown(c) + " is not a class at " + at +
              (complete ? "" : " (as far as its description tells)") +
              (f.alternatives.empty() ? "" : "; nearest: " + shown_list(f.alternatives));
  return false;
}

bool TermChecks::check_predicate(const std::string& p, const sparql::ast::TriplePath& t,
                                 const std::vector<const Vocabulary*>& vs, const std::string& where,
                                 const std::string& at) {
  if (engine_predicate(p)) return true;
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
  f.alternatives = ranked(p, candidates, hints);
  f.message = shown(p) + " is not a predicate at " + at +
              (complete ? "" : " (as far as its description tells)") +
              (f.alternatives.empty() ? "" : "; nearest: " + shown_list(f.alternatives));
  return false;
}

void TermChecks::check_typed(
    const std::string& key, const std::vector<std::string>& types,
    const std::vector<std::pair<std::string, const sparql::ast::TriplePath*>>& uses,
    const std::vector<const Vocabulary*>& vs, const std::string& where, const std::string& at) {
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
    f.alternatives = ranked(p, candidates, hints);
    f.message = key + " (" + shown_list(types, 2) + ") at " + at + " has no predicate " + shown(p) +
                (f.alternatives.empty() ? "" : "; it uses " + shown_list(f.alternatives));
  }
}

void TermChecks::check_inferred(
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
    f.alternatives = ranked(p, candidates, hints);
    std::string others;
    for (const std::string& q : predicates)
      if (q != p) others += (others.empty() ? "" : ", ") + shown(q);
    f.message = key + " (" + shown_list(classes, 2) + (odd_classes.size() > 2 ? ", ..." : "") +
                ", inferred from " + others + ") at " + at + " has no predicate " + shown(p) +
                (f.alternatives.empty() ? "" : "; it uses " + shown_list(f.alternatives));
    return;
  }
}

std::vector<std::string> TermChecks::ranked(const std::string& wrong,
                                            const std::vector<Candidate>& candidates,
                                            AlternativeHints& hints) const {
  if (labels_ && !candidates.empty()) {
    std::vector<std::string> iris;
    for (const Candidate& c : candidates)
      iris.push_back(c.iri);
    hints.labels = labels_(iris);
  }
  return rank_alternatives(wrong, candidates, hints, kAlternatives);
}

}  // namespace sparqlmcp::assist
