#include <catch2/catch.hpp>

#include "sparqlmcp/assist/literal_candidates.hpp"

using namespace sparqlmcp::assist;
using Words = std::vector<std::string>;

TEST_CASE("a question's literals are its quoted text, numbers and inner capitalised names",
          "[assist]") {
  CHECK(literal_candidates("Which singers come from France?") == Words{"France"});
  CHECK(literal_candidates("Cars made in United States after 1980") ==
        Words{"United States", "1980"});
  CHECK(literal_candidates("Songs named 'Hey Jude' or \"Yesterday\"") ==
        Words{"Hey Jude", "Yesterday"});
  CHECK(literal_candidates("What is the weight of the dogs?").empty());  // a sentence's opening
}

TEST_CASE("an apostrophe inside a word is no quote, and a possessive is not in the name",
          "[assist]") {
  CHECK(literal_candidates("Give me Brazil's population and Chile's capital") ==
        Words{"Brazil", "Chile"});
  // Typographic quotes and apostrophes, as word processors and some agents write them.
  CHECK(literal_candidates("Give me Brazil\u2019s population") == Words{"Brazil"});
  CHECK(literal_candidates("Songs titled \u2018Hey\u2019 by singers who don't live in Spain") ==
        Words{"Hey", "Spain"});
  CHECK(literal_candidates("The \u201CBlue Album\u201D of Weezer") ==
        Words{"Blue Album", "Weezer"});
}

TEST_CASE("at most eight literals, each once", "[assist]") {
  CHECK(literal_candidates("1 2 3 4 5 6 7 8 9 10").size() == kMostLiteralCandidates);
  CHECK(literal_candidates("Is Paris in France or Paris in Texas?") ==
        Words{"Paris", "France", "Texas"});
}
