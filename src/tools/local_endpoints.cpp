#include "sparqlmcp/tools/local_endpoints.hpp"

#include <chrono>
#include <future>
#include <utility>
#include <vector>

#include "sparqlmcp/util/error.hpp"

namespace sparqlmcp::tools {
namespace {

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

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
      int high = hex_value(rest[i + 1]);
      int low = hex_value(rest[i + 2]);
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
  auto endpoints = std::make_shared<LocalEndpoints>();
  struct Pending {
    const catalogue::Endpoint* endpoint;
    std::chrono::steady_clock::time_point started;
    std::future<std::unique_ptr<engine::Store>> store;
  };
  std::vector<Pending> pending;
  for (const catalogue::Endpoint& endpoint : catalogue.endpoints()) {
    if (!endpoint.answered_locally) continue;
    pending.push_back({&endpoint, std::chrono::steady_clock::now(),
                       std::async(std::launch::async, load_entry, std::cref(endpoint))});
  }
  // Wait for all before rethrowing, so no loader thread outlives this call.
  std::optional<Exception> first_error;
  for (Pending& entry : pending) {
    try {
      std::unique_ptr<engine::Store> store = entry.store.get();
      if (log) {
        auto elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(
            std::chrono::steady_clock::now() - entry.started);
        log("catalogue entry '" + entry.endpoint->id + "': " + std::to_string(store->size()) +
            " triples loaded from " + std::to_string(entry.endpoint->data_dumps.size()) +
            " dump(s) in " + std::to_string(elapsed.count()) + " ms");
      }
      endpoints->stores_.emplace(entry.endpoint->id, std::move(store));
    } catch (const Exception& exception) {
      if (!first_error) first_error.emplace(exception);
    } catch (const std::exception& exception) {
      if (!first_error) {
        first_error.emplace(
            make_error(ErrorKind::Internal,
                       "catalogue entry '" + entry.endpoint->id + "': " + exception.what()));
      }
    }
  }
  if (first_error) throw *first_error;
  return endpoints;
}

const engine::Store* LocalEndpoints::find(const catalogue::Endpoint& endpoint) const {
  auto it = stores_.find(endpoint.id);
  return it == stores_.end() ? nullptr : it->second.get();
}

}  // namespace sparqlmcp::tools
