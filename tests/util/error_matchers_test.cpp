#include "support/error_matchers.hpp"

#include <catch2/catch.hpp>

using namespace sparqlmcp;
using namespace sparqlmcp::test;

namespace {

Error syntax_error_at(std::size_t line, std::size_t column, std::string message) {
  return make_syntax_error(std::move(message), SourceSpan{line, column}, "query.rq");
}

}  // namespace

TEST_CASE("the error matcher accepts only the kind, position and message it names", "[util]") {
  const Error error = syntax_error_at(2, 7, "expected '}' after the group");
  CHECK(is_error(ErrorKind::Syntax).match(error));
  CHECK(is_error(ErrorKind::Syntax).at(2, 7).match(error));
  CHECK_FALSE(is_error(ErrorKind::InvalidArgument).match(error));
  CHECK_FALSE(is_error(ErrorKind::Syntax).at(2, 8).match(error));
  CHECK_FALSE(is_error(ErrorKind::Syntax).at(1, 7).match(error));
  CHECK_FALSE(is_error(ErrorKind::Syntax).without_position().match(error));
  CHECK(is_error(ErrorKind::Syntax).with_message("expected '}' after the group").match(error));
  CHECK_FALSE(is_error(ErrorKind::Syntax).with_message("expected '}'").match(error));
  CHECK(is_error(ErrorKind::Syntax).with_message_containing("'}'").match(error));
  CHECK_FALSE(is_error(ErrorKind::Syntax).with_message_containing("')'").match(error));
  CHECK(is_error(ErrorKind::Syntax).with_message_starting("expected").match(error));
  CHECK_FALSE(is_error(ErrorKind::Syntax).with_message_starting("group").match(error));
  CHECK(is_error(ErrorKind::Syntax).from_source("query.rq").match(error));
  CHECK_FALSE(is_error(ErrorKind::Syntax).from_source("other.rq").match(error));

  const Error unplaced = make_error(ErrorKind::Timeout, "the time limit ran out");
  CHECK(is_error(ErrorKind::Timeout).without_position().match(unplaced));
  CHECK_FALSE(is_error(ErrorKind::Timeout).at(1, 1).match(unplaced));
}

TEST_CASE("the error matcher reads exceptions and says what it expected", "[util]") {
  CHECK_THROWS_MATCHES(throw Exception(syntax_error_at(1, 3, "bad")), Exception,
                       is_error(ErrorKind::Syntax).at(1, 3).with_message("bad"));
  CHECK(is_error(ErrorKind::Syntax).at(1, 3).with_message_containing("bad").toString() ==
        "is a Syntax error at 1:3 whose message contains \"bad\"");
  CHECK(Catch::Detail::stringify(syntax_error_at(4, 2, "oops")) ==
        "Syntax error at 4:2 in 'query.rq': \"oops\"");
}

TEST_CASE("error_of returns the error an action throws", "[util]") {
  Error error = error_of([] { throw_error(ErrorKind::Unsupported, "no updates"); });
  CHECK_THAT(error, is_error(ErrorKind::Unsupported).with_message("no updates"));
}
