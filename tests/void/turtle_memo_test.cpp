#include "sparqlmcp/void/turtle_memo.hpp"

#include <catch2/catch.hpp>
#include <memory>
#include <string>

#include "sparqlmcp/void/turtle.hpp"
#include "summary_fixtures.hpp"

using namespace sparqlmcp::void_;
using namespace sparqlmcp::void_::test;

TEST_CASE("The Turtle memo writes a description once and answers the same bytes", "[void]") {
  TurtleMemo memo;
  auto d = std::make_shared<const Description>(people());
  const std::string expected = write_turtle(*d);

  CHECK(*memo.turtle(d) == expected);
  CHECK(*memo.turtle(d) == expected);
  CHECK(memo.stats().misses == 1);
  CHECK(memo.stats().hits == 1);

  // Equal content in another object (a description read again from a replaced file): written
  // anew, and the first stays kept.
  auto again = std::make_shared<const Description>(people());
  CHECK(*memo.turtle(again) == expected);
  CHECK(memo.stats().misses == 2);
  CHECK(memo.stats().kept == 2);
}

TEST_CASE("The Turtle memo never answers for a description that is gone, and keeps a few",
          "[void]") {
  TurtleMemo memo(2);
  {
    auto gone = std::make_shared<const Description>(people());
    memo.turtle(gone);
  }
  // A new description may take the address of the one that is gone: it is written itself.
  Description other = people();
  other.classes.pop_back();
  other.endpoint = "http://example.org/other/sparql";
  auto d = std::make_shared<const Description>(other);
  CHECK(*memo.turtle(d) == write_turtle(other));
  CHECK(memo.stats().hits == 0);

  auto second = std::make_shared<const Description>(people());
  auto third = std::make_shared<const Description>(people());
  memo.turtle(second);
  memo.turtle(third);
  CHECK(memo.stats().kept == 2);
  memo.turtle(d);  // the least recently used went
  CHECK(memo.stats().hits == 0);
  memo.turtle(third);
  CHECK(memo.stats().hits == 1);
}

TEST_CASE("The Turtle memo does not keep a text over its budget", "[void]") {
  auto d = std::make_shared<const Description>(people());
  const std::string expected = write_turtle(*d);
  TurtleMemo memo(16, expected.size() - 1);
  CHECK(*memo.turtle(d) == expected);
  CHECK(*memo.turtle(d) == expected);
  CHECK(memo.stats().misses == 2);
  CHECK(memo.stats().kept == 0);
}
