#pragma once
// Private to the engine: the function library of 17.4 and the casts of 17.5 on typed values.
// Every function returns Value::error() for a type error or a bad argument.

#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "expression_value.hpp"
#include "sparqlmcp/engine/regex.hpp"

namespace sparqlmcp::engine::expr {

// 17.4.3 strings
Value fn_strlen(const Value& s);
Value fn_substr(const Value& s, const Value& start, const Value* length);
Value fn_ucase(const Value& s);
Value fn_lcase(const Value& s);
Value fn_strstarts(const Value& a, const Value& b);
Value fn_strends(const Value& a, const Value& b);
Value fn_contains(const Value& a, const Value& b);
Value fn_strbefore(const Value& a, const Value& b);
Value fn_strafter(const Value& a, const Value& b);
Value fn_encode_for_uri(const Value& s);
Value fn_concat(std::span<const Value> args);
Value fn_langmatches(const Value& tag, const Value& range);
// 17.4.6 hashes; `algorithm` is "md5", "sha1", "sha256", "sha384" or "sha512".
Value fn_hash(const Value& s, std::string_view algorithm);

// 17.4.3.14 REGEX and 17.4.3.15 REPLACE: Regex in sparqlmcp/engine/regex.hpp.

// 17.4.4 numerics
Value fn_abs(const Value& v);
Value fn_round(const Value& v);
Value fn_ceil(const Value& v);
Value fn_floor(const Value& v);
Value fn_rand();

// 17.4.5 dates and times; `part` is "year", "month", "day", "hours", "minutes", "seconds",
// "timezone" or "tz".
Value fn_date_time_part(const Value& v, std::string_view part);

// 17.4.2 terms
Value fn_str(const Value& v);
Value fn_lang(const Value& v);
Value fn_datatype(const Value& v);
Value fn_iri(const Value& v, std::string_view base);
Value fn_strdt(const Value& lexical, const Value& datatype);
Value fn_strlang(const Value& lexical, const Value& lang);
std::string random_uuid();

// 17.5: `datatype` is the target XSD datatype IRI; error for an unsupported target.
bool is_cast_target(std::string_view datatype);
Value cast(const Value& v, std::string_view datatype);

}  // namespace sparqlmcp::engine::expr
