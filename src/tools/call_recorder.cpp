#include "sparqlmcp/tools/call_recorder.hpp"

#include <atomic>
#include <chrono>
#include <cmath>
#include <mutex>
#include <set>
#include <string>
#include <utility>

#include "sparqlmcp/util/random.hpp"

namespace sparqlmcp::tools {
namespace {

using Clock = std::chrono::steady_clock;

// What the requests of one call add up to, from its request events.
struct RequestTotals {
  std::mutex mutex;
  std::set<std::string> endpoints;
  std::size_t requests = 0;
  std::size_t bytes = 0;
  std::size_t failed = 0;
};

class RecordedTool final : public mcp::Tool {
 public:
  RecordedTool(std::unique_ptr<mcp::Tool> tool, CallRecording recording)
      : tool_(std::move(tool)),
        recording_(std::move(recording)),
        // Call ids stay unique when several instances write one trace.
        prefix_(util::random_hex(3) + "-") {}

  const mcp::ToolDefinition& definition() const override { return tool_->definition(); }

  mcp::ToolResult call(const nlohmann::json& arguments, mcp::ToolContext& context) override {
    const std::string name = tool_->definition().name;
    mcp::ToolResult result =
        recording_.trace ? traced_call(name, arguments, context) : tool_->call(arguments, context);
    // Only an answered query "ran" for submit's never_run warning: one the tool refused or that
    // failed gave the agent no result to check.
    if (name == "run_sparql_query" && recording_.ledger && !result.is_error)
      remember_query(arguments, context);
    return result;
  }

 private:
  mcp::ToolResult traced_call(const std::string& name, const nlohmann::json& arguments,
                              mcp::ToolContext& context) {
    const std::string call_id = prefix_ + std::to_string(++calls_);
    nlohmann::json caller = {{"call", call_id},
                             {"session", context.session.empty() ? nlohmann::json(nullptr)
                                                                 : nlohmann::json(context.session)},
                             {"client", context.client},
                             {"tool", name}};
    auto totals = std::make_shared<RequestTotals>();
    context.trace = [trace = recording_.trace, caller, totals](nlohmann::json event) {
      if (event.value("event", "") == "request") {
        std::lock_guard lock(totals->mutex);
        if (event.contains("endpoint") && event["endpoint"].is_string())
          totals->endpoints.insert(event["endpoint"].get<std::string>());
        ++totals->requests;
        if (event.contains("bytes") && event["bytes"].is_number_unsigned())
          totals->bytes += event["bytes"].get<std::size_t>();
        if (event.contains("error") && !event["error"].is_null()) ++totals->failed;
      }
      event.update(caller);
      trace->write(std::move(event));
    };

    const auto started = Clock::now();
    mcp::ToolResult result;
    try {
      result = tool_->call(arguments, context);
    } catch (const std::exception& exception) {
      write_call(caller, context, arguments, nullptr, exception.what(), started, *totals);
      throw;
    }
    write_call(caller, context, arguments, &result, {}, started, *totals);
    return result;
  }

  void remember_query(const nlohmann::json& arguments, const mcp::ToolContext& context) {
    if (!arguments.is_object() || !arguments.contains("query") || !arguments["query"].is_string())
      return;
    recording_.ledger->query_ran(SessionLedger::query_group(context),
                                 arguments["query"].get<std::string>());
  }

  // The call's line: who called, what was asked, where it went and what came back.
  void write_call(const nlohmann::json& caller, const mcp::ToolContext& context,
                  const nlohmann::json& arguments, const mcp::ToolResult* result,
                  const std::string& thrown, Clock::time_point started,
                  RequestTotals& totals) const {
    const std::chrono::duration<double, std::milli> took = Clock::now() - started;
    nlohmann::json line = caller;
    line["event"] = "tool_call";
    line["protocol"] = context.protocol_version;
    line["arguments"] = arguments;
    line["elapsed_ms"] = std::round(took.count() * 1000.0) / 1000.0;
    const nlohmann::json* structured =
        result && result->structured && result->structured->is_object() ? &*result->structured
                                                                        : nullptr;
    auto field = [&](const char* key) -> nlohmann::json {
      if (structured && structured->contains(key)) return (*structured)[key];
      return nullptr;
    };
    line["route"] = field("route");
    {
      std::lock_guard lock(totals.mutex);
      nlohmann::json endpoints(totals.endpoints);
      // A query answered in-process or from a cache sends no request; its result (one with a
      // route) still says which sources answered ("endpoints": IRIs, or {endpoint, ...} per
      // endpoint; else one "endpoint"). Other results that list endpoints consulted none:
      // list_endpoints' listing is the catalogue.
      if (endpoints.empty() && field("route").is_string()) {
        const nlohmann::json listed = field("endpoints");
        if (listed.is_array()) {
          for (const nlohmann::json& entry : listed) {
            if (entry.is_string()) endpoints.push_back(entry);
            if (entry.is_object() && entry.contains("endpoint"))
              endpoints.push_back(entry["endpoint"]);
          }
        } else if (field("endpoint").is_string() && !field("endpoint").get<std::string>().empty()) {
          endpoints.push_back(field("endpoint"));
        }
      }
      line["endpoints"] = std::move(endpoints);
      line["requests"] = totals.requests;
      line["failed_requests"] = totals.failed;
      line["bytes"] = totals.bytes;
    }
    nlohmann::json rows = field("row_count");
    if (rows.is_null()) rows = field("rows_received");
    if (rows.is_null()) rows = field("triple_count");
    if (rows.is_null() && field("rows").is_number()) rows = field("rows");  // submit
    line["rows"] = rows;
    if (result && result->task) {
      line["is_error"] = false;
      line["error"] = nullptr;
      line["background"] = true;
    } else if (result) {
      line["is_error"] = result->is_error;
      line["error"] = result->is_error ? nlohmann::json(result->first_text()) : nullptr;
    } else {
      line["is_error"] = true;
      line["error"] = thrown;
    }
    recording_.trace->write(std::move(line));
  }

  std::unique_ptr<mcp::Tool> tool_;
  CallRecording recording_;
  std::string prefix_;
  std::atomic<std::size_t> calls_{0};
};

}  // namespace

std::unique_ptr<mcp::Tool> record_calls(std::unique_ptr<mcp::Tool> tool, CallRecording recording) {
  return std::make_unique<RecordedTool>(std::move(tool), std::move(recording));
}

}  // namespace sparqlmcp::tools
