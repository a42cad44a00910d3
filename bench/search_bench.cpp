// search_bench [classes] [properties] [examples] [queries]: the cost of the term and example
// index (assist/term_index.hpp) at the sizes issue 24 names: 10,000 classes and 100,000
// properties of one endpoint, 10,000 examples (defaults). Terms have IRIs of one to three words
// from a lexicon of 3,000 made-up words, counts spread over six orders of magnitude, and ten
// properties per class (VoID class partitions); examples have questions of six to twelve words
// and a query naming three terms. It prints:
//   read        parsing the description's VoID Turtle (what the VoID cache does on a miss)
//   build       making its index rows and writing them into a new on-disk index, and the ratio
//               build / read (the goal: at most 2)
//   search      the server time of a term search (kinds class, property and any in turn) and of
//               an example search, median and 95th percentile over `queries` random texts of
//               one to four lexicon words (the goal: at most 10 ms at the 95th percentile)
//   size        the index file on disk, and the process's resident memory before and after
//   wordnet     reading the WordNet database and looking up the related words of a new word
// Run: build/release/tests/assist/search_bench

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "sparqlmcp/assist/description_terms.hpp"
#include "sparqlmcp/assist/lexicon.hpp"
#include "sparqlmcp/assist/term_index.hpp"
#include "sparqlmcp/void/turtle.hpp"

using namespace sparqlmcp;
using Clock = std::chrono::steady_clock;

namespace {

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

long resident_kib() {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line))
    if (line.rfind("VmRSS:", 0) == 0) return std::stol(line.substr(6));
  return 0;
}

std::vector<std::string> lexicon(std::mt19937& rng, std::size_t n) {
  static const char* kSyllables[] = {"ka", "lo",  "mi",  "ne",  "ra",  "to", "su",
                                     "vi", "de",  "po",  "an",  "er",  "in", "ol",
                                     "ur", "sta", "bri", "gen", "mor", "tal"};
  std::uniform_int_distribution<int> syllable(0, 19), length(2, 4);
  std::vector<std::string> words;
  while (words.size() < n) {
    std::string word;
    for (int i = length(rng); i > 0; --i)
      word += kSyllables[syllable(rng)];
    if (std::find(words.begin(), words.end(), word) == words.end()) words.push_back(word);
  }
  return words;
}

std::string camel(const std::vector<std::string>& words, bool capital) {
  std::string out;
  for (std::size_t i = 0; i < words.size(); ++i) {
    std::string w = words[i];
    if (i > 0 || capital) w[0] = static_cast<char>(w[0] - 'a' + 'A');
    out += w;
  }
  return out;
}

struct Percentiles {
  double median, p95;
};

Percentiles percentiles(std::vector<double> times) {
  std::sort(times.begin(), times.end());
  return {times[times.size() / 2], times[times.size() * 95 / 100]};
}

}  // namespace

int main(int argc, char** argv) {
  const std::size_t classes = argc > 1 ? std::stoul(argv[1]) : 10000;
  const std::size_t properties = argc > 2 ? std::stoul(argv[2]) : 100000;
  const std::size_t examples = argc > 3 ? std::stoul(argv[3]) : 10000;
  const std::size_t queries = argc > 4 ? std::stoul(argv[4]) : 1000;
  std::mt19937 rng(7);
  const std::vector<std::string> words = lexicon(rng, 3000);
  std::uniform_int_distribution<std::size_t> pick(0, words.size() - 1);
  std::uniform_int_distribution<int> few(1, 3), magnitude(0, 6);
  auto some_words = [&](int n) {
    std::vector<std::string> out;
    for (int i = 0; i < n; ++i)
      out.push_back(words[pick(rng)]);
    return out;
  };
  auto count = [&] {
    std::uint64_t n = 1;
    for (int i = magnitude(rng); i > 0; --i)
      n *= 10;
    return n + pick(rng) % n;
  };

  void_::Description description;
  description.endpoint = "http://bench.example/sparql";
  description.id = "bench";
  for (std::size_t i = 0; i < properties; ++i)
    description.properties.push_back(
        {"http://bench.example/vocab/" + camel(some_words(few(rng)), false) + std::to_string(i),
         count(), std::nullopt, std::nullopt});
  std::uniform_int_distribution<std::size_t> any_property(0, properties - 1);
  for (std::size_t i = 0; i < classes; ++i) {
    void_::ClassPartition c;
    c.class_iri =
        "http://bench.example/vocab/" + camel(some_words(few(rng)), true) + std::to_string(i);
    c.entities = count();
    c.properties_known = true;
    for (int k = 0; k < 10; ++k) {
      void_::ClassProperty use;
      use.property = description.properties[any_property(rng)].property;
      use.triples = count();
      c.properties.push_back(use);
    }
    description.classes.push_back(std::move(c));
  }
  description.sort();
  const std::string turtle = void_::write_turtle(description);

  auto started = Clock::now();
  const auto read = void_::read_void_turtle(turtle, description.endpoint, "bench");
  const double read_ms = ms_since(started);
  if (!read) {
    std::fprintf(stderr, "the written description did not read back\n");
    return 1;
  }

  const auto folder = std::filesystem::temp_directory_path() / "sparqlmcp-search-bench";
  std::filesystem::remove_all(folder);
  const long rss_before = resident_kib();
  assist::TermIndex index(folder / "search-index.sqlite");
  started = Clock::now();
  const assist::TermSource rows = assist::term_source("bench", "1", *read);
  const double rows_ms = ms_since(started);
  index.replace(rows);
  const double build_ms = ms_since(started);

  std::vector<assist::Example> made(examples);
  for (std::size_t i = 0; i < examples; ++i) {
    std::vector<std::string> question = some_words(6 + static_cast<int>(pick(rng) % 7));
    made[i].question = camel(question, true);  // words joined: split again by the index
    for (auto& w : question)
      made[i].question += " " + w;
    made[i].query = "SELECT ?x WHERE { ?x a <" + description.classes[i % classes].class_iri +
                    "> ; <" + description.properties[any_property(rng)].property + "> ?y }";
    made[i].term_words = camel(some_words(3), false);
    made[i].endpoints = {description.endpoint};
    made[i].origin = "bench";
  }
  started = Clock::now();
  index.replace_examples("bench", "1", made);
  const double examples_build_ms = ms_since(started);

  std::vector<double> term_times, example_times;
  std::uniform_int_distribution<int> text_words(1, 4);
  std::size_t hits = 0;
  for (std::size_t q = 0; q < queries; ++q) {
    std::string text;
    for (const std::string& w : some_words(text_words(rng)))
      text += w + " ";
    assist::TermQuery query;
    query.text = text;
    if (q % 3 == 0) query.kind = assist::TermKind::Class;
    if (q % 3 == 1) query.kind = assist::TermKind::Property;
    // What search_terms adds for a property search: the words WordNet relates to the text's,
    // here six words of the index, so that their query finds terms as a real one does.
    if (q % 3 != 0) query.related = some_words(6);
    started = Clock::now();
    hits += index.search(query).size();
    term_times.push_back(ms_since(started));
    assist::ExampleQuery eq;
    eq.text = text;
    started = Clock::now();
    hits += index.search_examples(eq).size();
    example_times.push_back(ms_since(started));
  }
  const long rss_after = resident_kib();

  // The WordNet look-ups of search_terms' related words (lexicon.hpp): the first reads the
  // database, later ones of a new word read a synset or two; answers are kept.
  static const char* kEnglish[] = {
      "youngest",  "nation",  "cars",      "issued",   "tallest",  "heavier",  "spoke",
      "country",   "singer",  "album",     "song",     "city",     "capital",  "river",
      "mountain",  "born",    "died",      "wife",     "husband",  "children", "author",
      "books",     "written", "published", "language", "spoken",   "official", "largest",
      "smallest",  "oldest",  "newest",    "price",    "cost",     "paid",     "salary",
      "employees", "company", "founded",   "located",  "students", "teachers", "courses",
      "grade",     "weight",  "height",    "age",      "name",     "title"};
  assist::Lexicon lexicon("/usr/share/wordnet");
  started = Clock::now();
  const bool wordnet = lexicon.available();
  const double wordnet_load_ms = ms_since(started);
  std::vector<double> lookup_times;
  std::size_t related = 0;
  for (const char* word : kEnglish) {
    started = Clock::now();
    related += lexicon.related(word).size();
    lookup_times.push_back(ms_since(started));
  }
  std::uintmax_t wordnet_index_bytes = 0;  // what the lexicon holds in memory
  for (const char* pos : {"noun", "verb", "adj", "adv"})
    if (std::filesystem::exists(std::string("/usr/share/wordnet/index.") + pos))
      wordnet_index_bytes +=
          std::filesystem::file_size(std::string("/usr/share/wordnet/index.") + pos);
  std::string files;
  std::uintmax_t bytes = 0;
  for (const auto& entry : std::filesystem::directory_iterator(folder)) {
    bytes += entry.file_size();
    files += " " + entry.path().filename().string() + " " +
             std::to_string(entry.file_size() / 100000 / 10.0).substr(0, 5) + " MB;";
  }

  const Percentiles terms = percentiles(term_times), found = percentiles(example_times);
  std::printf(
      "description: %zu classes, %zu properties, %zu class-property pairs; %.1f MB of Turtle\n",
      classes, properties, classes * 10, turtle.size() / 1e6);
  std::printf("read       %8.0f ms (parsing the VoID Turtle)\n", read_ms);
  std::printf(
      "build      %8.0f ms (index rows of the description, written to disk): %.2fx read"
      " (rows %.0f ms, writing %.0f ms)\n",
      build_ms, build_ms / read_ms, rows_ms, build_ms - rows_ms);
  std::printf("examples   %8.0f ms to index %zu examples\n", examples_build_ms, examples);
  std::printf(
      "search     terms median %.2f ms, p95 %.2f ms; examples median %.2f ms, p95 %.2f ms"
      " (%zu queries, %zu hits)\n",
      terms.median, terms.p95, found.median, found.p95, queries, hits);
  std::printf(
      "size       %.1f MB on disk (%s); resident memory %.1f MB before the index, %.1f MB "
      "after\n",
      bytes / 1e6, files.c_str(), rss_before / 1024.0, rss_after / 1024.0);
  if (wordnet) {
    const Percentiles lookups = percentiles(lookup_times);
    std::printf(
        "wordnet    %.0f ms to read the database (its %.1f MB of index files kept in memory); "
        "a new word's related words: median %.3f ms, p95 %.3f ms (%zu words, %zu related)\n",
        wordnet_load_ms, wordnet_index_bytes / 1e6, lookups.median, lookups.p95,
        lookup_times.size(), related);
  } else {
    std::printf("wordnet    not in /usr/share/wordnet: not measured\n");
  }
  std::filesystem::remove_all(folder);
  return 0;
}
