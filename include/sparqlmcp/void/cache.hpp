#pragma once
// The VoID cache: one Turtle file per catalogue entry, `<folder>/<id>.ttl`, written by
// void/turtle.hpp's write_turtle (the provenance travels in the file), shared by every server
// instance that points at the same folder. docs/void.md, section "Cache".
//
// Contract:
// - store() replaces the file atomically (util::replace_file): a reader in this or another
//   process sees the old file or the new one, never a mix.
// - lookup() answers from memory when the file is the one it parsed last: the parsed model is
//   kept keyed by the file's device, inode, modification time and size (one stat(2) per
//   lookup; replace_file makes a new inode, so a file another instance replaced is seen as new
//   even within one timestamp tick). preload() parses every file of the folder, so that the
//   first lookup in a new process is a memory hit too.
// - A file that no longer parses (edited by hand) or holds no VoID is moved aside to
//   `<id>.ttl.bad` (replacing an older one), and lookup() answers "not cached" with an error
//   that names the file, line, column and Serd's message; the caller says so and recomputes.
//   Nothing in a file can make the cache throw or crash.
// - A folder that cannot be created or written: store() throws an Exception that says why, and
//   keeps the description in memory, so that this process still finds it (the server works on
//   without a disk cache).
// - Every member function may be called from several threads at once.

#include <atomic>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "sparqlmcp/util/error.hpp"
#include "sparqlmcp/void/model.hpp"

struct stat;  // <sys/stat.h>

namespace sparqlmcp::void_ {

struct CacheOptions {
  std::filesystem::path folder = "void-cache";
  // A description older than this is stale: still served (marked so), refreshed when possible.
  std::chrono::seconds time_to_live = std::chrono::hours(24 * 7);
};

// A description found in the cache.
struct CacheHit {
  // Shared with the cache's memory (never copied on a hit); immutable.
  std::shared_ptr<const Description> description;
  std::filesystem::path path;  // its file; empty when it lives in memory only
  // When it was made: the provenance's end time, or else (a file without one) the file's
  // modification time.
  SystemTime made;
  std::chrono::seconds age{0};  // now - made, never negative
  bool stale = false;           // age > time to live
};

// What lookup() found: a hit, or nothing; `error` tells why a file that was there could not
// be used (it has been moved aside), or why the folder could not be read.
struct CacheLookup {
  std::optional<CacheHit> hit;
  std::optional<Error> error;
};

// One line of list(): what list_endpoints and the MCP resources show of a cached description.
struct CacheEntry {
  std::string id;
  Count triples;
  Count classes;     // void:classes, else the number of class partitions
  Count properties;  // void:properties, else the number of property partitions
  bool complete = true;
  Provenance::Origin origin = Provenance::Origin::Computed;
  std::string method;
  SystemTime made;
  std::chrono::seconds age{0};
  bool stale = false;
  std::filesystem::path path;  // empty when in memory only
};

struct CacheListing {
  std::vector<CacheEntry> entries;  // by id
  std::vector<Error> errors;        // files moved aside while listing, an unreadable folder
};

class VoidCache {
 public:
  using Clock = std::chrono::system_clock;

  // Does not touch the disk; the folder is made by the first store().
  explicit VoidCache(CacheOptions options);

  const CacheOptions& options() const { return options_; }
  // `<folder>/<id>.ttl`. Throws InvalidArgument unless `id` is a valid catalogue id
  // (catalogue::is_valid_id: 1-64 characters of [A-Za-z0-9._-], so never a path).
  std::filesystem::path path_of(const std::string& id) const;

  // The cached description of catalogue entry `id`, or not cached. Throws InvalidArgument for
  // an invalid id, nothing else.
  CacheLookup lookup(const std::string& id, SystemTime now = Clock::now());

  // Writes `description` as `<folder>/<description.id>.ttl` and keeps it in memory; returns
  // the path. Throws InvalidArgument for an invalid id, and an Exception from
  // util::replace_file (naming the path, the step and the system's reason) when the file
  // cannot be written, after keeping the description in memory.
  std::filesystem::path store(Description description);

  // Forgets `id` in memory and removes its file (refresh=force, tests). Throws InvalidArgument
  // for an invalid id; a file that cannot be removed is reported as the error.
  std::optional<Error> remove(const std::string& id);

  // Parses every `*.ttl` file of the folder into memory (start-up), moving aside those that do
  // not parse. Returns the number of descriptions loaded and the errors (a missing folder is
  // no error: nothing was cached yet).
  std::size_t preload(std::vector<Error>* errors = nullptr);

  // Every cached description, files and memory-only ones, by id.
  CacheListing list(SystemTime now = Clock::now());

  // Grows whenever what this cache holds in memory changes (a store, a removal, a file read
  // anew): a caller that built something from its descriptions knows when to build again.
  // Another instance's write to the folder shows only once a lookup has read it.
  std::uint64_t generation() const { return generation_.load(std::memory_order_acquire); }

 private:
  struct FileKey {
    std::uint64_t device = 0, inode = 0, size = 0;
    std::int64_t mtime_ns = 0;
    friend bool operator==(const FileKey&, const FileKey&) = default;
  };
  struct Entry {
    std::shared_ptr<const Description> description;
    std::optional<FileKey> file;  // nullopt: in memory only (the disk write failed)
    SystemTime kept;              // when it entered memory (memory-only entries)
  };

  CacheLookup lookup_file(const std::string& id, const std::filesystem::path& path, SystemTime now);
  CacheHit make_hit(const Entry& entry, const std::filesystem::path& path, SystemTime now) const;
  static FileKey key_of(const struct ::stat& status);
  static Error move_aside(const std::filesystem::path& path, Error error);

  CacheOptions options_;
  mutable std::mutex mutex_;
  std::unordered_map<std::string, Entry> entries_;
  std::atomic<std::uint64_t> generation_{0};
  void changed() { generation_.fetch_add(1, std::memory_order_acq_rel); }
};

}  // namespace sparqlmcp::void_
