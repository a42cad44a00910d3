#pragma once
// Judging what an endpoint sent back: plain-words messages for HTTP statuses and the text of
// an error body, and Retry-After parsing (RFC 9110 10.2.3).

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

#include "sparqlmcp/util/error.hpp"

namespace sparqlmcp::http::detail {

// The media type of a Content-Type value: lower-cased, parameters and blanks removed.
std::string media_type(std::string_view content_type);

// A short, single-line text of an error body: HTML tags stripped, entities of the common
// kind decoded, whitespace collapsed, at most `max_bytes` bytes (UTF-8 safe).
std::string body_text(std::string_view content_type, std::string_view body,
                      std::size_t max_bytes = 300);

// The message for a non-2xx status; "the endpoint rejected the query" when status_body says
// QueryError. `method` is the HTTP method that was used and `accept`
// the Accept header sent; `retry_after` and `location` are the raw Retry-After and Location
// headers, may be empty.
std::string status_message(long status, std::string_view content_type, std::string_view body,
                           std::string_view method, std::string_view accept,
                           std::string_view retry_after, std::string_view location = {});

// "HTTP 503 Service Unavailable" ("HTTP 599" for a status without a known reason phrase).
std::string status_with_reason(long status);

// Whether an endpoint's error text says the query itself is wrong (a syntax error, an unknown
// prefix, ...), in the words of common endpoints' parsers. Looks at the first 4 KiB.
bool reads_as_query_error(std::string_view text);

// What the body of a non-2xx response tells beyond its status: QueryError when it
// reads_as_query_error and the status is not one that means something else (401, 403, 404,
// 405, 406, 408, 413, 414, 415, 429); else Unclassified.
RemoteBody status_body(long status, std::string_view content_type, std::string_view body);

// Retry-After as a delay from now: delta-seconds or an HTTP-date (a date in the past is 0).
std::optional<std::chrono::milliseconds> parse_retry_after(std::string_view value);

}  // namespace sparqlmcp::http::detail
