// source_index_bench [endpoints] [properties] [patterns]: the cost of choosing a triple
// pattern's endpoints over a big catalogue with cached descriptions (federation/source_index.hpp,
// issue 26: at most 1 ms per pattern over 1,000 endpoints). Each endpoint's vocabulary holds
// `properties` predicates (defaults: 1,000 endpoints, 300 predicates each, drawn from 20,000,
// some shared by many endpoints, like rdfs:label, most by few) and 30 classes; each declares the
// URI space of its entities (void:uriSpace, and for one in ten a void:uriRegexPattern too), and
// a third of the untyped patterns have a constant subject IRI. It prints:
//   build      building the index over every endpoint's vocabulary (once per change of one)
//   index      median, 95th percentile and maximum per pattern, whole catalogue
//   scan       the same patterns judged endpoint by endpoint (a set lookup per endpoint): the
//              peer the index replaces, in the same run
// Run: build/release/tests/federation/source_index_bench

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "sparqlmcp/federation/source_index.hpp"
#include "sparqlmcp/rdf/term.hpp"

using namespace sparqlmcp;
using Clock = std::chrono::steady_clock;

namespace {

double us_since(Clock::time_point start) {
  return std::chrono::duration<double, std::micro>(Clock::now() - start).count();
}

struct Figures {
  double median = 0, p95 = 0, max = 0;
};

Figures figures(std::vector<double> us) {
  std::sort(us.begin(), us.end());
  return {us[us.size() / 2], us[us.size() * 95 / 100], us.back()};
}

std::size_t number(char** argv, int argc, int i, std::size_t fallback) {
  return argc > i ? static_cast<std::size_t>(std::stoul(argv[i])) : fallback;
}

}  // namespace

int main(int argc, char** argv) {
  const std::size_t endpoints = number(argv, argc, 1, 1000);
  const std::size_t properties = number(argv, argc, 2, 300);
  const std::size_t patterns = number(argv, argc, 3, 2000);
  const std::string ns = "http://example.org/vocab/";
  std::mt19937 rng(26);
  // Zipf-like: low numbers are shared by many endpoints.
  std::exponential_distribution<double> spread(1.0 / 2000.0);
  auto predicate = [&] {
    return ns + "p" + std::to_string(std::min<std::size_t>(19999, spread(rng)));
  };

  std::vector<federation::SourceIndex::Entry> entries;
  std::vector<std::string> all;
  for (std::size_t e = 0; e < endpoints; ++e) {
    auto vocabulary = std::make_shared<federation::Vocabulary>();
    while (vocabulary->predicates.size() < properties)
      vocabulary->predicates.insert(predicate());
    vocabulary->predicates.insert(std::string(rdf::kRdfType));
    for (std::size_t c = 0; c < 30; ++c)
      vocabulary->classes.insert(ns + "C" + std::to_string((e * 7 + c * 13) % 3000));
    const std::string iri = "http://127.0.0.1:1/e" + std::to_string(e) + "/sparql";
    const std::string space = "http://127.0.0.1:1/e" + std::to_string(e) + "/";
    std::vector<std::string> patterns_declared;
    if (e % 10 == 0)
      patterns_declared.push_back("^http://127\\.0\\.0\\.1:1/e" + std::to_string(e) + "/doc/");
    entries.push_back({iri, std::move(vocabulary),
                       federation::UriSpace::make({space + "id/"}, patterns_declared)});
    all.push_back(iri);
  }

  const Clock::time_point built = Clock::now();
  const federation::SourceIndex index(entries);
  const double build_us = us_since(built);

  std::vector<sparql::algebra::TriplePattern> asked;
  std::uniform_int_distribution<std::size_t> some_endpoint(0, endpoints - 1);
  for (std::size_t i = 0; i < patterns; ++i) {
    const bool typed = i % 4 == 0;
    const bool about_one = !typed && i % 3 == 0;
    asked.push_back(
        {about_one ? sparql::VarOrTerm::constant(rdf::Term::iri(
                         "http://127.0.0.1:1/e" + std::to_string(some_endpoint(rng)) +
                         (i % 2 == 0 ? "/id/" : "/doc/") + std::to_string(i)))
                   : sparql::VarOrTerm::variable("s"),
         sparql::VarOrTerm::constant(
             rdf::Term::iri(typed ? std::string(rdf::kRdfType) : predicate())),
         typed ? sparql::VarOrTerm::constant(rdf::Term::iri(ns + "C" + std::to_string(i % 3000)))
               : sparql::VarOrTerm::variable("o")});
  }

  std::vector<double> with_index, with_scan;
  std::size_t kept_index = 0, kept_scan = 0;
  for (const auto& pattern : asked) {
    Clock::time_point start = Clock::now();
    kept_index += index.sources(pattern, all).endpoints.size();
    with_index.push_back(us_since(start));

    start = Clock::now();
    const bool typed = pattern.predicate.term.value == rdf::kRdfType;
    std::vector<std::string> kept;
    const bool about_one = !pattern.subject.is_var;
    for (const auto& [iri, vocabulary, uri_space] : entries) {
      const bool has = typed ? vocabulary->classes.count(pattern.object.term.value) > 0
                             : vocabulary->predicates.count(pattern.predicate.term.value) > 0;
      if (has && (!about_one || uri_space->admits(pattern.subject.term.value))) kept.push_back(iri);
    }
    kept_scan += kept.size();
    with_scan.push_back(us_since(start));
  }
  const Figures a = figures(with_index), b = figures(with_scan);
  std::printf("source_index_bench: %zu endpoints, %zu predicates each, %zu patterns\n", endpoints,
              properties, patterns);
  std::printf("  build  %.1f ms\n", build_us / 1000);
  std::printf("  index  median %.1f us, p95 %.1f us, max %.1f us per pattern (goal: <= 1000 us)\n",
              a.median, a.p95, a.max);
  std::printf("  scan   median %.1f us, p95 %.1f us, max %.1f us per pattern\n", b.median, b.p95,
              b.max);
  std::printf("  index / scan: median %.2fx, p95 %.2fx; endpoints kept %zu / %zu\n",
              a.median / b.median, a.p95 / b.p95, kept_index, kept_scan);
  return kept_index == kept_scan ? 0 : 1;
}
