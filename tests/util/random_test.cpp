#include "sparqlmcp/util/random.hpp"

#include <catch2/catch.hpp>
#include <set>
#include <string>

using sparqlmcp::util::random_hex;

TEST_CASE("random_hex gives two lowercase hex digits per byte, different every time", "[util]") {
  std::set<std::string> seen;
  for (int i = 0; i < 1000; ++i) {
    const std::string id = random_hex(16);
    REQUIRE(id.size() == 32);
    REQUIRE(id.find_first_not_of("0123456789abcdef") == std::string::npos);
    seen.insert(id);
  }
  // 1000 draws of 128 bits: a repeat would mean the bytes are not random.
  CHECK(seen.size() == 1000);
  CHECK(random_hex(0).empty());
}
