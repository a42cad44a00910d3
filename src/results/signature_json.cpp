// Result signatures as JSON: what a submissions file stores and a tasks file may hold as a
// gold answer. Reading is strict (a wrong member is named) because a silently misread gold
// answer would score every run wrongly.
#include <algorithm>
#include <cstdint>

#include "sparqlmcp/results/signature.hpp"
#include "sparqlmcp/util/error.hpp"

namespace sparqlmcp::results {

namespace {

using nlohmann::json;

[[noreturn]] void fail(const std::string& what) {
  throw_error(ErrorKind::InvalidArgument, "result signature: " + what);
}

// What a JSON value is, for messages: "a string", "an array", "the number 3".
std::string describe(const json& value) {
  switch (value.type()) {
    case json::value_t::object:
      return "an object";
    case json::value_t::array:
      return "an array";
    case json::value_t::string:
      return "the string " + value.dump();
    case json::value_t::boolean:
      return value.get<bool>() ? "true" : "false";
    case json::value_t::null:
      return "null";
    default:
      return "the number " + value.dump();
  }
}

bool is_digest(const std::string& text) {
  return text.size() == 16 && std::all_of(text.begin(), text.end(), [](char c) {
           return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
         });
}

const json* member(const json& object, const char* name) {
  auto it = object.find(name);
  return it == object.end() ? nullptr : &*it;
}

std::size_t read_row_count(const json& value) {
  // nlohmann reads 3 as unsigned but builds json(3) as signed: both are fine when not negative.
  if (!value.is_number_integer() || (!value.is_number_unsigned() && value.get<std::int64_t>() < 0))
    fail("member 'row_count' must be a non-negative integer, not " + describe(value));
  return value.get<std::size_t>();
}

std::vector<RowSignature> read_rows(const json& value) {
  if (!value.is_array())
    fail("member 'rows' must be an array of rows (arrays of canonical values), not " +
         describe(value));
  std::vector<RowSignature> rows;
  rows.reserve(value.size());
  for (std::size_t r = 0; r < value.size(); ++r) {
    const json& row = value[r];
    std::string name = "rows[" + std::to_string(r) + "]";
    if (!row.is_array())
      fail("member '" + name + "' must be an array of canonical values, not " + describe(row));
    RowSignature values;
    values.reserve(row.size());
    for (std::size_t v = 0; v < row.size(); ++v) {
      if (!row[v].is_string())
        fail("member '" + name + "[" + std::to_string(v) +
             "]' must be a string (a canonical term value), not " + describe(row[v]));
      values.push_back(row[v].get<std::string>());
    }
    std::sort(values.begin(), values.end());
    rows.push_back(std::move(values));
  }
  std::sort(rows.begin(), rows.end());
  return rows;
}

}  // namespace

json ResultSignature::to_json(std::size_t max_rows_kept) const {
  json out = json::object();
  out["kind"] = kind == Kind::Boolean ? "boolean" : "bindings";
  if (kind == Kind::Boolean) out["boolean"] = boolean;
  out["row_count"] = row_count;
  out["digest"] = digest();
  json kept = json::array();
  std::size_t keep = std::min(rows.size(), max_rows_kept);
  for (std::size_t i = 0; i < keep; ++i)
    kept.push_back(rows[i]);
  out["rows"] = std::move(kept);
  if (!complete || keep < rows.size()) out["rows_cut"] = true;
  return out;
}

ResultSignature ResultSignature::from_json(const json& value) {
  if (!value.is_object()) fail("expected a JSON object, not " + describe(value));
  ResultSignature signature;
  const auto* kind = member(value, "kind");
  if (!kind) fail("member 'kind' is missing; it must be \"bindings\" or \"boolean\"");
  if (*kind == "boolean") {
    signature.kind = Kind::Boolean;
  } else if (*kind != "bindings") {
    fail("member 'kind' must be \"bindings\" or \"boolean\", not " + describe(*kind));
  }
  const auto* boolean = member(value, "boolean");
  const auto* row_count = member(value, "row_count");
  const auto* rows = member(value, "rows");
  const auto* rows_cut = member(value, "rows_cut");
  const auto* digest = member(value, "digest");

  if (digest && !(digest->is_string() && is_digest(digest->get<std::string>())))
    fail("member 'digest' must be 16 lowercase hexadecimal digits, not " + describe(*digest));
  if (rows_cut && !rows_cut->is_boolean())
    fail("member 'rows_cut' must be true or false, not " + describe(*rows_cut));
  bool cut = rows_cut && rows_cut->get<bool>();

  if (signature.kind == Kind::Boolean) {
    if (!boolean || !boolean->is_boolean())
      fail("member 'boolean' must be true or false for kind \"boolean\", not " +
           (boolean ? describe(*boolean) : std::string("missing")));
    signature.boolean = boolean->get<bool>();
    if (row_count && read_row_count(*row_count) != 0)
      fail("member 'row_count' must be 0 for kind \"boolean\", not " + describe(*row_count));
    if (rows && !(rows->is_array() && rows->empty()))
      fail("member 'rows' must be empty for kind \"boolean\", not " + describe(*rows));
    if (cut) fail("member 'rows_cut' cannot be true for kind \"boolean\"");
  } else {
    if (boolean) fail("member 'boolean' belongs to kind \"boolean\", not \"bindings\"");
    if (!row_count) fail("member 'row_count' is missing");
    if (!rows) fail("member 'rows' is missing");
    signature.row_count = read_row_count(*row_count);
    signature.rows = read_rows(*rows);
    if (!cut && signature.rows.size() != signature.row_count)
      fail("member 'row_count' is " + std::to_string(signature.row_count) + " but 'rows' holds " +
           std::to_string(signature.rows.size()) + " rows and 'rows_cut' is not true");
    if (cut && signature.rows.size() >= signature.row_count)
      fail("member 'rows_cut' is true but 'rows' holds " + std::to_string(signature.rows.size()) +
           " rows of 'row_count' " + std::to_string(signature.row_count) + ": nothing was cut");
  }

  if (cut) {
    if (!digest) fail("member 'digest' is missing; a signature whose rows were cut needs it");
    signature.complete = false;
    signature.recorded_digest = digest->get<std::string>();
  } else if (digest && digest->get<std::string>() != signature.digest()) {
    fail("member 'digest' is \"" + digest->get<std::string>() + "\" but the rows give \"" +
         signature.digest() + "\": the rows or the digest were changed");
  }
  return signature;
}

}  // namespace sparqlmcp::results
