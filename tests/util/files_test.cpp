#include "sparqlmcp/util/files.hpp"

#include <grp.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "support/error_matchers.hpp"

using namespace sparqlmcp;
using namespace sparqlmcp::util;
using sparqlmcp::test::error_of;
using sparqlmcp::test::is_error;
namespace fs = std::filesystem;

namespace {

// A fresh folder under the system's temporary folder, removed with everything in it. Others
// may traverse it (0755), so that a test can use it from a process that dropped root.
struct TempFolder {
  fs::path path;
  TempFolder() {
    std::string pattern = (fs::temp_directory_path() / "sparqlmcp-files-XXXXXX").string();
    REQUIRE(::mkdtemp(pattern.data()) != nullptr);
    path = pattern;
    fs::permissions(path, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                              fs::perms::others_read | fs::perms::others_exec);
  }
  ~TempFolder() {
    std::error_code ignored;
    for (const auto& entry : fs::recursive_directory_iterator(path, ignored))
      fs::permissions(entry.path(), fs::perms::owner_all, fs::perm_options::add, ignored);
    fs::remove_all(path, ignored);
  }
  TempFolder(const TempFolder&) = delete;
  TempFolder& operator=(const TempFolder&) = delete;
};

std::vector<std::string> names_in(const fs::path& folder) {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(folder))
    names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

// Forks; the child runs `body` and exits 0 when it returned, 1 when it threw (after printing
// the error). Never returns in the child: Catch2 must not run on in two processes.
pid_t fork_child(const std::function<void()>& body) {
  const pid_t pid = ::fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    int status = 0;
    try {
      body();
    } catch (const std::exception& error) {
      std::fprintf(stderr, "child %d: %s\n", static_cast<int>(::getpid()), error.what());
      status = 1;
    }
    ::_exit(status);
  }
  return pid;
}

int exit_status_of(pid_t pid) {
  int status = 0;
  REQUIRE(::waitpid(pid, &status, 0) == pid);
  REQUIRE(WIFEXITED(status));
  return WEXITSTATUS(status);
}

// The error `body` throws in a child process that may not write where only the owner may (as
// root it becomes nobody, 65534, first: root may write anywhere). "none" when it throws nothing.
// Returns the kind's name and the message: "InvalidArgument: cannot write ...".
std::string error_without_privileges(const std::function<void()>& body) {
  int pipe_fds[2];
  REQUIRE(::pipe(pipe_fds) == 0);
  const pid_t pid = ::fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    ::close(pipe_fds[0]);
    std::string report = "none";
    if (::geteuid() == 0 &&
        (::setgroups(0, nullptr) != 0 || ::setgid(65534) != 0 || ::setuid(65534) != 0)) {
      report = "the test cannot drop root (setgid/setuid 65534 failed)";
    } else {
      try {
        body();
      } catch (const Exception& error) {
        report = std::string(test::kind_name(error.error().kind)) + ": " + error.error().message;
      }
    }
    [[maybe_unused]] const ssize_t written = ::write(pipe_fds[1], report.data(), report.size());
    ::_exit(0);
  }
  ::close(pipe_fds[1]);
  std::string report;
  char buffer[1024];
  for (ssize_t got; (got = ::read(pipe_fds[0], buffer, sizeof buffer)) > 0;)
    report.append(buffer, static_cast<std::size_t>(got));
  ::close(pipe_fds[0]);
  CHECK(exit_status_of(pid) == 0);
  return report;
}

}  // namespace

TEST_CASE("replace_file creates the file and its folders, then replaces the whole content",
          "[util]") {
  TempFolder temp;
  const fs::path file = temp.path / "void-cache" / "endpoints" / "e1.ttl";
  replace_file(file, "first version\n");
  CHECK(read_file(file) == "first version\n");

  const std::string binary("with\0NUL and \xC3\xA9\n", 16);
  replace_file(file, binary + std::string(200000, 'x'));
  CHECK(read_file(file) == binary + std::string(200000, 'x'));
  replace_file(file, "short");
  CHECK(read_file(file) == "short");
  replace_file(file, "");
  CHECK(read_file(file).empty());
  // No temporary file is left behind.
  CHECK(names_in(file.parent_path()) == std::vector<std::string>{"e1.ttl"});

  // A path without a folder is in the current one.
  const fs::path previous = fs::current_path();
  fs::current_path(temp.path);
  replace_file("plain.txt", "here");
  fs::current_path(previous);
  CHECK(read_file(temp.path / "plain.txt") == "here");
}

TEST_CASE("append_line creates the file and its folders and adds one line per record", "[util]") {
  TempFolder temp;
  const fs::path file = temp.path / "traces" / "2026" / "calls.jsonl";
  append_line(file, R"({"tool":"run_sparql_query","rows":5})");
  append_line(file, R"({"tool":"list_endpoints","text":"é"})");
  append_line(file, "");
  CHECK(read_file(file) ==
        "{\"tool\":\"run_sparql_query\",\"rows\":5}\n{\"tool\":\"list_endpoints\",\"text\":\"é\"}"
        "\n\n");
}

TEST_CASE("read_file_if_exists tells a missing file from an empty one", "[util]") {
  TempFolder temp;
  CHECK_FALSE(read_file_if_exists(temp.path / "none").has_value());
  replace_file(temp.path / "empty", "");
  CHECK(read_file_if_exists(temp.path / "empty") == std::optional<std::string>(""));
  replace_file(temp.path / "full", "content");
  CHECK(read_file_if_exists(temp.path / "full") == std::optional<std::string>("content"));
}

TEST_CASE("a record with a line break is refused and the file is left as it was", "[util][error]") {
  TempFolder temp;
  const fs::path file = temp.path / "submissions.jsonl";
  append_line(file, "{\"n\":1}");
  CHECK_THAT(error_of([&] { append_line(file, "{\"query\":\"SELECT\n*\"}"); }),
             is_error(ErrorKind::InvalidArgument)
                 .with_message("cannot append to '" + file.string() +
                               "': the record has a line break at byte 16; a record must be one "
                               "line (JSON Lines)"));
  CHECK(read_file(file) == "{\"n\":1}\n");
}

TEST_CASE("reading a missing file or a folder names the path and the system's reason",
          "[util][error]") {
  TempFolder temp;
  const fs::path missing = temp.path / "missing.ttl";
  CHECK_THAT(
      error_of([&] { read_file(missing); }),
      is_error(ErrorKind::InvalidArgument)
          .with_message("cannot read '" + missing.string() + "': No such file or directory"));
  CHECK_THAT(error_of([&] { read_file(temp.path); }),
             is_error(ErrorKind::InvalidArgument)
                 .with_message("cannot read '" + temp.path.string() + "': Is a directory"));
  CHECK_THAT(error_of([&] { read_file_if_exists(temp.path); }),
             is_error(ErrorKind::InvalidArgument)
                 .with_message("cannot read '" + temp.path.string() + "': Is a directory"));
  // A missing folder on the way is no "missing file" either: the path is wrong.
  replace_file(temp.path / "file", "x");
  const fs::path through_file = temp.path / "file" / "inner";
  CHECK_THAT(error_of([&] { read_file_if_exists(through_file); }),
             is_error(ErrorKind::InvalidArgument)
                 .with_message("cannot read '" + through_file.string() + "': Not a directory"));
}

TEST_CASE("writing to a path that is a folder fails, names it and leaves no temporary file",
          "[util][error]") {
  TempFolder temp;
  const fs::path folder = temp.path / "cache";
  fs::create_directory(folder);
  CHECK_THAT(error_of([&] { replace_file(folder, "content"); }),
             is_error(ErrorKind::InvalidArgument)
                 .with_message("cannot write '" + folder.string() +
                               "': cannot rename the temporary file over it: Is a directory"));
  CHECK(names_in(temp.path) == std::vector<std::string>{"cache"});
  CHECK_THAT(error_of([&] { append_line(folder, "{}"); }),
             is_error(ErrorKind::InvalidArgument)
                 .with_message("cannot append to '" + folder.string() +
                               "': cannot open it: Is a directory"));
  // A file where a parent folder must be.
  replace_file(temp.path / "file", "x");
  const fs::path below_file = temp.path / "file" / "sub" / "x.ttl";
  CHECK_THAT(
      error_of([&] { replace_file(below_file, "content"); }),
      is_error(ErrorKind::InvalidArgument)
          .with_message("cannot write '" + below_file.string() + "': cannot create the folder '" +
                        (temp.path / "file" / "sub").string() + "': Not a directory"));
}

TEST_CASE("writing into a folder the process may not write to names the folder and the reason",
          "[util][error]") {
  TempFolder temp;
  const fs::path locked = temp.path / "locked";
  fs::create_directory(locked);
  replace_file(locked / "old.ttl", "old");
  fs::permissions(locked, fs::perms::owner_read | fs::perms::owner_exec | fs::perms::group_read |
                              fs::perms::group_exec | fs::perms::others_read |
                              fs::perms::others_exec);
  CHECK(error_without_privileges([&] { replace_file(locked / "new.ttl", "new"); }) ==
        "InvalidArgument: cannot write '" + (locked / "new.ttl").string() +
            "': cannot create a temporary file in '" + locked.string() + "': Permission denied");
  CHECK(error_without_privileges([&] { replace_file(locked / "old.ttl", "new"); }) ==
        "InvalidArgument: cannot write '" + (locked / "old.ttl").string() +
            "': cannot create a temporary file in '" + locked.string() + "': Permission denied");
  CHECK(error_without_privileges([&] { replace_file(locked / "sub" / "x.ttl", "new"); }) ==
        "InvalidArgument: cannot write '" + (locked / "sub" / "x.ttl").string() +
            "': cannot create the folder '" + (locked / "sub").string() + "': Permission denied");
  CHECK(error_without_privileges([&] { append_line(locked / "trace.jsonl", "{}"); }) ==
        "InvalidArgument: cannot append to '" + (locked / "trace.jsonl").string() +
            "': cannot open it: Permission denied");
  // The unprivileged process can still read.
  CHECK(error_without_privileges([&] {
          if (read_file(locked / "old.ttl") != "old") throw_error(ErrorKind::Internal, "changed");
        }) == "none");
  CHECK(read_file(locked / "old.ttl") == "old");
  CHECK(names_in(locked) == std::vector<std::string>{"old.ttl"});
}

TEST_CASE("a full disk is LimitExceeded", "[util][error]") {
  // /dev/full answers every write with ENOSPC.
  CHECK_THAT(error_of([&] { append_line("/dev/full", "{}"); }),
             is_error(ErrorKind::LimitExceeded)
                 .with_message("cannot append to '/dev/full': cannot write: No space left on "
                               "device"));
}

TEST_CASE("lines that several processes append at once come out whole, each once, in order",
          "[util][integration]") {
  TempFolder temp;
  const fs::path file = temp.path / "shared" / "trace.jsonl";
  constexpr int kChildren = 4;
  constexpr int kLines = 60;
  // Long lines (up to ~100 KiB, far beyond PIPE_BUF) of a letter that tells child and line.
  const auto line_of = [](int child, int line) {
    const std::size_t length =
        1000 + static_cast<std::size_t>((child * 7919 + line * 104729) % 100000);
    return "child=" + std::to_string(child) + " line=" + std::to_string(line) + " " +
           std::string(length, static_cast<char>('a' + (child * kLines + line) % 26)) + " end";
  };
  // The children start together: each waits for the end of a pipe the parent closes once all
  // are forked.
  int start[2];
  REQUIRE(::pipe(start) == 0);
  std::vector<pid_t> children;
  for (int child = 0; child < kChildren; ++child) {
    children.push_back(fork_child([&, child] {
      ::close(start[1]);
      char byte;
      while (::read(start[0], &byte, 1) > 0) {
      }
      for (int line = 0; line < kLines; ++line)
        append_line(file, line_of(child, line));
    }));
  }
  ::close(start[0]);
  ::close(start[1]);
  for (pid_t pid : children)
    CHECK(exit_status_of(pid) == 0);

  const std::string content = read_file(file);
  REQUIRE(!content.empty());
  CHECK(content.back() == '\n');
  std::map<int, int> next_line;  // per child, the line expected next
  std::size_t count = 0;
  std::size_t broken = 0;
  std::istringstream lines(content);
  for (std::string line; std::getline(lines, line); ++count) {
    int child = -1;
    int number = -1;
    if (std::sscanf(line.c_str(), "child=%d line=%d ", &child, &number) != 2 || child < 0 ||
        child >= kChildren || number != next_line[child] || line != line_of(child, number)) {
      if (++broken <= 3) FAIL_CHECK("line " << count << " is not whole: " << line.substr(0, 80));
      continue;
    }
    ++next_line[child];
  }
  CHECK(broken == 0);
  CHECK(count == static_cast<std::size_t>(kChildren * kLines));
  for (int child = 0; child < kChildren; ++child)
    CHECK(next_line[child] == kLines);
}

TEST_CASE("a reader never sees partial content of a file another process keeps replacing",
          "[util][integration]") {
  TempFolder temp;
  const fs::path file = temp.path / "void-cache" / "endpoint.ttl";
  constexpr int kVersions = 150;
  // Versions alternate between 256 KiB and 100 bytes, so a torn or truncated read shows.
  const auto version = [](int k) {
    const std::size_t length = k % 2 == 0 ? 262144 : 100;
    return "# version " + std::to_string(k) + "\n" +
           std::string(length, static_cast<char>('a' + k % 26)) + "\n# end " + std::to_string(k) +
           "\n";
  };
  replace_file(file, version(0));
  const pid_t writer = fork_child([&] {
    for (int k = 1; k <= kVersions; ++k)
      replace_file(file, version(k));
  });
  // The reader reads for as long as the writer runs (its loop is bounded), then once more.
  int last = 0;
  std::size_t reads = 0;
  std::size_t bad = 0;
  std::set<int> seen;
  int status = 0;
  bool writing = true;
  while (writing) {
    writing = ::waitpid(writer, &status, WNOHANG) == 0;
    const std::string content = read_file(file);
    ++reads;
    int k = -1;
    if (std::sscanf(content.c_str(), "# version %d\n", &k) != 1 || k < last || k > kVersions ||
        content != version(k)) {
      if (++bad <= 3)
        FAIL_CHECK("read " << reads << " saw partial content: " << content.size() << " bytes, "
                           << content.substr(0, 40));
      continue;
    }
    last = k;
    seen.insert(k);
  }
  REQUIRE(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
  CHECK(bad == 0);
  CHECK(last == kVersions);
  // How much the reader overlapped the writer (not asserted: it depends on scheduling).
  INFO(reads << " reads saw " << seen.size() << " of " << kVersions + 1 << " versions");
  CHECK(seen.count(kVersions) == 1);
  CHECK(names_in(file.parent_path()) == std::vector<std::string>{"endpoint.ttl"});
}
