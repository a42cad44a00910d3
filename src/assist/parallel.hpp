#pragma once
// Work over several endpoints at once, a bounded number at a time: the search tools ask every
// endpoint of the catalogue, and one slow endpoint must not hold up the others.

#include <cstddef>
#include <future>
#include <vector>

namespace sparqlmcp::assist {

// Endpoints asked at once by one call: enough to hide a slow one, few enough to leave the
// federation's per-endpoint and global request limits to the queries of other calls.
inline constexpr std::size_t kParallelEndpoints = 8;

// Calls work(i) for every i in [0, n), at most `width` at a time, and returns when all have
// returned; an exception of one (a cancellation) is rethrown after the others of its batch end.
template <class Work>
void run_in_parallel(std::size_t n, std::size_t width, const Work& work) {
  for (std::size_t first = 0; first < n; first += width) {
    std::vector<std::future<void>> running;
    for (std::size_t i = first; i < n && i < first + width; ++i)
      running.push_back(std::async(std::launch::async, [&work, i] { work(i); }));
    for (std::future<void>& done : running)
      done.get();
  }
}

}  // namespace sparqlmcp::assist
