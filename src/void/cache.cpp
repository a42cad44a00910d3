#include "sparqlmcp/void/cache.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <limits>
#include <set>
#include <system_error>

#include "sparqlmcp/catalogue/catalogue.hpp"
#include "sparqlmcp/util/files.hpp"
#include "sparqlmcp/void/turtle.hpp"

namespace sparqlmcp::void_ {

namespace {

constexpr std::string_view kExtension = ".ttl";
constexpr std::string_view kBadExtension = ".bad";

std::string quoted(const std::filesystem::path& path) {
  return "'" + path.string() + "'";
}

struct LoadedFile {
  std::string text;
  struct stat status {};
};

// The file's content and the status of the very file read (fstat on the open descriptor, so
// the key and the text always belong together). nullopt with errno ENOENT when it is gone.
std::optional<LoadedFile> load(const std::filesystem::path& path, int& error) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    error = errno;
    return std::nullopt;
  }
  LoadedFile file;
  if (::fstat(fd, &file.status) != 0) {
    error = errno;
    ::close(fd);
    return std::nullopt;
  }
  file.text.resize(static_cast<std::size_t>(file.status.st_size));
  std::size_t done = 0;
  while (true) {
    if (done == file.text.size()) file.text.resize(done + 4096);  // grew since fstat
    const ssize_t n = ::read(fd, file.text.data() + done, file.text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      error = errno;
      ::close(fd);
      return std::nullopt;
    }
    if (n == 0) break;
    done += static_cast<std::size_t>(n);
  }
  file.text.resize(done);
  ::close(fd);
  return file;
}

SystemTime mtime_of(std::int64_t mtime_ns) {
  return SystemTime(
      std::chrono::duration_cast<SystemTime::duration>(std::chrono::nanoseconds(mtime_ns)));
}

}  // namespace

VoidCache::VoidCache(CacheOptions options) : options_(std::move(options)) {}

std::filesystem::path VoidCache::path_of(const std::string& id) const {
  if (!catalogue::is_valid_id(id))
    throw_error(ErrorKind::InvalidArgument,
                "'" + id +
                    "' is not a catalogue id (1-64 characters of A-Z a-z 0-9 . _ -), so it "
                    "cannot name a VoID cache file");
  return options_.folder / (id + std::string(kExtension));
}

CacheHit VoidCache::make_hit(const Entry& entry, const std::filesystem::path& path,
                             SystemTime now) const {
  CacheHit hit;
  hit.description = entry.description;
  hit.path = path;
  const SystemTime finished = entry.description->provenance.finished;
  hit.made = finished != SystemTime{} ? finished
                                      : (entry.file ? mtime_of(entry.file->mtime_ns) : entry.kept);
  // Times read from a file span the clock's whole range (years 1678-2262): their difference
  // may not fit, and is then as large as it can be.
  SystemTime::rep difference = 0;
  if (__builtin_sub_overflow(now.time_since_epoch().count(), hit.made.time_since_epoch().count(),
                             &difference))
    difference = now > hit.made ? std::numeric_limits<SystemTime::rep>::max() : 0;
  const auto age = std::chrono::floor<std::chrono::seconds>(SystemTime::duration(difference));
  hit.age = age.count() > 0 ? age : std::chrono::seconds(0);
  hit.stale = hit.age > options_.time_to_live;
  return hit;
}

CacheLookup VoidCache::lookup(const std::string& id, SystemTime now) {
  const std::filesystem::path path = path_of(id);
  struct stat status {};
  if (::stat(path.c_str(), &status) != 0) {
    const int error = errno;
    std::lock_guard lock(mutex_);
    auto it = entries_.find(id);
    if (it != entries_.end() && !it->second.file) return {make_hit(it->second, {}, now), {}};
    if (it != entries_.end()) {
      entries_.erase(it);  // its file was removed
      changed();
    }
    if (error == ENOENT || error == ENOTDIR) return {};
    return {std::nullopt,
            make_error(ErrorKind::InvalidArgument, "cannot read the VoID cache file " +
                                                       quoted(path) + ": " + std::strerror(error))};
  }
  const FileKey key = key_of(status);
  {
    std::lock_guard lock(mutex_);
    auto it = entries_.find(id);
    if (it != entries_.end()) {
      if (it->second.file == key) return {make_hit(it->second, path, now), {}};
      // Kept in memory when the disk refused it, and newer than the file there.
      if (!it->second.file && it->second.kept >= mtime_of(key.mtime_ns))
        return {make_hit(it->second, {}, now), {}};
    }
  }
  return lookup_file(id, path, now);
}

CacheLookup VoidCache::lookup_file(const std::string& id, const std::filesystem::path& path,
                                   SystemTime now) {
  // A file that changes while it is read (another instance replacing it) is read again; a
  // few attempts are plenty, replace_file being atomic.
  for (int attempt = 0;; ++attempt) {
    int error = 0;
    std::optional<LoadedFile> file = load(path, error);
    if (!file) {
      std::lock_guard lock(mutex_);
      if (entries_.erase(id) > 0) changed();
      if (error == ENOENT || error == ENOTDIR) return {};
      return {std::nullopt, make_error(ErrorKind::InvalidArgument,
                                       "cannot read the VoID cache file " + quoted(path) + ": " +
                                           std::strerror(error))};
    }
    const FileKey key = key_of(file->status);
    std::optional<Error> failure;
    std::optional<Description> description;
    if (!S_ISREG(file->status.st_mode)) {
      failure = make_error(ErrorKind::InvalidArgument, "not a regular file");
      failure->source_name = path.string();
    } else {
      try {
        description = read_void_turtle(file->text, "", path.string());
        if (!description) {
          failure = make_error(ErrorKind::Syntax,
                               "holds no VoID description (no void:Dataset with statistics or "
                               "partitions)");
          failure->source_name = path.string();
        }
      } catch (const Exception& e) {
        failure = e.error();
      } catch (const std::exception& e) {  // out of memory on a huge file
        failure = make_error(ErrorKind::Internal, e.what());
        failure->source_name = path.string();
      }
    }
    if (description) {
      description->id = id;  // the file's name is what the catalogue looks up
      Entry entry{std::make_shared<const Description>(std::move(*description)), key, now};
      std::lock_guard lock(mutex_);
      auto& slot = entries_[id];
      slot = std::move(entry);
      changed();
      return {make_hit(slot, path, now), {}};
    }
    {
      std::lock_guard lock(mutex_);
      if (entries_.erase(id) > 0) changed();
    }
    struct stat current {};
    const bool changed = ::stat(path.c_str(), &current) == 0 && !(key_of(current) == key);
    if (changed && attempt < 3) continue;
    return {std::nullopt, move_aside(path, std::move(*failure))};
  }
}

VoidCache::FileKey VoidCache::key_of(const struct ::stat& status) {
  return FileKey{
      static_cast<std::uint64_t>(status.st_dev), static_cast<std::uint64_t>(status.st_ino),
      static_cast<std::uint64_t>(status.st_size),
      static_cast<std::int64_t>(status.st_mtim.tv_sec) * 1'000'000'000 + status.st_mtim.tv_nsec};
}

Error VoidCache::move_aside(const std::filesystem::path& path, Error error) {
  std::filesystem::path bad = path;
  bad += kBadExtension;
  // rename(2) replaces an older .bad atomically; a file another instance moved aside first is
  // gone (ENOENT), which is as good.
  if (::rename(path.c_str(), bad.c_str()) == 0 || errno == ENOENT)
    error.message +=
        " (the file was moved aside to " + quoted(bad) + "; it is not cached any more)";
  else
    error.message += std::string(" (the file could not be moved aside to ") + quoted(bad) + ": " +
                     std::strerror(errno) + ")";
  if (error.source_name.empty()) error.source_name = path.string();
  return error;
}

std::filesystem::path VoidCache::store(Description description) {
  const std::filesystem::path path = path_of(description.id);
  description.sort();
  const std::string text = write_turtle(description);
  const std::string id = description.id;
  auto shared = std::make_shared<const Description>(std::move(description));
  try {
    util::replace_file(path, text);
  } catch (const Exception&) {
    std::lock_guard lock(mutex_);
    entries_[id] = Entry{shared, std::nullopt, Clock::now()};
    changed();
    throw;
  }
  // Remember the file just written under its own key, so that the next lookup is a memory hit.
  // Read it back to be sure it is ours: another instance may have replaced it in between, and
  // then its file is parsed on the next lookup.
  int error = 0;
  std::optional<LoadedFile> file = load(path, error);
  std::lock_guard lock(mutex_);
  if (file && file->text == text)
    entries_[id] = Entry{shared, key_of(file->status), Clock::now()};
  else
    entries_.erase(id);
  changed();
  return path;
}

std::optional<Error> VoidCache::remove(const std::string& id) {
  const std::filesystem::path path = path_of(id);
  {
    std::lock_guard lock(mutex_);
    entries_.erase(id);
    changed();
  }
  if (::unlink(path.c_str()) != 0 && errno != ENOENT)
    return make_error(ErrorKind::InvalidArgument, "cannot remove the VoID cache file " +
                                                      quoted(path) + ": " + std::strerror(errno));
  return std::nullopt;
}

namespace {

// The ids of the folder's `<id>.ttl` files (not `.bad` ones, not replace_file's dot-named
// temporary files), sorted.
std::set<std::string> file_ids(const std::filesystem::path& folder, std::vector<Error>& errors) {
  std::set<std::string> ids;
  std::error_code ec;
  std::filesystem::directory_iterator it(folder, ec);
  if (ec) {
    if (ec != std::errc::no_such_file_or_directory && ec != std::errc::not_a_directory)
      errors.push_back(
          make_error(ErrorKind::InvalidArgument,
                     "cannot list the VoID cache folder " + quoted(folder) + ": " + ec.message()));
    return ids;
  }
  for (; it != std::filesystem::directory_iterator(); it.increment(ec)) {
    if (ec) break;
    const std::string name = it->path().filename().string();
    if (name.size() <= kExtension.size() || !name.ends_with(kExtension)) continue;
    const std::string id = name.substr(0, name.size() - kExtension.size());
    if (catalogue::is_valid_id(id) && id.front() != '.') ids.insert(id);
  }
  return ids;
}

}  // namespace

std::size_t VoidCache::preload(std::vector<Error>* errors) {
  std::vector<Error> local;
  std::vector<Error>& out = errors ? *errors : local;
  std::size_t loaded = 0;
  for (const std::string& id : file_ids(options_.folder, out)) {
    CacheLookup found = lookup(id);
    if (found.hit) ++loaded;
    if (found.error) out.push_back(std::move(*found.error));
  }
  return loaded;
}

CacheListing VoidCache::list(SystemTime now) {
  CacheListing listing;
  std::set<std::string> ids = file_ids(options_.folder, listing.errors);
  {
    std::lock_guard lock(mutex_);
    for (const auto& [id, entry] : entries_)
      if (!entry.file) ids.insert(id);
  }
  for (const std::string& id : ids) {
    CacheLookup found = lookup(id, now);
    if (found.error) listing.errors.push_back(std::move(*found.error));
    if (!found.hit) continue;
    const Description& d = *found.hit->description;
    CacheEntry entry;
    entry.id = id;
    entry.triples = d.triples;
    entry.classes = d.class_count ? d.class_count : Count(d.classes.size());
    entry.properties = d.property_count ? d.property_count : Count(d.properties.size());
    entry.complete = d.provenance.complete();
    entry.origin = d.provenance.origin;
    entry.method = d.provenance.method;
    entry.made = found.hit->made;
    entry.age = found.hit->age;
    entry.stale = found.hit->stale;
    entry.path = found.hit->path;
    listing.entries.push_back(std::move(entry));
  }
  return listing;
}

}  // namespace sparqlmcp::void_
