#include "prefix_completion.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

#include "sparqlmcp/assist/words.hpp"
#include "sparqlmcp/util/text.hpp"
#include "term_alternatives.hpp"

namespace sparqlmcp::assist {
namespace {

// The last path segment of a namespace: "core" of http://purl.uniprot.org/core/.
std::string last_segment(std::string_view ns) {
  while (!ns.empty() && (ns.back() == '/' || ns.back() == '#'))
    ns.remove_suffix(1);
  const std::size_t cut = ns.find_last_of("/#");
  return util::ascii_lowercase(cut == std::string_view::npos ? ns : ns.substr(cut + 1));
}

// A namespace without its scheme and trailing separators: http and https, '#' and '/' alike.
std::string bare(std::string_view ns) {
  for (std::string_view scheme : {"https://", "http://"})
    if (ns.substr(0, scheme.size()) == scheme) {
      ns.remove_prefix(scheme.size());
      break;
    }
  while (!ns.empty() && (ns.back() == '/' || ns.back() == '#' || ns.back() == '_'))
    ns.remove_suffix(1);
  return std::string(ns);
}

bool close_namespaces(std::string_view a, std::string_view b) {
  if (a == b) return false;
  return bare(a) == bare(b) || edit_distance(a, b) <= 2;
}

// prefix -> the local names used with it, and where it is first used.
struct Uses {
  std::set<std::string> locals;
  SourceSpan first;
};

std::map<std::string, Uses> uses_by_prefix(const sparql::TermScan& scan) {
  std::map<std::string, Uses> out;
  for (const sparql::WrittenTerm& term : scan.terms) {
    if (!term.prefixed) continue;
    auto [it, added] = out.try_emplace(term.prefix);
    if (added) it->second.first = term.at;
    if (!term.local.empty()) it->second.locals.insert(term.local);
  }
  return out;
}

// Whether `ns` holds at least half of `locals` (and one): a prefix bound to the wrong
// namespace may also be used with a name the endpoint lacks anyway.
bool holds_most(const Vocabulary& v, const std::string& ns, const std::set<std::string>& locals) {
  const auto held = std::count_if(locals.begin(), locals.end(),
                                  [&](const std::string& l) { return v.has_term(ns + l); });
  return held > 0 && 2 * static_cast<std::size_t>(held) >= locals.size();
}

std::string written(const std::string& prefix) {
  return prefix + ":";
}

// The namespaces N such that N + local is a term of one of `vs` for every local name used with
// a prefix (the endpoints named may each hold part of a vocabulary). A local name may hold
// separators itself (`:country\#name` is BASE + "country#name"), so candidates come from the
// terms ending with a local name.
std::vector<std::string> namespaces_holding(const std::vector<const Vocabulary*>& vs,
                                            const std::set<std::string>& locals) {
  std::vector<std::string> out;
  std::set<std::string> tried;
  auto is_term = [&](const std::string& iri) {
    return std::any_of(vs.begin(), vs.end(), [&](const Vocabulary* v) { return v->has_term(iri); });
  };
  for (const std::string& local : locals)
    for (const Vocabulary* v : vs) {
      auto terms = v->by_local.find(std::string(local_name(local)));
      if (terms == v->by_local.end()) continue;
      for (const std::string& iri : terms->second) {
        if (iri.size() <= local.size() ||
            iri.compare(iri.size() - local.size(), local.size(), local))
          continue;
        const std::string ns = iri.substr(0, iri.size() - local.size());
        if (!tried.insert(ns).second) continue;
        if (std::all_of(locals.begin(), locals.end(),
                        [&](const std::string& l) { return is_term(ns + l); }))
          out.push_back(ns);
      }
    }
  return out;
}

}  // namespace

PrefixResult complete_prefixes(const sparql::TermScan& scan, const PrefixSources& sources) {
  PrefixResult result;
  std::set<std::string> declared;
  for (const sparql::PrefixDeclaration& d : scan.declarations)
    declared.insert(d.prefix);
  for (const auto& [prefix, uses] : uses_by_prefix(scan)) {
    if (declared.count(prefix)) continue;
    // The candidates of each source, in order, each with where it came from.
    std::vector<std::pair<std::string, std::vector<std::string>>> levels;
    std::vector<std::string> declarations;
    std::string declared_by = "endpoint";
    for (const Vocabulary* v : sources.vocabularies)
      for (const auto& [name, ns] : v->prefixes)
        if (name == prefix) declarations.push_back(ns);
    for (const auto& [name, ns] : sources.endpoints)
      if (name == prefix) declarations.push_back(ns);
    if (declarations.empty()) declared_by = "catalogue";
    for (const auto& [name, ns] : sources.catalogue)
      if (name == prefix) declarations.push_back(ns);
    levels.emplace_back(declared_by, std::move(declarations));
    std::vector<std::string> holding, named;
    if (!uses.locals.empty()) holding = namespaces_holding(sources.vocabularies, uses.locals);
    for (const Vocabulary* v : sources.vocabularies)
      for (const auto& [ns, locals] : v->namespaces)
        if (last_segment(ns) == util::ascii_lowercase(prefix)) named.push_back(ns);
    // A namespace holding every local name used with the prefix says more than its name.
    std::vector<std::string> vocabulary = holding.empty() ? named : holding;
    if (!holding.empty() && holding.size() > 1) {
      std::vector<std::string> both;
      for (const std::string& ns : holding)
        if (std::find(named.begin(), named.end(), ns) != named.end()) both.push_back(ns);
      if (!both.empty()) vocabulary = both;
    }
    levels.emplace_back("vocabulary", std::move(vocabulary));
    std::vector<std::string> well_known;
    if (sources.well_known)
      if (auto ns = sources.well_known->namespace_of(prefix)) well_known.push_back(*ns);
    levels.emplace_back("well-known", std::move(well_known));
    for (auto& [source, candidates] : levels) {
      std::sort(candidates.begin(), candidates.end());
      candidates.erase(std::unique(candidates.begin(), candidates.end()), candidates.end());
    }

    std::optional<AddedPrefix> chosen;
    std::vector<std::string> ambiguous;
    for (std::size_t level = 0; level < levels.size() && !chosen && ambiguous.empty(); ++level) {
      const auto& [source, candidates] = levels[level];
      if (candidates.size() == 1) {
        chosen = AddedPrefix{prefix, candidates[0], source};
      } else if (candidates.size() > 1) {
        // A later source may single one out.
        for (std::size_t later = level + 1; later < levels.size() && !chosen; ++later) {
          std::vector<std::string> both;
          for (const std::string& ns : levels[later].second)
            if (std::binary_search(candidates.begin(), candidates.end(), ns)) both.push_back(ns);
          if (both.size() == 1) chosen = AddedPrefix{prefix, both[0], source};
        }
        if (!chosen) ambiguous = candidates;
      }
    }
    Finding finding;
    finding.prefix = prefix;
    finding.at = uses.first;
    if (chosen) {
      result.added.push_back(*chosen);
      finding.problem = "undeclared_prefix";
      finding.severity = Severity::Warning;
      finding.message = "added PREFIX " + written(prefix) + " <" + chosen->iri + "> (from the " +
                        chosen->source + " prefixes); declare it in the query";
      finding.alternatives = {chosen->iri};
    } else if (!ambiguous.empty()) {
      finding.problem = "ambiguous_prefix";
      finding.severity = Severity::Error;
      finding.message = "prefix " + written(prefix) + " is used but not declared, and " +
                        std::to_string(ambiguous.size()) +
                        " namespaces fit it: declare one of them, e.g. PREFIX " + written(prefix) +
                        " <" + ambiguous[0] + ">";
      finding.alternatives = ambiguous;
    } else {
      finding.problem = "undeclared_prefix";
      finding.severity = Severity::Error;
      finding.message = "prefix " + written(prefix) +
                        " is used but not declared, and no known namespace fits it: add PREFIX " +
                        written(prefix) + " <namespace IRI> (search_terms finds the terms)";
    }
    result.findings.push_back(std::move(finding));
  }
  return result;
}

std::vector<Finding> check_declared_namespaces(const sparql::TermScan& scan,
                                               const PrefixSources& sources) {
  std::vector<Finding> out;
  const auto uses = uses_by_prefix(scan);
  std::set<std::string> checked;
  for (const sparql::PrefixDeclaration& d : scan.declarations) {
    auto used = uses.find(d.prefix);
    if (used == uses.end() || used->second.locals.empty() || !checked.insert(d.prefix).second)
      continue;
    const std::set<std::string>& locals = used->second.locals;
    bool in_use = false;
    std::vector<std::string> likely;
    for (const Vocabulary* v : sources.vocabularies) {
      if (std::any_of(locals.begin(), locals.end(),
                      [&](const std::string& l) { return v->has_term(d.iri + l); }))
        in_use = true;
      // The namespaces that would make a term of a local name used, close to the declared one.
      for (const std::string& l : locals) {
        auto terms = v->by_local.find(std::string(local_name(l)));
        if (terms == v->by_local.end()) continue;
        for (const std::string& iri : terms->second) {
          if (iri.size() <= l.size() || iri.compare(iri.size() - l.size(), l.size(), l)) continue;
          const std::string ns = iri.substr(0, iri.size() - l.size());
          if (close_namespaces(d.iri, ns) && holds_most(*v, ns, locals) &&
              std::find(likely.begin(), likely.end(), ns) == likely.end())
            likely.push_back(ns);
        }
      }
    }
    if (in_use) continue;
    bool from_table = false;
    if (likely.empty() && sources.vocabularies.empty() && sources.well_known) {
      // No description to go by: the well-known namespace of the prefix, when close.
      auto known = sources.well_known->namespace_of(d.prefix);
      if (known && close_namespaces(d.iri, *known)) {
        likely.push_back(*known);
        from_table = true;
      }
    }
    if (likely.empty()) continue;
    Finding finding;
    finding.problem = "wrong_namespace";
    finding.severity = Severity::Warning;
    finding.prefix = d.prefix;
    finding.at = d.at;
    finding.alternatives = likely;
    std::string names;
    for (const std::string& l : locals) {
      if (names.size() > 60) {
        names += ", ...";
        break;
      }
      names += (names.empty() ? "" : ", ") + written(d.prefix) + l;
    }
    finding.message =
        "PREFIX " + written(d.prefix) + " <" + d.iri + "> is not " +
        (from_table
             ? "the well-known namespace of " + written(d.prefix) + " (<" + likely[0] + ">)"
             : "a namespace the endpoints use; they have " + names + " under <" + likely[0] + ">") +
        ": did you mean PREFIX " + written(d.prefix) + " <" + likely[0] + ">?";
    out.push_back(std::move(finding));
  }
  return out;
}

std::string prefix_lines(const std::vector<AddedPrefix>& added) {
  std::string out;
  for (const AddedPrefix& p : added)
    out += "PREFIX " + p.prefix + ": <" + p.iri + ">\n";
  return out;
}

}  // namespace sparqlmcp::assist
