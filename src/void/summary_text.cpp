#include "summary_text.hpp"

#include <ctime>

#include "sparqlmcp/util/text.hpp"
#include "sparqlmcp/void/summary.hpp"

namespace sparqlmcp::void_ {

std::size_t text_length(std::string_view text) {
  std::size_t units = 0;
  for (std::size_t pos = 0; pos < text.size();) {
    const std::size_t length =
        static_cast<unsigned char>(text[pos]) < 0x80 ? 1 : util::utf8_sequence_length(text, pos);
    if (length == 0) {  // an ill-formed byte: one unit (it becomes one U+FFFD)
      ++units;
      ++pos;
      continue;
    }
    units += length == 4 ? 2 : 1;  // beyond U+FFFF: a surrogate pair in UTF-16
    pos += length;
  }
  return units;
}

namespace summary {

std::string format_count(std::uint64_t n) {
  std::string digits = std::to_string(n);
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

namespace {

bool to_utc(SystemTime time, std::tm& out) {
  if (time == SystemTime{}) return false;
  const std::time_t seconds = std::chrono::system_clock::to_time_t(time);
  return gmtime_r(&seconds, &out) != nullptr;
}

}  // namespace

std::string format_time(SystemTime time) {
  std::tm tm{};
  if (!to_utc(time, tm)) return {};
  char buffer[32];
  std::strftime(buffer, sizeof buffer, "%Y-%m-%d %H:%M UTC", &tm);
  return buffer;
}

std::string iso_time(SystemTime time) {
  std::tm tm{};
  if (!to_utc(time, tm)) return {};
  char buffer[32];
  std::strftime(buffer, sizeof buffer, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buffer;
}

std::string format_age(std::chrono::seconds age) {
  const long long s = age.count() < 0 ? 0 : age.count();
  if (s < 120) return std::to_string(s) + " s";
  if (s < 120 * 60) return std::to_string(s / 60) + " min";
  if (s < 48 * 3600) return std::to_string(s / 3600) + " h";
  return std::to_string(s / 86400) + " d";
}

std::string join(const std::vector<std::string>& parts, std::string_view separator) {
  std::string out;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    if (i > 0) out += separator;
    out += parts[i];
  }
  return out;
}

std::string cut_text(std::string_view text, std::size_t max_chars) {
  if (text_length(text) <= max_chars) return std::string(text);
  if (max_chars == 0) return {};
  // Keep code points while they and the final "…" fit.
  std::size_t units = 0;
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t length =
        static_cast<unsigned char>(text[pos]) < 0x80 ? 1 : util::utf8_sequence_length(text, pos);
    const std::size_t cost = length == 4 ? 2 : 1;
    if (length == 0) length = 1;
    if (units + cost + 1 > max_chars) break;
    units += cost;
    pos += length;
  }
  return util::sanitize_utf8(text.substr(0, pos)) + "…";
}

}  // namespace summary
}  // namespace sparqlmcp::void_
