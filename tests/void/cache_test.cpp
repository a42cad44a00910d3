#include "sparqlmcp/void/cache.hpp"

#include <stdlib.h>

#include <atomic>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "sample_descriptions.hpp"
#include "sparqlmcp/void/turtle.hpp"
#include "support/error_matchers.hpp"

using namespace sparqlmcp;
using namespace sparqlmcp::void_;
using sparqlmcp::test::error_of;
using sparqlmcp::test::is_error;
using sparqlmcp::void_::test::generated_description;
using sparqlmcp::void_::test::sample_description;
namespace fs = std::filesystem;
using namespace std::chrono;

namespace {

// A fresh folder per test, removed afterwards.
struct TempDir {
  fs::path path;
  TempDir() {
    std::string pattern = (fs::temp_directory_path() / "sparqlmcp-void-cache-XXXXXX").string();
    REQUIRE(::mkdtemp(pattern.data()) != nullptr);
    path = pattern;
  }
  ~TempDir() {
    std::error_code ignored;
    fs::remove_all(path, ignored);
  }
};

void write(const fs::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  REQUIRE(out.good());
}

std::string read(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string fixture(const std::string& name) {
  return read(fs::path(SPARQLMCP_SOURCE_DIR) / "tests/void/data" / name);
}

CacheOptions in(const TempDir& dir) {
  CacheOptions options;
  options.folder = dir.path / "void-cache";
  return options;
}

}  // namespace

TEST_CASE("A stored description is found again, in this cache and in a new one", "[void]") {
  TempDir dir;
  VoidCache cache(in(dir));
  const Description d = sample_description();
  const fs::path path = cache.store(d);
  CHECK(path == dir.path / "void-cache" / "example.ttl");
  CHECK(read(path) == write_turtle(d));

  const SystemTime now = d.provenance.finished + hours(5) + milliseconds(700);
  const CacheLookup found = cache.lookup("example", now);
  CHECK_FALSE(found.error.has_value());
  REQUIRE(found.hit.has_value());
  CHECK(*found.hit->description == d);
  CHECK(found.hit->path == path);
  CHECK(found.hit->made == d.provenance.finished);
  CHECK(found.hit->age == hours(5));
  CHECK_FALSE(found.hit->stale);
  // A warm hit hands out the model kept in memory, not a new parse.
  CHECK(cache.lookup("example", now).hit->description == found.hit->description);

  // A new cache on the same folder (a new process) reads the file.
  VoidCache fresh(in(dir));
  const CacheLookup again = fresh.lookup("example", now);
  REQUIRE(again.hit.has_value());
  CHECK(*again.hit->description == d);
  CHECK(again.hit->description != found.hit->description);

  CHECK_FALSE(cache.lookup("unknown", now).hit.has_value());
  CHECK_FALSE(cache.lookup("unknown", now).error.has_value());
}

TEST_CASE("A description older than the time to live is still returned, marked stale", "[void]") {
  TempDir dir;
  CacheOptions options = in(dir);
  options.time_to_live = hours(24);
  VoidCache cache(options);
  const Description d = sample_description();
  cache.store(d);
  const SystemTime made = d.provenance.finished;
  CHECK_FALSE(cache.lookup("example", made + hours(24)).hit->stale);
  const CacheLookup old = cache.lookup("example", made + hours(24) + seconds(1));
  REQUIRE(old.hit.has_value());
  CHECK(old.hit->stale);
  CHECK(old.hit->age == hours(24) + seconds(1));
  // A clock behind the description's time gives age 0, not a negative age.
  CHECK(cache.lookup("example", made - hours(1)).hit->age == seconds(0));
  // A description from the clock's far past is very old, not negative (no overflow).
  Description ancient = d;
  ancient.id = "ancient";
  ancient.provenance.finished = SystemTime::min();
  cache.store(ancient);
  const CacheLookup far = cache.lookup("ancient", SystemTime::max());
  REQUIRE(far.hit.has_value());
  CHECK(far.hit->stale);
  CHECK(far.hit->age == floor<seconds>(SystemTime::max().time_since_epoch()));
  // The default is 7 days.
  CHECK(CacheOptions{}.time_to_live == hours(24 * 7));
  CHECK(CacheOptions{}.folder == "void-cache");
}

TEST_CASE("A file without an end time is as old as its modification time", "[void]") {
  TempDir dir;
  VoidCache cache(in(dir));
  fs::create_directories(dir.path / "void-cache");
  const fs::path path = dir.path / "void-cache" / "plain.ttl";
  write(path, fixture("plain_totals.ttl"));
  const auto mtime = fs::file_time_type::clock::now() - hours(30);
  fs::last_write_time(path, mtime);
  const SystemTime made = time_point_cast<SystemTime::duration>(
      file_clock::to_sys(time_point_cast<file_clock::duration>(mtime)));
  const CacheLookup found = cache.lookup("plain", made + hours(30));
  REQUIRE(found.hit.has_value());
  CHECK(found.hit->made == made);
  CHECK(found.hit->age == hours(30));
  CHECK(found.hit->description->id == "plain");  // the file's name
  CHECK(found.hit->description->triples == 12345u);
}

TEST_CASE("A file replaced by another instance is read again", "[void]") {
  TempDir dir;
  VoidCache one(in(dir));
  VoidCache two(in(dir));
  Description d = sample_description();
  one.store(d);
  REQUIRE(one.lookup("example").hit.has_value());
  // Same size and possibly the same timestamp tick: the new inode tells them apart.
  d.triples = 9999999;  // as many digits as 1000000
  two.store(d);
  const CacheLookup found = one.lookup("example");
  REQUIRE(found.hit.has_value());
  CHECK(found.hit->description->triples == 9999999u);
  // A file removed by another instance is not cached any more.
  fs::remove(dir.path / "void-cache" / "example.ttl");
  CHECK_FALSE(one.lookup("example").hit.has_value());
  CHECK_FALSE(one.lookup("example").error.has_value());
}

TEST_CASE("A cache file edited by hand that no longer parses is reported and moved aside",
          "[void][error]") {
  TempDir dir;
  VoidCache cache(in(dir));
  const Description d = sample_description();
  const fs::path path = cache.store(d);
  REQUIRE(cache.lookup("example").hit.has_value());
  const fs::path bad = dir.path / "void-cache" / "example.ttl.bad";
  write(bad, "an older bad file");

  // The edit: a count without its number.
  std::string text = read(path);
  const auto at = text.find("void:triples 1000000 ;");
  REQUIRE(at != std::string::npos);
  text.replace(at, 22, "void:triples ;");
  write(path, text);
  const std::size_t line =
      static_cast<std::size_t>(std::count(text.begin(), text.begin() + at, '\n')) + 1;

  const CacheLookup found = cache.lookup("example");
  CHECK_FALSE(found.hit.has_value());
  REQUIRE(found.error.has_value());
  CHECK_THAT(*found.error,
             is_error(ErrorKind::Syntax)
                 .at(line, 18)
                 .from_source(path.string())
                 .with_message("expected prefixed name (the file was moved aside to '" +
                               bad.string() + "'; it is not cached any more)"));
  CHECK(found.error->to_text().starts_with(path.string() + ":" + std::to_string(line) + ":18: "));
  CHECK_FALSE(fs::exists(path));
  CHECK(read(bad) == text);  // the older .bad replaced

  // Reported once: afterwards it is simply not cached, and a new store works.
  const CacheLookup after = cache.lookup("example");
  CHECK_FALSE(after.hit.has_value());
  CHECK_FALSE(after.error.has_value());
  cache.store(d);
  CHECK(cache.lookup("example").hit.has_value());
}

TEST_CASE("A cache file that parses but holds no VoID is reported and moved aside",
          "[void][error]") {
  TempDir dir;
  VoidCache cache(in(dir));
  fs::create_directories(dir.path / "void-cache");
  const fs::path path = dir.path / "void-cache" / "empty.ttl";
  write(path, "<http://example.org/a> <http://example.org/b> \"c\" .\n");
  const CacheLookup found = cache.lookup("empty");
  CHECK_FALSE(found.hit.has_value());
  REQUIRE(found.error.has_value());
  CHECK_THAT(*found.error, is_error(ErrorKind::Syntax)
                               .without_position()
                               .from_source(path.string())
                               .with_message_starting(
                                   "holds no VoID description (no void:Dataset with statistics "
                                   "or partitions) (the file was moved aside to '"));
  CHECK(fs::exists(dir.path / "void-cache" / "empty.ttl.bad"));
}

TEST_CASE("An id that is not a catalogue id is refused before any file is touched",
          "[void][error]") {
  TempDir dir;
  VoidCache cache(in(dir));
  CHECK_THAT(error_of([&] { cache.lookup("../secrets"); }),
             is_error(ErrorKind::InvalidArgument)
                 .with_message("'../secrets' is not a catalogue id (1-64 characters of A-Z a-z "
                               "0-9 . _ -), so it cannot name a VoID cache file"));
  Description d = sample_description();
  d.id = "";
  CHECK_THAT(
      error_of([&] { cache.store(d); }),
      is_error(ErrorKind::InvalidArgument).with_message_starting("'' is not a catalogue id"));
  CHECK_FALSE(fs::exists(dir.path / "void-cache"));
}

TEST_CASE("A folder that cannot be created gives a clear error, and the cache works on in memory",
          "[void][error]") {
  TempDir dir;
  write(dir.path / "a-file", "x");
  CacheOptions options;
  options.folder = dir.path / "a-file" / "void-cache";
  VoidCache cache(options);
  const Description d = sample_description();
  CHECK_THAT(
      error_of([&] { cache.store(d); }),
      is_error(ErrorKind::InvalidArgument)
          .with_message_starting("cannot write '" + (options.folder / "example.ttl").string() +
                                 "': cannot create the folder"));
  const CacheLookup found = cache.lookup("example");
  CHECK_FALSE(found.error.has_value());
  REQUIRE(found.hit.has_value());
  CHECK(*found.hit->description == d);
  CHECK(found.hit->path.empty());

  const CacheListing listing = cache.list();
  REQUIRE(listing.entries.size() == 1);
  CHECK(listing.entries[0].id == "example");
  CHECK(listing.entries[0].path.empty());
  CHECK(listing.errors.empty());  // the folder's absence is no error
  CHECK(cache.preload() == 0);
}

TEST_CASE("Preloading reads every file of the folder and reports the broken ones",
          "[void][error]") {
  TempDir dir;
  {
    VoidCache writer(in(dir));
    writer.store(sample_description());
    writer.store(generated_description(20));
  }
  const fs::path folder = dir.path / "void-cache";
  write(folder / "broken.ttl",
        "@prefix void: <http://rdfs.org/ns/void#> .\n_:d void:triples \"3 .\n");
  write(folder / "notes.txt", "not a cache file");
  write(folder / "old.ttl.bad", "left aside earlier");

  VoidCache cache(in(dir));
  std::vector<Error> errors;
  CHECK(cache.preload(&errors) == 2);
  REQUIRE(errors.size() == 1);
  CHECK_THAT(errors[0],
             is_error(ErrorKind::Syntax)
                 .at(2, 22)
                 .from_source((folder / "broken.ttl").string())
                 .with_message_starting("line end in short string (the file was moved aside"));
  CHECK(fs::exists(folder / "broken.ttl.bad"));
  CHECK(fs::exists(folder / "notes.txt"));
  // After the preload, a lookup is a memory hit: the same model twice.
  const auto first = cache.lookup("generated-20").hit->description;
  CHECK(cache.lookup("generated-20").hit->description == first);
  // A missing folder preloads nothing, without error.
  VoidCache empty(CacheOptions{dir.path / "none", hours(1)});
  std::vector<Error> none;
  CHECK(empty.preload(&none) == 0);
  CHECK(none.empty());
}

TEST_CASE("The listing gives each cached description's size, status, origin, age and staleness",
          "[void]") {
  TempDir dir;
  VoidCache cache(in(dir));
  Description partial = sample_description();  // computed, with missing parts
  cache.store(partial);
  Description retrieved = generated_description(20);
  retrieved.provenance = Provenance{};
  retrieved.provenance.origin = Provenance::Origin::Retrieved;
  retrieved.provenance.method = "well-known";
  retrieved.provenance.finished = partial.provenance.finished - hours(24 * 8);
  retrieved.class_count.reset();  // counted from the partitions
  cache.store(retrieved);
  write(dir.path / "void-cache" / "zz-broken.ttl", "<a> <b> .");

  const CacheListing listing = cache.list(partial.provenance.finished + seconds(90));
  REQUIRE(listing.entries.size() == 2);
  const CacheEntry& e = listing.entries[0];
  CHECK(e.id == "example");
  CHECK(e.triples == 1000000u);
  CHECK(e.classes == 4u);
  CHECK(e.properties == 31u);
  CHECK_FALSE(e.complete);
  CHECK(e.origin == Provenance::Origin::Computed);
  CHECK(e.method == "computed");
  CHECK(e.age == seconds(90));
  CHECK_FALSE(e.stale);
  CHECK(e.path == dir.path / "void-cache" / "example.ttl");
  const CacheEntry& g = listing.entries[1];
  CHECK(g.id == "generated-20");
  CHECK(g.classes == 20u);
  CHECK(g.complete);
  CHECK(g.origin == Provenance::Origin::Retrieved);
  CHECK(g.method == "well-known");
  CHECK(g.age == hours(24 * 8) + seconds(90));
  CHECK(g.stale);
  REQUIRE(listing.errors.size() == 1);
  CHECK_THAT(listing.errors[0],
             is_error(ErrorKind::Syntax)
                 .from_source((dir.path / "void-cache" / "zz-broken.ttl").string()));
}

TEST_CASE("Removing a description forgets it in memory and on disk", "[void]") {
  TempDir dir;
  VoidCache cache(in(dir));
  cache.store(sample_description());
  CHECK_FALSE(cache.remove("example").has_value());
  CHECK_FALSE(cache.lookup("example").hit.has_value());
  CHECK_FALSE(fs::exists(dir.path / "void-cache" / "example.ttl"));
  CHECK_FALSE(cache.remove("example").has_value());  // nothing there: no error
}

TEST_CASE("The generation grows when what the cache holds changes, not on a plain hit", "[void]") {
  TempDir dir;
  VoidCache cache(in(dir));
  const std::uint64_t empty = cache.generation();
  cache.store(sample_description());
  const std::uint64_t stored = cache.generation();
  CHECK(stored > empty);
  REQUIRE(cache.lookup("example").hit.has_value());
  CHECK(cache.generation() == stored);
  // Another instance's file is read on the next lookup, which counts as a change.
  VoidCache other(in(dir));
  Description changed = sample_description();
  changed.triples = 7;
  other.store(changed);
  REQUIRE(cache.lookup("example").hit.has_value());
  const std::uint64_t read = cache.generation();
  CHECK(read > stored);
  cache.remove("example");
  CHECK(cache.generation() > read);
}

TEST_CASE("Threads storing and looking up at once always see a whole description", "[void]") {
  TempDir dir;
  VoidCache cache(in(dir));
  VoidCache other(in(dir));  // another instance on the same folder
  const Description a = generated_description(20);
  Description b = a;
  b.triples = 1;
  cache.store(a);
  std::atomic<int> wrong{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      for (int i = 0; i < 100; ++i) {
        if (t == 0) {
          cache.store(i % 2 ? a : b);
        } else if (t == 1) {
          other.store(i % 2 ? b : a);
        } else {
          const CacheLookup found = (t == 2 ? cache : other).lookup("generated-20");
          if (!found.hit || found.error ||
              !(*found.hit->description == a || *found.hit->description == b))
            ++wrong;
        }
      }
    });
  for (std::thread& thread : threads)
    thread.join();
  CHECK(wrong == 0);
}
