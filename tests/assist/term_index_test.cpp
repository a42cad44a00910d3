#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>

#include "sparqlmcp/assist/term_index.hpp"

using namespace sparqlmcp::assist;

namespace {

IndexedTerm term(TermKind kind, std::string iri, std::optional<std::uint64_t> count,
                 std::string label = {}, std::string comment = {}) {
  IndexedTerm t;
  t.kind = kind;
  t.iri = std::move(iri);
  t.count = count;
  t.label = std::move(label);
  t.comment = std::move(comment);
  return t;
}

// A fixed corpus: two endpoints sharing a vocabulary, labels in English and French.
TermSource music() {
  TermSource s;
  s.id = "music";
  s.fingerprint = "v1";
  const std::string v = "http://example.org/vocab#";
  s.terms = {term(TermKind::Class, v + "Singer", 500, "singer"),
             term(TermKind::Class, v + "Song", 20000, "song"),
             term(TermKind::Class, v + "Concert", 40, "Concert", "A live performance by singers"),
             term(TermKind::Property, v + "birthPlace", 480, "lieu de naissance"),
             term(TermKind::Property, v + "birthDate", 490),
             term(TermKind::Property, v + "country", 900),
             term(TermKind::Property, v + "countryCode", 2),
             term(TermKind::Property, "http://example.org/stadium#capacity", 30)};
  s.terms.push_back(term(TermKind::Property, v + "performer", 60));
  s.class_properties = {{v + "Singer", v + "birthPlace", 480, {}},
                        {v + "Singer", v + "country", 500, {}},
                        {v + "Concert", "http://example.org/stadium#capacity", 30, {}},
                        {v + "Concert", v + "performer", 60, {v + "Singer"}}};
  return s;
}

TermSource geo() {
  TermSource s;
  s.id = "geo";
  s.fingerprint = "g1";
  const std::string v = "http://example.org/vocab#";
  s.terms = {term(TermKind::Class, v + "Country", 200, "country"),
             term(TermKind::Property, v + "country", 5000)};
  return s;
}

std::vector<std::string> iris(const std::vector<TermHit>& hits) {
  std::vector<std::string> out;
  for (const TermHit& h : hits)
    out.push_back(h.iri.substr(h.iri.find_last_of("#/") + 1));
  return out;
}

}  // namespace

TEST_CASE("terms are found by their labels and the words of their IRIs, best first", "[assist]") {
  TermIndex index(":memory:");
  index.replace(music());
  index.replace(geo());

  TermQuery q;
  q.text = "singers";
  q.kind = TermKind::Class;
  CHECK(iris(index.search(q)).front() == "Singer");  // stemmed: singers -> singer

  q.text = "place of birth";
  q.kind = TermKind::Property;
  CHECK(iris(index.search(q)).front() == "birthPlace");

  q.text = "naissance";  // the French label
  CHECK(iris(index.search(q)) == std::vector<std::string>{"birthPlace"});

  q.text = "stadium capacity";  // the path before the local name counts
  CHECK(iris(index.search(q)).front() == "capacity");
}

TEST_CASE("a word is found inside a name written without separators", "[assist]") {
  TermIndex index(":memory:");
  TermSource s;
  s.id = "world";
  s.fingerprint = "1";
  s.terms = {term(TermKind::Property, "http://x/countrylanguage#isofficial", 10),
             term(TermKind::Property, "http://x/country#lifeexpectancy", 10),
             term(TermKind::Property, "http://x/country#name", 10)};
  index.replace(s);
  TermQuery q;
  q.text = "official languages";
  q.kind = TermKind::Property;
  CHECK(iris(index.search(q)).front() == "isofficial");
  q.text = "average life expectancy";
  CHECK(iris(index.search(q)).front() == "lifeexpectancy");
}

TEST_CASE("usage breaks ties, and one term of several endpoints is one hit", "[assist]") {
  TermIndex index(":memory:");
  index.replace(music());
  index.replace(geo());
  TermQuery q;
  q.text = "country";
  q.kind = TermKind::Property;
  const auto hits = index.search(q);
  REQUIRE(hits.size() == 2);
  CHECK(iris(hits) == std::vector<std::string>{"country", "countryCode"});
  CHECK(hits[0].count == 5900u);   // both endpoints' uses
  CHECK(hits[0].source == "geo");  // named after the endpoint that uses it most

  q.sources = {"music"};
  CHECK(index.search(q)[0].count == 900u);
  q.of_class = "http://example.org/vocab#Singer";
  CHECK(iris(index.search(q)) == std::vector<std::string>{"country"});
  CHECK(index.has_class_properties("http://example.org/vocab#Singer", {}));
  CHECK_FALSE(index.has_class_properties("http://example.org/vocab#Song", {}));
}

TEST_CASE("the properties linking two classes are found in either direction", "[assist]") {
  TermIndex index(":memory:");
  index.replace(music());
  index.replace(geo());
  const std::string v = "http://example.org/vocab#";
  const auto links = index.links_among({v + "Singer", v + "Concert"}, {});
  REQUIRE(links.size() == 1);
  CHECK(links[0].property == v + "performer");
  CHECK(links[0].class_iri == v + "Concert");
  CHECK(links[0].object_class == v + "Singer");
  CHECK(links[0].source == "music");
  CHECK(links[0].triples == 60u);
  CHECK(index.links_among({v + "Singer", v + "Song"}, {}).empty());
  CHECK(index.links_among({v + "Singer", v + "Concert"}, {"geo"}).empty());
}

TEST_CASE("the classes using a property are found, the most used first", "[assist]") {
  TermIndex index(":memory:");
  TermSource s = music();
  const std::string v = "http://example.org/vocab#";
  s.class_properties.push_back({v + "Concert", v + "country", 2000, {}});
  index.replace(s);
  index.replace(geo());
  CHECK(index.classes_using(v + "country", {}) ==
        std::vector<std::string>{v + "Concert", v + "Singer"});
  CHECK(index.classes_using(v + "country", {"geo"}).empty());
  CHECK(index.classes_using(v + "birthPlace", {"music"}) == std::vector<std::string>{v + "Singer"});
}

TEST_CASE(
    "a source is rebuilt only when what it was built from changes, also by another "
    "instance sharing the file",
    "[assist]") {
  const auto folder = std::filesystem::temp_directory_path() / "sparqlmcp-term-index-test";
  std::filesystem::remove_all(folder);
  const auto file = folder / "search-index.sqlite";
  TermIndex first(file);
  TermIndex second(file);
  first.replace(music());
  CHECK(second.fingerprint("music") == "v1");
  TermQuery q;
  q.text = "song";
  CHECK(iris(second.search(q)) == std::vector<std::string>{"Song"});

  TermSource changed = music();
  changed.fingerprint = "v2";
  changed.terms.resize(1);  // only Singer is left
  second.replace(changed);
  CHECK(first.search(q).empty());
  CHECK(first.fingerprint("music") == "v2");
  std::filesystem::remove_all(folder);
}

TEST_CASE("examples are ranked by their questions first", "[assist]") {
  TermIndex index(":memory:");
  std::vector<Example> examples(3);
  examples[0].question = "How many singers do we have?";
  examples[0].query = "SELECT (COUNT(*) AS ?n) WHERE { ?s a <http://x/singer> }";
  examples[1].question = "List the names of all songs";
  examples[1].query = "SELECT ?n WHERE { ?s a <http://x/song> ; <http://x/name> ?n }";
  examples[2].question = "Which stadium has the largest capacity?";
  examples[2].query = "SELECT ?s WHERE { ?s <http://x/capacity> ?c } ORDER BY DESC(?c) LIMIT 1";
  index.replace_examples("file:a", "1", examples);
  ExampleQuery q;
  q.text = "What is the total number of singers?";
  auto hits = index.search_examples(q);
  REQUIRE_FALSE(hits.empty());
  CHECK(hits[0].example.question == examples[0].question);
  q.text = "stadium with the biggest capacity";
  CHECK(index.search_examples(q)[0].example.question == examples[2].question);
  CHECK(index.example_count({}) == 3);
  index.add_example("learned:a", examples[1]);
  index.add_example("learned:a", examples[1]);  // not twice
  CHECK(index.example_count({"learned:a"}) == 1);
}

TEST_CASE("the FTS query quotes words and adds prefixes of longer ones", "[assist]") {
  CHECK(fts_query("birth place") == "\"birth\" OR \"birth\"* OR \"place\" OR \"place\"*");
  CHECK(fts_query("a \"b\" OR") == "\"a\" OR \"b\" OR \"or\"");
  CHECK(fts_query("?!").empty());
  CHECK(fts_query("life expectancy", false, true) ==
        "\"expectancy\" OR \"lexpectancy\" OR \"life\" OR \"lifeexpectancy\"");
  CHECK(fts_query("x y", false, true) == "\"x\" OR \"y\"");  // too short to join
  // Function words go from the names' query, unless they are all there is.
  CHECK(fts_query("the name of a singer", false, true) == "\"name\" OR \"singer\"");
  CHECK(fts_query("what is this", false, true) == "\"is\" OR \"this\" OR \"what\"");
  CHECK(fts_query("date of birth", false, true) == "\"birth\" OR \"date\" OR \"dob\"");
  // Shortened: the first letter of the first word, the initials of three.
  CHECK(fts_query("miles per gallon", false, true) ==
        "\"gallon\" OR \"miles\" OR \"milesper\" OR \"mper\" OR \"mpg\" OR \"per\" OR "
        "\"pergallon\" OR \"pgallon\"");
}

TEST_CASE("a name shortened from the text's words is found", "[assist]") {
  TermIndex index(":memory:");
  TermSource s;
  s.id = "people";
  s.fingerprint = "1";
  s.terms = {term(TermKind::Property, "http://x/student#fname", 10),
             term(TermKind::Property, "http://x/student#major", 10),
             term(TermKind::Property, "http://x/car#mpg", 10),
             term(TermKind::Property, "http://x/car#miles", 10)};
  index.replace(s);
  TermQuery q;
  q.kind = TermKind::Property;
  q.text = "the first name of every student";
  CHECK(iris(index.search(q)).front() == "fname");
  q.text = "the cars with the best miles per gallon";
  std::vector<std::string> found = iris(index.search(q));
  std::sort(found.begin(), found.end());
  CHECK(found == std::vector<std::string>{"miles", "mpg"});
}
