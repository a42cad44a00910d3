#include "sparqlmcp/assist/literal_candidates.hpp"

#include <algorithm>
#include <cctype>

namespace sparqlmcp::assist {
namespace {

bool is_alnum(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) != 0;
}

// The text with typographic quotes made plain: ‘ ’ as ', “ ” as ".
std::string plain_quotes(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text.compare(i, 3, "\xE2\x80\x98") == 0 || text.compare(i, 3, "\xE2\x80\x99") == 0) {
      out += '\'';
      i += 2;
    } else if (text.compare(i, 3, "\xE2\x80\x9C") == 0 || text.compare(i, 3, "\xE2\x80\x9D") == 0) {
      out += '"';
      i += 2;
    } else {
      out += text[i];
    }
  }
  return out;
}

// An apostrophe between two letters or digits: a possessive or a contraction, not a quote.
bool inside_word(const std::string& text, std::size_t at) {
  return text[at] == '\'' && at > 0 && at + 1 < text.size() && is_alnum(text[at - 1]) &&
         is_alnum(text[at + 1]);
}

}  // namespace

std::vector<std::string> literal_candidates(std::string_view original) {
  const std::string text = plain_quotes(original);
  std::vector<std::string> out;
  auto add = [&](std::string candidate) {
    if (!candidate.empty() && out.size() < kMostLiteralCandidates &&
        std::find(out.begin(), out.end(), candidate) == out.end())
      out.push_back(std::move(candidate));
  };
  for (std::size_t i = 0; i < text.size(); ++i) {
    if ((text[i] != '\'' && text[i] != '"') || inside_word(text, i)) continue;
    std::size_t end = i + 1;
    while (end < text.size() && (text[end] != text[i] || inside_word(text, end)))
      ++end;
    if (end >= text.size()) break;
    add(text.substr(i + 1, end - i - 1));
    i = end;
  }
  std::string run;
  bool sentence_start = true;
  std::size_t i = 0;
  while (i < text.size()) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (!std::isalnum(c)) {
      if (c == '.' || c == '?' || c == '!' || c == ':') sentence_start = true;
      if (c != ' ' && !run.empty()) {
        add(run);
        run.clear();
      }
      // "Brazil's": the possessive ends the name.
      if (c == '\'' && inside_word(text, i)) {
        ++i;
        while (i < text.size() && is_alnum(text[i]))
          ++i;
        continue;
      }
      ++i;
      continue;
    }
    std::size_t end = i;
    while (end < text.size() && (std::isalnum(static_cast<unsigned char>(text[end])) ||
                                 text[end] == '.' || static_cast<unsigned char>(text[end]) >= 0x80))
      ++end;
    while (end > i && text[end - 1] == '.')
      --end;
    const std::string word = text.substr(i, end - i);
    const bool number = std::all_of(word.begin(), word.end(),
                                    [](unsigned char w) { return std::isdigit(w) || w == '.'; });
    if (number) {
      add(word);
    } else if (std::isupper(c) && !sentence_start) {
      run += (run.empty() ? "" : " ") + word;
    } else if (!run.empty()) {
      add(run);
      run.clear();
    }
    sentence_start = false;
    i = end;
  }
  add(run);
  return out;
}

}  // namespace sparqlmcp::assist
