#pragma once
// The regular expressions of SPARQL's REGEX and REPLACE (17.4.3.14, 17.4.3.15): XPath syntax and
// flags ("XPath and XQuery Functions and Operators" 5.6), on ICU. Public because VoID's
// void:uriRegexPattern, read by source selection, is matched the same way.

#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace sparqlmcp::engine::expr {

// A compiled pattern; safe to use from several threads at once.
class Regex {
 public:
  virtual ~Regex() = default;
  // Whether the pattern matches somewhere in `text` (REGEX semantics); nullopt for an error.
  virtual std::optional<bool> matches(std::string_view text) const = 0;
  // nullopt for an error (bad replacement, pattern matching the empty string).
  virtual std::optional<std::string> replace(std::string_view text,
                                             std::string_view replacement) const = 0;
  // nullptr for an invalid pattern or flags.
  static std::unique_ptr<Regex> compile(std::string_view pattern, std::string_view flags);
};

}  // namespace sparqlmcp::engine::expr
