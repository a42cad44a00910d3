#include <catch2/catch.hpp>

#include "sparqlmcp/assist/words.hpp"

using namespace sparqlmcp::assist;
using Words = std::vector<std::string>;

TEST_CASE("identifiers split into the words a person would read", "[assist]") {
  CHECK(identifier_words("birthPlace") == Words{"birth", "place"});
  CHECK(identifier_words("date_of_birth2") == Words{"date", "of", "birth", "2"});
  CHECK(identifier_words("HTTPServer") == Words{"http", "server"});
  CHECK(identifier_words("ISBN13code") == Words{"isbn", "13", "code"});
  CHECK(identifier_words("has-part%20of") == Words{"has", "part", "of"});
  CHECK(identifier_words("Straße") == Words{"straße"});
  CHECK(identifier_words("") == Words{});
}

TEST_CASE("an IRI gives its local name and the path just before it", "[assist]") {
  CHECK(local_name("http://valuenet/ontop/singer#name") == "name");
  CHECK(local_name("http://example.org/vocab/") == "vocab");
  CHECK(namespace_of("http://schema.org/birthDate") == "http://schema.org/");
  CHECK(iri_words("http://schema.org/birthDate") == Words{"birth", "date"});
  CHECK(iri_context_words("http://valuenet/ontop/singer#name") == Words{"ontop", "singer"});
  CHECK(iri_context_words("http://example.org/x") == Words{});
  CHECK(iri_context_words("urn:isbn:123") == Words{"isbn"});
}

TEST_CASE("function words are told from content words", "[assist]") {
  for (const char* word : {"the", "of", "a", "which", "between", "yourselves", "i"})
    CHECK(is_function_word(word));
  for (const char* word : {"name", "year", "release", "ofx", "", "The"})
    CHECK_FALSE(is_function_word(word));
}
