#pragma once
// Points in time as records written for people and programs (traces, submissions) show them:
// ISO 8601 in UTC with milliseconds, "2026-11-25T12:31:56.123Z", which sorts as text in time
// order and parses with every JSON tool's date functions.

#include <chrono>
#include <string>

namespace sparqlmcp::util {

std::string utc_timestamp(std::chrono::system_clock::time_point time);

}  // namespace sparqlmcp::util
