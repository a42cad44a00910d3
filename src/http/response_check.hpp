#pragma once
// Judging what an endpoint sent back: plain-words messages for HTTP statuses and the text of
// an error body, and Retry-After parsing (RFC 9110 10.2.3).

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

namespace sparqlmcp::http::detail {

// The media type of a Content-Type value: lower-cased, parameters and blanks removed.
std::string media_type(std::string_view content_type);

// A short, single-line text of an error body: HTML tags stripped, entities of the common
// kind decoded, whitespace collapsed, at most `max_bytes` bytes (UTF-8 safe).
std::string body_text(std::string_view content_type, std::string_view body,
                      std::size_t max_bytes = 300);

// The message for a non-2xx status. `method` is the HTTP method that was used and `accept`
// the Accept header sent; `retry_after` and `location` are the raw Retry-After and Location
// headers, may be empty.
std::string status_message(long status, std::string_view content_type, std::string_view body,
                           std::string_view method, std::string_view accept,
                           std::string_view retry_after, std::string_view location = {});

// "HTTP 503 Service Unavailable" ("HTTP 599" for a status without a known reason phrase).
std::string status_with_reason(long status);

// Retry-After as a delay from now: delta-seconds or an HTTP-date (a date in the past is 0).
std::optional<std::chrono::milliseconds> parse_retry_after(std::string_view value);

}  // namespace sparqlmcp::http::detail
