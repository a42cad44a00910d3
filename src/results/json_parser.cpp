// Streaming parser for the SPARQL 1.1 Query Results JSON Format: nlohmann's SAX interface
// feeds a small DOM builder, except that each element of "results"."bindings" is handed to
// JsonResultsBuilder as soon as it is complete and then dropped, so memory stays proportional
// to the rows, not to a DOM of the whole document.

#include <algorithm>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "json_builder.hpp"
#include "parsers.hpp"
#include "text_position.hpp"

namespace sparqlmcp::results::detail {
namespace {

using nlohmann::json;

class ResultsSax : public nlohmann::json_sax<json> {
 public:
  explicit ResultsSax(std::string_view body) : body_(body) {}

  bool null() override { return deliver(json(nullptr)); }
  bool boolean(bool value) override { return deliver(json(value)); }
  bool number_integer(number_integer_t value) override { return deliver(json(value)); }
  bool number_unsigned(number_unsigned_t value) override { return deliver(json(value)); }
  bool number_float(number_float_t value, const string_t&) override { return deliver(json(value)); }
  bool string(string_t& value) override { return deliver(json(std::move(value))); }
  bool binary(binary_t& value) override { return deliver(json::binary(std::move(value))); }
  bool start_object(std::size_t) override {
    frames_.push_back(Frame{json::object(), {}});
    return true;
  }
  bool key(string_t& value) override {
    frames_.back().key = std::move(value);
    return true;
  }
  bool end_object() override { return end_container(); }
  bool start_array(std::size_t) override {
    frames_.push_back(Frame{json::array(), {}});
    return true;
  }
  bool end_array() override { return end_container(); }
  bool parse_error(std::size_t position, const std::string&,
                   const nlohmann::detail::exception& error) override {
    // nlohmann's message reads "[json.exception.parse_error.101] parse error at line 1,
    // column 6: syntax error while parsing ..."; keep only the part after the position, and
    // report the position ourselves (nlohmann counts bytes, we count code points).
    std::string message = error.what();
    if (auto at = message.find("parse error at line"); at != std::string::npos) {
      if (auto colon = message.find(": ", at); colon != std::string::npos) {
        message = message.substr(colon + 2);
      }
    } else if (auto bracket = message.find("] "); bracket != std::string::npos) {
      message = message.substr(bracket + 2);
    }
    throw_syntax("malformed JSON results: " + message, body_, error_offset(position, message));
  }

  // nlohmann's `position` counts the bytes read up to the offending character (its token
  // string is not reliable for this). Report where the offending token starts, the offending
  // character inside a string, or the end of the document.
  std::size_t error_offset(std::size_t position, const std::string& message) const {
    if (body_.empty() || message.find("unexpected end of input") != std::string::npos) {
      return body_.size();
    }
    std::size_t p = std::min(position == 0 ? 0 : position - 1, body_.size() - 1);
    if (message.find("invalid string") != std::string::npos) return p;
    auto structural = [](char c) {
      return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '{' || c == '}' || c == '[' ||
             c == ']' || c == ',' || c == ':';
    };
    if (body_[p] == '"') {
      // The token is a string: find its opening quote (one not escaped by a backslash).
      while (p > 0) {
        --p;
        if (body_[p] != '"') continue;
        std::size_t backslashes = 0;
        while (backslashes < p && body_[p - 1 - backslashes] == '\\')
          ++backslashes;
        if (backslashes % 2 == 0) break;
      }
      return p;
    }
    // An invalid literal fails on the character after it.
    if (structural(body_[p]) && p > 0 && !structural(body_[p - 1]) && body_[p - 1] != '"') --p;
    while (p > 0 && !structural(body_[p - 1]) && body_[p - 1] != '"')
      --p;
    return p;
  }

  QueryResults finish() && {
    if (!root_.is_object()) throw_syntax("the endpoint's JSON results are not a JSON object");
    if (auto head = root_.find("head"); head != root_.end()) builder_.set_head(*head);
    if (auto results = root_.find("results"); results != root_.end() && !results->is_null()) {
      if (!results->is_object()) {
        throw_syntax("the endpoint's JSON results have a 'results' member that is not an object");
      }
      builder_.set_results_present();
    }
    if (auto boolean = root_.find("boolean"); boolean != root_.end()) {
      builder_.set_boolean(*boolean);
    }
    return std::move(builder_).finish();
  }

 private:
  struct Frame {
    json value;
    std::string key;  // the pending member name while value is an object
  };

  // frames_[0] is the document object, frames_[1] its "results" object and frames_[2] that
  // object's "bindings" array: values completed directly inside the latter are bindings.
  bool in_bindings_array() const {
    return frames_.size() == 3 && frames_[0].value.is_object() && frames_[0].key == "results" &&
           frames_[1].value.is_object() && frames_[1].key == "bindings" &&
           frames_[2].value.is_array();
  }

  bool end_container() {
    json value = std::move(frames_.back().value);
    frames_.pop_back();
    return deliver(std::move(value));
  }

  bool deliver(json&& value) {
    if (frames_.empty()) {
      root_ = std::move(value);
      return true;
    }
    if (in_bindings_array()) {
      builder_.add_binding(value);
      return true;
    }
    Frame& parent = frames_.back();
    if (parent.value.is_array()) {
      parent.value.push_back(std::move(value));
    } else {
      if (frames_.size() == 2 && frames_[0].key == "results" && parent.key == "bindings" &&
          !value.is_array()) {
        throw_syntax(
            "the endpoint's JSON results have a 'results.bindings' member that is not an array");
      }
      parent.value[parent.key] = std::move(value);
    }
    return true;
  }

  std::string_view body_;
  std::vector<Frame> frames_;
  json root_;
  JsonResultsBuilder builder_;
};

}  // namespace

QueryResults parse_json_results(std::string_view body) {
  ResultsSax sax(body);
  json::sax_parse(body.begin(), body.end(), &sax);
  return std::move(sax).finish();
}

}  // namespace sparqlmcp::results::detail
