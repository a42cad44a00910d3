#pragma once
// Helpers shared by the results tests: reading fixtures (errors: support/error_matchers.hpp).

#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

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

}  // namespace sparqlmcp::results::test
