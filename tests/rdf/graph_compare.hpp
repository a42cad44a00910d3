#pragma once
// Test helper: graph equality up to blank node labels (RDF 1.1 Concepts §3.6 isomorphism),
// by backtracking over label assignments; meant for the handful of blank nodes in a test.

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "sparqlmcp/rdf/term.hpp"

namespace sparqlmcp::rdf::testing {

inline std::vector<Triple> triples_of(const std::vector<Quad>& quads) {
  std::vector<Triple> out;
  for (const auto& q : quads)
    out.push_back(Triple{q.subject, q.predicate, q.object});
  return out;
}

inline std::set<std::string> blanks_in(const std::vector<Triple>& triples) {
  std::set<std::string> out;
  for (const auto& t : triples) {
    if (t.subject.is_blank()) out.insert(t.subject.value);
    if (t.object.is_blank()) out.insert(t.object.value);
  }
  return out;
}

inline std::set<std::string> keys(const std::vector<Triple>& triples,
                                  const std::map<std::string, std::string>& rename) {
  std::set<std::string> out;
  auto show = [&](const Term& t) {
    if (!t.is_blank()) return t.to_ntriples();
    auto it = rename.find(t.value);
    return "_:" + (it == rename.end() ? t.value : it->second);
  };
  for (const auto& t : triples)
    out.insert(show(t.subject) + " " + show(t.predicate) + " " + show(t.object));
  return out;
}

inline bool isomorphic(const std::vector<Triple>& a, const std::vector<Triple>& b) {
  const auto target = keys(b, {});
  if (keys(a, {}).size() != target.size()) return false;
  const auto a_blanks = blanks_in(a), b_blanks = blanks_in(b);
  if (a_blanks.size() != b_blanks.size()) return false;
  std::vector<std::string> from(a_blanks.begin(), a_blanks.end());
  std::vector<std::string> to(b_blanks.begin(), b_blanks.end());
  std::sort(to.begin(), to.end());
  do {  // bounded: n! for the few blank nodes of a test graph
    std::map<std::string, std::string> rename;
    for (std::size_t i = 0; i < from.size(); ++i)
      rename[from[i]] = to[i];
    if (keys(a, rename) == target) return true;
  } while (std::next_permutation(to.begin(), to.end()));
  return false;
}

}  // namespace sparqlmcp::rdf::testing
