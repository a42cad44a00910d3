#pragma once
// The parts of a summary around its content: the header line (endpoint, status, where the
// description came from, its size), the missing parts of a partial description, the report on
// filter values (what a local name stood for, the closest names to an unknown one), and the
// note on what was cut.

#include <cstddef>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "sparqlmcp/void/model.hpp"
#include "sparqlmcp/void/summary.hpp"
#include "summary_budget.hpp"
#include "summary_filters.hpp"
#include "summary_render.hpp"

namespace sparqlmcp::void_::summary {

// What the content covers: everything, the classes asked for (narrowed to the properties
// asked for, if any), or the classes using the properties asked for.
enum class Mode { All, Classes, Properties };

// The most that can be cut: the note is reserved at the length these give it.
struct CutTotals {
  std::size_t classes = 0;     // classes the summary covers (all, or those asked for)
  std::size_t properties = 0;  // properties it lists (all, or those asked for)
  std::size_t shapes = 0;      // shapes it may show
  std::size_t entries = 0;     // properties within those shapes
  std::size_t other = 0;       // missing parts and filter values
};

// The age as the header line shows it ("2 h old"), empty when it shows none: the only way the
// age changes a summary's text (the JSON has it in seconds too, `age_seconds`).
std::string shown_age(const DescriptionStatus& status);

// The header line, ending in '\n'; its fields go into `out` too. Names and notes in it are cut
// to a tenth of the budget each.
std::string header_line(const Description& d, const SummaryOptions& o, nlohmann::json& out);

// "Cut to fit 8,000 characters, not shown: ... Ask for them ...\n". Never longer than with
// every count of `cut` at its total.
std::string note_text(const SummaryCut& cut, const CutTotals& totals, Mode mode,
                      std::size_t budget);

// Offers the missing parts of `d` to `section`, one piece per kind of part and reason, naming a
// few of the classes or properties concerned; returns how many parts were not shown.
std::size_t add_missing(const Description& d, const Renderer& renderer, Composer& composer,
                        Section& section);

// Offers the filter values worth a word to `section` (those found by local name, and those
// found nowhere); returns how many were not shown. `kind` is "class" or "property".
std::size_t add_filter_report(const std::vector<FilterMatch>& matches, const char* kind,
                              const char* other_kind, const Renderer& renderer, Composer& composer,
                              Section& section);

}  // namespace sparqlmcp::void_::summary
