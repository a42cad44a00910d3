#include "xsd_datetime.hpp"

#include <chrono>
#include <cstdint>
#include <cstdio>

namespace sparqlmcp::void_ {

namespace {

using Ticks = SystemTime::duration;  // the clock's resolution (nanoseconds with libstdc++)
constexpr std::int64_t kTicksPerSecond =
    std::chrono::duration_cast<Ticks>(std::chrono::seconds(1)).count();

int digits_of_ticks() {
  int digits = 0;
  for (std::int64_t n = kTicksPerSecond; n > 1; n /= 10)
    ++digits;
  return digits;
}

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

// Reads exactly `count` digits at `at`.
std::optional<int> read_digits(std::string_view text, std::size_t& at, std::size_t count) {
  if (at + count > text.size()) return std::nullopt;
  int value = 0;
  for (std::size_t i = 0; i < count; ++i) {
    const char c = text[at + i];
    if (!is_digit(c)) return std::nullopt;
    value = value * 10 + (c - '0');
  }
  at += count;
  return value;
}

bool expect(std::string_view text, std::size_t& at, char c) {
  if (at >= text.size() || text[at] != c) return false;
  ++at;
  return true;
}

}  // namespace

std::string to_xsd_datetime(SystemTime time) {
  using namespace std::chrono;
  // Day and time of day by integer division rounded down, not floor<days>: that converts days
  // back to ticks, which overflows in the clock's first (partial) day, in 1677.
  constexpr std::int64_t kTicksPerDay = 86'400 * kTicksPerSecond;
  std::int64_t day_number = time.time_since_epoch().count() / kTicksPerDay;
  std::int64_t in_day = time.time_since_epoch().count() % kTicksPerDay;
  if (in_day < 0) {
    in_day += kTicksPerDay;
    --day_number;
  }
  const year_month_day ymd{sys_days(days(day_number))};
  const std::int64_t total_seconds = in_day / kTicksPerSecond;
  const std::int64_t fraction = in_day % kTicksPerSecond;
  char head[64];
  std::snprintf(head, sizeof head, "%s%04d-%02u-%02uT%02lld:%02lld:%02lld",
                static_cast<int>(ymd.year()) < 0 ? "-" : "",
                static_cast<int>(ymd.year()) < 0 ? -static_cast<int>(ymd.year())
                                                 : static_cast<int>(ymd.year()),
                static_cast<unsigned>(ymd.month()), static_cast<unsigned>(ymd.day()),
                static_cast<long long>(total_seconds / 3600),
                static_cast<long long>(total_seconds / 60 % 60),
                static_cast<long long>(total_seconds % 60));
  std::string out = head;
  if (fraction > 0) {
    std::string digits = std::to_string(fraction);
    digits.insert(0, static_cast<std::size_t>(digits_of_ticks()) - digits.size(), '0');
    while (!digits.empty() && digits.back() == '0')
      digits.pop_back();
    out += "." + digits;
  }
  return out + "Z";
}

std::optional<SystemTime> parse_xsd_datetime(std::string_view text) {
  using namespace std::chrono;
  std::size_t at = 0;
  const bool negative_year = expect(text, at, '-');
  // A year has four digits or more, without a leading zero beyond four (XSD §3.3.7.2).
  std::size_t year_end = at;
  while (year_end < text.size() && is_digit(text[year_end]))
    ++year_end;
  const std::size_t year_digits = year_end - at;
  if (year_digits < 4 || year_digits > 6 || (year_digits > 4 && text[at] == '0'))
    return std::nullopt;
  int year = 0;
  for (; at < year_end; ++at)
    year = year * 10 + (text[at] - '0');
  if (negative_year) year = -year;
  std::optional<int> month, day, hour, minute, second;
  if (!expect(text, at, '-') || !(month = read_digits(text, at, 2)) || !expect(text, at, '-') ||
      !(day = read_digits(text, at, 2)) || !expect(text, at, 'T') ||
      !(hour = read_digits(text, at, 2)) || !expect(text, at, ':') ||
      !(minute = read_digits(text, at, 2)) || !expect(text, at, ':') ||
      !(second = read_digits(text, at, 2)))
    return std::nullopt;
  std::int64_t fraction_ticks = 0;
  if (expect(text, at, '.')) {
    const int keep = digits_of_ticks();
    int seen = 0;
    while (at < text.size() && is_digit(text[at])) {
      if (seen < keep) fraction_ticks = fraction_ticks * 10 + (text[at] - '0');
      ++seen;
      ++at;
    }
    if (seen == 0) return std::nullopt;
    for (int i = seen; i < keep; ++i)
      fraction_ticks *= 10;
  }
  int offset_minutes = 0;
  if (at < text.size() && text[at] == 'Z') {
    ++at;
  } else if (at < text.size() && (text[at] == '+' || text[at] == '-')) {
    const int sign = text[at] == '-' ? -1 : 1;
    ++at;
    std::optional<int> oh, om;
    if (!(oh = read_digits(text, at, 2)) || !expect(text, at, ':') ||
        !(om = read_digits(text, at, 2)) || *om > 59 || *oh > 14 || (*oh == 14 && *om != 0))
      return std::nullopt;
    offset_minutes = sign * (*oh * 60 + *om);
  }
  if (at != text.size()) return std::nullopt;

  const year_month_day ymd{std::chrono::year(year),
                           std::chrono::month(static_cast<unsigned>(*month)),
                           std::chrono::day(static_cast<unsigned>(*day))};
  if (!ymd.ok() || *minute > 59 || *second > 59) return std::nullopt;
  // 24:00:00 is the first instant of the next day (XSD §3.3.7.2); no other hour 24.
  if (*hour > 24 || (*hour == 24 && (*minute != 0 || *second != 0 || fraction_ticks != 0)))
    return std::nullopt;
  const std::int64_t day_number = sys_days(ymd).time_since_epoch().count();
  const std::int64_t seconds_total = day_number * 86400 + *hour * 3600 + *minute * 60 + *second -
                                     static_cast<std::int64_t>(offset_minutes) * 60;
  // seconds * ticks + fraction, with the fraction borrowed from the next second when the
  // seconds are negative, so that the clock's first instants (seconds * ticks alone below its
  // range) are read too.
  std::int64_t whole = seconds_total, part = fraction_ticks;
  if (whole < 0 && part > 0) {
    ++whole;
    part -= kTicksPerSecond;
  }
  std::int64_t ticks = 0;
  if (__builtin_mul_overflow(whole, kTicksPerSecond, &ticks) ||
      __builtin_add_overflow(ticks, part, &ticks))
    return std::nullopt;
  return SystemTime(Ticks(ticks));
}

}  // namespace sparqlmcp::void_
