// SPARQL 1.1 Update recognition (Update grammar, productions [3] Update and [31]-[43]).

#include "update_detection.hpp"

#include "lexer.hpp"
#include "parser_impl.hpp"

namespace sparqlmcp::sparql::detail {

namespace {

bool is_alpha(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

class Scanner {
 public:
  explicit Scanner(std::string_view s) : s_(s) {}

  void skip_space() { pos_ = skip_space_and_comments(s_, pos_); }
  std::string_view word() {
    skip_space();
    std::size_t start = pos_;
    while (pos_ < s_.size() && is_alpha(s_[pos_]))
      ++pos_;
    return s_.substr(start, pos_ - start);
  }
  bool skip_past(char c) {
    auto at = s_.find(c, pos_);
    if (at == std::string_view::npos) return false;
    pos_ = at + 1;
    return true;
  }
  std::size_t pos() const { return pos_; }

 private:
  std::string_view s_;
  std::size_t pos_ = 0;
};

}  // namespace

std::optional<UpdateOperation> detect_update(std::string_view text) {
  Scanner sc(text);
  for (int guard = 0; guard < 100000; ++guard) {
    sc.skip_space();
    std::size_t at = sc.pos();
    std::string_view w = sc.word();
    if (util::iequals(w, "BASE")) {
      if (!sc.skip_past('>')) return std::nullopt;
      continue;
    }
    if (util::iequals(w, "PREFIX")) {
      if (!sc.skip_past(':') || !sc.skip_past('>')) return std::nullopt;
      continue;
    }
    std::string first = util::ascii_uppercase(w);
    static constexpr std::string_view kUpdate[] = {"INSERT", "DELETE", "LOAD", "CLEAR", "CREATE",
                                                   "DROP",   "COPY",   "MOVE", "ADD",   "WITH"};
    bool update = false;
    for (auto kw : kUpdate)
      update = update || first == kw;
    if (!update) return std::nullopt;
    UpdateOperation op;
    op.offset = at;
    if (first == "INSERT" || first == "DELETE") {
      std::string second = util::ascii_uppercase(sc.word());
      op.name = second == "DATA" || second == "WHERE" ? first + " " + second : "DELETE/INSERT";
    } else if (first == "WITH") {
      op.name = "DELETE/INSERT";
    } else {
      op.name = first;
    }
    return op;
  }
  return std::nullopt;
}

void throw_update_refused(const std::string& operation, SourceSpan span) {
  Error e = make_error(ErrorKind::Unsupported,
                       "this server is read-only: SPARQL Update (" + operation +
                           ") is not accepted; send a SELECT, ASK, CONSTRUCT or DESCRIBE query");
  e.span = span;
  throw Exception(std::move(e));
}

}  // namespace sparqlmcp::sparql::detail
