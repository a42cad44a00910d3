#pragma once
// Turns a failed libcurl transfer into the project's Error, in words an agent can act on.

#include <curl/curl.h>

#include <chrono>
#include <string>

#include "sparqlmcp/util/error.hpp"

namespace sparqlmcp::http::detail {

struct TransportFailure {
  CURLcode code = CURLE_OK;
  std::string url;           // the URL the caller asked for
  std::string error_buffer;  // CURLOPT_ERRORBUFFER text, may be empty
  long os_errno = 0;         // CURLINFO_OS_ERRNO
  long http_status = 0;      // a status may have arrived before the failure
  std::chrono::milliseconds timeout{0};
  long max_redirects = 0;
};

// ErrorKind::Timeout for CURLE_OPERATION_TIMEDOUT, InvalidArgument for an unusable URL,
// Remote otherwise; RemoteDetails{endpoint = url, transport_code = code}.
Error transport_error(const TransportFailure& failure);

// "host:port" of `url` (default port from the scheme), or `url` itself when it cannot be parsed.
std::string host_and_port(const std::string& url);

}  // namespace sparqlmcp::http::detail
