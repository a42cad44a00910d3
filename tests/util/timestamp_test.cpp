#include "sparqlmcp/util/timestamp.hpp"

#include <catch2/catch.hpp>

using namespace sparqlmcp;
using namespace std::chrono;

TEST_CASE("UTC timestamps have milliseconds and sort as text", "[util]") {
  const system_clock::time_point epoch{};
  CHECK(util::utc_timestamp(epoch) == "1970-01-01T00:00:00.000Z");
  // Microseconds are cut, not rounded.
  const system_clock::time_point later =
      epoch + seconds(1795610000) + milliseconds(123) + microseconds(999);
  CHECK(util::utc_timestamp(later) == "2026-11-25T12:33:20.123Z");
  // A leap day, and the last millisecond of a year.
  CHECK(util::utc_timestamp(epoch + seconds(951782400)) == "2000-02-29T00:00:00.000Z");
  CHECK(util::utc_timestamp(epoch + seconds(1798761600) - milliseconds(1)) ==
        "2026-12-31T23:59:59.999Z");
  // Before 1970: the second below, not the one above.
  CHECK(util::utc_timestamp(epoch - milliseconds(1)) == "1969-12-31T23:59:59.999Z");
}
