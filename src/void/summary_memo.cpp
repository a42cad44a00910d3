#include "sparqlmcp/void/summary_memo.hpp"

#include <algorithm>
#include <utility>

#include "summary_sections.hpp"

namespace sparqlmcp::void_ {

SummaryMemo::SummaryMemo(std::size_t capacity, std::size_t max_chars)
    : memo_(capacity, max_chars, [](const Summary& summary) { return summary.text.size(); }) {}

SummaryMemo::Key SummaryMemo::key_of(const Description* description,
                                     const SummaryOptions& options) {
  return {description,         options.detail,
          options.classes,     options.properties,
          options.max_chars,   options.status.status,
          options.status.note, summary::shown_age(options.status)};
}

Summary SummaryMemo::summarize(const std::shared_ptr<const Description>& description,
                               const SummaryOptions& options) {
  Key key = key_of(description.get(), options);
  if (std::optional<Summary> kept = memo_.find(key, description)) {
    // The one thing the key leaves out: the age in seconds, which only the JSON shows.
    if (!key.shown_age.empty())
      kept->structured["age_seconds"] = std::max<long long>(0, options.status.age->count());
    return std::move(*kept);
  }
  Summary summary = void_::summarize(*description, options);
  memo_.keep(std::move(key), description, summary);
  return summary;
}

}  // namespace sparqlmcp::void_
