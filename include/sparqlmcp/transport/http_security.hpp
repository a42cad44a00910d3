#pragma once
// The checks HttpServer applies before a request reaches a handler, as plain functions so the
// rules can be tested (and reused) without a socket: Host and Origin allow-lists against DNS
// rebinding, bearer tokens (RFC 6750) and where they come from.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sparqlmcp::transport {

// --- Host and Origin allow-lists ----------------------------------------------------------
// Host names compare ASCII case-insensitively, IPv6 literals in brackets as written. A missing
// port is the scheme's default (80 for Host, since this server speaks http; 80/443 for
// http/https origins). "*" in a list allows every value.

// Whether `host_header` ("name", "name:port", "[v6]:port") matches an entry of `allowed`. An
// entry "name" matches that name with any port; "name:port" only that port.
bool host_allowed(const std::vector<std::string>& allowed, std::string_view host_header);

// Whether the Origin `origin` ("http://name:port"; RFC 6454 7) matches an entry of `allowed`
// (scheme, host and port all equal). "null" matches only an entry "null".
bool origin_allowed(const std::vector<std::string>& allowed, std::string_view origin);

// The defaults when the options list none: localhost, 127.0.0.1, [::1] and `bound_host` (a
// URL host, IPv6 in brackets; skipped when it is a wildcard address) with `port`.
std::vector<std::string> default_allowed_hosts(std::string_view bound_host, unsigned short port);
std::vector<std::string> default_allowed_origins(std::string_view bound_host, unsigned short port);

// --- Bearer tokens ------------------------------------------------------------------------

// Equal bytes, in a time that depends on the length of `supplied` only, never on where the
// first difference lies or on the content of `expected` (which must not be empty).
bool constant_time_equal(std::string_view supplied, std::string_view expected);

enum class BearerCheck {
  Accepted,
  Missing,  // no Authorization field, or not the Bearer scheme
  Invalid,  // a Bearer token that is not the expected one
};

// Checks an Authorization field value against `expected` (RFC 6750 2.1: "Bearer" in any case,
// one or more spaces, the b64token). HTTP Basic credentials (RFC 7617) whose password is the
// token are accepted too, whatever the user name, for clients that send no header of their own
// but take a URL with user:password@ (Comunica).
BearerCheck check_bearer(std::optional<std::string_view> authorization, std::string_view expected);

// The token in file `path`, without surrounding whitespace (a trailing newline is usual).
// Throws Exception(InvalidArgument) when the file cannot be read, is empty, or holds characters
// a b64token cannot (the message names the file and the offending byte offset, never the token).
std::string read_bearer_token_file(const std::string& path);

// The token in environment variable `name`; nullopt when it is unset. Throws like
// read_bearer_token_file when it is set but empty or not a b64token.
std::optional<std::string> bearer_token_from_environment(const char* name);

}  // namespace sparqlmcp::transport
