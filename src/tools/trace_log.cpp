#include "sparqlmcp/tools/trace_log.hpp"

#include <chrono>
#include <utility>

#include <spdlog/spdlog.h>

#include "sparqlmcp/util/error.hpp"
#include "sparqlmcp/util/files.hpp"
#include "sparqlmcp/util/timestamp.hpp"

namespace sparqlmcp::tools {

TraceLog::TraceLog(std::filesystem::path file) : file_(std::move(file)) {
  // Opens (and creates) the file the way every write will, so a bad path stops start-up.
  util::append_line(file_,
                    nlohmann::json{{"time", util::utc_timestamp(std::chrono::system_clock::now())},
                                   {"event", "trace_opened"}}
                        .dump());
}

void TraceLog::write(nlohmann::json event) noexcept {
  try {
    event["time"] = util::utc_timestamp(std::chrono::system_clock::now());
    // Invalid UTF-8 from an endpoint or an agent is written with replacement characters rather
    // than losing the record.
    util::append_line(file_, event.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
  } catch (const std::exception& exception) {
    const std::size_t failed = ++failures_;
    if (failed == 1 || failed % 100 == 0)
      spdlog::warn("trace {}: a record could not be written ({} so far): {}", file_.string(),
                   failed, exception.what());
  }
}

}  // namespace sparqlmcp::tools
