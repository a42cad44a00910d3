#include "sparqlmcp/util/files.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <system_error>

#include "sparqlmcp/util/text.hpp"

namespace fs = std::filesystem;

namespace sparqlmcp::util {
namespace {

// A file descriptor, closed once.
class Fd {
 public:
  explicit Fd(int fd) : fd_(fd) {}
  ~Fd() {
    if (fd_ >= 0) ::close(fd_);
  }
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  int get() const { return fd_; }
  // Closes now and returns close's errno (0 on success): on NFS a failed write-back shows only
  // here. Linux releases the descriptor even when close fails, so it is never retried.
  int close() {
    const int fd = fd_;
    fd_ = -1;
    return ::close(fd) == 0 ? 0 : errno;
  }

 private:
  int fd_;
};

std::string system_reason(int error) {
  char buffer[256];
  return ::strerror_r(error, buffer, sizeof buffer);  // the GNU form: thread-safe, returns text
}

ErrorKind kind_of(int error) {
  return error == ENOSPC || error == EDQUOT || error == EFBIG ? ErrorKind::LimitExceeded
                                                              : ErrorKind::InvalidArgument;
}

// "cannot write '<path>': <step>: <reason>", or without the step when it is empty.
[[noreturn]] void fail(std::string_view what, const fs::path& path, const std::string& step,
                       int error) {
  std::string message = std::string(what) + " '" + path.string() + "': ";
  if (!step.empty()) message += step + ": ";
  throw Exception(make_error(kind_of(error), message + system_reason(error)));
}

fs::path folder_of(const fs::path& path) {
  fs::path parent = path.parent_path();
  return parent.empty() ? fs::path(".") : parent;
}

void create_folder(const fs::path& folder, std::string_view what, const fs::path& path) {
  std::error_code error;
  fs::create_directories(folder, error);
  if (error) fail(what, path, "cannot create the folder '" + folder.string() + "'", error.value());
}

// 0, or the errno of the write that failed. Retries interrupted and short writes.
int write_all(int fd, std::string_view data) {
  while (!data.empty()) {
    const ssize_t written = ::write(fd, data.data(), data.size());
    if (written < 0) {
      if (errno == EINTR) continue;
      return errno;
    }
    data.remove_prefix(static_cast<std::size_t>(written));
  }
  return 0;
}

// Sixteen hexadecimal digits that make a temporary name unlikely to be taken; O_EXCL decides.
std::string random_suffix() {
  char bytes[8];
  if (::getrandom(bytes, sizeof bytes, GRND_NONBLOCK) != static_cast<ssize_t>(sizeof bytes)) {
    static std::atomic<unsigned long> counter{0};
    const unsigned long fallback = (static_cast<unsigned long>(::getpid()) << 32) ^ ++counter;
    std::memcpy(bytes, &fallback, sizeof bytes);
  }
  return to_hex(std::string_view(bytes, sizeof bytes), HexCase::Lower);
}

std::optional<std::string> read_whole(const fs::path& path, bool missing_is_nullopt) {
  constexpr std::string_view what = "cannot read";
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    if (missing_is_nullopt && errno == ENOENT) return std::nullopt;
    fail(what, path, "", errno);
  }
  Fd file(fd);
  std::string content;
  struct stat status {};
  if (::fstat(fd, &status) == 0 && status.st_size > 0)
    content.reserve(static_cast<std::size_t>(status.st_size));
  char buffer[65536];
  for (;;) {
    const ssize_t got = ::read(fd, buffer, sizeof buffer);
    if (got < 0) {
      if (errno == EINTR) continue;
      fail(what, path, "", errno);  // a folder: EISDIR
    }
    if (got == 0) break;
    content.append(buffer, static_cast<std::size_t>(got));
  }
  return content;
}

}  // namespace

void replace_file(const fs::path& path, std::string_view content) {
  constexpr std::string_view what = "cannot write";
  const fs::path folder = folder_of(path);
  create_folder(folder, what, path);

  // The temporary file lives in the target's folder: rename(2) is atomic only within one file
  // system. A dot name keeps it out of listings such as `ls` and globs over *.ttl.
  fs::path temporary;
  int fd = -1;
  for (int attempt = 0; fd < 0; ++attempt) {
    temporary = folder / ("." + path.filename().string() + ".tmp-" + random_suffix());
    fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0 && (errno != EEXIST || attempt == 15))
      fail(what, path, "cannot create a temporary file in '" + folder.string() + "'", errno);
  }
  Fd file(fd);
  const auto give_up = [&](const std::string& step, int error) {
    ::unlink(temporary.c_str());
    fail(what, path, step, error);
  };
  if (const int error = write_all(file.get(), content))
    give_up("cannot write the temporary file", error);
  // fsync before rename: otherwise a crash may leave the new name pointing at blocks never
  // written (the rename reaches the disk before the data on some file systems).
  if (::fsync(file.get()) != 0) give_up("cannot flush the temporary file to disk", errno);
  if (const int error = file.close()) give_up("cannot write the temporary file", error);
  if (::rename(temporary.c_str(), path.c_str()) != 0)
    give_up("cannot rename the temporary file over it", errno);

  // The rename is an entry of the folder: fsync the folder so that it survives a power loss.
  const int folder_fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (folder_fd < 0) fail(what, path, "cannot open the folder '" + folder.string() + "'", errno);
  Fd folder_file(folder_fd);
  if (::fsync(folder_fd) != 0)
    fail(what, path, "cannot flush the folder '" + folder.string() + "' to disk", errno);
}

void append_line(const fs::path& path, std::string_view line) {
  constexpr std::string_view what = "cannot append to";
  if (const std::size_t at = line.find('\n'); at != std::string_view::npos) {
    throw_error(ErrorKind::InvalidArgument,
                "cannot append to '" + path.string() + "': the record has a line break at byte " +
                    std::to_string(at) + "; a record must be one line (JSON Lines)");
  }
  create_folder(folder_of(path), what, path);
  const int fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0666);
  if (fd < 0) fail(what, path, "cannot open it", errno);
  Fd file(fd);
  // flock, not fcntl: an fcntl lock belongs to the process, so two threads of one process would
  // not exclude each other; a flock belongs to the open file, which each call opens itself.
  while (::flock(fd, LOCK_EX) != 0) {
    if (errno != EINTR) fail(what, path, "cannot lock it", errno);
  }
  struct stat before {};
  if (::fstat(fd, &before) != 0) fail(what, path, "cannot read its size", errno);
  std::string record;
  record.reserve(line.size() + 1);
  record.append(line).push_back('\n');
  if (const int error = write_all(fd, record)) {
    // Under the lock nobody else has appended since fstat: cutting back to that length removes
    // exactly the part of this record that was written. (A device such as /dev/full cannot be
    // cut; there is nothing to undo there.)
    [[maybe_unused]] const int cut = ::ftruncate(fd, before.st_size);
    fail(what, path, "cannot write", error);
  }
  if (const int error = file.close()) fail(what, path, "cannot write", error);  // unlocks too
}

std::string read_file(const fs::path& path) {
  return *read_whole(path, false);
}

std::optional<std::string> read_file_if_exists(const fs::path& path) {
  return read_whole(path, true);
}

}  // namespace sparqlmcp::util
