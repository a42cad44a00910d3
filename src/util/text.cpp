#include "sparqlmcp/util/text.hpp"

#include <algorithm>
#include <array>

namespace sparqlmcp::util {

std::string ascii_lowercase(std::string_view text) {
  std::string out(text);
  for (char& c : out)
    c = ascii_lower(c);
  return out;
}

std::string ascii_uppercase(std::string_view text) {
  std::string out(text);
  for (char& c : out)
    c = ascii_upper(c);
  return out;
}

bool istarts_with(std::string_view text, std::string_view prefix) {
  return text.size() >= prefix.size() && iequals(text.substr(0, prefix.size()), prefix);
}

std::string media_type_essence(std::string_view content_type) {
  return ascii_lowercase(trim_whitespace(content_type.substr(0, content_type.find(';'))));
}

std::string_view trim_whitespace(std::string_view text) {
  const auto space = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
  while (!text.empty() && space(text.front()))
    text.remove_prefix(1);
  while (!text.empty() && space(text.back()))
    text.remove_suffix(1);
  return text;
}

std::vector<std::string> comma_separated(std::string_view list) {
  std::vector<std::string> out;
  std::size_t at = 0;
  while (at <= list.size()) {
    std::size_t end = list.find(',', at);
    if (end == std::string_view::npos) end = list.size();
    const std::string_view item = trim_whitespace(list.substr(at, end - at));
    if (!item.empty()) out.emplace_back(item);
    at = end + 1;
  }
  return out;
}

void append_hex(std::string& out, std::uint32_t value, std::size_t min_digits, HexCase letters) {
  const char* alphabet = letters == HexCase::Upper ? "0123456789ABCDEF" : "0123456789abcdef";
  std::size_t digits = 1;
  while (digits < 8 && (value >> (4 * digits)) != 0)
    ++digits;
  for (std::size_t i = std::max(digits, min_digits); i-- > 0;)
    out += alphabet[i < 8 ? (value >> (4 * i)) & 0xF : 0];
}

std::string to_hex(std::string_view bytes, HexCase letters) {
  std::string out;
  out.reserve(bytes.size() * 2);
  for (char byte : bytes)
    append_hex(out, static_cast<unsigned char>(byte), 2, letters);
  return out;
}

std::optional<std::string> base64_decode(std::string_view text) {
  static const std::array<int, 256> table = [] {
    std::array<int, 256> t{};
    t.fill(-1);
    const std::string_view alphabet =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    for (std::size_t i = 0; i < alphabet.size(); ++i)
      t[static_cast<unsigned char>(alphabet[i])] = static_cast<int>(i);
    return t;
  }();
  while (!text.empty() && text.back() == '=')
    text.remove_suffix(1);
  std::string out;
  unsigned buffer = 0;
  int bits = 0;
  for (char c : text) {
    const int value = table[static_cast<unsigned char>(c)];
    if (value < 0) return std::nullopt;
    buffer = (buffer << 6) | static_cast<unsigned>(value);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push_back(static_cast<char>((buffer >> bits) & 0xFF));
    }
  }
  return out;
}

std::string percent_encode(std::string_view text) {
  std::string out;
  out.reserve(text.size() * 3);
  for (char c : text) {
    bool unreserved = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
                      c == '-' || c == '.' || c == '_' || c == '~';
    if (unreserved) {
      out += c;
    } else {
      out += '%';
      append_hex(out, static_cast<unsigned char>(c), 2);
    }
  }
  return out;
}

void append_utf8(std::string& out, char32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

std::size_t utf8_sequence_length(std::string_view text, std::size_t pos) {
  auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  unsigned char b0 = byte(pos);
  if (b0 < 0x80) return 1;
  std::size_t length = 0;
  // The range of the second byte; the later ones are always 80..BF.
  unsigned char low = 0x80, high = 0xBF;
  if (b0 >= 0xC2 && b0 <= 0xDF) {
    length = 2;
  } else if (b0 >= 0xE0 && b0 <= 0xEF) {
    length = 3;
    if (b0 == 0xE0) low = 0xA0;   // no overlong forms
    if (b0 == 0xED) high = 0x9F;  // no surrogates
  } else if (b0 >= 0xF0 && b0 <= 0xF4) {
    length = 4;
    if (b0 == 0xF0) low = 0x90;   // no overlong forms
    if (b0 == 0xF4) high = 0x8F;  // nothing above U+10FFFF
  } else {
    return 0;
  }
  if (pos + length > text.size()) return 0;
  if (byte(pos + 1) < low || byte(pos + 1) > high) return 0;
  for (std::size_t k = 2; k < length; ++k)
    if (!is_utf8_continuation(text[pos + k])) return 0;
  return length;
}

char32_t detail::decode_utf8_sequence(std::string_view text, std::size_t& pos) {
  std::size_t length = utf8_sequence_length(text, pos);
  auto b0 = static_cast<unsigned char>(text[pos]);
  if (length == 0) {
    ++pos;
    return kReplacementCharacter;
  }
  if (length == 1) {
    ++pos;
    return b0;
  }
  char32_t cp = b0 & (0x7F >> length);
  for (std::size_t k = 1; k < length; ++k)
    cp = (cp << 6) | (static_cast<unsigned char>(text[pos + k]) & 0x3F);
  pos += length;
  return cp;
}

bool is_valid_utf8(std::string_view text) {
  std::size_t i = 0;
  while (i < text.size()) {
    // Fast path over ASCII.
    while (i < text.size() && static_cast<unsigned char>(text[i]) < 0x80)
      ++i;
    if (i >= text.size()) return true;
    std::size_t length = utf8_sequence_length(text, i);
    if (length == 0) return false;
    i += length;
  }
  return true;
}

std::string sanitize_utf8(std::string_view text) {
  std::string out;
  out.reserve(text.size() + 16);
  std::size_t i = 0;
  while (i < text.size()) {
    std::size_t length = utf8_sequence_length(text, i);
    if (length != 0) {
      out.append(text.data() + i, length);
      i += length;
      continue;
    }
    append_utf8(out, kReplacementCharacter);
    ++i;
    // Skip the continuation bytes of the broken sequence.
    while (i < text.size() && is_utf8_continuation(text[i]))
      ++i;
  }
  return out;
}

std::size_t code_point_count(std::string_view text) {
  std::size_t count = 0;
  for (char c : text)
    count += !is_utf8_continuation(c);
  return count;
}

SourceSpan position_at(std::string_view text, std::size_t offset) {
  return position_at(text, offset, 0, SourceSpan{1, 1});
}

SourceSpan position_at(std::string_view text, std::size_t offset, std::size_t from,
                       SourceSpan from_span) {
  if (offset > text.size()) offset = text.size();
  SourceSpan span = from_span;
  for (std::size_t i = from; i < offset; ++i) {
    char c = text[i];
    if (c == '\n') {
      ++span.line;
      span.column = 1;
    } else if (!is_utf8_continuation(c)) {
      ++span.column;
    }
  }
  return span;
}

std::string one_line(std::string_view text, std::size_t max_bytes) {
  std::string line;
  for (char c : text) {
    if (c == '\n' || c == '\r' || c == '\t') c = ' ';
    if (c == ' ' && (line.empty() || line.back() == ' ')) continue;
    line += c;
  }
  while (!line.empty() && line.back() == ' ')
    line.pop_back();
  if (line.size() <= max_bytes) return line;
  std::size_t cut = max_bytes > 3 ? max_bytes - 3 : 0;
  while (cut > 0 && is_utf8_continuation(line[cut]))
    --cut;
  return line.substr(0, cut) + "...";
}

}  // namespace sparqlmcp::util
