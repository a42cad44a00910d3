#include "sparqlmcp/util/timestamp.hpp"

#include <cstdio>

namespace sparqlmcp::util {

std::string utc_timestamp(std::chrono::system_clock::time_point time) {
  using namespace std::chrono;
  const auto since_epoch = duration_cast<milliseconds>(time.time_since_epoch());
  // Floor, not truncation, so that times before 1970 stay in their own second.
  const sys_days day = floor<days>(sys_time<milliseconds>(since_epoch));
  const year_month_day ymd(day);
  const milliseconds in_day = since_epoch - duration_cast<milliseconds>(day.time_since_epoch());
  const hh_mm_ss<milliseconds> clock(in_day);
  char text[40];
  std::snprintf(text, sizeof text, "%04d-%02u-%02uT%02lld:%02lld:%02lld.%03lldZ",
                static_cast<int>(ymd.year()), static_cast<unsigned>(ymd.month()),
                static_cast<unsigned>(ymd.day()), static_cast<long long>(clock.hours().count()),
                static_cast<long long>(clock.minutes().count()),
                static_cast<long long>(clock.seconds().count()),
                static_cast<long long>(clock.subseconds().count()));
  return text;
}

}  // namespace sparqlmcp::util
