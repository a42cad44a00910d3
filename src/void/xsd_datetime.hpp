#pragma once
// xsd:dateTime (XML Schema 1.1 Part 2, §3.3.7) for the provenance times of a description:
// written in UTC with as many fractional digits as the clock holds (trailing zeros cut), read
// back to the same time point.

#include <optional>
#include <string>
#include <string_view>

#include "sparqlmcp/void/model.hpp"

namespace sparqlmcp::void_ {

// "2026-11-25T09:12:03.25Z". Years outside 0001-9999 are written as they are (XSD allows more
// digits and a minus sign).
std::string to_xsd_datetime(SystemTime time);

// The lexical form `-?YYYY-MM-DDThh:mm:ss(.s+)?(Z|(+|-)hh:mm)?`; no time zone is read as UTC,
// 24:00:00 as midnight of the next day, fractional digits beyond the clock's are cut. Nullopt
// for anything else, for a field out of range (month 13, 25:00, Feb 30) and for a time the
// clock cannot hold.
std::optional<SystemTime> parse_xsd_datetime(std::string_view text);

}  // namespace sparqlmcp::void_
