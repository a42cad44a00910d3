#pragma once
// --trace FILE: one JSON object per line for every tool call and every request a call sends to
// an endpoint, so that agent runs can be analysed without scraping logs (docs/tools.md
// "Traces"). Lines are appended under an exclusive lock (util::append_line), so several
// threads and several server instances may share one file; each line is a whole record.

#include <atomic>
#include <filesystem>

#include <nlohmann/json.hpp>

namespace sparqlmcp::tools {

class TraceLog {
 public:
  // Appends to `file`, creating it and its folders. Throws the util error that names the path
  // and the reason when it cannot be written: a trace asked for and not written would be
  // noticed only when the analysis finds nothing.
  explicit TraceLog(std::filesystem::path file);

  // Writes `event` (an object) with "time" set to now (util::utc_timestamp). Never throws: a
  // failed write is logged (the first, then every 100th) and counted; the call goes on.
  void write(nlohmann::json event) noexcept;

  const std::filesystem::path& file() const { return file_; }
  std::size_t failures() const { return failures_; }

 private:
  std::filesystem::path file_;
  std::atomic<std::size_t> failures_{0};
};

}  // namespace sparqlmcp::tools
