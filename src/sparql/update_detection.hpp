#pragma once
// Recognises SPARQL 1.1 Update requests before lexing, so that an update is refused as such even
// when its data would not lex as a query (private to the sparql module).

#include <optional>
#include <string>
#include <string_view>

#include "sparqlmcp/util/error.hpp"

namespace sparqlmcp::sparql::detail {

struct UpdateOperation {
  std::string name;  // "INSERT DATA", "DELETE/INSERT", "LOAD", ...
  std::size_t offset = 0;
};

// The first operation of `text` when, after the prologue, it starts with an Update keyword.
std::optional<UpdateOperation> detect_update(std::string_view text);

// The refusal every Update request gets.
[[noreturn]] void throw_update_refused(const std::string& operation, SourceSpan span);

}  // namespace sparqlmcp::sparql::detail
