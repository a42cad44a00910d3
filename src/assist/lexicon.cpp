#include "sparqlmcp/assist/lexicon.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <fstream>
#include <optional>
#include <set>
#include <sstream>

#include "sparqlmcp/util/error.hpp"
#include "sparqlmcp/util/files.hpp"
#include "sparqlmcp/util/text.hpp"

namespace sparqlmcp::assist {
namespace {

// WordNet's four parts of speech, in the order ties between them are broken.
enum Pos { Noun, Verb, Adjective, Adverb, kPosCount };
constexpr std::array<const char*, kPosCount> kPosNames = {"noun", "verb", "adj", "adv"};

// morphy's suffix rules (WordNet's morph.c): an inflected form ends with the first, its base
// form with the second.
struct Detachment {
  std::string_view suffix;
  std::string_view ending;
};
constexpr std::array<Detachment, 8> kNounRules = {{{"s", ""},
                                                   {"ses", "s"},
                                                   {"xes", "x"},
                                                   {"zes", "z"},
                                                   {"ches", "ch"},
                                                   {"shes", "sh"},
                                                   {"men", "man"},
                                                   {"ies", "y"}}};
constexpr std::array<Detachment, 8> kVerbRules = {{{"s", ""},
                                                   {"ies", "y"},
                                                   {"es", "e"},
                                                   {"es", ""},
                                                   {"ed", "e"},
                                                   {"ed", ""},
                                                   {"ing", "e"},
                                                   {"ing", ""}}};
constexpr std::array<Detachment, 4> kAdjectiveRules = {
    {{"er", ""}, {"est", ""}, {"er", "e"}, {"est", "e"}}};

// Pointer symbols followed: attribute, derivationally related form, pertainym.
bool followed(std::string_view symbol) {
  return symbol == "=" || symbol == "+" || symbol == "\\";
}

Pos pos_of_letter(char c) {
  switch (c) {
    case 'n':
      return Noun;
    case 'v':
      return Verb;
    case 'r':
      return Adverb;
    default:  // 'a' and the adjective satellites, 's'
      return Adjective;
  }
}

std::vector<std::string_view> fields(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t at = 0;
  while (at < line.size()) {
    const std::size_t end = std::min(line.find(' ', at), line.size());
    if (end > at) out.push_back(line.substr(at, end - at));
    at = end + 1;
  }
  return out;
}

// A number of the database's files (decimal counts and offsets, hexadecimal word counts and
// word numbers); 0 when malformed.
std::uint64_t number(std::string_view text, int base = 10) {
  std::uint64_t value = 0;
  std::from_chars(text.data(), text.data() + text.size(), value, base);
  return value;
}

// A synset word as the index spells it: lower case, an adjective's marker ("(a)") dropped.
std::string lemma_of(std::string_view word) {
  return util::ascii_lowercase(word.substr(0, word.find('(')));
}

bool one_plain_word(std::string_view word) {
  return word.size() >= 3 && std::all_of(word.begin(), word.end(),
                                         [](unsigned char c) { return c >= 'a' && c <= 'z'; });
}

// What an index line says of a lemma:
// lemma pos synset_cnt p_cnt [ptr_symbol...] sense_cnt tagsense_cnt synset_offset...
struct IndexEntry {
  std::uint64_t tagged = 0;       // senses tagged in WordNet's corpus: how common the use is
  std::uint64_t first_sense = 0;  // the offset of its commonest sense's synset
};

std::optional<IndexEntry> parse_index_line(std::string_view line) {
  const std::vector<std::string_view> f = fields(line);
  if (f.size() < 4) return std::nullopt;
  const std::uint64_t pointers = number(f[3]);
  if (f.size() < 7 + pointers) return std::nullopt;
  return IndexEntry{number(f[5 + pointers]), number(f[6 + pointers])};
}

struct Pointer {
  std::string symbol;
  std::uint64_t offset = 0;
  Pos pos = Noun;
  std::size_t source = 0;  // the word it leaves from (1-based), 0 for the whole synset
  std::size_t target = 0;  // the word it leads to (1-based), 0 for the whole synset
};

// A data line:
// synset_offset lex_filenum ss_type w_cnt word lex_id [word lex_id...] p_cnt [ptr...] | gloss
struct Synset {
  std::vector<std::string> words;  // lemmas, in the synset's order
  std::vector<Pointer> pointers;
};

Synset parse_synset(std::string_view line) {
  const std::vector<std::string_view> f = fields(line.substr(0, line.find(" | ")));
  Synset synset;
  if (f.size() < 4) return synset;
  const std::uint64_t words = number(f[3], 16);
  std::size_t at = 4;
  for (std::uint64_t i = 0; i < words && at + 1 < f.size(); ++i, at += 2)
    synset.words.push_back(lemma_of(f[at]));
  const std::uint64_t pointers = at < f.size() ? number(f[at]) : 0;
  for (std::uint64_t i = 0, p = at + 1; i < pointers && p + 3 < f.size(); ++i, p += 4) {
    const std::string_view ends = f[p + 3];  // source and target word, two hex digits each
    synset.pointers.push_back({std::string(f[p]), number(f[p + 1]),
                               pos_of_letter(f[p + 2].empty() ? 'n' : f[p + 2][0]),
                               number(ends.substr(0, 2), 16), number(ends.substr(2), 16)});
  }
  return synset;
}

}  // namespace

struct Lexicon::Database {
  std::array<std::string, kPosCount> index;   // index.<pos>, whole: sorted lines, searched
  std::array<std::ifstream, kPosCount> data;  // data.<pos>, read at a synset's byte offset
  std::array<std::map<std::string, std::vector<std::string>, std::less<>>, kPosCount> exceptions;

  // The index line of `lemma`, or empty.
  std::string_view index_line(Pos pos, std::string_view lemma) const {
    const std::string& text = index[pos];
    std::size_t low = 0, high = text.size();
    while (low < high) {
      // The line holding `middle`: `low` always begins a line, so it begins at `low` or later.
      const std::size_t middle = low + (high - low) / 2;
      const std::size_t before = middle == 0 ? std::string::npos : text.rfind('\n', middle - 1);
      const std::size_t start = before == std::string::npos ? 0 : before + 1;
      std::size_t end = text.find('\n', start);
      if (end == std::string::npos) end = text.size();
      const std::string_view line(text.data() + start, end - start);
      const std::string_view key = line.substr(0, line.find(' '));
      // The licence lines at the top begin with spaces: they sort before every lemma.
      const int order = line.empty() || line[0] == ' ' ? -1 : key.compare(lemma);
      if (order == 0) return line;
      if (order < 0)
        low = end + 1;
      else
        high = start;
    }
    return {};
  }

  Synset synset(Pos pos, std::uint64_t offset) {
    std::ifstream& in = data[pos];
    in.clear();
    in.seekg(static_cast<std::streamoff>(offset));
    std::string line;
    std::getline(in, line);
    return parse_synset(line);
  }
};

Lexicon::Lexicon(std::filesystem::path dir) : dir_(std::move(dir)) {}

Lexicon::~Lexicon() = default;

Lexicon::Database* Lexicon::database() {
  if (loaded_) return database_.get();
  loaded_ = true;
  if (dir_.empty()) return nullptr;
  auto db = std::make_unique<Database>();
  for (std::size_t p = 0; p < kPosCount; ++p) {
    const std::string name = kPosNames[p];
    std::optional<std::string> index, exceptions;
    try {
      index = util::read_file_if_exists(dir_ / ("index." + name));
      exceptions = util::read_file_if_exists(dir_ / (name + ".exc"));
    } catch (const Exception&) {  // unreadable: as missing
    }
    db->data[p].open(dir_ / ("data." + name), std::ios::binary);
    if (!index || index->empty() || !db->data[p]) {
      spdlog::warn(
          "WordNet is not in {} (index.{} or data.{} missing): term search looks for the "
          "text's own words only; install Debian's wordnet-base or name its folder with "
          "--wordnet",
          dir_.string(), name, name);
      return nullptr;
    }
    db->index[p] = std::move(*index);
    std::istringstream lines(exceptions.value_or(""));
    std::string line;
    while (std::getline(lines, line)) {
      const std::vector<std::string_view> f = fields(line);
      for (std::size_t i = 1; i < f.size(); ++i)
        db->exceptions[p][std::string(f[0])].emplace_back(f[i]);
    }
  }
  database_ = std::move(db);
  return database_.get();
}

bool Lexicon::available() {
  std::lock_guard lock(mutex_);
  return database() != nullptr;
}

std::vector<std::string> Lexicon::related(std::string_view word) {
  std::lock_guard lock(mutex_);
  if (auto known = answers_.find(word); known != answers_.end()) return known->second;
  Database* db = database();
  std::vector<std::string> out;
  if (!db || word.empty()) return out;

  // Every base form of the word in every part of speech, as morphy finds them: the commonest
  // use of the word (the most senses tagged in WordNet's corpus) wins.
  struct Reading {
    Pos pos;
    std::string lemma;
    IndexEntry entry;
  };
  std::optional<Reading> best;
  auto consider = [&](Pos pos, std::string lemma) {
    const std::optional<IndexEntry> entry = parse_index_line(db->index_line(pos, lemma));
    if (entry && (!best || entry->tagged > best->entry.tagged))
      best = Reading{pos, std::move(lemma), *entry};
  };
  for (std::size_t p = 0; p < kPosCount; ++p) {
    const Pos pos = static_cast<Pos>(p);
    if (auto e = db->exceptions[p].find(word); e != db->exceptions[p].end())
      for (const std::string& base : e->second)
        consider(pos, base);
    consider(pos, std::string(word));
    auto detach = [&](const auto& rules) {
      for (const Detachment& rule : rules)
        if (word.size() > rule.suffix.size() && word.ends_with(rule.suffix))
          consider(pos, std::string(word.substr(0, word.size() - rule.suffix.size())) +
                            std::string(rule.ending));
    };
    if (pos == Noun) detach(kNounRules);
    if (pos == Verb) detach(kVerbRules);
    if (pos == Adjective) detach(kAdjectiveRules);
  }
  if (best) {
    std::set<std::string> seen{std::string(word), best->lemma};
    auto add = [&](const std::string& lemma) {
      // One word, and not a form of the word itself (those its stem and prefix already find).
      if (!one_plain_word(lemma) || lemma.compare(0, 4, word.substr(0, 4)) == 0) return;
      if (out.size() < kMostRelated && seen.insert(lemma).second) out.push_back(lemma);
    };
    const Synset sense = db->synset(best->pos, best->entry.first_sense);
    for (const std::string& lemma : sense.words)
      add(lemma);
    // Our lemma's number in the synset: a lexical pointer belongs to one word of it.
    const auto own = static_cast<std::size_t>(
        std::find(sense.words.begin(), sense.words.end(), best->lemma) - sense.words.begin() + 1);
    for (const Pointer& pointer : sense.pointers) {
      if (!followed(pointer.symbol) || (pointer.source != 0 && pointer.source != own)) continue;
      const Synset target = db->synset(pointer.pos, pointer.offset);
      for (std::size_t w = 0; w < target.words.size(); ++w)
        if (pointer.target == 0 || pointer.target == w + 1) add(target.words[w]);
    }
  }
  if (answers_.size() > 50'000) answers_.clear();
  answers_.emplace(std::string(word), out);
  return out;
}

}  // namespace sparqlmcp::assist
