#pragma once
// What every fuzz target shares: an input's bytes as text, and a failed expectation that stops
// the run with a message (libFuzzer records the abort as a crash and writes the input).

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

namespace sparqlmcp::fuzz {

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

// Not assert(): the check must hold in every build type.
[[noreturn]] inline void fail(const std::string& what) {
  std::fprintf(stderr, "fuzz check failed: %s\n", what.c_str());
  std::abort();
}

inline void check(bool condition, const std::string& what) {
  if (!condition) fail(what);
}

}  // namespace sparqlmcp::fuzz
