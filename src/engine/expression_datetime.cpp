// xsd:dateTime values (XSD 1.1 Part 2, 3.3.7): lexical form, canonical form and the order on
// the time line used by the comparison operators of 17.3.
#include <cstdio>

#include "expression_value.hpp"

namespace sparqlmcp::engine::expr {

namespace {

bool read_digits(std::string_view text, std::size_t& pos, std::size_t count, int& out) {
  if (pos + count > text.size()) return false;
  int value = 0;
  for (std::size_t i = 0; i < count; ++i) {
    char c = text[pos + i];
    if (c < '0' || c > '9') return false;
    value = value * 10 + (c - '0');
  }
  pos += count;
  out = value;
  return true;
}

bool is_leap(std::int64_t year) {
  return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
}

int days_in_month(std::int64_t year, int month) {
  static constexpr int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  return month == 2 && is_leap(year) ? 29 : kDays[month - 1];
}

// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil).
std::int64_t days_from_civil(std::int64_t y, int m, int d) {
  y -= m <= 2;
  std::int64_t era = (y >= 0 ? y : y - 399) / 400;
  std::int64_t yoe = y - era * 400;
  std::int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  std::int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + doe - 719468;
}

// Whole seconds since the epoch in UTC (the fraction stays in DateTime::second).
std::int64_t epoch_seconds(const DateTime& v) {
  std::int64_t days = days_from_civil(v.year, v.month, v.day);
  std::int64_t seconds = days * 86400 + v.hour * 3600 + v.minute * 60;
  if (v.has_timezone) seconds -= static_cast<std::int64_t>(v.timezone_minutes) * 60;
  return seconds;
}

}  // namespace

std::optional<DateTime> parse_date_time(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\n' || text.front() == '\t'))
    text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\n' || text.back() == '\t'))
    text.remove_suffix(1);
  DateTime v;
  std::size_t pos = 0;
  bool negative = false;
  if (pos < text.size() && text[pos] == '-') {
    negative = true;
    ++pos;
  }
  // Year: at least four digits, no leading zero beyond four.
  std::size_t start = pos;
  std::int64_t year = 0;
  while (pos < text.size() && text[pos] >= '0' && text[pos] <= '9') {
    if (pos - start > 15) return std::nullopt;
    year = year * 10 + (text[pos] - '0');
    ++pos;
  }
  std::size_t year_digits = pos - start;
  if (year_digits < 4 || (year_digits > 4 && text[start] == '0')) return std::nullopt;
  v.year = negative ? -year : year;
  int second = 0;
  if (pos >= text.size() || text[pos++] != '-' || !read_digits(text, pos, 2, v.month) ||
      pos >= text.size() || text[pos++] != '-' || !read_digits(text, pos, 2, v.day) ||
      pos >= text.size() || text[pos++] != 'T' || !read_digits(text, pos, 2, v.hour) ||
      pos >= text.size() || text[pos++] != ':' || !read_digits(text, pos, 2, v.minute) ||
      pos >= text.size() || text[pos++] != ':' || !read_digits(text, pos, 2, second))
    return std::nullopt;
  Decimal seconds = decimal_of(second);
  if (pos < text.size() && text[pos] == '.') {
    std::size_t frac_start = pos;
    ++pos;
    while (pos < text.size() && text[pos] >= '0' && text[pos] <= '9')
      ++pos;
    if (pos == frac_start + 1) return std::nullopt;
    std::string number =
        std::to_string(second) + std::string(text.substr(frac_start, pos - frac_start));
    auto parsed = parse_decimal(number);
    if (!parsed) return std::nullopt;
    seconds = *parsed;
  }
  v.second = seconds;
  if (pos < text.size()) {
    if (text[pos] == 'Z') {
      ++pos;
      v.has_timezone = true;
    } else if (text[pos] == '+' || text[pos] == '-') {
      int sign = text[pos] == '-' ? -1 : 1;
      ++pos;
      int hours = 0, minutes = 0;
      if (!read_digits(text, pos, 2, hours) || pos >= text.size() || text[pos++] != ':' ||
          !read_digits(text, pos, 2, minutes))
        return std::nullopt;
      if (hours > 14 || minutes > 59 || (hours == 14 && minutes != 0)) return std::nullopt;
      v.has_timezone = true;
      v.timezone_minutes = sign * (hours * 60 + minutes);
    }
  }
  if (pos != text.size()) return std::nullopt;
  if (v.month < 1 || v.month > 12 || v.day < 1 || v.day > days_in_month(v.year, v.month))
    return std::nullopt;
  bool end_of_day = v.hour == 24 && v.minute == 0 && seconds.m == 0;
  if ((v.hour > 23 && !end_of_day) || v.minute > 59 || second > 59) return std::nullopt;
  if (end_of_day) {
    // 24:00:00 is 00:00:00 of the next day.
    v.hour = 0;
    if (++v.day > days_in_month(v.year, v.month)) {
      v.day = 1;
      if (++v.month > 12) {
        v.month = 1;
        ++v.year;
      }
    }
  }
  return v;
}

std::string format_date_time(const DateTime& v) {
  char buffer[96];
  std::int64_t year = v.year < 0 ? -v.year : v.year;
  std::snprintf(buffer, sizeof buffer, "%s%04lld-%02d-%02dT%02d:%02d:", v.year < 0 ? "-" : "",
                static_cast<long long>(year), v.month, v.day, v.hour, v.minute);
  std::string out = buffer;
  Decimal s = normalize(v.second);
  std::string seconds = format_decimal(s);
  if (seconds.size() >= 2 && seconds.compare(seconds.size() - 2, 2, ".0") == 0)
    seconds.resize(seconds.size() - 2);
  if (seconds.find('.') == 1 || seconds.size() == 1) seconds.insert(0, "0");
  out += seconds;
  if (v.has_timezone) {
    if (v.timezone_minutes == 0) {
      out += 'Z';
    } else {
      int tz = v.timezone_minutes < 0 ? -v.timezone_minutes : v.timezone_minutes;
      std::snprintf(buffer, sizeof buffer, "%c%02d:%02d", v.timezone_minutes < 0 ? '-' : '+',
                    tz / 60, tz % 60);
      out += buffer;
    }
  }
  return out;
}

int compare(const DateTime& a, const DateTime& b) {
  std::int64_t x = epoch_seconds(a), y = epoch_seconds(b);
  if (x != y) return x < y ? -1 : 1;
  return compare(a.second, b.second);
}

}  // namespace sparqlmcp::engine::expr

#include "expression_functions.hpp"

namespace sparqlmcp::engine::expr {

Value fn_date_time_part(const Value& v, std::string_view part) {
  if (v.type != Type::DateTime) return Value::error();
  const DateTime& dt = v.date_time;
  if (part == "year") return Value::of_integer(dt.year);
  if (part == "month") return Value::of_integer(dt.month);
  if (part == "day") return Value::of_integer(dt.day);
  // An xsd:date (kept as the dateTime of its midnight) has no time of day.
  bool date_only = v.datatype.get() == "http://www.w3.org/2001/XMLSchema#date";
  if (date_only && (part == "hours" || part == "minutes" || part == "seconds"))
    return Value::error();
  if (part == "hours") return Value::of_integer(dt.hour);
  if (part == "minutes") return Value::of_integer(dt.minute);
  if (part == "seconds") return Value::of_decimal(dt.second);
  int offset = dt.timezone_minutes < 0 ? -dt.timezone_minutes : dt.timezone_minutes;
  if (part == "timezone") {
    if (!dt.has_timezone) return Value::error();
    // xsd:dayTimeDuration in canonical form: PT0S, -PT8H, PT5H30M.
    std::string text = dt.timezone_minutes < 0 ? "-PT" : "PT";
    if (offset == 0) text += "0S";
    if (offset / 60 != 0) text += std::to_string(offset / 60) + "H";
    if (offset % 60 != 0) text += std::to_string(offset % 60) + "M";
    return Value::of_other(Text::own(std::move(text)), Text::view(kXsdDayTimeDurationIri));
  }
  // tz
  if (!dt.has_timezone) return Value::of_string(Text::own(std::string()));
  if (offset == 0) return Value::of_string(Text::own("Z"));
  char buffer[16];
  std::snprintf(buffer, sizeof buffer, "%c%02d:%02d", dt.timezone_minutes < 0 ? '-' : '+',
                offset / 60, offset % 60);
  return Value::of_string(Text::own(buffer));
}

}  // namespace sparqlmcp::engine::expr
