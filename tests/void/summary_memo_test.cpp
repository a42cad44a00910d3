#include "sparqlmcp/void/summary_memo.hpp"

#include <catch2/catch.hpp>
#include <memory>
#include <string>

#include "summary_fixtures.hpp"
#include "support/error_matchers.hpp"

using namespace sparqlmcp;
using namespace sparqlmcp::void_;
using namespace sparqlmcp::void_::test;
using sparqlmcp::test::is_error;

namespace {

SummaryOptions cached(long long age_seconds) {
  SummaryOptions o;
  o.status.status = Status::Cached;
  o.status.age = std::chrono::seconds(age_seconds);
  return o;
}

// What the memo gave is what summarize gives, byte for byte.
void check_exact(const Summary& got, const Description& d, const SummaryOptions& o) {
  const Summary expected = summarize(d, o);
  CHECK(got.text == expected.text);
  CHECK(got.structured == expected.structured);
  CHECK(got.cut.classes == expected.cut.classes);
  CHECK(got.cut.shape_entries == expected.cut.shape_entries);
}

}  // namespace

TEST_CASE("The summary memo renders a description once per options and answers the same bytes",
          "[void]") {
  SummaryMemo memo;
  auto d = std::make_shared<const Description>(people());

  const SummaryOptions two_hours = cached(7300);
  check_exact(memo.summarize(d, two_hours), *d, two_hours);
  check_exact(memo.summarize(d, two_hours), *d, two_hours);
  CHECK(memo.stats().misses == 1);
  CHECK(memo.stats().hits == 1);

  // "2 h old" either way: the same text, with the age in seconds of this call in the JSON.
  const SummaryOptions later = cached(7390);
  const Summary hit = memo.summarize(d, later);
  check_exact(hit, *d, later);
  CHECK(hit.structured["age_seconds"] == 7390);
  CHECK(memo.stats().hits == 2);

  // "3 h old" is another header, so another rendering.
  const SummaryOptions three_hours = cached(3 * 3600 + 5);
  check_exact(memo.summarize(d, three_hours), *d, three_hours);
  CHECK(memo.stats().misses == 2);
}

TEST_CASE("The summary memo tells options, statuses and description objects apart", "[void]") {
  SummaryMemo memo;
  auto d = std::make_shared<const Description>(people());
  SummaryOptions base = cached(7300);

  SummaryOptions full = base;
  full.detail = Detail::Full;
  SummaryOptions classes = base;
  classes.classes = {"person"};
  SummaryOptions properties = base;
  properties.properties = {"foaf:name"};
  SummaryOptions small = base;
  small.max_chars = 1000;
  SummaryOptions stale = base;
  stale.status.status = Status::Stale;
  stale.status.note = "refreshing failed: the endpoint is unreachable";
  SummaryOptions computed;  // no age at all
  for (const SummaryOptions& o : {base, full, classes, properties, small, stale, computed})
    check_exact(memo.summarize(d, o), *d, o);
  CHECK(memo.stats().misses == 7);
  CHECK(memo.stats().hits == 0);

  // Equal content in another object (a description read again from a replaced file): not the
  // one summarised, so rendered anew.
  auto again = std::make_shared<const Description>(people());
  check_exact(memo.summarize(again, base), *again, base);
  CHECK(memo.stats().misses == 8);
}

TEST_CASE("The summary memo never answers for a description that is gone, and keeps a few",
          "[void]") {
  SummaryMemo memo(2);
  const SummaryOptions o = cached(7300);
  {
    auto gone = std::make_shared<const Description>(people());
    memo.summarize(gone, o);
  }
  // A new description may take the address of the one that is gone: it is summarised itself.
  Description other = people();
  other.classes.pop_back();
  other.endpoint = "http://example.org/other/sparql";
  auto d = std::make_shared<const Description>(other);
  check_exact(memo.summarize(d, o), *d, o);
  CHECK(memo.stats().hits == 0);

  auto second = std::make_shared<const Description>(people());
  auto third = std::make_shared<const Description>(people());
  memo.summarize(second, o);
  memo.summarize(third, o);
  CHECK(memo.stats().kept == 2);
  memo.summarize(d, o);  // the least recently used went
  CHECK(memo.stats().hits == 0);
  memo.summarize(third, o);
  CHECK(memo.stats().hits == 1);
}

TEST_CASE("The summary memo refuses a budget below the minimum as summarize does",
          "[void][error]") {
  SummaryMemo memo;
  auto d = std::make_shared<const Description>(people());
  SummaryOptions o = cached(7300);
  o.max_chars = 999;
  CHECK_THROWS_MATCHES(
      memo.summarize(d, o), Exception,
      is_error(ErrorKind::InvalidArgument)
          .with_message("a summary needs a budget of at least 1,000 characters (got 999); to "
                        "see less, ask for fewer classes or properties instead"));
  CHECK(memo.stats().kept == 0);
}
