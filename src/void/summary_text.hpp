#pragma once
// The small formats of a summary's text: counts, times, ages, and cutting a string to a number
// of characters (as text_length counts them).

#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "sparqlmcp/void/model.hpp"

namespace sparqlmcp::void_::summary {

// 31412 -> "31,412": exact counts with thousands separators (an agent may quote them).
std::string format_count(std::uint64_t n);
// "2026-11-25 09:12 UTC"; empty for the epoch (a time nobody set).
std::string format_time(SystemTime time);
// "2026-11-25T09:12:05Z"; empty for the epoch.
std::string iso_time(SystemTime time);
// "45 s", "12 min", "5 h", "3 d": the largest unit that keeps the number at or above 2.
std::string format_age(std::chrono::seconds age);

// The parts with `separator` between them.
std::string join(const std::vector<std::string>& parts, std::string_view separator);

// `text` cut to at most `max_chars` (text_length), ending in "…" when something was cut; cut
// at a code point boundary.
std::string cut_text(std::string_view text, std::size_t max_chars);

}  // namespace sparqlmcp::void_::summary
