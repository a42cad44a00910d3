#include "sparqlmcp/assist/words.hpp"

#include <algorithm>
#include <array>
#include <cctype>

namespace sparqlmcp::assist {
namespace {

bool is_upper(unsigned char c) {
  return c >= 'A' && c <= 'Z';
}
bool is_lower(unsigned char c) {
  return c >= 'a' && c <= 'z';
}
bool is_digit(unsigned char c) {
  return c >= '0' && c <= '9';
}
// Bytes of multibyte UTF-8 characters count as letters: they never split a word.
bool is_letter(unsigned char c) {
  return is_upper(c) || is_lower(c) || c >= 0x80;
}

enum class Class { Upper, Lower, Digit, Other };

Class class_of(unsigned char c) {
  if (is_upper(c)) return Class::Upper;
  if (is_digit(c)) return Class::Digit;
  if (is_letter(c)) return Class::Lower;
  return Class::Other;
}

std::string_view trim_separators(std::string_view iri) {
  while (!iri.empty() && (iri.back() == '/' || iri.back() == '#' || iri.back() == ':'))
    iri.remove_suffix(1);
  return iri;
}

}  // namespace

std::string_view local_name(std::string_view iri) {
  const std::string_view trimmed = trim_separators(iri);
  const std::size_t at = trimmed.find_last_of("#/:");
  if (at == std::string_view::npos) return trimmed;
  return trimmed.substr(at + 1);
}

std::string_view namespace_of(std::string_view iri) {
  const std::string_view local = local_name(iri);
  if (local.empty()) return iri;
  return iri.substr(0, static_cast<std::size_t>(local.data() - iri.data()));
}

std::vector<std::string> identifier_words(std::string_view identifier) {
  std::vector<std::string> words;
  std::string word;
  auto flush = [&] {
    if (!word.empty()) words.push_back(std::move(word));
    word.clear();
  };
  const std::size_t n = identifier.size();
  for (std::size_t i = 0; i < n; ++i) {
    const auto c = static_cast<unsigned char>(identifier[i]);
    // %20 and other escapes in IRIs separate words.
    if (c == '%' && i + 2 < n && std::isxdigit(static_cast<unsigned char>(identifier[i + 1])) &&
        std::isxdigit(static_cast<unsigned char>(identifier[i + 2]))) {
      flush();
      i += 2;
      continue;
    }
    const Class now = class_of(c);
    if (now == Class::Other) {
      flush();
      continue;
    }
    if (!word.empty()) {
      const auto before = static_cast<unsigned char>(identifier[i - 1]);
      const Class prior = class_of(before);
      const bool next_lower =
          i + 1 < n && class_of(static_cast<unsigned char>(identifier[i + 1])) == Class::Lower;
      const bool split =
          (prior == Class::Digit) != (now == Class::Digit) ||            // letters | digits
          (prior == Class::Lower && now == Class::Upper) ||              // camel|Case
          (prior == Class::Upper && now == Class::Upper && next_lower);  // HTTP|Server
      if (split) flush();
    }
    word.push_back(is_upper(c) ? static_cast<char>(c - 'A' + 'a') : static_cast<char>(c));
  }
  flush();
  return words;
}

std::vector<std::string> iri_words(std::string_view iri) {
  return identifier_words(local_name(iri));
}

std::vector<std::string> iri_context_words(std::string_view iri) {
  std::string_view rest = namespace_of(iri);
  if (const std::size_t scheme = rest.find("://"); scheme != std::string_view::npos) {
    rest.remove_prefix(scheme + 3);
    const std::size_t path = rest.find('/');
    rest = path == std::string_view::npos ? std::string_view() : rest.substr(path + 1);
  } else if (const std::size_t colon = rest.find(':'); colon != std::string_view::npos) {
    rest.remove_prefix(colon + 1);  // urn:x:... keeps what follows the scheme
  }
  rest = trim_separators(rest);
  std::vector<std::string_view> segments;
  while (!rest.empty() && segments.size() < 2) {
    const std::size_t at = rest.find_last_of("#/:");
    segments.push_back(at == std::string_view::npos ? rest : rest.substr(at + 1));
    rest = at == std::string_view::npos ? std::string_view() : trim_separators(rest.substr(0, at));
  }
  std::vector<std::string> words;
  for (auto it = segments.rbegin(); it != segments.rend(); ++it)
    for (std::string& word : identifier_words(*it))
      words.push_back(std::move(word));
  return words;
}

std::vector<std::string> text_words(std::string_view text) {
  return identifier_words(text);
}

bool is_function_word(std::string_view word) {
  // https://snowballstem.org/algorithms/english/stop.txt, less its contracted forms (text_words
  // splits them at the apostrophe), sorted for a binary search.
  static constexpr std::array<std::string_view, 124> kWords = {
      "a",      "about",  "above",    "after",     "again",      "against", "all",    "am",
      "an",     "and",    "any",      "are",       "as",         "at",      "be",     "because",
      "been",   "before", "being",    "below",     "between",    "both",    "but",    "by",
      "cannot", "could",  "did",      "do",        "does",       "doing",   "down",   "during",
      "each",   "few",    "for",      "from",      "further",    "had",     "has",    "have",
      "having", "he",     "her",      "here",      "hers",       "herself", "him",    "himself",
      "his",    "how",    "i",        "if",        "in",         "into",    "is",     "it",
      "its",    "itself", "me",       "more",      "most",       "my",      "myself", "no",
      "nor",    "not",    "of",       "off",       "on",         "once",    "only",   "or",
      "other",  "ought",  "our",      "ours",      "ourselves",  "out",     "over",   "own",
      "same",   "she",    "should",   "so",        "some",       "such",    "than",   "that",
      "the",    "their",  "theirs",   "them",      "themselves", "then",    "there",  "these",
      "they",   "this",   "those",    "through",   "to",         "too",     "under",  "until",
      "up",     "very",   "was",      "we",        "were",       "what",    "when",   "where",
      "which",  "while",  "who",      "whom",      "why",        "with",    "would",  "you",
      "your",   "yours",  "yourself", "yourselves"};
  return std::binary_search(kWords.begin(), kWords.end(), word);
}

std::string join_words(const std::vector<std::string>& words) {
  std::string out;
  for (const std::string& word : words) {
    if (!out.empty()) out += ' ';
    out += word;
  }
  return out;
}

}  // namespace sparqlmcp::assist
