#pragma once
// Helpers shared by the results tests: reading fixtures and capturing the Error a call throws.

#include <fstream>
#include <functional>
#include <sstream>
#include <stdexcept>
#include <string>

#include "sparqlmcp/util/error.hpp"

namespace sparqlmcp::results::test {

inline std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + path);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

inline std::string fixture(const std::string& name) {
  return read_file(std::string(SPARQLMCP_SOURCE_DIR) + "/tests/data/results/" + name);
}

// Runs `action` and returns the Error of the Exception it throws; fails the test otherwise.
inline Error error_of(const std::function<void()>& action) {
  try {
    action();
  } catch (const Exception& e) {
    return e.error();
  }
  throw std::runtime_error("expected an Exception, none was thrown");
}

}  // namespace sparqlmcp::results::test
