#pragma once
// Checks a JSON value against the subset of JSON Schema that summary_schema() uses (type,
// properties, required, items, enum, additionalProperties as a schema, minimum), so the
// tests can hold every structured summary to the schema a client validates it with. Returns
// the first violation as "path: what", or "" when the value conforms.

#include <string>

#include <nlohmann/json.hpp>

namespace sparqlmcp::void_::test {

inline std::string schema_violation(const nlohmann::json& value, const nlohmann::json& schema,
                                    const std::string& path = "$") {
  if (schema.contains("type")) {
    const std::string type = schema["type"];
    const bool ok = (type == "object" && value.is_object()) ||
                    (type == "array" && value.is_array()) ||
                    (type == "string" && value.is_string()) ||
                    (type == "integer" && value.is_number_integer()) ||
                    (type == "boolean" && value.is_boolean());
    if (!ok) return path + ": expected " + type + ", got " + value.dump();
  }
  if (schema.contains("minimum") && value.is_number() && value < schema["minimum"])
    return path + ": below the minimum";
  if (schema.contains("enum")) {
    bool found = false;
    for (const auto& allowed : schema["enum"])
      found = found || allowed == value;
    if (!found) return path + ": " + value.dump() + " is not in the enum";
  }
  if (value.is_object()) {
    if (schema.contains("required"))
      for (const auto& key : schema["required"])
        if (!value.contains(key.get<std::string>()))
          return path + ": lacks the required " + key.get<std::string>();
    for (const auto& [key, member] : value.items()) {
      if (schema.contains("properties") && schema["properties"].contains(key)) {
        std::string inner = schema_violation(member, schema["properties"][key], path + "." + key);
        if (!inner.empty()) return inner;
      } else if (schema.contains("additionalProperties")) {
        std::string inner =
            schema_violation(member, schema["additionalProperties"], path + "." + key);
        if (!inner.empty()) return inner;
      } else if (schema.contains("properties")) {
        return path + ": unexpected member " + key;
      }
    }
  }
  if (value.is_array() && schema.contains("items")) {
    for (std::size_t i = 0; i < value.size(); ++i) {
      std::string inner =
          schema_violation(value[i], schema["items"], path + "[" + std::to_string(i) + "]");
      if (!inner.empty()) return inner;
    }
  }
  return {};
}

}  // namespace sparqlmcp::void_::test
