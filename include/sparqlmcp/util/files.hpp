#pragma once
// Writing files that several sparql-mcp processes share: the VoID cache (one file per endpoint,
// replaced when it is refreshed), submissions and traces (JSON Lines that every instance appends
// to). Several instances behind one load balancer may write the same file at the same moment,
// and an instance may be killed mid-write; these functions keep each file whole:
//
// - replace_file: a reader sees the old content or the new, never a mix or a truncated file
//   (write a temporary file in the same folder, fsync, rename over the target, fsync the folder:
//   rename(2) is atomic within one file system).
// - append_line: one record per call, never interleaved with another process's record, under an
//   exclusive flock(2) on the file.
//
// Errors are thrown as Exception. The message names the path, the step that failed and the
// system's reason (strerror), e.g. "cannot write '/var/cache/x.ttl': cannot create a temporary
// file in '/var/cache': Permission denied". The kind is LimitExceeded when the disk or quota is
// full (ENOSPC, EDQUOT, EFBIG), InvalidArgument otherwise (the path cannot be used as asked).
// Nothing here is specific to one thread: concurrent calls from threads of one process exclude
// each other as calls from different processes do.

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "sparqlmcp/util/error.hpp"

namespace sparqlmcp::util {

// Replaces the file at `path` with `content`, creating the file and any missing parent folders.
// Atomic: until the call returns, readers see the previous content (or no file); afterwards the
// new one. The new file has the default permissions (0666 less the umask), not those of the file
// it replaces; a symbolic link at `path` is replaced itself, not followed. When a step before the
// rename fails, the temporary file is removed and `path` is untouched. When the final fsync of
// the folder fails, the new content is in place but may not survive a power loss; the call
// throws all the same.
void replace_file(const std::filesystem::path& path, std::string_view content);

// Appends `line` and a '\n' to the file at `path`, creating the file (0666 less the umask) and
// any missing parent folders. The write happens under an exclusive flock on the file, so records
// of concurrent writers that use this function come out whole, one per line, in some order. A
// failed write is undone (the file is cut back to its previous length). Not fsynced: a power
// loss may lose the last records. `line` must not contain '\n' (InvalidArgument otherwise: a
// JSON Lines reader would see two broken records).
void append_line(const std::filesystem::path& path, std::string_view line);

// The whole content of the file at `path`.
std::string read_file(const std::filesystem::path& path);

// The same, or nullopt when there is no file at `path` (a cache that was never written); every
// other failure throws as read_file does.
std::optional<std::string> read_file_if_exists(const std::filesystem::path& path);

}  // namespace sparqlmcp::util
