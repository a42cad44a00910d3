#pragma once
// A thin RAII layer over SQLite (libsqlite3): the on-disk store of the term and example index.
// Every failure becomes an Exception (util/error.hpp) naming the database file and SQLite's
// message. A Database is used by one thread at a time (the index holds a mutex); several
// processes may open the same file: it runs in WAL mode and waits for a writer's lock instead of
// failing at once.

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

struct sqlite3;
struct sqlite3_stmt;

namespace sparqlmcp::assist {

class Statement;

class Database {
 public:
  // Opens (creating it and its folder when missing) `path`; ":memory:" for a private database.
  // Throws Exception (InvalidArgument) when it cannot be opened.
  Database(const std::filesystem::path& path, std::chrono::milliseconds busy_wait);
  ~Database();
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;

  // Runs one or more statements without results.
  void execute(std::string_view sql);
  Statement prepare(std::string_view sql);
  std::int64_t last_insert_rowid() const;
  const std::string& name() const { return name_; }

  // Throws the Exception that says what failed, with SQLite's message.
  [[noreturn]] void fail(std::string_view what) const;

 private:
  sqlite3* db_ = nullptr;
  std::string name_;
};

// One prepared statement. bind() counts parameters from 1, as SQLite does; step() returns true
// while there is a row.
class Statement {
 public:
  Statement(Database& db, sqlite3_stmt* stmt) : db_(&db), stmt_(stmt) {}
  ~Statement();
  Statement(Statement&& other) noexcept;
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;
  Statement& operator=(Statement&&) = delete;

  Statement& bind(int index, std::string_view text);
  Statement& bind(int index, std::int64_t value);
  Statement& bind(int index, double value);
  Statement& bind_null(int index);
  bool step();
  void run() {
    while (step()) {
    }
  }
  void reset();  // for the next bind and run; keeps the bindings unless rebound

  std::string text(int column) const;
  std::int64_t integer(int column) const;
  double real(int column) const;
  bool is_null(int column) const;

 private:
  Database* db_;
  sqlite3_stmt* stmt_;
};

// BEGIN IMMEDIATE ... COMMIT, rolled back when left without commit() (an exception).
class Transaction {
 public:
  explicit Transaction(Database& db);
  ~Transaction();
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;
  void commit();

 private:
  Database& db_;
  bool open_ = true;
};

}  // namespace sparqlmcp::assist
