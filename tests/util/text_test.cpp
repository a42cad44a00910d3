#include "sparqlmcp/util/text.hpp"

#include <catch2/catch.hpp>
#include <string>

using namespace sparqlmcp;
using namespace sparqlmcp::util;

namespace {

std::string encoded(char32_t cp) {
  std::string out;
  append_utf8(out, cp);
  return out;
}

// Every code point of `text` as decode_utf8 reads it.
std::u32string decoded(std::string_view text) {
  std::u32string out;
  for (std::size_t pos = 0; pos < text.size();)
    out += decode_utf8(text, pos);
  return out;
}

}  // namespace

TEST_CASE("ASCII case folding changes only the 26 letters and leaves UTF-8 alone", "[util]") {
  CHECK(ascii_lowercase("SELECT Élan 9_Z") == "select Élan 9_z");
  CHECK(ascii_uppercase("get, post; é") == "GET, POST; é");
  CHECK(ascii_lower('@') == '@');
  CHECK(ascii_lower('[') == '[');
  CHECK(ascii_upper('`') == '`');
  CHECK(ascii_upper('{') == '{');
  // A byte of a UTF-8 sequence is never a letter: "É" (C3 89) must not become "é" (C3 A9).
  CHECK(ascii_lowercase("\xC3\x89") == "\xC3\x89");
}

TEST_CASE("iequals and istarts_with compare ASCII letters without case", "[util]") {
  CHECK(iequals("Content-Type", "content-TYPE"));
  CHECK(iequals("", ""));
  CHECK_FALSE(iequals("abc", "abd"));
  CHECK_FALSE(iequals("abc", "ab"));
  CHECK_FALSE(iequals("É", "é"));  // not ASCII: Unicode case is ICU's job
  CHECK(istarts_with("en-US", "EN"));
  CHECK(istarts_with("x", ""));
  CHECK_FALSE(istarts_with("en", "en-"));
  CHECK_FALSE(istarts_with("de-DE", "en"));
}

TEST_CASE("media_type_essence drops parameters, blanks and case of a Content-Type", "[util]") {
  CHECK(util::media_type_essence("Application/SPARQL-Results+JSON; charset=UTF-8") ==
        "application/sparql-results+json");
  CHECK(util::media_type_essence(" text/csv ;header=present") == "text/csv");
  CHECK(util::media_type_essence("") == "");
}

TEST_CASE("hexadecimal digits parse in either case and print with padding", "[util]") {
  CHECK(hex_value('0') == 0);
  CHECK(hex_value('9') == 9);
  CHECK(hex_value('a') == 10);
  CHECK(hex_value('F') == 15);
  CHECK(hex_value('g') == -1);
  CHECK(hex_value('G') == -1);
  CHECK(hex_value('/') == -1);
  CHECK(hex_value(':') == -1);
  CHECK(hex_value('@') == -1);
  CHECK(hex_value('`') == -1);
  CHECK(is_hex_digit('c'));
  CHECK_FALSE(is_hex_digit(' '));

  auto hex = [](std::uint32_t value, std::size_t min_digits, HexCase letters = HexCase::Upper) {
    std::string out;
    append_hex(out, value, min_digits, letters);
    return out;
  };
  CHECK(hex(0xE9, 4) == "00E9");
  CHECK(hex(0x1F600, 4) == "1F600");  // wider than asked: never cut
  CHECK(hex(0x10FFFF, 8, HexCase::Lower) == "0010ffff");
  CHECK(hex(0xFFFFFFFF, 2) == "FFFFFFFF");
  CHECK(hex(0, 1) == "0");
  CHECK(hex(0, 0) == "0");
  CHECK(to_hex(std::string_view("\x00\x7F\xFF", 3), HexCase::Lower) == "007fff");
  CHECK(to_hex("\xC3\xA9") == "C3A9");
}

TEST_CASE("percent_encode keeps only the unreserved characters of RFC 3986", "[util]") {
  CHECK(percent_encode("a-b_c.d~e") == "a-b_c.d~e");
  CHECK(percent_encode("SELECT * { ?s ?p ?o }") == "SELECT%20%2A%20%7B%20%3Fs%20%3Fp%20%3Fo%20%7D");
  CHECK(percent_encode("é&=+#/") == "%C3%A9%26%3D%2B%23%2F");
  CHECK(percent_encode("") == "");
}

TEST_CASE("append_utf8 writes one to four bytes at the boundaries of each length", "[util]") {
  CHECK(encoded(U'A') == "A");
  CHECK(encoded(0x7F) == "\x7F");
  CHECK(encoded(0x80) == "\xC2\x80");
  CHECK(encoded(0xE9) == "é");
  CHECK(encoded(0x7FF) == "\xDF\xBF");
  CHECK(encoded(0x800) == "\xE0\xA0\x80");
  CHECK(encoded(0x20AC) == "€");
  CHECK(encoded(0xFFFF) == "\xEF\xBF\xBF");
  CHECK(encoded(0x10000) == "\xF0\x90\x80\x80");
  CHECK(encoded(0x1F600) == "😀");
  CHECK(encoded(0x10FFFF) == "\xF4\x8F\xBF\xBF");
}

TEST_CASE("decode_utf8 reads well-formed text and turns each bad byte into U+FFFD",
          "[util][error]") {
  CHECK(decoded("aé€😀") == U"aé€😀");
  for (char32_t cp :
       {0x0u, 0x7Fu, 0x80u, 0x7FFu, 0x800u, 0xD7FFu, 0xE000u, 0xFFFDu, 0x10000u, 0x10FFFFu}) {
    INFO("U+" << std::hex << static_cast<unsigned>(cp));
    CHECK(decoded(encoded(cp)) == std::u32string(1, cp));
  }
  // A stray continuation byte, an overlong '/', an encoded surrogate, a value above U+10FFFF,
  // a sequence cut short: one U+FFFD per byte, and decoding goes on after them.
  CHECK(decoded("\x80x") == U"\uFFFDx");
  CHECK(decoded("\xC0\xAF") == U"\uFFFD\uFFFD");
  CHECK(decoded("\xED\xA0\x80") == U"\uFFFD\uFFFD\uFFFD");
  CHECK(decoded("\xF4\x90\x80\x80") == U"\uFFFD\uFFFD\uFFFD\uFFFD");
  CHECK(decoded("\xE2\x82") == U"\uFFFD\uFFFD");
  CHECK(utf8_sequence_length("\xE2\x82\xAC", 0) == 3);
  CHECK(utf8_sequence_length("\xE2\x82", 0) == 0);
}

TEST_CASE("UTF-8 validation and repair follow table 3-7 of Unicode", "[util]") {
  CHECK(is_valid_utf8("plain ASCII"));
  CHECK(is_valid_utf8("aé€😀"));
  CHECK(is_valid_utf8(""));
  CHECK_FALSE(is_valid_utf8("caf\xE9"));           // Latin-1 é
  CHECK_FALSE(is_valid_utf8("\xC0\xAF"));          // overlong
  CHECK_FALSE(is_valid_utf8("\xED\xB0\x80"));      // surrogate
  CHECK_FALSE(is_valid_utf8("\xF5\x80\x80\x80"));  // above U+10FFFF
  CHECK_FALSE(is_valid_utf8("a\xF0\x9F\x98"));     // cut short
  CHECK(sanitize_utf8("caf\xE9!") == "caf\uFFFD!");
  // A bad lead byte and the continuation bytes after it become one U+FFFD.
  CHECK(sanitize_utf8("a\xC0\xAF\xAF"
                      "b") == "a\uFFFDb");
  CHECK(sanitize_utf8("aé€😀") == "aé€😀");
}

TEST_CASE("code_point_count counts characters, not bytes", "[util]") {
  CHECK(code_point_count("") == 0);
  CHECK(code_point_count("abc") == 3);
  CHECK(code_point_count("aé€😀") == 4);
}

TEST_CASE("positions are 1-based lines and columns in code points", "[util]") {
  // Byte offsets: 'a'=0, 'é'=1-2, '€'=3-5, '😀'=6-9, 'b'=10, '\n'=11, 'c'=12.
  const std::string_view text = "aé€😀b\nc";
  auto at = [&](std::size_t offset) {
    SourceSpan span = position_at(text, offset);
    return std::to_string(span.line) + ":" + std::to_string(span.column);
  };
  CHECK(at(0) == "1:1");
  CHECK(at(1) == "1:2");
  CHECK(at(3) == "1:3");
  CHECK(at(6) == "1:4");
  CHECK(at(10) == "1:5");
  CHECK(at(11) == "1:6");  // the newline itself ends line 1
  CHECK(at(12) == "2:1");
  CHECK(at(13) == "2:2");   // just after the end
  CHECK(at(999) == "2:2");  // past the end: clamped
  CHECK(position_at("", 0).line == 1);
  CHECK(position_at("", 0).column == 1);
  CHECK(position_at("\n\n\n", 3).line == 4);
}

TEST_CASE("positions can be computed on from an earlier position", "[util]") {
  const std::string_view text = "ü\nαβγ δ\nx";
  SourceSpan first = position_at(text, 5);  // 'β'
  CHECK(first.line == 2);
  CHECK(first.column == 2);
  SourceSpan later = position_at(text, 10, 5, first);  // 'δ'
  CHECK(later.line == 2);
  CHECK(later.column == 5);
  SourceSpan whole = position_at(text, 10);
  CHECK(whole.line == later.line);
  CHECK(whole.column == later.column);
  SourceSpan next_line = position_at(text, 13, 10, later);  // 'x'
  CHECK(next_line.line == 3);
  CHECK(next_line.column == 1);
}
