#include "sparqlmcp/rdf/reader.hpp"

#include <serd/serd.h>
#include <zlib.h>

#include <array>
#include <atomic>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <memory>

#include "sparqlmcp/util/error.hpp"
#include "sparqlmcp/util/text.hpp"

namespace sparqlmcp::rdf {
namespace {

// Where the reader is, counted by us from the bytes handed to Serd (see reader.hpp for why).
// Serd reads one byte ahead at most when the page size is 1, and reports errors while looking
// at the last byte it was given, so the position of that byte is the error position.
// The last kWindow bytes are remembered so that an error found only when a whole statement has
// been read (an undefined prefix) can point back at the offending token. Per byte we only store
// it and count; positions are worked out when an error needs one.
class PositionTracker {
 public:
  static constexpr std::size_t kWindow = 4096;  // a power of two

  void on_byte(unsigned char byte) {
    bytes_[count_ & (kWindow - 1)] = static_cast<char>(byte);
    ++count_;
    if (byte == '\n') {
      newline_column_ = code_points_ + 1;
      ++line_;
      code_points_ = 0;
    } else {
      code_points_ += !util::is_utf8_continuation(static_cast<char>(byte));
    }
  }
  void on_end() { ended_ = true; }

  // The position of the last byte handed out (or just past the end of the input).
  SourceSpan last() const {
    if (ended_ || count_ == 0) return SourceSpan{line_, code_points_ + 1};
    if (byte_at(count_ - 1) == '\n') return SourceSpan{line_ - 1, newline_column_};
    return SourceSpan{line_, code_points_};
  }

  // The position of the last occurrence of `token` among the recent bytes, if any.
  std::optional<SourceSpan> find_recent(std::string_view token) const {
    const std::size_t available = std::min(count_, kWindow);
    if (token.empty() || token.size() > available) return std::nullopt;
    for (std::size_t start = count_ - token.size() + 1; start-- > count_ - available;) {
      bool match = true;
      for (std::size_t i = 0; i < token.size() && match; ++i)
        match = byte_at(start + i) == token[i];
      if (match) return position_of(start);
    }
    return std::nullopt;
  }

 private:
  char byte_at(std::size_t index) const { return bytes_[index & (kWindow - 1)]; }

  // Position of byte number `index` (still in the window): count newlines after it to get its
  // line, and code points between the newline before it and it to get its column.
  std::optional<SourceSpan> position_of(std::size_t index) const {
    const std::size_t window_start = count_ - std::min(count_, kWindow);
    std::size_t line = line_;
    for (std::size_t i = index; i < count_; ++i)
      line -= byte_at(i) == '\n';
    std::size_t column = 1;
    for (std::size_t i = index; i-- > window_start;) {
      const char c = byte_at(i);
      if (c == '\n') return SourceSpan{line, column};
      column += !util::is_utf8_continuation(c);
    }
    if (window_start == 0) return SourceSpan{line, column};
    return std::nullopt;  // the line starts before the window: position unknown
  }

  std::size_t line_ = 1;
  std::size_t code_points_ = 0;     // code points seen on the current line
  std::size_t newline_column_ = 0;  // column of the last '\n'
  std::size_t count_ = 0;           // bytes seen
  bool ended_ = false;
  std::array<char, kWindow> bytes_{};
};

// Serd checks only the first byte of a UTF-8 sequence and that the others have the high bit set,
// so "\xE6\xE6\xE6" passed as one character and reached terms (and JSON, which then failed to
// serialize). RDF syntaxes are UTF-8 throughout, so every byte is checked here against the
// well-formed sequences of Unicode section 3.9, table 3-7.
class Utf8Check {
 public:
  // False when `byte` cannot come next in well-formed UTF-8.
  bool accept(unsigned char byte) {
    if (needed_ > 0) {
      if (byte < lower_ || byte > upper_) return false;
      lower_ = 0x80;
      upper_ = 0xBF;
      --needed_;
      return true;
    }
    if (byte < 0x80) return true;
    if (byte < 0xC2 || byte > 0xF4) return false;
    lead_ = byte;
    needed_ = byte < 0xE0 ? 1 : byte < 0xF0 ? 2 : 3;
    lower_ = byte == 0xE0 ? 0xA0 : byte == 0xF0 ? 0x90 : 0x80;  // no overlong forms
    upper_ = byte == 0xED ? 0x9F : byte == 0xF4 ? 0x8F : 0xBF;  // no surrogates, nothing > U+10FFFF
    return true;
  }
  bool in_sequence() const { return needed_ > 0; }
  unsigned char lead() const { return lead_; }  // the first byte of the current sequence

 private:
  int needed_ = 0;
  unsigned char lead_ = 0;
  unsigned char lower_ = 0x80, upper_ = 0xBF;
};

// A byte source for Serd. Implementations fill `buffer` and return the number of bytes read
// (0 at the end).
class ByteFeed {
 public:
  virtual ~ByteFeed() = default;
  virtual std::size_t read(char* buffer, std::size_t size) = 0;
  virtual bool failed() const { return false; }
};

class StringFeed final : public ByteFeed {
 public:
  explicit StringFeed(std::string_view text) : text_(text) {}
  std::size_t read(char* buffer, std::size_t size) override {
    const std::size_t n = std::min(size, text_.size());
    text_.copy(buffer, n);
    text_.remove_prefix(n);
    return n;
  }

 private:
  std::string_view text_;
};

// zlib's gzread reads gzip members and passes plain files through unchanged.
class GzFileFeed final : public ByteFeed {
 public:
  explicit GzFileFeed(const std::filesystem::path& path) : file_(gzopen(path.c_str(), "rb")) {
    if (file_) gzbuffer(file_, 1 << 17);
  }
  ~GzFileFeed() override {
    if (file_) gzclose(file_);
  }
  GzFileFeed(const GzFileFeed&) = delete;
  GzFileFeed& operator=(const GzFileFeed&) = delete;

  bool is_open() const { return file_ != nullptr; }
  std::size_t read(char* buffer, std::size_t size) override {
    if (failed_) return 0;
    const int n = gzread(file_, buffer, static_cast<unsigned>(size));
    // A truncated or corrupt stream may still deliver its good bytes first; gzerror tells.
    int code = Z_OK;
    const char* message = gzerror(file_, &code);
    if (n < 0 || (code != Z_OK && code != Z_STREAM_END)) {
      error_ = message ? message : "read error";
      failed_ = true;
      return n < 0 ? 0 : static_cast<std::size_t>(n);
    }
    return static_cast<std::size_t>(n);
  }
  bool failed() const override { return failed_; }
  const std::string& error() const { return error_; }

 private:
  gzFile file_;
  bool failed_ = false;
  std::string error_;
};

// Buffers a feed so that Serd can pull one byte at a time cheaply, and tracks positions.
struct Source {
  ByteFeed* feed = nullptr;
  PositionTracker tracker;
  std::array<char, 1 << 16> buffer{};
  std::size_t head = 0, size = 0;
  bool ended = false;
  bool started = false;
  Utf8Check utf8;
  SourceSpan utf8_lead;  // where the current multibyte sequence started
  // Set when the input is cut short: it stopped being UTF-8, or nests too deeply.
  std::optional<Error> stopped;
  // Serd reads collections and [ ] property lists recursively, without a limit: 26,000 '(' in a
  // row overflowed the stack (found by fuzzing; an endpoint's CONSTRUCT answer is read so too).
  // Serd needs a byte for every level, so bytes stop once its calls have used kMaxStack bytes of
  // the stack below run_reader (3,272 nested collections or 1,924 property lists in a release
  // build; real data nests a few).
  static constexpr std::uintptr_t kMaxStack = 1 << 20;
  std::uintptr_t stack_base = 0;

  void fail_utf8(const char* what, unsigned char byte, SourceSpan at) {
    char text[96];
    std::snprintf(text, sizeof text, "%s 0x%02X; the input must be UTF-8", what, byte);
    stopped = make_syntax_error(text, at);
  }

  static std::size_t serd_read(void* out, std::size_t, std::size_t, void* stream) {
    auto* self = static_cast<Source*>(stream);
    const auto here = reinterpret_cast<std::uintptr_t>(__builtin_frame_address(0));
    if (!self->ended && self->stack_base > here && self->stack_base - here > kMaxStack) {
      self->stopped = make_syntax_error(
          "collections ( ) or blank node property lists [ ] are nested too deeply to read",
          self->tracker.last());
      self->ended = true;
      self->head = self->size;
    }
    if (self->head == self->size) {
      self->head = 0;
      self->size = self->ended ? 0 : self->feed->read(self->buffer.data(), self->buffer.size());
      if (self->size == 0) {
        self->ended = true;
        self->tracker.on_end();
        if (self->utf8.in_sequence() && !self->stopped)
          self->fail_utf8("the input ends inside the UTF-8 sequence starting with byte",
                          self->utf8.lead(), self->utf8_lead);
        *static_cast<unsigned char*>(out) = 0;
        return 0;
      }
      // A UTF-8 byte order mark is not content: drop it here so it does not shift columns.
      if (!self->started && self->size >= 3 && self->buffer[0] == '\xEF' &&
          self->buffer[1] == '\xBB' && self->buffer[2] == '\xBF')
        self->head = 3;
      self->started = true;
      if (self->head == self->size) return serd_read(out, 1, 1, stream);
    }
    const auto byte = static_cast<unsigned char>(self->buffer[self->head++]);
    self->tracker.on_byte(byte);
    const bool continuing = self->utf8.in_sequence();
    if (!self->utf8.accept(byte)) {
      if (continuing)
        self->fail_utf8("invalid UTF-8 sequence starting with byte", self->utf8.lead(),
                        self->utf8_lead);
      else
        self->fail_utf8("invalid UTF-8 byte", byte, self->tracker.last());
      self->ended = true;
      self->head = self->size;
      *static_cast<unsigned char*>(out) = 0;
      return 0;
    }
    if (!continuing && self->utf8.in_sequence()) self->utf8_lead = self->tracker.last();
    *static_cast<unsigned char*>(out) = byte;
    return 1;
  }
  static int serd_error(void* stream) { return static_cast<Source*>(stream)->feed->failed(); }
};

struct SerdEnvDeleter {
  void operator()(SerdEnv* env) const { serd_env_free(env); }
};
struct SerdReaderDeleter {
  void operator()(SerdReader* reader) const { serd_reader_free(reader); }
};

std::string node_text(const SerdNode* node) {
  return std::string(reinterpret_cast<const char*>(node->buf), node->n_bytes);
}

std::atomic<unsigned long> next_document{1};

// The state shared by Serd's callbacks during one parse.
struct ParseState {
  std::unique_ptr<SerdEnv, SerdEnvDeleter> env;
  const QuadSink* sink = nullptr;
  const PrefixSink* prefix_sink = nullptr;  // may be null
  Source* source = nullptr;
  std::string source_name;
  std::optional<Error> error;         // the first error reported
  std::exception_ptr sink_exception;  // thrown by the user's sink

  void fail(std::string message, std::string_view token = {}) {
    if (error) return;
    const SourceSpan span = source->tracker.find_recent(token).value_or(source->tracker.last());
    error = make_syntax_error(std::move(message), span, source_name);
  }

  // Expands CURIEs and resolves relative IRIs; returns false (after recording an error) when a
  // prefix is undefined.
  bool to_iri(const SerdNode* node, std::string& out) {
    if (node->type == SERD_URI) {
      if (serd_uri_string_has_scheme(node->buf)) {
        out = node_text(node);
        return true;
      }
      SerdURI base_uri;
      const SerdNode* base = serd_env_get_base_uri(env.get(), &base_uri);
      if (!base || !base->buf || base->n_bytes == 0) {
        out = node_text(node);  // no base: the IRI stays relative
        return true;
      }
    }
    SerdNode expanded = serd_env_expand_node(env.get(), node);
    if (!expanded.buf) {
      if (node->type == SERD_CURIE) {
        const std::string curie = node_text(node);
        fail("undefined prefix '" + curie.substr(0, curie.find(':') + 1) + "' in '" + curie +
                 "'; declare it with @prefix",
             curie);
      } else {
        fail("cannot resolve IRI <" + node_text(node) + ">");
      }
      return false;
    }
    out = node_text(&expanded);
    serd_node_free(&expanded);
    return true;
  }

  bool to_term(const SerdNode* node, const SerdNode* datatype, const SerdNode* lang, Term& out) {
    switch (node->type) {
      case SERD_URI:
      case SERD_CURIE:
        out.kind = TermKind::Iri;
        out.datatype.clear();
        out.language.clear();
        return to_iri(node, out.value);
      case SERD_BLANK:
        out = Term::blank(node_text(node));
        return true;
      case SERD_LITERAL: {
        std::string dt;
        if (datatype && datatype->buf && !to_iri(datatype, dt)) return false;
        out = Term::literal(node_text(node), std::move(dt),
                            lang && lang->buf ? node_text(lang) : std::string());
        return true;
      }
      case SERD_NOTHING:
        break;
    }
    fail("unexpected empty node");
    return false;
  }

  static SerdStatus on_base(void* handle, const SerdNode* uri) {
    auto* self = static_cast<ParseState*>(handle);
    return serd_env_set_base_uri(self->env.get(), uri);
  }
  static SerdStatus on_prefix(void* handle, const SerdNode* name, const SerdNode* uri) {
    auto* self = static_cast<ParseState*>(handle);
    const SerdStatus status = serd_env_set_prefix(self->env.get(), name, uri);
    if (status || !self->prefix_sink || !*self->prefix_sink) return status;
    if (self->error || self->sink_exception) return SERD_ERR_UNKNOWN;
    try {
      // Expanding "name:" yields the namespace as the environment resolved it.
      const std::string curie = node_text(name) + ":";
      const SerdNode node =
          serd_node_from_string(SERD_CURIE, reinterpret_cast<const uint8_t*>(curie.c_str()));
      SerdNode expanded = serd_env_expand_node(self->env.get(), &node);
      const std::string iri = expanded.buf ? node_text(&expanded) : node_text(uri);
      serd_node_free(&expanded);
      (*self->prefix_sink)(node_text(name), iri);
      return SERD_SUCCESS;
    } catch (...) {
      self->sink_exception = std::current_exception();
      return SERD_ERR_UNKNOWN;
    }
  }
  static SerdStatus on_statement(void* handle, SerdStatementFlags, const SerdNode* graph,
                                 const SerdNode* subject, const SerdNode* predicate,
                                 const SerdNode* object, const SerdNode* datatype,
                                 const SerdNode* lang) {
    auto* self = static_cast<ParseState*>(handle);
    // Serd does not always stop at the first failing statement (an object list goes on), so
    // nothing reaches the sink once something went wrong.
    if (self->error || self->sink_exception) return SERD_ERR_UNKNOWN;
    try {
      Quad quad;
      if (!self->to_term(subject, nullptr, nullptr, quad.subject) ||
          !self->to_term(predicate, nullptr, nullptr, quad.predicate) ||
          !self->to_term(object, datatype, lang, quad.object))
        return SERD_ERR_BAD_CURIE;
      if (graph && graph->buf) {
        if (!self->to_term(graph, nullptr, nullptr, quad.graph)) return SERD_ERR_BAD_CURIE;
      } else {
        quad.graph = Term::iri("");
      }
      (*self->sink)(quad);
      return SERD_SUCCESS;
    } catch (...) {
      // Exceptions must not cross Serd's C frames: stash it, stop the reader, rethrow later.
      self->sink_exception = std::current_exception();
      return SERD_ERR_UNKNOWN;
    }
  }
  static SerdStatus on_error(void* handle, const SerdError* error) {
    auto* self = static_cast<ParseState*>(handle);
    if (self->error) return SERD_SUCCESS;
    char buffer[512];
    va_list args;
    va_copy(args, *error->args);
    std::vsnprintf(buffer, sizeof buffer, error->fmt, args);
    va_end(args);
    std::string message(buffer);
    while (!message.empty() && (message.back() == '\n' || message.back() == '\r'))
      message.pop_back();
    SourceSpan span = self->source->tracker.last();
    // Serd's line is authoritative; its column is in bytes (0-based after the first line), so
    // we keep our code-point column whenever we agree on the line.
    if (error->line != 0 && error->line != span.line) span = SourceSpan{error->line, error->col};
    self->error = make_syntax_error(std::move(message), span, self->source_name);
    return SERD_SUCCESS;
  }
};

SerdSyntax to_serd(RdfSyntax syntax) {
  switch (syntax) {
    case RdfSyntax::Turtle:
      return SERD_TURTLE;
    case RdfSyntax::NTriples:
      return SERD_NTRIPLES;
    case RdfSyntax::NQuads:
      return SERD_NQUADS;
    case RdfSyntax::TriG:
      return SERD_TRIG;
  }
  return SERD_TURTLE;
}

void run_reader(ByteFeed& feed, RdfSyntax syntax, const std::string& base_iri,
                const std::string& source_name, const QuadSink& sink, const PrefixSink* on_prefix) {
  // On the heap: the buffers are ~70 KiB, too much for small worker stacks.
  auto source = std::make_unique<Source>();
  source->feed = &feed;
  source->stack_base = reinterpret_cast<std::uintptr_t>(__builtin_frame_address(0));
  ParseState state;
  SerdNode base =
      serd_node_from_string(SERD_URI, reinterpret_cast<const uint8_t*>(base_iri.c_str()));
  state.env.reset(serd_env_new(base_iri.empty() ? nullptr : &base));
  state.sink = &sink;
  state.prefix_sink = on_prefix;
  state.source = source.get();
  state.source_name = source_name;

  std::unique_ptr<SerdReader, SerdReaderDeleter> reader(
      serd_reader_new(to_serd(syntax), &state, nullptr, &ParseState::on_base,
                      &ParseState::on_prefix, &ParseState::on_statement, nullptr));
  serd_reader_set_strict(reader.get(), true);
  serd_reader_set_error_sink(reader.get(), &ParseState::on_error, &state);
  const std::string blank_prefix = "d" + std::to_string(next_document.fetch_add(1)) + "_";
  serd_reader_add_blank_prefix(reader.get(),
                               reinterpret_cast<const uint8_t*>(blank_prefix.c_str()));

  // Page size 1: Serd pulls single bytes, so its cursor and our tracker stay in step.
  const SerdStatus status =
      serd_reader_read_source(reader.get(), &Source::serd_read, &Source::serd_error, source.get(),
                              reinterpret_cast<const uint8_t*>(source_name.c_str()), 1);
  if (state.sink_exception) std::rethrow_exception(state.sink_exception);
  if (source->stopped) {
    source->stopped->source_name = source_name;
    throw Exception(*source->stopped);
  }
  if (state.error) throw Exception(*state.error);
  if (status > SERD_FAILURE)
    throw Exception(make_syntax_error(std::string("invalid ") + to_string(syntax) + " syntax",
                                      source->tracker.last(), source_name));
}

std::string file_iri(const std::filesystem::path& path) {
  std::error_code ec;
  auto absolute = std::filesystem::absolute(path, ec);
  if (ec) absolute = path;
  SerdNode node =
      serd_node_new_file_uri(reinterpret_cast<const uint8_t*>(absolute.lexically_normal().c_str()),
                             nullptr, nullptr, true);
  std::string iri = node_text(&node);
  serd_node_free(&node);
  return iri;
}

}  // namespace

void for_each_rdf_quad(std::string_view text, RdfSyntax syntax, const std::string& base_iri,
                       const std::string& source_name, const QuadSink& sink,
                       const PrefixSink& on_prefix) {
  StringFeed feed(text);
  run_reader(feed, syntax, base_iri, source_name, sink, &on_prefix);
}

void for_each_rdf_quad(std::string_view text, RdfSyntax syntax, const std::string& base_iri,
                       const std::string& source_name, const QuadSink& sink) {
  StringFeed feed(text);
  run_reader(feed, syntax, base_iri, source_name, sink, nullptr);
}

void for_each_rdf_quad(const std::filesystem::path& path, std::optional<RdfSyntax> syntax,
                       const QuadSink& sink) {
  for_each_rdf_quad(path, syntax, sink, PrefixSink());
}

void for_each_rdf_quad(const std::filesystem::path& path, std::optional<RdfSyntax> syntax,
                       const QuadSink& sink, const PrefixSink& on_prefix) {
  if (!syntax) syntax = rdf_syntax_from_path(path);
  if (!syntax)
    throw_error(ErrorKind::InvalidArgument,
                "cannot tell the RDF syntax of '" + path.string() +
                    "' from its name; use .ttl, .nt, .nq or .trig (optionally with .gz)");
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec))
    throw_error(ErrorKind::InvalidArgument, "RDF file '" + path.string() + "' does not exist");
  GzFileFeed feed(path);
  if (!feed.is_open())
    throw_error(ErrorKind::InvalidArgument, "cannot open RDF file '" + path.string() + "'");
  try {
    run_reader(feed, *syntax, file_iri(path), path.string(), sink, &on_prefix);
  } catch (const Exception&) {
    // A read failure ends the input early, which Serd reports as a syntax error: the read
    // failure is the real cause.
    if (!feed.failed()) throw;
  }
  if (feed.failed())
    throw_error(ErrorKind::InvalidArgument,
                "cannot read '" + path.string() + "': " + feed.error() + " (corrupt gzip file?)");
}

std::vector<Quad> parse_rdf(std::string_view text, RdfSyntax syntax, const std::string& base_iri,
                            const std::string& source_name) {
  std::vector<Quad> quads;
  for_each_rdf_quad(text, syntax, base_iri, source_name,
                    [&](const Quad& quad) { quads.push_back(quad); });
  return quads;
}

std::vector<Quad> parse_rdf_file(const std::filesystem::path& path,
                                 std::optional<RdfSyntax> syntax) {
  std::vector<Quad> quads;
  for_each_rdf_quad(path, syntax, [&](const Quad& quad) { quads.push_back(quad); });
  return quads;
}

}  // namespace sparqlmcp::rdf
