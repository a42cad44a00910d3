#include "sparqlmcp/tools/arguments.hpp"

#include <algorithm>
#include <cctype>

#include "sparqlmcp/util/error.hpp"
#include "sparqlmcp/util/text.hpp"

namespace sparqlmcp::tools {
namespace {

std::string json_type_name(const nlohmann::json& value) {
  if (value.is_number_integer()) return "an integer";
  if (value.is_number()) return "a number";
  if (value.is_string()) return "a string";
  if (value.is_boolean()) return "a boolean";
  if (value.is_array()) return "an array";
  if (value.is_object()) return "an object";
  return "null";
}

}  // namespace

Arguments::Arguments(const nlohmann::json& arguments, std::string tool_name)
    : arguments_(arguments), tool_name_(std::move(tool_name)) {
  if (!arguments_.is_null() && !arguments_.is_object()) {
    throw_error(ErrorKind::InvalidArgument, "the arguments of " + tool_name_ +
                                                " must be a JSON object, got " +
                                                json_type_name(arguments_));
  }
}

const nlohmann::json* Arguments::find(std::string_view name) const {
  if (!arguments_.is_object()) return nullptr;
  auto it = arguments_.find(std::string(name));
  if (it == arguments_.end() || it->is_null()) return nullptr;
  return &*it;
}

void Arguments::fail(std::string_view name, const std::string& message) const {
  throw_error(ErrorKind::InvalidArgument,
              "invalid argument '" + std::string(name) + "' of " + tool_name_ + ": " + message);
}

std::string Arguments::required_string(std::string_view name, std::string_view what_it_is) const {
  const nlohmann::json* value = find(name);
  if (value == nullptr) {
    throw_error(ErrorKind::InvalidArgument, "missing required argument '" + std::string(name) +
                                                "' of " + tool_name_ + ": pass " +
                                                std::string(what_it_is) + " as a string");
  }
  if (!value->is_string()) fail(name, "expected a string, got " + json_type_name(*value));
  std::string text = value->get<std::string>();
  if (text.find_first_not_of(" \t\r\n") == std::string::npos) fail(name, "it is empty");
  return text;
}

std::optional<std::string> Arguments::optional_string(std::string_view name) const {
  const nlohmann::json* value = find(name);
  if (value == nullptr) return std::nullopt;
  if (!value->is_string()) fail(name, "expected a string, got " + json_type_name(*value));
  return value->get<std::string>();
}

std::optional<std::string> Arguments::optional_choice(
    std::string_view name, const std::vector<std::string>& allowed) const {
  std::optional<std::string> value = optional_string(name);
  if (!value) return std::nullopt;
  std::string chosen = util::ascii_lowercase(*value);
  if (std::find(allowed.begin(), allowed.end(), chosen) != allowed.end()) return chosen;
  std::string list;
  for (const std::string& option : allowed)
    list += (list.empty() ? "" : ", ") + option;
  fail(name, "'" + *value + "' is not one of: " + list);
}

std::optional<bool> Arguments::optional_boolean(std::string_view name) const {
  const nlohmann::json* value = find(name);
  if (value == nullptr) return std::nullopt;
  if (value->is_boolean()) return value->get<bool>();
  if (value->is_string() && (*value == "true" || *value == "false")) return *value == "true";
  fail(name, "expected true or false, got " + json_type_name(*value));
}

std::optional<std::int64_t> Arguments::optional_integer(std::string_view name, std::int64_t min,
                                                        std::int64_t max) const {
  const nlohmann::json* value = find(name);
  if (value == nullptr) return std::nullopt;
  std::int64_t number = 0;
  const std::string digits = value->is_string() ? value->get<std::string>() : std::string();
  const bool is_digit_string =
      !digits.empty() && digits.size() < 19 &&
      std::all_of(digits.begin(), digits.end(), [](unsigned char c) { return std::isdigit(c); });
  if (value->is_number_integer()) {
    number = value->get<std::int64_t>();
  } else if (value->is_number_float() &&
             value->get<double>() ==
                 static_cast<double>(static_cast<std::int64_t>(value->get<double>()))) {
    number = static_cast<std::int64_t>(value->get<double>());
  } else if (is_digit_string) {
    number = std::stoll(digits);
  } else {
    fail(name, "expected an integer, got " + json_type_name(*value));
  }
  if (number < min || number > max) {
    fail(name, std::to_string(number) + " is out of range; use a value from " +
                   std::to_string(min) + " to " + std::to_string(max));
  }
  return number;
}

void Arguments::reject_unknown(const std::vector<std::string>& known) const {
  if (!arguments_.is_object()) return;
  for (const auto& [key, value] : arguments_.items()) {
    if (std::find(known.begin(), known.end(), key) != known.end()) continue;
    std::string list;
    for (const std::string& name : known)
      list += (list.empty() ? "" : ", ") + name;
    throw_error(ErrorKind::InvalidArgument,
                "unknown argument '" + key + "' of " + tool_name_ + "; the arguments are: " + list);
  }
}

std::vector<std::string> string_list(const nlohmann::json& arguments, const std::string& name,
                                     const std::string& tool) {
  std::vector<std::string> out;
  if (!arguments.is_object() || !arguments.contains(name)) return out;
  const nlohmann::json& value = arguments.at(name);
  auto bad = [&] {
    throw Exception(make_error(
        ErrorKind::InvalidArgument,
        tool + ": '" + name + "' must be an array of strings, got " + value.dump().substr(0, 100)));
  };
  if (value.is_string()) return {value.get<std::string>()};
  if (!value.is_array()) bad();
  for (const nlohmann::json& item : value) {
    if (!item.is_string()) bad();
    out.push_back(item.get<std::string>());
  }
  return out;
}

}  // namespace sparqlmcp::tools
