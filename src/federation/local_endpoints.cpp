#include "sparqlmcp/federation/local_endpoints.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <thread>
#include <utility>
#include <vector>

#include "sparqlmcp/util/error.hpp"
#include "sparqlmcp/util/text.hpp"

namespace sparqlmcp::federation {
namespace {

std::unique_ptr<engine::Store> load_entry(const catalogue::Endpoint& endpoint) {
  auto where = [&] { return "catalogue entry '" + endpoint.id + "' (" + endpoint.source + ")"; };
  if (endpoint.data_dumps.empty()) {
    throw_error(ErrorKind::InvalidArgument,
                where() + " has neither a SPARQL endpoint nor a void:dataDump; add one");
  }
  auto store = std::make_unique<engine::Store>();
  for (const std::string& dump : endpoint.data_dumps) {
    std::optional<std::string> path = file_iri_to_path(dump);
    if (!path) {
      throw_error(ErrorKind::InvalidArgument,
                  where() + ": its dump <" + dump +
                      "> is not a local file, and this server does not download dumps. "
                      "Download it and point void:dataDump at the local copy (a path "
                      "relative to the catalogue file), or give the entry a "
                      "void:sparqlEndpoint.");
    }
    try {
      store->load_file(*path);
    } catch (const Exception& exception) {
      Error error = exception.error();
      error.message = where() + ": cannot load its dump: " + error.message;
      throw Exception(std::move(error));
    }
  }
  return store;
}

}  // namespace

std::optional<std::string> file_iri_to_path(const std::string& iri) {
  std::string_view rest = iri;
  if (rest.substr(0, 7) != "file://") return std::nullopt;
  rest.remove_prefix(7);
  // file://localhost/path and file:///path name the same file.
  if (rest.substr(0, 9) == "localhost") rest.remove_prefix(9);
  if (rest.empty() || rest.front() != '/') return std::nullopt;
  std::string path;
  path.reserve(rest.size());
  for (std::size_t i = 0; i < rest.size(); ++i) {
    if (rest[i] == '%' && i + 2 < rest.size()) {
      int high = util::hex_value(rest[i + 1]);
      int low = util::hex_value(rest[i + 2]);
      if (high >= 0 && low >= 0) {
        path.push_back(static_cast<char>(high * 16 + low));
        i += 2;
        continue;
      }
    }
    path.push_back(rest[i]);
  }
  return path;
}

std::shared_ptr<const LocalEndpoints> LocalEndpoints::load(const catalogue::Catalogue& catalogue,
                                                           const Log& log) {
  struct Job {
    const catalogue::Endpoint* endpoint;
    std::unique_ptr<engine::Store> store;
    std::optional<Error> error;
    std::chrono::milliseconds elapsed{0};
  };
  std::vector<Job> jobs;
  for (const catalogue::Endpoint& endpoint : catalogue.endpoints()) {
    if (endpoint.answered_locally) jobs.push_back({&endpoint, nullptr, std::nullopt, {}});
  }
  // One loader per core, each taking the next entry: parsing is CPU-bound, and a catalogue
  // with a hundred dumps must not start a hundred threads.
  std::atomic<std::size_t> next{0};
  auto work = [&] {
    for (std::size_t i = next++; i < jobs.size(); i = next++) {
      Job& job = jobs[i];
      auto started = std::chrono::steady_clock::now();
      try {
        job.store = load_entry(*job.endpoint);
      } catch (const Exception& exception) {
        job.error = exception.error();
      } catch (const std::exception& exception) {
        job.error = make_error(ErrorKind::Internal,
                               "catalogue entry '" + job.endpoint->id + "': " + exception.what());
      }
      job.elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(
          std::chrono::steady_clock::now() - started);
    }
  };
  std::size_t loaders =
      std::min<std::size_t>(jobs.size(), std::max(1u, std::thread::hardware_concurrency()));
  std::vector<std::thread> threads;
  for (std::size_t i = 1; i < loaders; ++i)
    threads.emplace_back(work);
  work();
  for (std::thread& thread : threads)
    thread.join();

  auto endpoints = std::make_shared<LocalEndpoints>();
  for (Job& job : jobs) {
    if (job.error) throw Exception(*job.error);  // the first entry in catalogue order
    if (log) {
      log("catalogue entry '" + job.endpoint->id + "': " + std::to_string(job.store->size()) +
          " triples loaded from " + std::to_string(job.endpoint->data_dumps.size()) +
          " dump(s) in " + std::to_string(job.elapsed.count()) + " ms");
    }
    endpoints->stores_.emplace(job.endpoint->id, std::move(job.store));
  }
  return endpoints;
}

const engine::Store* LocalEndpoints::find(const catalogue::Endpoint& endpoint) const {
  auto it = stores_.find(endpoint.id);
  return it == stores_.end() ? nullptr : it->second.get();
}

}  // namespace sparqlmcp::federation
