// HttpRequest and HttpResponse helpers.
#include <string>

#include "sparqlmcp/transport/http_server.hpp"
#include "sparqlmcp/util/text.hpp"

namespace sparqlmcp::transport {

namespace {

// application/x-www-form-urlencoded decoding (WHATWG URL 5.1): '+' is a space, %XX a byte; a
// '%' not followed by two hex digits stays as it is.
std::string form_decode(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '+') {
      out.push_back(' ');
    } else if (c == '%' && i + 2 < text.size() && util::is_hex_digit(text[i + 1]) &&
               util::is_hex_digit(text[i + 2])) {
      out.push_back(
          static_cast<char>(util::hex_value(text[i + 1]) * 16 + util::hex_value(text[i + 2])));
      i += 2;
    } else {
      out.push_back(c);
    }
  }
  return out;
}

}  // namespace

std::optional<std::string> HttpRequest::header(std::string_view name) const {
  for (const auto& [field, value] : headers)
    if (util::iequals(field, name)) return value;
  return std::nullopt;
}

std::optional<std::string> HttpRequest::query_parameter(std::string_view name) const {
  for (auto& [key, value] : decode_form(query))
    if (key == name) return std::move(value);
  return std::nullopt;
}

std::vector<std::pair<std::string, std::string>> decode_form(std::string_view text) {
  std::vector<std::pair<std::string, std::string>> pairs;
  while (!text.empty()) {
    auto amp = text.find('&');
    std::string_view pair = text.substr(0, amp);
    text = amp == std::string_view::npos ? std::string_view{} : text.substr(amp + 1);
    if (pair.empty()) continue;
    auto equals = pair.find('=');
    pairs.emplace_back(
        form_decode(pair.substr(0, equals)),
        equals == std::string_view::npos ? std::string{} : form_decode(pair.substr(equals + 1)));
  }
  return pairs;
}

HttpResponse HttpResponse::text(int status, std::string_view body) {
  HttpResponse out;
  out.status = status;
  out.headers.emplace_back("Content-Type", "text/plain; charset=utf-8");
  out.body = std::string(body) + "\n";
  return out;
}

}  // namespace sparqlmcp::transport
