#include "sparqlmcp/assist/sqlite.hpp"

#include <sqlite3.h>

#include <system_error>

#include "sparqlmcp/util/error.hpp"

namespace sparqlmcp::assist {

Database::Database(const std::filesystem::path& path, std::chrono::milliseconds busy_wait)
    : name_(path.string()) {
  if (name_ != ":memory:" && path.has_parent_path()) {
    std::error_code ec;
    std::filesystem::create_directories(path.parent_path(), ec);
    if (ec)
      throw Exception(make_error(ErrorKind::InvalidArgument,
                                 "cannot create the folder of the search index " + name_ + ": " +
                                     ec.message() + "; give a writable --void-cache folder"));
  }
  const int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX;
  if (sqlite3_open_v2(name_.c_str(), &db_, flags, nullptr) != SQLITE_OK) {
    std::string message = db_ ? sqlite3_errmsg(db_) : "out of memory";
    sqlite3_close(db_);
    db_ = nullptr;
    throw Exception(make_error(ErrorKind::InvalidArgument,
                               "cannot open the search index " + name_ + ": " + message +
                                   "; give a writable --void-cache folder"));
  }
  sqlite3_busy_timeout(db_, static_cast<int>(busy_wait.count()));
  // The write-ahead log of a large rebuild is cut back after its checkpoint, not kept at its
  // largest size.
  if (name_ != ":memory:")
    execute(
        "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA journal_size_limit=4194304;");
}

Database::~Database() {
  sqlite3_close(db_);
}

void Database::fail(std::string_view what) const {
  throw Exception(
      make_error(ErrorKind::Internal,
                 "search index " + name_ + ": " + std::string(what) + ": " + sqlite3_errmsg(db_)));
}

void Database::execute(std::string_view sql) {
  const std::string text(sql);
  char* message = nullptr;
  if (sqlite3_exec(db_, text.c_str(), nullptr, nullptr, &message) != SQLITE_OK) {
    std::string reason = message ? message : "unknown error";
    sqlite3_free(message);
    throw Exception(make_error(ErrorKind::Internal, "search index " + name_ + ": " + reason +
                                                        " (in: " + text.substr(0, 80) + ")"));
  }
}

Statement Database::prepare(std::string_view sql) {
  sqlite3_stmt* stmt = nullptr;
  if (sqlite3_prepare_v2(db_, sql.data(), static_cast<int>(sql.size()), &stmt, nullptr) !=
      SQLITE_OK)
    fail("cannot prepare " + std::string(sql.substr(0, 80)));
  return Statement(*this, stmt);
}

std::int64_t Database::last_insert_rowid() const {
  return sqlite3_last_insert_rowid(db_);
}

Statement::~Statement() {
  sqlite3_finalize(stmt_);
}

Statement::Statement(Statement&& other) noexcept : db_(other.db_), stmt_(other.stmt_) {
  other.stmt_ = nullptr;
}

Statement& Statement::bind(int index, std::string_view text) {
  if (sqlite3_bind_text(stmt_, index, text.data(), static_cast<int>(text.size()),
                        SQLITE_TRANSIENT) != SQLITE_OK)
    db_->fail("cannot bind a parameter");
  return *this;
}

Statement& Statement::bind(int index, std::int64_t value) {
  if (sqlite3_bind_int64(stmt_, index, value) != SQLITE_OK) db_->fail("cannot bind a parameter");
  return *this;
}

Statement& Statement::bind(int index, double value) {
  if (sqlite3_bind_double(stmt_, index, value) != SQLITE_OK) db_->fail("cannot bind a parameter");
  return *this;
}

Statement& Statement::bind_null(int index) {
  if (sqlite3_bind_null(stmt_, index) != SQLITE_OK) db_->fail("cannot bind a parameter");
  return *this;
}

bool Statement::step() {
  const int rc = sqlite3_step(stmt_);
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  db_->fail("a statement failed");
}

void Statement::reset() {
  sqlite3_reset(stmt_);
}

std::string Statement::text(int column) const {
  const auto* bytes = sqlite3_column_text(stmt_, column);
  if (!bytes) return {};
  return std::string(reinterpret_cast<const char*>(bytes),
                     static_cast<std::size_t>(sqlite3_column_bytes(stmt_, column)));
}

std::int64_t Statement::integer(int column) const {
  return sqlite3_column_int64(stmt_, column);
}
double Statement::real(int column) const {
  return sqlite3_column_double(stmt_, column);
}
bool Statement::is_null(int column) const {
  return sqlite3_column_type(stmt_, column) == SQLITE_NULL;
}

Transaction::Transaction(Database& db) : db_(db) {
  db_.execute("BEGIN IMMEDIATE");
}

Transaction::~Transaction() {
  if (!open_) return;
  try {
    db_.execute("ROLLBACK");
  } catch (const Exception&) {
    // Nothing to do: SQLite rolls back an unfinished transaction when the connection closes.
  }
}

void Transaction::commit() {
  db_.execute("COMMIT");
  open_ = false;
}

}  // namespace sparqlmcp::assist
