#include "sparqlmcp/app/serve.hpp"

#include <pthread.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <csignal>
#include <iostream>
#include <memory>
#include <stop_token>
#include <thread>

#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>

#include "agent_prompts.hpp"
#include "agent_tools.hpp"
#include "catalogue_resources.hpp"
#include "runtime.hpp"
#include "sparqlmcp/app/version.hpp"
#include "sparqlmcp/catalogue/catalogue.hpp"
#include "sparqlmcp/http/client.hpp"
#include "sparqlmcp/http/sparql_protocol.hpp"
#include "sparqlmcp/mcp/server.hpp"
#include "sparqlmcp/sparql_endpoint/sparql_http.hpp"
#include "sparqlmcp/tools/get_void_descriptions.hpp"
#include "sparqlmcp/tools/run_sparql_query.hpp"
#include "sparqlmcp/tools/sparql_query_trace.hpp"
#include "sparqlmcp/tools/trace_log.hpp"
#include "sparqlmcp/transport/http_router.hpp"
#include "sparqlmcp/transport/http_security.hpp"
#include "sparqlmcp/transport/http_server.hpp"
#include "sparqlmcp/transport/mcp_http.hpp"
#include "sparqlmcp/transport/stdio.hpp"
#include "sparqlmcp/util/error.hpp"
#include "sparqlmcp/void/cache.hpp"
#include "sparqlmcp/void/federation_void.hpp"

namespace sparqlmcp::app {

namespace {

// --http: Streamable HTTP until SIGTERM or SIGINT, then a graceful stop (in-flight requests
// finish or are cancelled within the server's stop timeouts). The signals were blocked in every
// thread before any was started, so this thread takes them with sigwait.
int serve_http(const CommandLine& command_line, mcp::Server& server,
               sparql_endpoint::Answerer answer_sparql,
               const sparql_endpoint::SparqlEndpointOptions& sparql_options,
               const sigset_t& signals) {
  transport::HttpServerOptions options;
  try {
    options.listen = transport::parse_listen_address(*command_line.http);
    if (command_line.auth_token_file) {
      options.bearer_token = transport::read_bearer_token_file(*command_line.auth_token_file);
    } else {
      options.bearer_token = transport::bearer_token_from_environment("SPARQL_MCP_AUTH_TOKEN");
    }
  } catch (const Exception& exception) {
    spdlog::error("cannot start: {}", exception.what());
    return 1;
  }
  options.extra_allowed_origins = command_line.allowed_origins;
  options.extra_allowed_hosts = command_line.allowed_hosts;
  const transport::McpHttpOptions mcp_options;
  std::unique_ptr<transport::HttpHandler> mcp =
      transport::make_mcp_http_handler(server, mcp_options);
  std::unique_ptr<transport::HttpHandler> sparql =
      sparql_endpoint::make_sparql_http_handler(std::move(answer_sparql), sparql_options);
  transport::HttpRouter router;
  router.add({mcp_options.path, mcp_options.sse_path, mcp_options.messages_path}, *mcp);
  router.add({sparql_options.path}, *sparql);
  std::unique_ptr<transport::HttpServer> http;
  try {
    http = std::make_unique<transport::HttpServer>(router, options);
  } catch (const Exception& exception) {
    spdlog::error("cannot start: {}", exception.what());
    return 1;
  }
  spdlog::info("serving MCP over Streamable HTTP at {}{}", http->url(mcp_options.path),
               options.bearer_token ? " (bearer token required)" : "");
  spdlog::info("serving the SPARQL 1.1 Protocol (federated queries) at {}",
               http->url(sparql_options.path));
  int signal = 0;
  sigwait(&signals, &signal);
  spdlog::info("{}: stopping", signal == SIGTERM ? "SIGTERM" : "SIGINT");
  const transport::StopReport report = http->stop();
  spdlog::info("stopped: {} requests finished, {} cancelled, {} closed", report.finished,
               report.cancelled, report.closed);
  return 0;
}

// stdio until end of input or SIGTERM/SIGINT. A signal stops reading at once; running calls
// get a grace period, then are cancelled and answered so (transport::run_stdio), and the
// process exits 0. The signals were blocked in every thread before any was started, so a
// thread of our own takes them with sigwait.
int serve_stdio(mcp::Server& server, const sigset_t& signals) {
  // A client may close our stdout before it reads the last answers: the write then fails
  // (EPIPE) instead of killing the process.
  std::signal(SIGPIPE, SIG_IGN);
  std::unique_ptr<transport::StdioStop> made;
  try {
    made = std::make_unique<transport::StdioStop>();
  } catch (const Exception& exception) {
    spdlog::error("cannot start: {}", exception.what());
    return 1;
  }
  transport::StdioStop& stop = *made;
  transport::StoppableInput input(STDIN_FILENO, stop);
  std::istream in(&input);
  std::atomic<bool> served{false};
  std::thread waiter([&] {
    int signal = 0;
    sigwait(&signals, &signal);
    if (served.load()) return;  // woken by the main thread below
    const char* name = signal == SIGTERM ? "SIGTERM" : "SIGINT";
    spdlog::info("{}: stopping", name);
    stop.request(name);
  });
  const int status = transport::run_stdio(server, in, std::cout, transport::StdioOptions{}, &stop);
  served.store(true);
  // Wakes the waiter if no signal came (a signal aimed at a thread that has returned from
  // sigwait stays pending on it and is dropped when it exits).
  pthread_kill(waiter.native_handle(), SIGTERM);
  waiter.join();
  return status;
}

// Renders the answers to the first get_void_descriptions calls before serving, for at most
// 50 ms, and the rest on a thread of its own: rendered cold by the first call, they made the
// first cache hit of a new process slower than the others (docs/void.md "Cache").
std::jthread render_void_answers_ahead(Runtime& runtime, void_::VoidService& service,
                                       std::shared_ptr<tools::VoidAnswerMemo> memo) {
  auto run = [&runtime, &service, memo](std::stop_token stop,
                                        std::chrono::steady_clock::time_point until) {
    try {
      const auto started = std::chrono::steady_clock::now();
      const std::size_t rendered =
          tools::prerender_void_answers(runtime.catalogue, service, *memo, stop, until);
      const std::chrono::duration<double, std::milli> took =
          std::chrono::steady_clock::now() - started;
      spdlog::debug("VoID answers rendered ahead: {} in {:.1f} ms", rendered, took.count());
    } catch (const std::exception& exception) {
      // Calls render what they need themselves: nothing is lost but the head start.
      spdlog::warn("rendering the cached VoID answers ahead failed: {}", exception.what());
    }
  };
  run({}, std::chrono::steady_clock::now() + std::chrono::milliseconds(50));
  // What is done is found in the memo; the thread goes on from there.
  return std::jthread(
      [run](std::stop_token stop) { run(stop, std::chrono::steady_clock::time_point::max()); });
}

}  // namespace

int run_serve(const CommandLine& command_line) {
  // SIGTERM and SIGINT stop either transport gracefully: one thread takes them with sigwait.
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGTERM);
  sigaddset(&signals, SIGINT);
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);  // before any thread starts
  std::unique_ptr<Runtime> runtime;
  try {
    runtime = make_runtime(command_line);
  } catch (const Exception& exception) {
    spdlog::error("cannot start: {}", exception.what());
    return 1;
  }

  preload_void_cache(*runtime);
  // The MCP tools and the SPARQL endpoint share what they learn of endpoints and their caches.
  std::shared_ptr<const federation::QueryService> service = make_query_service(*runtime);
  // Opened first: VoID computations and /sparql queries write their requests to it too.
  std::shared_ptr<tools::TraceLog> trace;
  try {
    if (command_line.trace) {
      trace = std::make_shared<tools::TraceLog>(*command_line.trace);
      spdlog::info("trace: one line per tool call and endpoint request in {}",
                   command_line.trace->string());
    }
  } catch (const Exception& exception) {
    spdlog::error("cannot start: {}", exception.what());
    return 1;
  }
  std::unique_ptr<void_::VoidService> void_service = make_void_service(*runtime, service, trace);
  AgentTools agent_tools;
  try {
    agent_tools = make_agent_tools(command_line, *runtime, service, *void_service, trace);
  } catch (const Exception& exception) {
    spdlog::error("cannot start: {}", exception.what());
    return 1;
  }
  const bool describes = agent_tools.void_answers != nullptr;
  const bool lists = std::find(agent_tools.names.begin(), agent_tools.names.end(),
                               "list_endpoints") != agent_tools.names.end();

  mcp::ServerOptions options;
  options.info.name = "sparql-mcp";
  options.info.title = "SPARQL MCP server";
  options.info.version = version();
  options.info.instructions = server_instructions(agent_tools.names);
  if (command_line.workers) options.worker_threads = *command_line.workers;
  // The resources show what the tools would: an agent without list_endpoints (or without
  // get_void_descriptions) must not find the catalogue (or the VoID) another way.
  std::shared_ptr<const CatalogueResources> resources;
  if (lists)
    resources = std::make_shared<const CatalogueResources>(
        runtime->catalogue, describes ? runtime->void_cache.get() : nullptr);
  // The prompt's completions name catalogue ids: offered where the catalogue may be seen.
  std::shared_ptr<const AgentPrompts> prompts;
  if (lists) prompts = std::make_shared<const AgentPrompts>(runtime->catalogue, agent_tools.names);
  mcp::Server server(options, std::move(agent_tools.tools), resources, prompts);
  // Declared after everything it reads, so that it is stopped and joined before they go.
  std::jthread prerender;
  if (describes)
    prerender = render_void_answers_ahead(*runtime, *void_service, agent_tools.void_answers);
  if (command_line.http) {
    sparql_endpoint::SparqlEndpointOptions sparql_options;
    sparql_options.max_rows = runtime->settings.max_rows_limit;
    sparql_options.default_timeout = runtime->settings.default_timeout;
    sparql_options.max_timeout = runtime->settings.max_timeout;
    sparql_options.catalogue = &runtime->catalogue;
    // The runtime outlives the HTTP server, which serve_http stops before returning.
    sparql_options.federation_void = [described = runtime.get()](const std::string& endpoint_url,
                                                                 const rdf::Term& dataset) {
      std::vector<void_::FederationMember> members;
      for (const catalogue::Endpoint& endpoint : described->catalogue.endpoints()) {
        void_::CacheLookup cached = described->void_cache->lookup(endpoint.id);
        members.push_back({endpoint.endpoint_iri, endpoint.title,
                           cached.hit ? cached.hit->description : nullptr});
      }
      return void_::federation_void(endpoint_url, members, dataset);
    };
    tools::QueryAnswerer answer = [service](const sparql::Query& query,
                                            const federation::Window& window,
                                            const federation::RequestContext& context) {
      return service->answer(query, window, context);
    };
    return serve_http(command_line, server, tools::trace_sparql_queries(std::move(answer), trace),
                      sparql_options, signals);
  }
  return serve_stdio(server, signals);
}

}  // namespace sparqlmcp::app
