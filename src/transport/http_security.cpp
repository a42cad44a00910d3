#include "sparqlmcp/transport/http_security.hpp"

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "sparqlmcp/util/error.hpp"
#include "sparqlmcp/util/text.hpp"

namespace sparqlmcp::transport {

namespace {

struct Authority {
  std::string host;  // lower-case, IPv6 with its brackets
  std::string port;  // "" when absent
};

// Splits "name[:port]" or "[v6][:port]". nullopt when it is not of that shape.
std::optional<Authority> split_authority(std::string_view text) {
  Authority out;
  std::string_view rest;
  if (!text.empty() && text.front() == '[') {
    auto close = text.find(']');
    if (close == std::string_view::npos) return std::nullopt;
    out.host = util::ascii_lowercase(text.substr(0, close + 1));
    rest = text.substr(close + 1);
    if (!rest.empty() && rest.front() != ':') return std::nullopt;
  } else {
    auto colon = text.find(':');
    out.host = util::ascii_lowercase(text.substr(0, colon));
    rest = colon == std::string_view::npos ? std::string_view{} : text.substr(colon);
  }
  if (out.host.empty()) return std::nullopt;
  if (!rest.empty()) {
    rest.remove_prefix(1);  // ':'
    if (rest.empty() || rest.size() > 5) return std::nullopt;
    for (char c : rest)
      if (c < '0' || c > '9') return std::nullopt;
    out.port = std::string(rest);
  }
  return out;
}

struct OriginParts {
  std::string scheme;
  Authority authority;
};

std::optional<OriginParts> split_origin(std::string_view text) {
  auto sep = text.find("://");
  if (sep == std::string_view::npos || sep == 0) return std::nullopt;
  OriginParts out;
  out.scheme = util::ascii_lowercase(text.substr(0, sep));
  auto authority = split_authority(text.substr(sep + 3));
  if (!authority) return std::nullopt;
  out.authority = std::move(*authority);
  if (out.authority.port.empty()) {
    if (out.scheme == "http")
      out.authority.port = "80";
    else if (out.scheme == "https")
      out.authority.port = "443";
  }
  return out;
}

bool is_wildcard(std::string_view host) {
  return host.empty() || host == "0.0.0.0" || host == "[::]" || host == "::";
}

// RFC 6750 2.1: b64token = 1*( ALPHA / DIGIT / "-" / "." / "_" / "~" / "+" / "/" ) *"="
bool is_b64token_char(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' ||
         c == '.' || c == '_' || c == '~' || c == '+' || c == '/';
}

// Checks a configured token; `source` names where it came from in the messages.
std::string checked_token(std::string_view raw, const std::string& source) {
  std::string_view token = util::trim_whitespace(raw);
  if (token.empty())
    throw_error(ErrorKind::InvalidArgument,
                source + " is empty; put the bearer token in it (one line)");
  std::size_t i = 0;
  while (i < token.size() && is_b64token_char(token[i]))
    ++i;
  std::size_t equals = i;
  while (equals < token.size() && token[equals] == '=')
    ++equals;
  if (i == 0 || equals != token.size()) {
    std::size_t bad = i == 0 ? 0 : equals;
    throw_error(ErrorKind::InvalidArgument,
                source + ": byte " + std::to_string(bad + 1) +
                    " of the token cannot appear in a bearer token (RFC 6750 b64token: letters, "
                    "digits, - . _ ~ + / and trailing =)");
  }
  return std::string(token);
}

}  // namespace

bool host_allowed(const std::vector<std::string>& allowed, std::string_view host_header) {
  auto host = split_authority(host_header);
  if (!host) return false;
  std::string port = host->port.empty() ? "80" : host->port;
  for (const auto& entry : allowed) {
    if (entry == "*") return true;
    auto want = split_authority(entry);
    if (!want || want->host != host->host) continue;
    if (want->port.empty() || want->port == port) return true;
  }
  return false;
}

bool origin_allowed(const std::vector<std::string>& allowed, std::string_view origin) {
  auto parts = split_origin(origin);
  for (const auto& entry : allowed) {
    if (entry == "*") return true;
    if (!parts) {
      if (entry == origin) return true;  // "null" (RFC 6454 7.3) only when listed as such
      continue;
    }
    auto want = split_origin(entry);
    if (want && want->scheme == parts->scheme && want->authority.host == parts->authority.host &&
        want->authority.port == parts->authority.port)
      return true;
  }
  return false;
}

std::vector<std::string> default_allowed_hosts(std::string_view bound_host, unsigned short port) {
  std::string suffix = ":" + std::to_string(port);
  std::vector<std::string> out{"localhost" + suffix, "127.0.0.1" + suffix, "[::1]" + suffix};
  std::string bound = util::ascii_lowercase(bound_host);
  if (!is_wildcard(bound) && bound != "localhost" && bound != "127.0.0.1" && bound != "[::1]")
    out.push_back(bound + suffix);
  return out;
}

std::vector<std::string> default_allowed_origins(std::string_view bound_host, unsigned short port) {
  std::vector<std::string> out;
  for (const auto& host : default_allowed_hosts(bound_host, port))
    out.push_back("http://" + host);
  return out;
}

bool constant_time_equal(std::string_view supplied, std::string_view expected) {
  // Every byte of `supplied` is compared with a byte of `expected` (cycled), and the
  // differences are OR-ed without an early exit: the loop's length and work depend on
  // `supplied` alone. The length check is one more bit of the same accumulator.
  unsigned char difference = supplied.size() == expected.size() ? 0 : 1;
  if (expected.empty()) return false;
  for (std::size_t i = 0; i < supplied.size(); ++i)
    difference |= static_cast<unsigned char>(supplied[i] ^ expected[i % expected.size()]);
  return difference == 0;
}

BearerCheck check_bearer(std::optional<std::string_view> authorization, std::string_view expected) {
  if (!authorization) return BearerCheck::Missing;
  std::string_view value = util::trim_whitespace(*authorization);
  // The scheme, then white space, then its credentials.
  auto credentials = [&](std::string_view scheme) -> std::optional<std::string_view> {
    if (value.size() <= scheme.size() || !util::istarts_with(value, scheme) ||
        (value[scheme.size()] != ' ' && value[scheme.size()] != '\t'))
      return std::nullopt;
    return util::trim_whitespace(value.substr(scheme.size()));
  };
  if (auto token = credentials("bearer"))
    return constant_time_equal(*token, expected) ? BearerCheck::Accepted : BearerCheck::Invalid;
  // RFC 7617: "user:password" in base64. The token is the password, any user name: clients
  // that cannot send a header but take http://user:TOKEN@host/ URLs (Comunica) reach the server.
  if (auto basic = credentials("basic")) {
    const std::optional<std::string> pair = util::base64_decode(*basic);
    const std::size_t colon = pair ? pair->find(':') : std::string::npos;
    if (colon == std::string::npos) return BearerCheck::Invalid;
    return constant_time_equal(std::string_view(*pair).substr(colon + 1), expected)
               ? BearerCheck::Accepted
               : BearerCheck::Invalid;
  }
  return BearerCheck::Missing;
}

std::string read_bearer_token_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw_error(ErrorKind::InvalidArgument,
                "cannot read the bearer token file " + path + "; check the path and permissions");
  std::ostringstream text;
  text << in.rdbuf();
  return checked_token(text.str(), "bearer token file " + path);
}

std::optional<std::string> bearer_token_from_environment(const char* name) {
  const char* value = std::getenv(name);
  if (value == nullptr) return std::nullopt;
  return checked_token(value, std::string("environment variable ") + name);
}

}  // namespace sparqlmcp::transport
