#include "transport_error.hpp"

#include <cerrno>
#include <cstring>
#include <memory>

namespace sparqlmcp::http::detail {

namespace {

std::string url_part(CURLU* handle, CURLUPart part, unsigned flags) {
  char* value = nullptr;
  if (curl_url_get(handle, part, &value, flags) != CURLUE_OK || value == nullptr) return {};
  std::string text(value);
  curl_free(value);
  return text;
}

std::string os_reason(long os_errno) {
  switch (os_errno) {
    case ECONNREFUSED:
      return "connection refused";
    case ETIMEDOUT:
      return "connection timed out";
    case EHOSTUNREACH:
      return "host unreachable";
    case ENETUNREACH:
      return "network unreachable";
    case ECONNRESET:
      return "connection reset by peer";
    case 0:
      return {};
    default:
      return std::strerror(static_cast<int>(os_errno));
  }
}

std::string with_detail(std::string message, const std::string& detail) {
  if (!detail.empty()) message += " (" + detail + ")";
  return message;
}

bool has_http_scheme(const std::string& url) {
  std::unique_ptr<CURLU, decltype(&curl_url_cleanup)> handle(curl_url(), &curl_url_cleanup);
  if (!handle || curl_url_set(handle.get(), CURLUPART_URL, url.c_str(), 0) != CURLUE_OK)
    return false;
  const std::string scheme = url_part(handle.get(), CURLUPART_SCHEME, 0);
  return scheme == "http" || scheme == "https";
}

}  // namespace

std::string host_and_port(const std::string& url) {
  std::unique_ptr<CURLU, decltype(&curl_url_cleanup)> handle(curl_url(), &curl_url_cleanup);
  if (!handle || curl_url_set(handle.get(), CURLUPART_URL, url.c_str(), 0) != CURLUE_OK) return url;
  std::string host = url_part(handle.get(), CURLUPART_HOST, 0);
  std::string port = url_part(handle.get(), CURLUPART_PORT, CURLU_DEFAULT_PORT);
  if (host.empty()) return url;
  return port.empty() ? host : host + ":" + port;
}

Error transport_error(const TransportFailure& failure) {
  const std::string where = host_and_port(failure.url);
  ErrorKind kind = ErrorKind::Remote;
  std::string message;
  switch (failure.code) {
    case CURLE_COULDNT_CONNECT:
      message = with_detail("could not connect to " + where, os_reason(failure.os_errno)) +
                "; is the endpoint up?";
      break;
    case CURLE_COULDNT_RESOLVE_HOST:
      message = "could not resolve the host name of " + where +
                "; check the endpoint URL (and that the machine has network access)";
      break;
    case CURLE_COULDNT_RESOLVE_PROXY:
      message = "could not resolve the proxy host; check the proxy settings";
      break;
    case CURLE_OPERATION_TIMEDOUT:
      kind = ErrorKind::Timeout;
      message = "no complete response from " + where + " within " +
                std::to_string(failure.timeout.count()) +
                " ms; the endpoint may be slow or overloaded: try a simpler query, a LIMIT, "
                "or a longer timeout";
      break;
    case CURLE_TOO_MANY_REDIRECTS:
      message = "the server at " + where + " redirected more than " +
                std::to_string(failure.max_redirects) +
                " times (a redirect loop?); check the endpoint URL";
      break;
    case CURLE_URL_MALFORMAT:
      kind = ErrorKind::InvalidArgument;
      message = "the URL '" + failure.url +
                "' is malformed; an endpoint URL looks like "
                "http://host/sparql";
      break;
    case CURLE_UNSUPPORTED_PROTOCOL:
      // Also libcurl's answer to an HTTP/0.9-style reply (no status line) from an http URL.
      if (has_http_scheme(failure.url)) {
        message = "the server at " + where + " sent something that is not a valid HTTP response";
      } else {
        kind = ErrorKind::InvalidArgument;
        message = "the URL '" + failure.url + "' uses a scheme other than http or https";
      }
      break;
    case CURLE_GOT_NOTHING:
      message = "the server at " + where + " closed the connection without sending a response";
      break;
    case CURLE_SEND_ERROR:
      message = with_detail("the connection to " + where + " broke while sending the request",
                            os_reason(failure.os_errno));
      break;
    case CURLE_RECV_ERROR:
    case CURLE_PARTIAL_FILE:
      message = with_detail("the connection to " + where + " broke while receiving the response",
                            os_reason(failure.os_errno));
      break;
    case CURLE_BAD_CONTENT_ENCODING:
      message = "the response from " + where + " could not be decompressed (bad Content-Encoding)";
      break;
    case CURLE_WEIRD_SERVER_REPLY:
    case CURLE_HTTP2:
    case CURLE_HTTP2_STREAM:
      message = "the server at " + where + " sent something that is not a valid HTTP response";
      break;
    case CURLE_PEER_FAILED_VERIFICATION:
    case CURLE_SSL_CONNECT_ERROR:
    case CURLE_SSL_CERTPROBLEM:
    case CURLE_SSL_CIPHER:
    case CURLE_SSL_CACERT_BADFILE:
      message = with_detail("the TLS handshake with " + where + " failed", failure.error_buffer);
      break;
    default:
      message = with_detail(
          "the request to " + where + " failed",
          failure.error_buffer.empty() ? curl_easy_strerror(failure.code) : failure.error_buffer);
      break;
  }
  Error error = make_remote_error(std::move(message), failure.url, failure.http_status,
                                  static_cast<int>(failure.code), {});
  error.kind = kind;
  return error;
}

}  // namespace sparqlmcp::http::detail
