#pragma once
// Words related in meaning to an English word, from the WordNet 3.0 database (Debian's
// wordnet-base puts it in /usr/share/wordnet): a question says "the youngest teacher", the
// property is `age`; "nation", the property is `country`. Term search looks for them beside the
// text's own words, at a fraction of their weight (term_index.hpp, TermQuery::related).
//
// Only what WordNet says of a word's commonest use is taken: the part of speech whose senses
// are tagged most often in its corpus, its first (most frequent) sense, the one-word synonyms
// of that sense, and the words that pointers of three kinds lead to: attribute ("young" ->
// age), derivation ("weigh" -> weight) and pertainym ("French" -> France). Inflected forms are
// reduced first as WordNet's own morphy does: its exception lists, then its suffix rules.

#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

namespace sparqlmcp::assist {

class Lexicon {
 public:
  // The database in `dir` (index.noun, data.noun, noun.exc and the same for verb, adj, adv),
  // read on first use. Without it, or with `dir` empty, every word has no related words; the
  // first use logs that once.
  explicit Lexicon(std::filesystem::path dir);
  ~Lexicon();
  Lexicon(const Lexicon&) = delete;
  Lexicon& operator=(const Lexicon&) = delete;

  // The words related to `word` (lower-case letters), without `word` itself and its
  // inflections, at most kMostRelated of them, each a single word. Empty for a word WordNet
  // does not know. Thread-safe; answers are kept.
  std::vector<std::string> related(std::string_view word);

  // Whether the database could be read (reads it if not yet done).
  bool available();

  static constexpr std::size_t kMostRelated = 24;

 private:
  struct Database;
  Database* database();

  std::filesystem::path dir_;
  std::mutex mutex_;
  bool loaded_ = false;
  std::unique_ptr<Database> database_;
  std::map<std::string, std::vector<std::string>, std::less<>> answers_;
};

}  // namespace sparqlmcp::assist
