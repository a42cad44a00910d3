#pragma once
// The on-disk full-text index of terms (classes and properties from VoID descriptions, with
// their labels) and of example queries, ranked by SQLite FTS5's BM25 (docs/search.md says why
// FTS5). One file in the cache folder, shared by every instance that uses that folder: SQLite's
// WAL mode lets readers go on while one instance rewrites a source, and each source (an
// endpoint's terms, its examples, a file of examples) is replaced whole in one transaction when
// its fingerprint (what it was built from) changes, so a reader sees the old rows or the new
// ones. Thread-safe: one connection behind a mutex.

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "sparqlmcp/assist/sqlite.hpp"

namespace sparqlmcp::assist {

enum class TermKind { Class, Property };
std::string_view term_kind_name(TermKind kind);  // "class", "property"

struct IndexedTerm {
  TermKind kind = TermKind::Class;
  std::string iri;
  std::string label;    // the preferred label (English or untagged first); may be empty
  std::string labels;   // every label, in any language, space-separated: searched, not shown
  std::string comment;  // rdfs:comment or a definition; may be empty
  // Words of the terms it goes with in the description: for a class, the properties its
  // instances use. A question names a class by what its instances have ("the horsepower of
  // cars") as often as by its name. Properties have none: with their classes' words, every
  // property of a class the text names would match it as well as the one the text asks for.
  std::string related;
  std::optional<std::uint64_t> count;  // instances of a class, triples of a property
};

// Which properties the instances of a class use (VoID class partitions): what `of` reads.
struct ClassProperty {
  std::string class_iri;
  std::string property;
  std::optional<std::uint64_t> triples;
  // Classes of the values (VoID object class partitions): the class it links to.
  std::vector<std::string> object_classes;
};

// A property that links instances of one class to instances of another (or of the same).
struct ClassLink {
  std::string class_iri;
  std::string property;
  std::string object_class;
  std::string source;
  std::optional<std::uint64_t> triples;
};

// A property the instances of a class use at one source.
struct PropertyUse {
  std::string property;
  std::string source;
  std::optional<std::uint64_t> triples;
};

// Everything indexed for one endpoint, replacing what was there.
struct TermSource {
  std::string id;           // the catalogue id
  std::string fingerprint;  // what the rows were built from; another one rebuilds them
  std::vector<IndexedTerm> terms;
  std::vector<ClassProperty> class_properties;
};

struct TermQuery {
  std::string text;
  std::vector<std::string> sources;     // catalogue ids; empty: every source
  std::optional<TermKind> kind;         // empty: both
  std::optional<std::string> of_class;  // properties used on instances of this class
  std::size_t limit = 10;
  // Words related in meaning to the text's (lexicon.hpp), looked for beside them.
  std::vector<std::string> related;
};

struct TermHit {
  TermKind kind = TermKind::Class;
  std::string iri;
  std::string label;
  std::string comment;
  std::string source;
  std::optional<std::uint64_t> count;
  double score = 0;  // higher is better
};

// An example query: a question in words and the SPARQL that answers it.
struct Example {
  std::string question;
  std::string query;                   // with the PREFIX declarations it needs
  std::vector<std::string> endpoints;  // endpoint IRIs it targets (schema:target)
  std::string origin;                  // where it came from: an endpoint IRI, a file, "learned"
  std::string iri;                     // the example's own IRI, when it has one
  std::string term_words;              // words of the terms its query uses (labels, local names)
  std::vector<std::string> iris;       // the terms its query uses (not stored in the index)
};

struct ExampleQuery {
  std::string text;
  std::vector<std::string> sources;  // example sources; empty: every source
  std::size_t limit = 5;
};

struct ExampleHit {
  Example example;
  std::string source;
  double score = 0;
};

class TermIndex {
 public:
  // Opens or creates the index file (":memory:" for one that lives in this process). Throws
  // Exception when the file cannot be opened or is not an index of this version (then it is
  // rebuilt: a file of an older version is emptied, never misread).
  explicit TermIndex(const std::filesystem::path& file);
  ~TermIndex();

  // What a source was last built from, or nothing when it is not in the index.
  std::optional<std::string> fingerprint(const std::string& source);
  // Replaces the terms of `source.id`, unless the index already holds that fingerprint (another
  // instance sharing the file built it first).
  void replace(const TermSource& source);
  std::vector<TermHit> search(const TermQuery& query);
  // Whether a description among `sources` (every one when empty) lists the properties of
  // class `iri`.
  bool has_class_properties(const std::string& iri, const std::vector<std::string>& sources);
  // The classes whose instances use `property` in a description among `sources` (every one
  // when empty), the most used first.
  std::vector<std::string> classes_using(const std::string& property,
                                         const std::vector<std::string>& sources);
  // The properties the instances of `class_iri` use in a description among `sources` (every
  // one when empty), the most used first.
  std::vector<PropertyUse> properties_of_class(const std::string& class_iri,
                                               const std::vector<std::string>& sources);
  // The properties linking two of `classes` (in either direction, or a class to itself),
  // among `sources` (every one when empty).
  std::vector<ClassLink> links_among(const std::vector<std::string>& classes,
                                     const std::vector<std::string>& sources);

  // The same for examples: each source is a set of examples replaced whole.
  std::optional<std::string> example_fingerprint(const std::string& source);
  void replace_examples(const std::string& source, const std::string& fingerprint,
                        const std::vector<Example>& examples);
  // Adds one example to `source` (learned examples grow one at a time); an example with the
  // same query and question is not added twice.
  void add_example(const std::string& source, const Example& example);
  std::vector<ExampleHit> search_examples(const ExampleQuery& query);
  std::size_t example_count(const std::vector<std::string>& sources);
  // The query texts of the examples of `source`, in the order they were added.
  std::vector<std::string> example_queries(const std::string& source);
  // Grows whenever this process changes the examples (replace_examples, add_example), so that
  // what was built from them is known to be current without reading the file; another
  // instance's changes show only in the fingerprints.
  std::uint64_t examples_generation() const {
    return examples_generation_.load(std::memory_order_acquire);
  }
  // The labels the index holds for `iris` (any endpoint's; the first found), IRI -> label.
  std::map<std::string, std::string> labels_of(const std::vector<std::string>& iris);

  const std::string& file() const { return db_.name(); }

 private:
  std::mutex mutex_;
  Database db_;
  std::atomic<std::uint64_t> examples_generation_{0};
};

// How much use counts against a text match: a factor of 1.03 per power of ten, so that it
// orders matches alike (a term used a million times before one used twice) and never lifts one
// above a clearly better match.
double usage_factor(std::optional<std::uint64_t> count);

// The FTS5 query for free text: its words (assist/words.hpp), each as itself and, with
// `prefixes`, a word of four letters or more also as a prefix, all joined with OR. With
// `compounds` (the names of terms), also each two adjacent words of three letters or more
// joined as one and shortened ("fname"), the initials of three ("mpg"), and less the function
// words unless the text has no other. Empty when the text has no word.
std::string fts_query(std::string_view text, bool prefixes = true, bool compounds = false);

}  // namespace sparqlmcp::assist
