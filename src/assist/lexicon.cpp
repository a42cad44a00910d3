#include "sparqlmcp/assist/lexicon.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <set>
#include <sstream>

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

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return {};
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// A synset word as the index spells it: lower case, an adjective's marker ("(a)") dropped.
std::string lemma_of(std::string_view word) {
  if (const std::size_t paren = word.find('('); paren != std::string_view::npos)
    word = word.substr(0, paren);
  std::string out(word);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

bool one_plain_word(std::string_view word) {
  return word.size() >= 3 && std::all_of(word.begin(), word.end(),
                                         [](unsigned char c) { return c >= 'a' && c <= 'z'; });
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

  std::string synset_line(Pos pos, std::uint64_t offset) {
    std::ifstream& in = data[pos];
    in.clear();
    in.seekg(static_cast<std::streamoff>(offset));
    std::string line;
    std::getline(in, line);
    return line;
  }
};

Lexicon::Lexicon(std::filesystem::path dir) : dir_(std::move(dir)) {}

Lexicon::~Lexicon() = default;

Lexicon::Database* Lexicon::database() {
  if (loaded_) return database_.get();
  loaded_ = true;
  if (dir_.empty()) return nullptr;
  auto db = std::make_unique<Database>();
  for (int p = 0; p < kPosCount; ++p) {
    const std::string name = kPosNames[static_cast<std::size_t>(p)];
    db->index[static_cast<std::size_t>(p)] = read_file(dir_ / ("index." + name));
    db->data[static_cast<std::size_t>(p)].open(dir_ / ("data." + name), std::ios::binary);
    if (db->index[static_cast<std::size_t>(p)].empty() || !db->data[static_cast<std::size_t>(p)]) {
      spdlog::warn(
          "WordNet is not in {} (index.{} or data.{} missing): term search looks for the "
          "text's own words only; install Debian's wordnet-base or name its folder with "
          "--wordnet",
          dir_.string(), name, name);
      return nullptr;
    }
    std::istringstream exceptions(read_file(dir_ / (name + ".exc")));
    std::string line;
    while (std::getline(exceptions, line)) {
      const std::vector<std::string_view> f = fields(line);
      for (std::size_t i = 1; i < f.size(); ++i)
        db->exceptions[static_cast<std::size_t>(p)][std::string(f[0])].emplace_back(f[i]);
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

  // Every base form of the word in every part of speech, as morphy finds them, with the number
  // of its senses tagged in WordNet's corpus: the commonest use of the word wins.
  struct Reading {
    Pos pos;
    std::string lemma;
    std::string_view line;
    long tagged = -1;
  };
  std::optional<Reading> best;
  auto consider = [&](Pos pos, const std::string& lemma) {
    const std::string_view line = db->index_line(pos, lemma);
    if (line.empty()) return;
    // lemma pos synset_cnt p_cnt [ptr_symbol...] sense_cnt tagsense_cnt synset_offset...
    const std::vector<std::string_view> f = fields(line);
    if (f.size() < 4) return;
    const std::size_t pointers = std::strtoul(std::string(f[3]).c_str(), nullptr, 10);
    if (f.size() < 7 + pointers) return;
    const long tagged = std::strtol(std::string(f[5 + pointers]).c_str(), nullptr, 10);
    if (!best || tagged > best->tagged) best = Reading{pos, lemma, line, tagged};
  };
  for (int p = 0; p < kPosCount; ++p) {
    const Pos pos = static_cast<Pos>(p);
    const auto& exceptions = db->exceptions[static_cast<std::size_t>(p)];
    if (auto e = exceptions.find(word); e != exceptions.end())
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
    const std::vector<std::string_view> f = fields(best->line);
    const std::size_t pointers = std::strtoul(std::string(f[3]).c_str(), nullptr, 10);
    const std::uint64_t first_sense =
        std::strtoull(std::string(f[6 + pointers]).c_str(), nullptr, 10);
    std::set<std::string> seen{std::string(word), best->lemma};
    auto add = [&](std::string lemma) {
      // One word, and not a form of the word itself (those its stem and prefix already find).
      if (!one_plain_word(lemma) || lemma.compare(0, 4, word.substr(0, 4)) == 0) return;
      if (out.size() < kMostRelated && seen.insert(lemma).second) out.push_back(std::move(lemma));
    };
    // synset_offset lex_filenum ss_type w_cnt word lex_id [word lex_id...] p_cnt [ptr...] | gloss
    const std::string line = db->synset_line(best->pos, first_sense);
    const std::vector<std::string_view> s =
        fields(std::string_view(line).substr(0, line.find(" | ")));
    const std::size_t words =
        s.size() > 3 ? std::strtoul(std::string(s[3]).c_str(), nullptr, 16) : 0;
    std::size_t at = 4;
    std::size_t own = 0;  // our lemma's number in the synset, for lexical pointers
    for (std::size_t i = 0; i < words && at + 1 < s.size(); ++i, at += 2) {
      std::string lemma = lemma_of(s[at]);
      if (lemma == best->lemma) own = i + 1;
      add(std::move(lemma));
    }
    const std::size_t count =
        at < s.size() ? std::strtoul(std::string(s[at]).c_str(), nullptr, 10) : 0;
    ++at;
    for (std::size_t i = 0; i < count && at + 3 < s.size(); ++i, at += 4) {
      if (!followed(s[at])) continue;
      const std::uint64_t offset = std::strtoull(std::string(s[at + 1]).c_str(), nullptr, 10);
      const Pos target_pos = pos_of_letter(s[at + 2].empty() ? 'n' : s[at + 2][0]);
      const std::string_view source_target = s[at + 3];
      const std::size_t source =
          std::strtoul(std::string(source_target.substr(0, 2)).c_str(), nullptr, 16);
      const std::size_t target =
          std::strtoul(std::string(source_target.substr(2)).c_str(), nullptr, 16);
      // A lexical pointer (source and target words named) belongs to one word of the synset.
      if (source != 0 && source != own) continue;
      const std::string target_line = db->synset_line(target_pos, offset);
      const std::vector<std::string_view> t =
          fields(std::string_view(target_line).substr(0, target_line.find(" | ")));
      const std::size_t target_words =
          t.size() > 3 ? std::strtoul(std::string(t[3]).c_str(), nullptr, 16) : 0;
      for (std::size_t w = 0; w < target_words && 4 + 2 * w < t.size(); ++w)
        if (target == 0 || target == w + 1) add(lemma_of(t[4 + 2 * w]));
    }
  }
  if (answers_.size() > 50'000) answers_.clear();
  answers_.emplace(std::string(word), out);
  return out;
}

}  // namespace sparqlmcp::assist
