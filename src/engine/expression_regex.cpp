// REGEX and REPLACE (17.4.3.14, 17.4.3.15) with the XPath regular expressions and flags of
// "XPath and XQuery Functions and Operators" 5.6, on ICU's regex engine.
#include <unicode/regex.h>
#include <unicode/unistr.h>
#include <unicode/utext.h>

#include <mutex>

#include "expression_functions.hpp"

namespace sparqlmcp::engine::expr {

namespace {

icu::UnicodeString to_unicode(std::string_view text) {
  return icu::UnicodeString::fromUTF8(
      icu::StringPiece(text.data(), static_cast<int32_t>(text.size())));
}

// The x flag: white space in the pattern is removed, except inside character classes.
std::string strip_whitespace(std::string_view pattern) {
  std::string out;
  int depth = 0;
  bool escaped = false;
  for (char c : pattern) {
    if (escaped) {
      out += c;
      escaped = false;
      continue;
    }
    if (c == '\\') {
      escaped = true;
      out += c;
      continue;
    }
    if (c == '[') ++depth;
    if (c == ']' && depth > 0) --depth;
    if (depth == 0 && (c == ' ' || c == '\t' || c == '\n' || c == '\r')) continue;
    out += c;
  }
  return out;
}

// An XPath replacement string is valid when every '\' escapes '\' or '$' and every '$' is
// followed by a digit; ICU reads that syntax the same way.
bool valid_replacement(std::string_view replacement) {
  for (std::size_t i = 0; i < replacement.size(); ++i) {
    char c = replacement[i];
    if (c == '\\') {
      if (i + 1 >= replacement.size() || (replacement[i + 1] != '\\' && replacement[i + 1] != '$'))
        return false;
      ++i;
    } else if (c == '$') {
      if (i + 1 >= replacement.size() || replacement[i + 1] < '0' || replacement[i + 1] > '9')
        return false;
    }
  }
  return true;
}

std::string escape_literal_replacement(std::string_view replacement) {
  std::string out;
  for (char c : replacement) {
    if (c == '\\' || c == '$') out += '\\';
    out += c;
  }
  return out;
}

class IcuRegex final : public Regex {
 public:
  IcuRegex(std::unique_ptr<icu::RegexPattern> pattern, bool literal)
      : pattern_(std::move(pattern)), literal_(literal) {}

  std::optional<bool> matches(std::string_view text) const override {
    // One matcher is kept and reused (creating one per row costs more than most matches);
    // a second thread meanwhile gets a fresh one. The text is read as UTF-8 in place.
    std::unique_lock lock(mutex_, std::try_to_lock);
    std::unique_ptr<icu::RegexMatcher> fresh;
    UErrorCode status = U_ZERO_ERROR;
    icu::RegexMatcher* matcher = nullptr;
    if (lock.owns_lock()) {
      if (!cached_) cached_.reset(pattern_->matcher(status));
      matcher = cached_.get();
    } else {
      fresh.reset(pattern_->matcher(status));
      matcher = fresh.get();
    }
    if (U_FAILURE(status) || matcher == nullptr) return std::nullopt;
    UText input = UTEXT_INITIALIZER;
    utext_openUTF8(&input, text.data(), static_cast<int64_t>(text.size()), &status);
    if (U_FAILURE(status)) return std::nullopt;
    matcher->reset(&input);
    bool found = matcher->find(status);
    matcher->reset(icu::UnicodeString());  // let go of `text` before it goes away
    utext_close(&input);
    if (U_FAILURE(status)) return std::nullopt;
    return found;
  }

  std::optional<std::string> replace(std::string_view text,
                                     std::string_view replacement) const override {
    UErrorCode status = U_ZERO_ERROR;
    icu::UnicodeString empty;
    std::unique_ptr<icu::RegexMatcher> matcher(pattern_->matcher(empty, status));
    if (U_FAILURE(status)) return std::nullopt;
    // XPath: an error when the pattern matches the empty string.
    if (matcher->matches(status) || U_FAILURE(status)) return std::nullopt;
    std::string icu_replacement;
    if (literal_) {
      icu_replacement = escape_literal_replacement(replacement);
    } else {
      if (!valid_replacement(replacement)) return std::nullopt;
      icu_replacement = std::string(replacement);
    }
    icu::UnicodeString input = to_unicode(text);
    matcher->reset(input);
    icu::UnicodeString result = matcher->replaceAll(to_unicode(icu_replacement), status);
    if (U_FAILURE(status)) return std::nullopt;  // e.g. $9 without a ninth group
    std::string out;
    result.toUTF8String(out);
    return out;
  }

 private:
  std::unique_ptr<icu::RegexPattern> pattern_;
  mutable std::mutex mutex_;
  mutable std::unique_ptr<icu::RegexMatcher> cached_;  // destroyed before pattern_
  bool literal_;
};

}  // namespace

std::unique_ptr<Regex> Regex::compile(std::string_view pattern, std::string_view flags) {
  uint32_t icu_flags = 0;
  bool literal = false, strip = false;
  for (char f : flags) {
    switch (f) {
      case 's':
        icu_flags |= UREGEX_DOTALL;
        break;
      case 'm':
        icu_flags |= UREGEX_MULTILINE;
        break;
      case 'i':
        icu_flags |= UREGEX_CASE_INSENSITIVE;
        break;
      case 'x':
        strip = true;
        break;
      case 'q':
        literal = true;
        break;
      default:
        return nullptr;
    }
  }
  std::string text(pattern);
  if (literal) {
    icu_flags |= UREGEX_LITERAL;
  } else if (strip) {
    text = strip_whitespace(text);
  }
  UErrorCode status = U_ZERO_ERROR;
  UParseError parse_error;
  std::unique_ptr<icu::RegexPattern> compiled(
      icu::RegexPattern::compile(to_unicode(text), icu_flags, parse_error, status));
  if (U_FAILURE(status) || !compiled) return nullptr;
  return std::make_unique<IcuRegex>(std::move(compiled), literal);
}

}  // namespace sparqlmcp::engine::expr
