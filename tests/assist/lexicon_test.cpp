#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>

#include "sparqlmcp/assist/lexicon.hpp"

using namespace sparqlmcp::assist;

namespace {

// Debian's wordnet-base, which scripts/install-deps.sh installs.
const std::filesystem::path kWordNet = "/usr/share/wordnet";

bool has(const std::vector<std::string>& words, const std::string& word) {
  return std::find(words.begin(), words.end(), word) != words.end();
}

}  // namespace

TEST_CASE("WordNet gives the words related to a word's commonest sense", "[assist]") {
  Lexicon lexicon(kWordNet);
  REQUIRE(lexicon.available());
  CHECK(has(lexicon.related("youngest"), "age"));    // superlative -> young -> attribute
  CHECK(has(lexicon.related("heavier"), "weight"));  // comparative -> heavy -> attribute
  CHECK(has(lexicon.related("tallest"), "height"));
  CHECK(has(lexicon.related("nation"), "country"));   // a synonym
  CHECK(has(lexicon.related("cars"), "automobile"));  // plural -> noun synonym
  CHECK(has(lexicon.related("spoke"), "speech"));     // irregular past -> derivation
  CHECK(lexicon.related("french").empty());  // its commonest use is the language: no synonym
  // Not the word itself, nor its forms (its stem finds those), nor phrases.
  const std::vector<std::string> young = lexicon.related("youngest");
  CHECK_FALSE(has(young, "young"));
  CHECK_FALSE(has(young, "youngest"));
  for (const std::string& word : lexicon.related("car"))
    CHECK(word.find('_') == std::string::npos);
  CHECK(lexicon.related("qwxzv").empty());
  CHECK(lexicon.related("").empty());
  CHECK(lexicon.related("the").size() <= Lexicon::kMostRelated);
}

TEST_CASE("without the database every word has no related words", "[assist]") {
  Lexicon none("");
  CHECK_FALSE(none.available());
  CHECK(none.related("nation").empty());
  Lexicon missing("/nonexistent/wordnet");
  CHECK_FALSE(missing.available());
  CHECK(missing.related("nation").empty());
}
