#pragma once
// The one error vocabulary of sparql-mcp. Synchronous code throws `Exception` (which wraps an
// `Error`); asynchronous fan-out returns `Outcome<T>` values so partial results survive. An
// `Error` is converted to something a client sees at exactly three places: the tool dispatcher
// (an `isError: true` result), the JSON-RPC dispatcher (a JSON-RPC error) and the HTTP handler.

#include <cstddef>
#include <exception>
#include <optional>
#include <string>
#include <utility>
#include <variant>

namespace sparqlmcp {

enum class ErrorKind {
  Syntax,           // malformed input text: a query, a Turtle file, a results document
  InvalidArgument,  // a caller passed something unusable (missing argument, unknown endpoint)
  Unsupported,      // understood but refused or not implemented (SPARQL Update)
  Remote,           // a remote endpoint failed: unreachable, HTTP error, garbage body
  Timeout,          // a time limit ran out
  Cancelled,        // the caller cancelled; never silenced by SERVICE SILENT
  LimitExceeded,    // a size limit (bytes, rows, memory) was hit and the work could not finish
  Internal,         // our bug
};

// 1-based line and column; the column counts Unicode code points, not bytes.
struct SourceSpan {
  std::size_t line = 0;
  std::size_t column = 0;
};

// What the body of a failed response was, as far as the HTTP layer could tell. The status
// alone does not say what to fix: endpoints report a syntax error with 200, 400 or 500, and a
// 200 may carry a login page.
enum class RemoteBody {
  Unclassified,  // nothing recognised (or no body): the status and transport code tell
  QueryError,    // the endpoint's own message that the query is wrong (syntax, prefix, ...)
  HtmlPage,      // a web page where results were due (2xx)
  ErrorText,     // another error message where results were due (2xx)
  StackTrace,    // a crash report where results were due (2xx)
  Empty,         // nothing where results were due (2xx)
  OtherText,     // other text that is no result (2xx)
  // Results that break what the query asked for (2xx): more rows than its LIMIT, or columns it
  // did not select. The endpoint's fault, not the query's.
  ProtocolFault,
};

// What a remote failure carries so an agent (and a developer) can tell what happened.
struct RemoteDetails {
  std::string endpoint;    // the endpoint IRI as the catalogue names it
  long http_status = 0;    // 0 when no HTTP response arrived
  int transport_code = 0;  // libcurl's CURLcode, 0 when the transfer itself succeeded
  std::string body_head;   // the first bytes of the response body (bounded, UTF-8 safe)
  RemoteBody body = RemoteBody::Unclassified;
};

struct Error {
  ErrorKind kind = ErrorKind::Internal;
  std::string message;  // says what was wrong and, where possible, what to do instead
  std::optional<SourceSpan> span;
  std::optional<RemoteDetails> remote;
  std::string source_name;  // file name or other origin of `span`, may be empty

  // One line (plus remote details) for logs and for the text shown to a client, e.g.
  // "catalogue/x.ttl:3:7: expected '.'" or "endpoint http://e/sparql: HTTP 500: ...".
  std::string to_text() const;
};

// Convenience constructors.
Error make_error(ErrorKind kind, std::string message);
Error make_syntax_error(std::string message, SourceSpan span, std::string source_name = {});
Error make_remote_error(std::string message, std::string endpoint, long http_status,
                        int transport_code, std::string_view body);

// The exception synchronous code throws. `what()` is `error().to_text()`.
class Exception : public std::exception {
 public:
  explicit Exception(Error error);
  const Error& error() const noexcept { return error_; }
  const char* what() const noexcept override { return text_.c_str(); }

 private:
  Error error_;
  std::string text_;
};

[[noreturn]] void throw_error(ErrorKind kind, std::string message);

// Either a value or an Error: the result of one asynchronous operation (C++20 has no
// std::expected).
template <class T>
class Outcome {
 public:
  Outcome(T value) : data_(std::move(value)) {}      // NOLINT: implicit by design
  Outcome(Error error) : data_(std::move(error)) {}  // NOLINT: implicit by design
  bool ok() const noexcept { return data_.index() == 0; }
  explicit operator bool() const noexcept { return ok(); }
  T& value() & { return std::get<0>(data_); }
  const T& value() const& { return std::get<0>(data_); }
  T&& value() && { return std::get<0>(std::move(data_)); }
  const Error& error() const { return std::get<1>(data_); }
  // Returns the value or throws the error as an Exception.
  T take() && {
    if (!ok()) throw Exception(std::get<1>(std::move(data_)));
    return std::get<0>(std::move(data_));
  }

 private:
  std::variant<T, Error> data_;
};

// Cuts `text` to at most `max_bytes` bytes without splitting a UTF-8 sequence; appends "…"
// when something was cut.
std::string utf8_head(std::string_view text, std::size_t max_bytes);

}  // namespace sparqlmcp
