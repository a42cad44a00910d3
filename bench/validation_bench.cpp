// validation_bench [classes] [properties] [queries]: the server time of validating a query
// against a cached VoID description (assist/validation.hpp), at the size of a large published
// description (defaults: 2,000 classes, 20,000 properties, 15 properties per class, two
// endpoints). The goal (issue 25): at most 1 ms per query. Each query joins two SERVICE blocks
// of three to eight patterns (rdf:type, class properties, a few prefixed names), in turn:
// correct, with an unknown predicate, with a misspelled class, with a predicate its class does
// not use, and with an undeclared prefix; every fifth also has an IRI nothing has shown. It
// prints:
//   first      the first validation (which indexes both descriptions for validation)
//   validate   median, 95th percentile and maximum over `queries` validations after it
// Run: build/release/tests/assist/validation_bench

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "sparqlmcp/assist/seen_terms.hpp"
#include "sparqlmcp/assist/validation.hpp"

using namespace sparqlmcp;
using Clock = std::chrono::steady_clock;

namespace {

double us_since(Clock::time_point start) {
  return std::chrono::duration<double, std::micro>(Clock::now() - start).count();
}

std::shared_ptr<const void_::Description> description(const std::string& endpoint,
                                                      const std::string& ns, std::size_t classes,
                                                      std::size_t properties, std::mt19937& rng) {
  auto d = std::make_shared<void_::Description>();
  d->endpoint = endpoint;
  d->provenance.origin = void_::Provenance::Origin::Computed;
  for (std::size_t i = 0; i < properties; ++i)
    d->properties.push_back({ns + "property" + std::to_string(i), 1000 + i, {}, {}});
  std::uniform_int_distribution<std::size_t> any(0, properties - 1);
  for (std::size_t i = 0; i < classes; ++i) {
    void_::ClassPartition c;
    c.class_iri = ns + "Class" + std::to_string(i);
    c.entities = 100 + i;
    c.properties_known = true;
    for (int k = 0; k < 15; ++k) {
      void_::ClassProperty use;
      use.property = ns + "property" + std::to_string(any(rng));
      use.triples = 50;
      c.properties.push_back(use);
    }
    d->classes.push_back(std::move(c));
  }
  return d;
}

}  // namespace

int main(int argc, char** argv) {
  const std::size_t classes = argc > 1 ? std::stoul(argv[1]) : 2000;
  const std::size_t properties = argc > 2 ? std::stoul(argv[2]) : 20000;
  const std::size_t queries = argc > 3 ? std::stoul(argv[3]) : 2000;
  std::mt19937 rng(7);
  const std::string a_ns = "http://a.example/vocab/", b_ns = "http://b.example/vocab/";
  const auto a = description("http://a.example/sparql", a_ns, classes, properties, rng);
  const auto b = description("http://b.example/sparql", b_ns, classes, properties, rng);

  catalogue::Catalogue catalogue;
  catalogue::Endpoint ea, eb;
  ea.id = "a";
  ea.endpoint_iri = a->endpoint;
  eb.id = "b";
  eb.endpoint_iri = b->endpoint;
  catalogue.add(ea);
  catalogue.add(eb);
  assist::ValidatorSources sources;
  sources.catalogue = &catalogue;
  sources.description = [&](const catalogue::Endpoint& e) { return e.id == "a" ? a : b; };
  sources.seen = std::make_shared<assist::SeenTerms>();
  const assist::QueryValidator validator(sources);

  std::uniform_int_distribution<std::size_t> any_class(0, classes - 1), patterns(3, 8);
  auto block = [&](const std::shared_ptr<const void_::Description>& d, const std::string& var,
                   int mistake) {
    const void_::ClassPartition& c = d->classes[any_class(rng)];
    std::string text = "?" + var + " a <" + c.class_iri + (mistake == 2 ? "x" : "") + "> ";
    const std::size_t n = patterns(rng);
    for (std::size_t i = 0; i < n && i < c.properties.size(); ++i) {
      std::string p = c.properties[i].property;
      if (mistake == 1 && i == 0) p += "Typo";
      if (mistake == 3 && i == 0) p = d->properties[(i * 7919) % d->properties.size()].property;
      text += "; <" + p + "> ?" + var + std::to_string(i) + " ";
    }
    return text;
  };
  auto make_query = [&](std::size_t q) {
    const int mistake = static_cast<int>(q % 5);
    std::string text = mistake == 4 ? "" : "PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>\n";
    text += "SELECT * WHERE {\n  SERVICE <" + a->endpoint + "> { " + block(a, "x", mistake) +
            " . ?x rdfs:label ?l }\n  SERVICE <" + b->endpoint + "> { " + block(b, "y", 0) +
            " . ?y <" + b_ns + "property1> ?x" +
            (q % 5 == 0
                 ? " . ?y <" + b_ns + "property2> <http://c.example/id/" + std::to_string(q) + ">"
                 : "") +
            " }\n} LIMIT 10";
    return text;
  };

  auto started = Clock::now();
  std::size_t findings = validator.validate(make_query(0)).findings.size();
  const double first_us = us_since(started);
  std::vector<double> times;
  for (std::size_t q = 1; q <= queries; ++q) {
    const std::string text = make_query(q);
    started = Clock::now();
    findings += validator.validate(text).findings.size();
    times.push_back(us_since(started));
  }
  std::sort(times.begin(), times.end());
  auto at = [&](double share) {
    return times[std::min(times.size() - 1, static_cast<std::size_t>(share * times.size()))];
  };
  std::printf("descriptions: 2 endpoints, %zu classes and %zu properties each\n", classes,
              properties);
  std::printf("first      %8.1f ms (indexes both descriptions for validation)\n", first_us / 1000);
  std::printf("validate   median %.3f ms, p95 %.3f ms, max %.3f ms (%zu queries, %zu findings)\n",
              at(0.5) / 1000, at(0.95) / 1000, times.back() / 1000, queries, findings);
  return 0;
}
