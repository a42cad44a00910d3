#pragma once
// What a Server shares with its sessions. Member order matters: the task store, the ticker and
// the pool are destroyed before the tools they run (jobs also hold `tools` so detached
// stragglers stay safe); the store cancels the work of tasks still working as it goes.

#include <memory>
#include <vector>

#include <nlohmann/json.hpp>

#include "progress_ticker.hpp"
#include "sparqlmcp/mcp/server.hpp"
#include "task_store.hpp"
#include "worker_pool.hpp"

namespace sparqlmcp::mcp {

using ToolList = std::vector<std::unique_ptr<Tool>>;

struct ServerCore {
  ServerCore(ServerOptions options_in, ToolList tools_in,
             std::shared_ptr<const ResourceProvider> resources_in,
             std::shared_ptr<const PromptProvider> prompts_in)
      : options(std::move(options_in)),
        tools(std::make_shared<const ToolList>(std::move(tools_in))),
        resources(std::move(resources_in)),
        prompts(std::move(prompts_in)),
        pool(options.worker_threads, options.shutdown_grace),
        ticker(options.progress_interval),
        tasks(TaskStoreOptions{options.task_ttl, options.task_poll_interval, options.max_tasks},
              server_info()) {}

  Tool* find_tool(const std::string& name) const;
  std::string tool_names() const;  // "a, b, c" or "(none)"
  // {name, version, title?}: serverInfo of initialize, _meta serverInfo of modern results.
  nlohmann::json server_info() const;
  // The capabilities initialize announces; server/discover adds the 2026-07-28 extensions.
  nlohmann::json capabilities() const;

  ServerOptions options;
  // In the application's order, fixed for the Server's life: tools/list returns them in this
  // order in both eras (MCP 2026-07-28 "Key Changes", minor 3: a deterministic order lets
  // clients and LLM prompt caches reuse the list).
  std::shared_ptr<const ToolList> tools;
  std::shared_ptr<const ResourceProvider> resources;
  std::shared_ptr<const PromptProvider> prompts;  // may be null: no prompts, no completions
  WorkerPool pool;
  ProgressTicker ticker;
  // Tasks of every session: a 2026-07-28 tasks/get may come on any session (each HTTP request
  // is one).
  TaskStore tasks;
};

}  // namespace sparqlmcp::mcp
