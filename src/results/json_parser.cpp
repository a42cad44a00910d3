// Streaming parser for the SPARQL 1.1 Query Results JSON Format
// (https://www.w3.org/TR/sparql11-results-json/), on a hand-written JSON (RFC 8259) reader.
// "results"."bindings" is read straight into rows, term by term, with no intermediate DOM;
// "head", "boolean" and unknown members are small and go through nlohmann::json. Every error,
// including a malformed term deep inside the bindings, carries the position where it was found.

#include <cctype>
#include <charconv>
#include <cstdint>
#include <cstdlib>
#include <string>

#include <nlohmann/json.hpp>

#include "json_builder.hpp"
#include "parsers.hpp"
#include "sparqlmcp/util/text.hpp"
#include "text_position.hpp"

namespace sparqlmcp::results::detail {
namespace {

using nlohmann::json;

class JsonResultsReader {
 public:
  JsonResultsReader(std::string_view body, const ParseOptions& options)
      : s_(body), options_(options) {}

  QueryResults parse() && {
    skip_space();
    if (pos_ >= s_.size()) fail("malformed JSON results: the document is empty");
    if (s_[pos_] != '{') fail("the endpoint's JSON results are not a JSON object");
    std::size_t root = pos_;
    parse_object([&](const std::string& key) {
      std::size_t at = pos_;
      if (key == "head") {
        json head = parse_value(1);
        with_position(at, [&] { builder_.set_head(head); });
      } else if (key == "results") {
        parse_results_member();
      } else if (key == "boolean") {
        json value = parse_value(1);
        with_position(at, [&] { builder_.set_boolean(value); });
      } else {
        skip_value(1);
      }
    });
    skip_space();
    if (pos_ < s_.size()) fail("malformed JSON results: unexpected text after the JSON document");
    QueryResults results;
    with_position(root, [&] { results = std::move(builder_).finish(); });
    return results;
  }

 private:
  [[noreturn]] void fail(std::string message) const { fail_at(std::move(message), pos_); }
  [[noreturn]] void fail_at(std::string message, std::size_t at) const {
    throw_syntax(std::move(message), s_, at);
  }

  // Runs `action`; an error it throws without a position gets `at`.
  template <class Action>
  void with_position(std::size_t at, Action&& action) {
    try {
      action();
    } catch (const Exception& e) {
      if (e.error().span || e.error().kind != ErrorKind::Syntax) throw;
      fail_at(e.error().message, at);
    }
  }

  void skip_space() {
    while (pos_ < s_.size() &&
           (s_[pos_] == ' ' || s_[pos_] == '\n' || s_[pos_] == '\r' || s_[pos_] == '\t')) {
      ++pos_;
    }
  }

  void expect(char c, const char* what) {
    skip_space();
    if (pos_ >= s_.size()) {
      fail(std::string("malformed JSON results: unexpected end of document; expected ") + what);
    }
    if (s_[pos_] != c) fail(std::string("malformed JSON results: expected ") + what);
    ++pos_;
  }

  // object: '{' (string ':' value (',' string ':' value)*)? '}'; `member` reads each value.
  template <class Member>
  void parse_object(Member&& member) {
    expect('{', "'{'");
    skip_space();
    if (pos_ < s_.size() && s_[pos_] == '}') {
      ++pos_;
      return;
    }
    std::string key;
    while (true) {
      skip_space();
      if (pos_ >= s_.size() || s_[pos_] != '"') {
        if (pos_ >= s_.size())
          fail("malformed JSON results: unexpected end of document; expected a member name");
        fail("malformed JSON results: expected a member name in double quotes");
      }
      key.clear();
      parse_string(key);
      expect(':', "':' after a member name");
      skip_space();
      if (pos_ >= s_.size()) {
        fail("malformed JSON results: unexpected end of document; expected a value");
      }
      member(key);  // always called with a character to look at
      skip_space();
      if (pos_ >= s_.size())
        fail("malformed JSON results: unexpected end of document; expected ',' or '}'");
      if (s_[pos_] == ',') {
        ++pos_;
        continue;
      }
      if (s_[pos_] == '}') {
        ++pos_;
        return;
      }
      fail("malformed JSON results: expected ',' or '}'");
    }
  }

  // array: '[' (value (',' value)*)? ']'; `element` reads each value.
  template <class Element>
  void parse_array(Element&& element) {
    expect('[', "'['");
    skip_space();
    if (pos_ < s_.size() && s_[pos_] == ']') {
      ++pos_;
      return;
    }
    while (true) {
      skip_space();
      if (pos_ >= s_.size()) {
        fail("malformed JSON results: unexpected end of document; expected a value");
      }
      element();  // always called with a character to look at
      skip_space();
      if (pos_ >= s_.size())
        fail("malformed JSON results: unexpected end of document; expected ',' or ']'");
      if (s_[pos_] == ',') {
        ++pos_;
        continue;
      }
      if (s_[pos_] == ']') {
        ++pos_;
        return;
      }
      fail("malformed JSON results: expected ',' or ']'");
    }
  }

  unsigned read_hex4() {
    if (pos_ + 4 > s_.size()) fail("malformed JSON results: incomplete \\u escape");
    unsigned value = 0;
    for (int i = 0; i < 4; ++i) {
      int v = util::hex_value(s_[pos_]);
      if (v < 0) fail("malformed JSON results: invalid hexadecimal digit in a \\u escape");
      value = value * 16 + static_cast<unsigned>(v);
      ++pos_;
    }
    return value;
  }

  // string: '"' chars '"' (RFC 8259 section 7), appended to `out`.
  void parse_string(std::string& out) {
    std::size_t start = pos_++;
    while (true) {
      std::size_t run = pos_;
      while (pos_ < s_.size() && s_[pos_] != '"' && s_[pos_] != '\\' &&
             static_cast<unsigned char>(s_[pos_]) >= 0x20) {
        ++pos_;
      }
      out.append(s_.data() + run, pos_ - run);
      if (pos_ >= s_.size()) fail_at("malformed JSON results: unterminated string", start);
      char c = s_[pos_];
      if (c == '"') {
        ++pos_;
        return;
      }
      if (c != '\\') {
        fail("malformed JSON results: a control character in a string must be escaped");
      }
      if (pos_ + 1 >= s_.size()) fail_at("malformed JSON results: unterminated string", start);
      char e = s_[pos_ + 1];
      std::size_t escape = pos_;
      pos_ += 2;
      switch (e) {
        case '"':
          out += '"';
          break;
        case '\\':
          out += '\\';
          break;
        case '/':
          out += '/';
          break;
        case 'b':
          out += '\b';
          break;
        case 'f':
          out += '\f';
          break;
        case 'n':
          out += '\n';
          break;
        case 'r':
          out += '\r';
          break;
        case 't':
          out += '\t';
          break;
        case 'u': {
          unsigned long cp = read_hex4();
          if (cp >= 0xD800 && cp <= 0xDBFF) {
            if (s_.substr(pos_, 2) != "\\u") {
              fail_at(
                  "malformed JSON results: a high surrogate \\u escape must be followed by a low "
                  "surrogate",
                  escape);
            }
            pos_ += 2;
            unsigned long low = read_hex4();
            if (low < 0xDC00 || low > 0xDFFF) {
              fail_at("malformed JSON results: invalid surrogate pair in a \\u escape", escape);
            }
            cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
          } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
            fail_at("malformed JSON results: a lone low surrogate in a \\u escape", escape);
          }
          util::append_utf8(out, static_cast<char32_t>(cp));
          break;
        }
        default:
          fail_at(std::string("malformed JSON results: invalid escape '\\") + e + "' in a string",
                  escape);
      }
    }
  }

  // number (RFC 8259 section 6); returns its text.
  std::string_view scan_number() {
    std::size_t start = pos_;
    auto digits = [&] {
      std::size_t from = pos_;
      while (pos_ < s_.size() && s_[pos_] >= '0' && s_[pos_] <= '9')
        ++pos_;
      return pos_ > from;
    };
    if (pos_ < s_.size() && s_[pos_] == '-') ++pos_;
    if (pos_ < s_.size() && s_[pos_] == '0') {
      ++pos_;
    } else if (!digits()) {
      fail_at("malformed JSON results: invalid value", start);
    }
    if (pos_ < s_.size() && s_[pos_] == '.') {
      ++pos_;
      if (!digits()) fail("malformed JSON results: expected digits after '.' in a number");
    }
    if (pos_ < s_.size() && (s_[pos_] == 'e' || s_[pos_] == 'E')) {
      ++pos_;
      if (pos_ < s_.size() && (s_[pos_] == '+' || s_[pos_] == '-')) ++pos_;
      if (!digits()) fail("malformed JSON results: expected digits in a number's exponent");
    }
    return s_.substr(start, pos_ - start);
  }

  // true, false or null; returns which (as its text).
  std::string_view scan_literal() {
    for (std::string_view word : {"true", "false", "null"}) {
      if (s_.substr(pos_, word.size()) == word) {
        std::size_t end = pos_ + word.size();
        char next = end < s_.size() ? s_[end] : ' ';
        if (!std::isalnum(static_cast<unsigned char>(next))) {
          pos_ = end;
          return word;
        }
      }
    }
    fail("malformed JSON results: invalid value");
  }

  static json number_value(std::string_view text) {
    if (text.find_first_of(".eE") == std::string_view::npos) {
      std::int64_t integer = 0;
      auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), integer);
      if (ec == std::errc() && end == text.data() + text.size()) return json(integer);
    }
    return json(std::strtod(std::string(text).c_str(), nullptr));
  }

  json parse_value(std::size_t depth) {
    if (depth > options_.max_json_depth) fail("malformed JSON results: nesting is too deep");
    skip_space();
    if (pos_ >= s_.size())
      fail("malformed JSON results: unexpected end of document; expected a value");
    char c = s_[pos_];
    if (c == '{') {
      json object = json::object();
      parse_object([&](const std::string& key) { object[key] = parse_value(depth + 1); });
      return object;
    }
    if (c == '[') {
      json array = json::array();
      parse_array([&] { array.push_back(parse_value(depth + 1)); });
      return array;
    }
    if (c == '"') {
      std::string text;
      parse_string(text);
      return json(std::move(text));
    }
    if (c == '-' || (c >= '0' && c <= '9')) return number_value(scan_number());
    std::string_view word = scan_literal();
    if (word == "null") return json(nullptr);
    return json(word == "true");
  }

  void skip_value(std::size_t depth) {
    if (depth > options_.max_json_depth) fail("malformed JSON results: nesting is too deep");
    skip_space();
    if (pos_ >= s_.size())
      fail("malformed JSON results: unexpected end of document; expected a value");
    char c = s_[pos_];
    if (c == '{') {
      parse_object([&](const std::string&) { skip_value(depth + 1); });
    } else if (c == '[') {
      parse_array([&] { skip_value(depth + 1); });
    } else if (c == '"') {
      scratch_.clear();
      parse_string(scratch_);
    } else if (c == '-' || (c >= '0' && c <= '9')) {
      scan_number();
    } else {
      scan_literal();
    }
  }

  // A scalar term member: strings as decoded, other scalars as written, null as absent.
  bool read_scalar(std::string& out) {
    out.clear();
    char c = s_[pos_];
    if (c == '"') {
      parse_string(out);
      return true;
    }
    if (c == '{' || c == '[') return false;
    if (c == '-' || (c >= '0' && c <= '9')) {
      out = scan_number();
      return true;
    }
    std::string_view word = scan_literal();
    if (word == "null") return true;
    out = word;
    return true;
  }

  void parse_results_member() {
    if (s_.substr(pos_, 4) == "null") {
      scan_literal();
      return;
    }
    if (pos_ >= s_.size() || s_[pos_] != '{') {
      fail("the endpoint's JSON results have a 'results' member that is not an object");
    }
    builder_.set_results_present();
    parse_object([&](const std::string& key) {
      if (key != "bindings") {
        skip_value(2);
        return;
      }
      if (pos_ >= s_.size() || s_[pos_] != '[') {
        if (s_.substr(pos_, 4) == "null") {
          scan_literal();
          return;
        }
        fail("the endpoint's JSON results have a 'results.bindings' member that is not an array");
      }
      parse_array([&] { parse_binding(); });
    });
  }

  // One solution: {"var": term, ...}.
  void parse_binding() {
    if (pos_ >= s_.size() || s_[pos_] != '{') {
      if (pos_ >= s_.size())
        fail("malformed JSON results: unexpected end of document; expected a value");
      fail("the endpoint's JSON results have an entry in 'results.bindings' that is not an object");
    }
    Row row(builder_.variable_count());
    parse_object([&](const std::string& variable) {
      std::size_t slot = builder_.slot_of(variable);
      if (slot >= row.size()) row.resize(builder_.variable_count());
      if (s_.substr(pos_, 4) == "null") {
        scan_literal();  // lenient: some servers write unbound variables as null
        return;
      }
      row[slot] = parse_term(variable);
    });
    check_row_limit(rows_, options_);
    ++rows_;
    builder_.add_row(std::move(row));
  }

  // {"type": ..., "value": ..., "datatype": ..., "xml:lang": ...}
  rdf::Term parse_term(const std::string& variable) {
    std::size_t start = pos_;
    if (s_[pos_] != '{') {
      skip_value(3);
      fail_at("the endpoint's JSON results bind ?" + variable +
                  " to something that is not a term object",
              start);
    }
    JsonTermFields fields;
    std::string lang;
    std::size_t structured_value = std::string_view::npos;
    parse_object([&](const std::string& key) {
      std::string* target = nullptr;
      if (key == "type") {
        target = &fields.type;
        fields.has_type = s_[pos_] == '"';
      } else if (key == "value") {
        target = &fields.value;
        fields.has_value = true;
      } else if (key == "datatype") {
        target = &fields.datatype;
      } else if (key == "xml:lang") {
        target = &fields.language;
      } else if (key == "lang") {
        target = &lang;
      }
      std::size_t at = pos_;
      if (target == nullptr) {
        skip_value(4);
      } else if (!read_scalar(*target)) {
        skip_value(4);
        // An object or array: only RDF-star triples have one (as "value"), and those are
        // reported as unsupported once "type" is known.
        if (key == "value") {
          structured_value = at;
        } else {
          fail_at("the endpoint's JSON results have a non-string '" + key + "' member in a term",
                  at);
        }
      }
    });
    if (structured_value != std::string_view::npos && fields.type != "triple") {
      fail_at("the endpoint's JSON results have a non-string 'value' member in a term",
              structured_value);
    }
    if (fields.language.empty()) fields.language = std::move(lang);
    rdf::Term term;
    with_position(start, [&] { term = make_term(std::move(fields), variable); });
    return term;
  }

  std::string_view s_;
  const ParseOptions& options_;
  std::size_t rows_ = 0;
  std::size_t pos_ = 0;
  std::string scratch_;
  JsonResultsBuilder builder_;
};

}  // namespace

QueryResults parse_json_results(std::string_view body, const ParseOptions& options) {
  return JsonResultsReader(body, options).parse();
}

}  // namespace sparqlmcp::results::detail
