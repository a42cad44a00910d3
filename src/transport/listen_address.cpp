// `--http [HOST:]PORT`.
#include <string>

#include "sparqlmcp/transport/http_server.hpp"
#include "sparqlmcp/util/error.hpp"

namespace sparqlmcp::transport {

namespace {

[[noreturn]] void fail(std::string_view text, std::string_view why) {
  throw_error(ErrorKind::InvalidArgument,
              "cannot listen on '" + std::string(text) + "': " + std::string(why) +
                  "; expected [HOST:]PORT, e.g. 8080, 127.0.0.1:8080 or [::1]:8080");
}

unsigned short parse_port(std::string_view full, std::string_view digits) {
  if (digits.empty()) fail(full, "the port is missing");
  unsigned long value = 0;
  for (char c : digits) {
    if (c < '0' || c > '9') fail(full, "the port must be a number from 0 to 65535");
    value = value * 10 + static_cast<unsigned long>(c - '0');
    if (value > 65535) fail(full, "the port must be a number from 0 to 65535");
  }
  return static_cast<unsigned short>(value);
}

}  // namespace

ListenAddress parse_listen_address(std::string_view text) {
  ListenAddress out;
  if (!text.empty() && text.front() == '[') {
    auto close = text.find(']');
    if (close == std::string_view::npos) fail(text, "the IPv6 address has no closing ']'");
    out.host = std::string(text.substr(1, close - 1));
    if (out.host.empty()) fail(text, "the IPv6 address is empty");
    if (close + 1 >= text.size() || text[close + 1] != ':')
      fail(text, "a ':' and the port must follow the IPv6 address");
    out.port = parse_port(text, text.substr(close + 2));
    return out;
  }
  auto colon = text.rfind(':');
  if (colon == std::string_view::npos) {
    out.port = parse_port(text, text);
    return out;
  }
  if (text.substr(0, colon).find(':') != std::string_view::npos)
    fail(text, "an IPv6 address must be written in brackets");
  if (colon == 0) fail(text, "the host before ':' is empty");
  out.host = std::string(text.substr(0, colon));
  out.port = parse_port(text, text.substr(colon + 1));
  return out;
}

}  // namespace sparqlmcp::transport
