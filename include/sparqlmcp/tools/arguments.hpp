#pragma once
// Reading tool arguments with messages an LLM can act on. Tools receive unvalidated JSON; each
// accessor throws Exception(InvalidArgument) naming the argument, what was given and what is
// expected, which the tool turns into an `isError: true` result.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace sparqlmcp::tools {

class Arguments {
 public:
  // `arguments` may be null (no arguments given) or an object; anything else throws.
  explicit Arguments(const nlohmann::json& arguments, std::string tool_name);

  std::string required_string(std::string_view name, std::string_view what_it_is) const;
  std::optional<std::string> optional_string(std::string_view name) const;
  // One of `allowed` (compared case-insensitively, returned lower-case).
  std::optional<std::string> optional_choice(std::string_view name,
                                             const std::vector<std::string>& allowed) const;
  // An integer in [min, max]; also accepts a string of digits, which some clients send.
  std::optional<std::int64_t> optional_integer(std::string_view name, std::int64_t min,
                                               std::int64_t max) const;
  // true or false; also accepts the strings "true" and "false", which some clients send.
  std::optional<bool> optional_boolean(std::string_view name) const;
  // Throws when an argument not in `known` is present, so typos are not silently ignored.
  void reject_unknown(const std::vector<std::string>& known) const;

 private:
  const nlohmann::json* find(std::string_view name) const;
  [[noreturn]] void fail(std::string_view name, const std::string& message) const;

  const nlohmann::json& arguments_;
  std::string tool_name_;
};

// The argument `name` of `arguments` as a list of strings (one string is a list of one); empty
// when absent. Throws InvalidArgument, naming `tool`, for anything else.
std::vector<std::string> string_list(const nlohmann::json& arguments, const std::string& name,
                                     const std::string& tool);

}  // namespace sparqlmcp::tools
