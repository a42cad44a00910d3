// void_summary_bench [rounds]: summarises the hand-made "people" description of the tests and
// random descriptions of growing size (the property test's generator,
// tests/void/random_description.hpp: seeds 1-8, then every seed up to 60 whose description
// has 5,000 classes), and prints per description and detail the median time of one summary
// over `rounds` (default 20), its characters and the bytes of its JSON.

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "sparqlmcp/void/summary.hpp"
#include "void/random_description.hpp"
#include "void/summary_fixtures.hpp"

namespace {

using namespace sparqlmcp::void_;

void measure(const std::string& name, const Description& d, int rounds) {
  using Clock = std::chrono::steady_clock;
  std::size_t class_properties = 0;
  for (const ClassPartition& c : d.classes)
    class_properties += c.properties.size();
  for (Detail detail : {Detail::Summary, Detail::Full}) {
    SummaryOptions options;
    options.detail = detail;
    std::vector<double> times;
    Summary summary;
    for (int r = 0; r < rounds; ++r) {
      const auto start = Clock::now();
      summary = summarize(d, options);
      times.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
    }
    std::sort(times.begin(), times.end());
    std::printf("%-8s %8zu %10zu %12zu %8s %9.2f %7zu %10zu\n", name.c_str(), d.classes.size(),
                d.properties.size(), class_properties, to_string(detail).data(),
                times[times.size() / 2], text_length(summary.text),
                summary.structured.dump().size());
  }
}

}  // namespace

int main(int argc, char** argv) {
  int rounds = argc > 1 ? std::atoi(argv[1]) : 20;
  if (rounds <= 0) rounds = 1;
  std::printf("%-8s %8s %10s %12s %8s %9s %7s %10s\n", "data", "classes", "properties",
              "class-props", "detail", "ms", "chars", "json bytes");
  measure("people", test::people(), rounds);
  for (std::uint64_t seed = 1; seed <= 60; ++seed) {
    test::Generator generator(seed);
    const Description d = generator.description();
    if (seed > 8 && d.classes.size() < 5000) continue;
    measure("seed " + std::to_string(seed), d, rounds);
  }
  return 0;
}
