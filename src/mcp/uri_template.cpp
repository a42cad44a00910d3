#include "sparqlmcp/mcp/uri_template.hpp"

#include <cctype>

#include "sparqlmcp/util/error.hpp"

namespace sparqlmcp::mcp {

namespace {

// RFC 3986 2.3 unreserved and 2.2 reserved characters.
bool is_unreserved(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '.' || c == '_' ||
         c == '~';
}
bool is_reserved(char c) {
  return std::string_view(":/?#[]@!$&'()*+,;=").find(c) != std::string_view::npos;
}
bool is_hex(char c) {
  return std::isxdigit(static_cast<unsigned char>(c)) != 0;
}
int hex_value(char c) {
  return std::isdigit(static_cast<unsigned char>(c))
             ? c - '0'
             : std::tolower(static_cast<unsigned char>(c)) - 'a' + 10;
}

// RFC 6570 2.3: varname = varchar *( ["."] varchar ), varchar = ALPHA / DIGIT / "_" /
// pct-encoded.
bool is_varname(std::string_view name) {
  if (name.empty() || name.front() == '.' || name.back() == '.') return false;
  for (std::size_t i = 0; i < name.size(); ++i) {
    const char c = name[i];
    if (std::isalnum(static_cast<unsigned char>(c)) || c == '_') continue;
    if (c == '.' && name[i - 1] != '.') continue;
    if (c == '%' && i + 2 < name.size() && is_hex(name[i + 1]) && is_hex(name[i + 2])) {
      i += 2;
      continue;
    }
    return false;
  }
  return true;
}

[[noreturn]] void refuse(const std::string& text, std::size_t at, const std::string& what) {
  throw_error(ErrorKind::InvalidArgument,
              "URI template \"" + text + "\", character " + std::to_string(at + 1) + ": " + what);
}

// RFC 6570 3.2.1: characters outside the allowed set are UTF-8 percent-encoded; with
// `reserved`, reserved characters and existing %XX triplets pass through.
void encode_into(std::string& out, std::string_view value, bool reserved) {
  static const char* const kHex = "0123456789ABCDEF";
  for (std::size_t i = 0; i < value.size(); ++i) {
    const char c = value[i];
    if (is_unreserved(c) || (reserved && is_reserved(c))) {
      out += c;
    } else if (reserved && c == '%' && i + 2 < value.size() && is_hex(value[i + 1]) &&
               is_hex(value[i + 2])) {
      out.append(value.substr(i, 3));
      i += 2;
    } else {
      const auto byte = static_cast<unsigned char>(c);
      out += '%';
      out += kHex[byte >> 4];
      out += kHex[byte & 0xF];
    }
  }
}

std::string decode(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '%' && i + 2 < text.size()) {  // triplets were checked by match
      out += static_cast<char>(hex_value(text[i + 1]) * 16 + hex_value(text[i + 2]));
      i += 2;
    } else {
      out += text[i];
    }
  }
  return out;
}

}  // namespace

UriTemplate::UriTemplate(std::string text) : text_(std::move(text)) {
  std::size_t at = 0;
  while (at < text_.size()) {
    const std::size_t open = text_.find_first_of("{}", at);
    if (open != at) {
      const std::size_t end = open == std::string::npos ? text_.size() : open;
      parts_.push_back({false, false, text_.substr(at, end - at)});
      at = end;
      continue;
    }
    if (text_[open] == '}') refuse(text_, open, "'}' without an opening '{'");
    const std::size_t close = text_.find('}', open);
    if (close == std::string::npos) refuse(text_, open, "'{' is never closed by '}'");
    std::string_view expression(text_.data() + open + 1, close - open - 1);
    Part part{true, false, {}};
    if (!expression.empty() && expression.front() == '+') {
      part.reserved = true;
      expression.remove_prefix(1);
    } else if (!expression.empty() &&
               std::string_view("#./;?&=,!@|").find(expression.front()) != std::string_view::npos) {
      refuse(text_, open + 1,
             std::string("the operator '") + expression.front() +
                 "' is not supported; use {name} or {+name}");
    }
    if (expression.find(',') != std::string_view::npos)
      refuse(text_, open + 1, "a list of variables is not supported; use one per expression");
    if (!expression.empty() &&
        (expression.back() == '*' || expression.find(':') != std::string_view::npos))
      refuse(text_, open + 1, "modifiers (':n', '*') are not supported");
    if (!is_varname(expression))
      refuse(text_, open + 1,
             "\"" + std::string(expression) +
                 "\" is not a variable name (letters, digits, '_', %XX, single dots inside)");
    part.text = std::string(expression);
    if (!parts_.empty() && parts_.back().variable)
      refuse(text_, open, "two expressions in a row cannot be told apart when matching a URI");
    parts_.push_back(std::move(part));
    at = close + 1;
  }
}

std::vector<std::string> UriTemplate::variables() const {
  std::vector<std::string> names;
  for (const Part& part : parts_)
    if (part.variable) names.push_back(part.text);
  return names;
}

std::string UriTemplate::expand(const std::map<std::string, std::string>& values) const {
  std::string out;
  for (const Part& part : parts_) {
    if (!part.variable) {
      out += part.text;
      continue;
    }
    if (auto it = values.find(part.text); it != values.end())
      encode_into(out, it->second, part.reserved);
  }
  return out;
}

std::optional<std::map<std::string, std::string>> UriTemplate::match(std::string_view uri) const {
  std::map<std::string, std::string> values;
  if (!match_from(0, uri, 0, values)) return std::nullopt;
  return values;
}

bool UriTemplate::match_from(std::size_t index, std::string_view uri, std::size_t at,
                             std::map<std::string, std::string>& values) const {
  if (index == parts_.size()) return at == uri.size();
  const Part& part = parts_[index];
  if (!part.variable) {
    if (uri.substr(at, part.text.size()) != part.text) return false;
    return match_from(index + 1, uri, at + part.text.size(), values);
  }
  // The ends a value may have: after each character or %XX triplet the expression allows.
  std::vector<std::size_t> ends{at};
  for (std::size_t i = at; i < uri.size();) {
    const char c = uri[i];
    if (c == '%' && i + 2 < uri.size() && is_hex(uri[i + 1]) && is_hex(uri[i + 2]))
      i += 3;
    else if (is_unreserved(c) || (part.reserved && is_reserved(c)))
      i += 1;
    else
      break;
    ends.push_back(i);
  }
  for (auto end = ends.rbegin(); end != ends.rend(); ++end) {
    const std::string value = decode(uri.substr(at, *end - at));
    auto [bound, fresh] = values.emplace(part.text, value);
    if (!fresh && bound->second != value) continue;  // a repeated variable must agree
    if (match_from(index + 1, uri, *end, values)) return true;
    if (fresh) values.erase(bound);
  }
  return false;
}

}  // namespace sparqlmcp::mcp
