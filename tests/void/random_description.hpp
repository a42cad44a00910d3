#pragma once
// Random VoID descriptions of any size and shape, reproducible from a seed: up to 5,000
// classes and 3,000 properties, IRIs of 200 characters and names no prefixed name can hold,
// a class with 500 properties, thousands of missing parts, long endpoint names and notes.
// The summary's property test and bench/void_summary_bench.cpp use them.

#include <algorithm>
#include <cstdint>
#include <random>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "sparqlmcp/void/summary.hpp"
#include "summary_fixtures.hpp"

namespace sparqlmcp::void_::test {

// Random descriptions of any size and shape, reproducible from a seed. The engine's raw
// output is used (std::uniform_int_distribution differs between standard libraries).
class Generator {
 public:
  explicit Generator(std::uint64_t seed) : engine_(seed) {}

  std::uint64_t below(std::uint64_t n) { return n == 0 ? 0 : engine_() % n; }
  bool chance(unsigned percent) { return below(100) < percent; }
  template <typename T>
  const T& pick(const std::vector<T>& items) {
    return items[below(items.size())];
  }

  std::string word(std::size_t max_length) {
    static const std::string kLetters =
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_";
    std::string out;
    const std::size_t length = 1 + below(max_length);
    for (std::size_t i = 0; i < length; ++i)
      out += kLetters[below(kLetters.size())];
    if (out[0] >= '0' && out[0] <= '9') out[0] = 'n';
    return out;
  }

  // Local names: mostly plain, sometimes what no prefixed name can hold (spaces, brackets,
  // '%', a trailing '.'), non-ASCII, or characters beyond U+FFFF.
  std::string local(std::size_t max_length) {
    std::string out = word(max_length);
    switch (below(12)) {
      case 0:
        out += "(x) y";
        break;
      case 1:
        out += "é\xE2\x80\x93Ω";  // é, an en dash (not PN_CHARS), omega
        break;
      case 2:
        out += "\xF0\x9F\x98\x80";  // U+1F600: two UTF-16 code units
        break;
      case 3:
        out += "%20.";
        break;
      default:
        break;
    }
    return out;
  }

  Count count(std::uint64_t max) {
    if (chance(8)) return std::nullopt;
    return below(max) + 1;
  }

  Description description() {
    Description d;
    const std::vector<std::size_t> class_sizes = {0, 3, 40, 600, 5000};
    const std::vector<std::size_t> property_sizes = {0, 4, 60, 800, 3000};
    const std::size_t n_classes = pick(class_sizes);
    const std::size_t n_properties = pick(property_sizes);
    const std::size_t iri_length = chance(40) ? 200 : 30;

    // Namespaces: a few big ones, many small ones, some very long, some well-known.
    std::vector<std::string> namespaces = {kFoaf, kXsd, kRdfs, "http://schema.org/",
                                           "https://schema.org/"};
    const std::size_t n_namespaces = 1 + below(60);
    for (std::size_t i = 0; i < n_namespaces; ++i) {
      std::string ns = "http://" + word(12) + ".example.org/" + word(chance(30) ? 150 : 10);
      ns += chance(50) ? "/" : "#";
      namespaces.push_back(ns);
    }
    auto iri = [&](std::set<std::string>& seen) {
      for (;;) {
        std::string candidate = pick(namespaces);
        const std::size_t room = candidate.size() < iri_length ? iri_length - candidate.size() : 1;
        candidate += local(room);
        if (seen.insert(candidate).second) return candidate;
      }
    };
    std::set<std::string> class_seen, property_seen;
    std::vector<std::string> class_iris, property_iris;
    for (std::size_t i = 0; i < n_classes; ++i)
      class_iris.push_back(iri(class_seen));
    for (std::size_t i = 0; i < n_properties; ++i)
      property_iris.push_back(iri(property_seen));
    property_iris.push_back(kRdf + "type");

    const std::vector<std::string> datatypes = {kXsd + "string", kXsd + "integer",
                                                kRdf + "langString", kXsd + "date",
                                                namespaces.back() + "customType"};
    for (std::size_t i = 0; i < n_classes; ++i) {
      ClassPartition c;
      c.class_iri = class_iris[i];
      c.entities = count(1'000'000);
      c.properties_known = chance(90);
      // One class with 500 properties; the others with up to 30.
      std::size_t n_used = c.properties_known ? below(31) : 0;
      if (i == 1) n_used = 500;
      n_used = std::min(n_used, property_iris.size());
      std::set<std::string> used_here;
      for (std::size_t j = 0; j < n_used; ++j) {
        const std::string& p = pick(property_iris);
        if (!used_here.insert(p).second) continue;
        ClassProperty cp;
        cp.property = p;
        cp.triples = count(2'000'000);
        const std::uint64_t instances = c.entities.value_or(1'000'000);
        if (chance(80)) cp.distinct_subjects = 1 + below(instances);
        cp.distinct_objects = count(1'000'000);
        for (std::size_t k = below(6); k > 0 && !class_iris.empty(); --k)
          cp.object_classes[pick(class_iris)] = below(100'000) + 1;
        for (std::size_t k = below(4); k > 0; --k)
          cp.datatypes[pick(datatypes)] = below(1000) + 1;
        for (std::size_t k = below(12); k > 0; --k)
          cp.languages[chance(10) ? word(60) : word(3)] = below(1000) + 1;
        if (chance(60)) cp.resource_objects = below(200'000);
        c.properties.push_back(std::move(cp));
      }
      d.classes.push_back(std::move(c));
    }
    for (const std::string& p : property_iris) {
      if (chance(10)) continue;  // known only from class partitions
      PropertyPartition partition;
      partition.property = p;
      partition.triples = count(5'000'000);
      partition.distinct_subjects = count(1'000'000);
      partition.distinct_objects = count(1'000'000);
      d.properties.push_back(std::move(partition));
    }
    if (chance(30)) d.properties.clear();

    d.endpoint = "http://127.0.0.1:7001/" + word(chance(20) ? 5000 : 20);
    d.id = chance(20) ? word(300) : "e" + word(8);
    d.triples = count(1'000'000'000);
    d.distinct_subjects = count(1'000'000);
    d.distinct_objects = count(1'000'000);
    d.class_count = chance(30) ? Count(n_classes * 3) : Count(n_classes);
    d.property_count = count(10'000);
    for (std::size_t i = below(8); i > 0; --i)
      d.prefixes.emplace_back(chance(20) ? "1 bad" : word(6), pick(namespaces));
    d.provenance.origin = static_cast<Provenance::Origin>(below(3));
    d.provenance.method = pick(std::vector<std::string>{"well-known", "computed", "named-graph"});
    d.provenance.source = chance(20) ? "http://s/" + word(3000) : d.endpoint;
    d.provenance.finished = fixed_time();
    d.provenance.queries = below(5000);
    const std::size_t n_missing = chance(30) ? below(3000) : 0;
    const std::vector<std::string> parts = {"distinct objects", "properties of class",
                                            "datatypes of class", "links of class",
                                            "distinct subjects of property"};
    for (std::size_t i = 0; i < n_missing; ++i) {
      MissingPart m;
      m.part = pick(parts);
      if (!class_iris.empty() && chance(80)) m.subject = pick(class_iris);
      m.reason = chance(10) ? "HTTP 500: " + word(400) : "timeout after 20000 ms";
      d.provenance.missing.push_back(std::move(m));
    }
    return d;
  }

  SummaryOptions options(const Description& d) {
    SummaryOptions o;
    o.max_chars = pick(
        std::vector<std::size_t>{kMinimumSummaryBudget, 1500, 4000, kDefaultSummaryBudget, 20000});
    o.detail = chance(30) ? Detail::Full : Detail::Summary;
    o.status.status = static_cast<Status>(below(6));
    if (chance(50)) o.status.age = std::chrono::seconds(below(10'000'000));
    if (chance(30)) o.status.note = "refresh failed: " + word(chance(50) ? 2000 : 40);
    auto values = [&](bool classes) {
      std::vector<std::string> out;
      for (std::size_t i = chance(40) ? below(chance(20) ? 300 : 6) : 0; i > 0; --i) {
        switch (below(5)) {
          case 0:
            if (classes && !d.classes.empty()) out.push_back(pick(d.classes).class_iri);
            if (!classes && !d.properties.empty()) out.push_back(pick(d.properties).property);
            break;
          case 1:
            if (!d.classes.empty())
              out.push_back("<" + std::string(local_of(pick(d.classes).class_iri)) + ">");
            break;
          case 2:
            out.push_back(word(chance(10) ? 500 : 8));
            break;
          case 3:
            out.push_back("foaf:" + word(5));
            break;
          default:
            out.push_back("");
            break;
        }
      }
      return out;
    };
    o.classes = values(true);
    o.properties = values(false);
    return o;
  }

 private:
  static std::string_view local_of(const std::string& iri) {
    const std::size_t cut = iri.find_last_of("#/");
    return std::string_view(iri).substr(cut + 1);
  }

  std::mt19937_64 engine_;
};

}  // namespace sparqlmcp::void_::test
