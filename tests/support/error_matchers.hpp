#pragma once
// "Throws this kind at this position", once for every module's tests. Error tests assert the
// kind and the exact position or message (STYLE.md, after QLever's ParseExceptionTest); this
// matcher says all of it in one line and prints the whole Error when it does not match:
//
//   CHECK_THROWS_MATCHES(parse_query("SELECT * {"), Exception,
//                        is_error(ErrorKind::Syntax).at(1, 11).with_message_containing("'}'"));
//   CHECK_THAT(error_of([&] { Arguments args(given, "tool"); }),
//              is_error(ErrorKind::InvalidArgument).with_message("..."));
//
// The matcher takes an Error or an Exception (Catch2 v2 calls match() on whatever the macro
// hands it), so it serves CHECK_THAT, CHECK_THROWS_MATCHES and their REQUIRE forms alike.

#include <catch2/catch.hpp>
#include <cstddef>
#include <optional>
#include <sstream>
#include <string>
#include <utility>

#include "sparqlmcp/util/error.hpp"

namespace sparqlmcp::test {

inline const char* kind_name(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::Syntax:
      return "Syntax";
    case ErrorKind::InvalidArgument:
      return "InvalidArgument";
    case ErrorKind::Unsupported:
      return "Unsupported";
    case ErrorKind::Remote:
      return "Remote";
    case ErrorKind::Timeout:
      return "Timeout";
    case ErrorKind::Cancelled:
      return "Cancelled";
    case ErrorKind::LimitExceeded:
      return "LimitExceeded";
    case ErrorKind::Internal:
      return "Internal";
  }
  return "?";
}

// The error as a failed assertion shows it: "Syntax error at 1:7: expected ...".
inline std::string describe_error(const Error& error) {
  std::ostringstream out;
  out << kind_name(error.kind) << " error";
  if (error.span) out << " at " << error.span->line << ":" << error.span->column;
  if (!error.source_name.empty()) out << " in '" << error.source_name << "'";
  out << ": \"" << error.message << "\"";
  return out.str();
}

class ErrorMatcher : public Catch::MatcherBase<Error> {
 public:
  explicit ErrorMatcher(ErrorKind kind) : kind_(kind) {}

  // The span must be exactly this line and column (1-based, column in code points).
  ErrorMatcher at(std::size_t line, std::size_t column) const {
    ErrorMatcher copy = *this;
    copy.span_ = SourceSpan{line, column};
    copy.span_required_ = true;
    return copy;
  }
  // The error must carry no span.
  ErrorMatcher without_position() const {
    ErrorMatcher copy = *this;
    copy.span_.reset();
    copy.span_required_ = true;
    return copy;
  }
  ErrorMatcher with_message(std::string exact) const {
    return with(MessageCheck::Equals, std::move(exact));
  }
  ErrorMatcher with_message_containing(std::string part) const {
    return with(MessageCheck::Contains, std::move(part));
  }
  ErrorMatcher with_message_starting(std::string prefix) const {
    return with(MessageCheck::StartsWith, std::move(prefix));
  }
  ErrorMatcher from_source(std::string source_name) const {
    ErrorMatcher copy = *this;
    copy.source_name_ = std::move(source_name);
    return copy;
  }

  bool match(const Error& error) const override {
    if (error.kind != kind_) return false;
    if (span_required_) {
      if (span_.has_value() != error.span.has_value()) return false;
      if (span_ && (span_->line != error.span->line || span_->column != error.span->column))
        return false;
    }
    if (source_name_ && *source_name_ != error.source_name) return false;
    switch (message_check_) {
      case MessageCheck::None:
        return true;
      case MessageCheck::Equals:
        return error.message == message_;
      case MessageCheck::Contains:
        return error.message.find(message_) != std::string::npos;
      case MessageCheck::StartsWith:
        return error.message.rfind(message_, 0) == 0;
    }
    return false;
  }
  bool match(const Exception& exception) const { return match(exception.error()); }

  std::string describe() const override {
    std::ostringstream out;
    out << "is a " << kind_name(kind_) << " error";
    if (span_required_) {
      if (span_)
        out << " at " << span_->line << ":" << span_->column;
      else
        out << " without a position";
    }
    if (source_name_) out << " in '" << *source_name_ << "'";
    switch (message_check_) {
      case MessageCheck::None:
        break;
      case MessageCheck::Equals:
        out << " with the message \"" << message_ << "\"";
        break;
      case MessageCheck::Contains:
        out << " whose message contains \"" << message_ << "\"";
        break;
      case MessageCheck::StartsWith:
        out << " whose message starts with \"" << message_ << "\"";
        break;
    }
    return out.str();
  }

 private:
  enum class MessageCheck { None, Equals, Contains, StartsWith };

  ErrorMatcher with(MessageCheck check, std::string text) const {
    ErrorMatcher copy = *this;
    copy.message_check_ = check;
    copy.message_ = std::move(text);
    return copy;
  }

  ErrorKind kind_;
  bool span_required_ = false;
  std::optional<SourceSpan> span_;
  std::optional<std::string> source_name_;
  MessageCheck message_check_ = MessageCheck::None;
  std::string message_;
};

inline ErrorMatcher is_error(ErrorKind kind) {
  return ErrorMatcher(kind);
}

// Runs `action` and returns the Error of the sparqlmcp::Exception it throws; fails the test
// case when it throws nothing (another exception type propagates, and Catch reports it).
template <class Action>
Error error_of(Action&& action) {
  try {
    std::forward<Action>(action)();
  } catch (const Exception& exception) {
    return exception.error();
  }
  FAIL("expected a sparqlmcp::Exception, but nothing was thrown");
  return {};
}

}  // namespace sparqlmcp::test

namespace Catch {
template <>
struct StringMaker<sparqlmcp::Error> {
  static std::string convert(const sparqlmcp::Error& error) {
    return sparqlmcp::test::describe_error(error);
  }
};
template <>
struct StringMaker<sparqlmcp::Exception> {
  static std::string convert(const sparqlmcp::Exception& exception) {
    return sparqlmcp::test::describe_error(exception.error());
  }
};
}  // namespace Catch
