#pragma once
// A fresh folder under the system's temporary folder for one test, removed with everything in
// it when the test ends.

#include <stdlib.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <string>
#include <system_error>

namespace sparqlmcp::test {

struct TempDir {
  std::filesystem::path path;
  explicit TempDir(const std::string& name = "sparqlmcp-test") {
    std::string pattern = (std::filesystem::temp_directory_path() / (name + "-XXXXXX")).string();
    REQUIRE(::mkdtemp(pattern.data()) != nullptr);
    path = pattern;
  }
  ~TempDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path, ignored);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
};

}  // namespace sparqlmcp::test
