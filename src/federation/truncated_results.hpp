#pragma once
// When a response was cut at the byte limit, the document is incomplete. These functions cut it
// back to the last complete row and close it again, so the rows that did arrive can still be
// shown (flagged as truncated) instead of failing the whole call.

#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace sparqlmcp::federation {

// `format` is "json", "xml", "csv", "tsv" or "ntriples"/"nquads"/"turtle" (line based cut).
// `accepts` tells whether a candidate document parses; at most a few candidates are tried.
// Returns nullopt when no complete prefix could be recovered.
std::optional<std::string> recover_truncated_document(
    std::string_view body, std::string_view format,
    const std::function<bool(const std::string&)>& accepts);

}  // namespace sparqlmcp::federation
