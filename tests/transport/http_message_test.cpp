#include "sparqlmcp/transport/http_server.hpp"

#include <catch2/catch.hpp>

#include "support/error_matchers.hpp"

using namespace sparqlmcp;
using namespace sparqlmcp::transport;
using sparqlmcp::test::is_error;

TEST_CASE("Listening addresses are read as [HOST:]PORT", "[transport]") {
  auto port_only = parse_listen_address("8080");
  CHECK(port_only.host == "127.0.0.1");
  CHECK(port_only.port == 8080);
  auto any = parse_listen_address("0.0.0.0:0");
  CHECK(any.host == "0.0.0.0");
  CHECK(any.port == 0);
  auto named = parse_listen_address("localhost:65535");
  CHECK(named.host == "localhost");
  CHECK(named.port == 65535);
  auto v6 = parse_listen_address("[::1]:9000");
  CHECK(v6.host == "::1");
  CHECK(v6.port == 9000);
}

TEST_CASE("Malformed listening addresses are refused with the expected form",
          "[transport][error]") {
  auto message = [](const std::string& text, const std::string& why) {
    return "cannot listen on '" + text + "': " + why +
           "; expected [HOST:]PORT, e.g. 8080, 127.0.0.1:8080 or [::1]:8080";
  };
  CHECK_THROWS_MATCHES(parse_listen_address("65536"), Exception,
                       is_error(ErrorKind::InvalidArgument)
                           .with_message(message("65536",
                                                 "the port must be a number from 0 to "
                                                 "65535")));
  CHECK_THROWS_MATCHES(
      parse_listen_address("host:"), Exception,
      is_error(ErrorKind::InvalidArgument).with_message(message("host:", "the port is missing")));
  CHECK_THROWS_MATCHES(parse_listen_address(":80"), Exception,
                       is_error(ErrorKind::InvalidArgument)
                           .with_message(message(":80", "the host before ':' is empty")));
  CHECK_THROWS_MATCHES(parse_listen_address("::1:80"), Exception,
                       is_error(ErrorKind::InvalidArgument)
                           .with_message(message("::1:80",
                                                 "an IPv6 address must be written in "
                                                 "brackets")));
  CHECK_THROWS_MATCHES(parse_listen_address("[::1]"), Exception,
                       is_error(ErrorKind::InvalidArgument)
                           .with_message(message("[::1]",
                                                 "a ':' and the port must follow the "
                                                 "IPv6 address")));
  CHECK_THROWS_MATCHES(parse_listen_address("[::1:80"), Exception,
                       is_error(ErrorKind::InvalidArgument)
                           .with_message(message("[::1:80",
                                                 "the IPv6 address has no closing "
                                                 "']'")));
  CHECK_THROWS_MATCHES(parse_listen_address("http"), Exception,
                       is_error(ErrorKind::InvalidArgument)
                           .with_message(message("http",
                                                 "the port must be a number from 0 to "
                                                 "65535")));
}

TEST_CASE("SSE events put each line of their data in its own data field", "[transport]") {
  CHECK(format_sse_event({"message", "7", "{\"a\":1}", std::nullopt}) ==
        "event: message\nid: 7\ndata: {\"a\":1}\n\n");
  CHECK(format_sse_event({"", "", "one\ntwo\r\nthree\rfour", std::nullopt}) ==
        "data: one\ndata: two\ndata: three\ndata: four\n\n");
  CHECK(format_sse_event({"", "", "", std::nullopt}) == "data: \n\n");
  CHECK(format_sse_event({"", "", "end\n", std::nullopt}) == "data: end\ndata: \n\n");
  CHECK(
      format_sse_event({"endpoint", "", "/messages?sessionId=x", std::chrono::milliseconds(500)}) ==
      "event: endpoint\nretry: 500\ndata: /messages?sessionId=x\n\n");
}

TEST_CASE("SSE event names and ids cannot hold line breaks", "[transport][error]") {
  CHECK_THROWS_MATCHES(format_sse_event({"a\nb", "", "x", std::nullopt}), Exception,
                       is_error(ErrorKind::InvalidArgument)
                           .with_message("the SSE event field cannot hold CR or LF"));
  CHECK_THROWS_MATCHES(
      format_sse_event({"", "1\r", "x", std::nullopt}), Exception,
      is_error(ErrorKind::InvalidArgument).with_message("the SSE id field cannot hold CR or LF"));
  CHECK_THROWS_MATCHES(
      format_sse_event({"", std::string("1\0", 2), "x", std::nullopt}), Exception,
      is_error(ErrorKind::InvalidArgument).with_message("the SSE id field cannot hold NUL"));
}

TEST_CASE("Query parameters are form-decoded", "[transport]") {
  HttpRequest request;
  request.query = "sessionId=ab%2Fc&query=SELECT+*+%7B%7D&flag&empty=&bad=%zz";
  CHECK(request.query_parameter("sessionId") == "ab/c");
  CHECK(request.query_parameter("query") == "SELECT * {}");
  CHECK(request.query_parameter("flag") == "");
  CHECK(request.query_parameter("empty") == "");
  CHECK(request.query_parameter("bad") == "%zz");
  CHECK_FALSE(request.query_parameter("missing").has_value());
  request.headers = {{"Content-Type", "application/json"}, {"content-type", "second"}};
  CHECK(request.header("CONTENT-TYPE") == "application/json");
  CHECK_FALSE(request.header("Accept").has_value());
}
