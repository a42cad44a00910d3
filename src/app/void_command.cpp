// `sparql-mcp void ENDPOINT...|--all`: fills the VoID cache ahead of time, through the same
// service get_void_descriptions uses (cache, published VoID, computation), so a server started
// later answers from the cache at once. Progress goes to stderr: a bar on a terminal, a line
// every few queries otherwise (logs, CI); one result line per endpoint goes to stdout.

#include <unistd.h>

#include <cstdio>
#include <iostream>
#include <mutex>

#include <spdlog/spdlog.h>

#include "runtime.hpp"
#include "sparqlmcp/app/serve.hpp"
#include "sparqlmcp/util/error.hpp"
#include "sparqlmcp/void/service.hpp"

namespace sparqlmcp::app {
namespace {

class ProgressBar {
 public:
  explicit ProgressBar(std::string id) : id_(std::move(id)), terminal_(isatty(STDERR_FILENO)) {}
  ~ProgressBar() {
    if (terminal_ && drawn_) std::fputs("\n", stderr);
  }

  void update(const void_::ComputeProgress& progress) {
    std::lock_guard lock(mutex_);
    if (terminal_) {
      constexpr std::size_t kWidth = 30;
      const std::size_t filled =
          progress.planned == 0 ? 0 : kWidth * progress.done / progress.planned;
      std::string message = progress.message.substr(0, 60);
      std::fprintf(stderr, "\r%s [%s%s] %zu/%zu queries  %-60s", id_.c_str(),
                   std::string(filled, '#').c_str(), std::string(kWidth - filled, ' ').c_str(),
                   progress.done, progress.planned, message.c_str());
      std::fflush(stderr);
      drawn_ = true;
    } else if ((progress.done >= next_line_ || progress.done == progress.planned) &&
               progress.done != printed_) {
      // The service tells where a computation ended once more after its last query: a line
      // per count is enough.
      std::fprintf(stderr, "%s: %zu/%zu queries (%s)\n", id_.c_str(), progress.done,
                   progress.planned, progress.message.c_str());
      next_line_ = progress.done + 25;
      printed_ = progress.done;
    }
  }

 private:
  std::string id_;
  bool terminal_;
  bool drawn_ = false;
  std::size_t next_line_ = 25;
  std::size_t printed_ = 0;  // the count of the last line written
  std::mutex mutex_;
};

std::string count_text(const void_::Count& count) {
  return count ? std::to_string(*count) : std::string("?");
}

std::string result_line(const catalogue::Endpoint& endpoint, const void_::DescribeResult& result) {
  std::string line = endpoint.id + ": " + std::string(void_::to_string(result.status.status));
  if (const auto& d = result.description; d && result.status.status != void_::Status::Missing) {
    line += ", " + count_text(d->triples) + " triples, " +
            count_text(d->class_count ? d->class_count : void_::Count(d->classes.size())) +
            " classes, " +
            count_text(d->property_count ? d->property_count : void_::Count(d->properties.size())) +
            " properties";
    const auto& provenance = d->provenance;
    if (provenance.origin == void_::Provenance::Origin::Retrieved) {
      line += "; published at " + provenance.source + " (" + provenance.method + ")";
    } else {
      const auto took = std::chrono::duration_cast<std::chrono::milliseconds>(provenance.finished -
                                                                              provenance.started);
      line += "; " + std::to_string(provenance.queries) + " queries in " +
              std::to_string(took.count()) + " ms, the longest " +
              std::to_string(provenance.longest_query.count()) + " ms";
      if (!provenance.missing.empty())
        line += "; " + std::to_string(provenance.missing.size()) +
                " parts missing (first: " + provenance.missing.front().part + " " +
                provenance.missing.front().subject + ": " + provenance.missing.front().reason + ")";
    }
  }
  if (!result.status.note.empty()) line += " — " + result.status.note;
  for (const std::string& note : result.notes)
    line += " — " + note;
  return line;
}

}  // namespace

int run_void(const CommandLine& command_line) {
  std::unique_ptr<Runtime> runtime;
  std::vector<const catalogue::Endpoint*> endpoints;
  try {
    runtime = make_runtime(command_line);
    if (command_line.void_all) {
      for (const catalogue::Endpoint& endpoint : runtime->catalogue.endpoints())
        endpoints.push_back(&endpoint);
    }
    for (const std::string& name : command_line.void_endpoints) {
      const catalogue::Endpoint* endpoint = runtime->catalogue.find(name);
      if (endpoint == nullptr)
        throw_error(ErrorKind::InvalidArgument,
                    "unknown endpoint '" + name +
                        "': name catalogue entries by id or endpoint IRI; the catalogue has " +
                        catalogue::known_ids(runtime->catalogue));
      endpoints.push_back(endpoint);
    }
  } catch (const Exception& exception) {
    std::cerr << "sparql-mcp void: " << exception.what() << "\n";
    return 1;
  }

  auto query_service = make_query_service(*runtime);
  auto service = make_void_service(*runtime, query_service);
  void_::DescribeRequest request;
  request.refresh = command_line.void_refresh;
  request.compute = command_line.void_compute == "never"   ? void_::ComputePolicy::Never
                    : command_line.void_compute == "force" ? void_::ComputePolicy::Force
                                                           : void_::ComputePolicy::Auto;
  request.wait = std::chrono::hours(24 * 365);  // the command waits for the end
  int status = 0;
  for (const catalogue::Endpoint* endpoint : endpoints) {
    void_::DescribeResult result;
    {
      ProgressBar bar(endpoint->id);
      request.on_progress = [&bar](const void_::ComputeProgress& progress) {
        bar.update(progress);
      };
      result = service->describe(*endpoint, request);
    }
    std::cout << result_line(*endpoint, result) << std::endl;
    if (result.status.status == void_::Status::Missing) status = 1;
  }
  return status;
}

}  // namespace sparqlmcp::app
