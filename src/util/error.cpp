#include "sparqlmcp/util/error.hpp"

#include "sparqlmcp/util/text.hpp"

namespace sparqlmcp {

std::string Error::to_text() const {
  std::string text;
  if (span) {
    if (!source_name.empty()) text += source_name + ":";
    text += std::to_string(span->line) + ":" + std::to_string(span->column) + ": ";
  } else if (!source_name.empty()) {
    text += source_name + ": ";
  }
  text += message;
  if (remote) {
    text += " (endpoint " + remote->endpoint;
    if (remote->http_status != 0) text += ", HTTP status " + std::to_string(remote->http_status);
    if (remote->transport_code != 0)
      text += ", transport error " + std::to_string(remote->transport_code);
    if (!remote->body_head.empty()) text += ", body begins: " + remote->body_head;
    text += ")";
  }
  return text;
}

Error make_error(ErrorKind kind, std::string message) {
  Error error;
  error.kind = kind;
  error.message = std::move(message);
  return error;
}

Error make_syntax_error(std::string message, SourceSpan span, std::string source_name) {
  // A message quotes what it found; whatever a caller quoted, the message stays a few lines
  // (clients cut an error's text near 11,000 characters, and an SDK drops a 10 MiB message).
  constexpr std::size_t kMaxSyntaxMessage = 2000;
  if (message.size() > kMaxSyntaxMessage) message = utf8_head(message, kMaxSyntaxMessage);
  Error error = make_error(ErrorKind::Syntax, std::move(message));
  error.span = span;
  error.source_name = std::move(source_name);
  return error;
}

Error make_remote_error(std::string message, std::string endpoint, long http_status,
                        int transport_code, std::string_view body) {
  Error error = make_error(ErrorKind::Remote, std::move(message));
  error.remote =
      RemoteDetails{std::move(endpoint), http_status, transport_code, utf8_head(body, 300)};
  return error;
}

Exception::Exception(Error error) : error_(std::move(error)), text_(error_.to_text()) {}

void throw_error(ErrorKind kind, std::string message) {
  throw Exception(make_error(kind, std::move(message)));
}

std::string utf8_head(std::string_view text, std::size_t max_bytes) {
  if (text.size() <= max_bytes) return std::string(text);
  std::size_t cut = max_bytes;
  // Step back over continuation bytes (10xxxxxx) so no sequence is split.
  while (cut > 0 && util::is_utf8_continuation(text[cut]))
    --cut;
  return std::string(text.substr(0, cut)) + "…";
}

}  // namespace sparqlmcp
