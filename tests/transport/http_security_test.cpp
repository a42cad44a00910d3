#include "sparqlmcp/transport/http_security.hpp"

#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "support/error_matchers.hpp"

using namespace sparqlmcp;
using namespace sparqlmcp::transport;
using sparqlmcp::test::is_error;

namespace {

std::filesystem::path write_temp(const std::string& name, const std::string& content) {
  auto path = std::filesystem::temp_directory_path() / name;
  std::ofstream(path, std::ios::binary) << content;
  return path;
}

}  // namespace

TEST_CASE(
    "The default Host allow-list holds the loopback names and the bound address with the "
    "bound port",
    "[transport]") {
  auto hosts = default_allowed_hosts("127.0.0.1", 8080);
  CHECK(hosts == std::vector<std::string>{"localhost:8080", "127.0.0.1:8080", "[::1]:8080"});
  CHECK(default_allowed_hosts("192.168.1.5", 80).back() == "192.168.1.5:80");
  CHECK(default_allowed_hosts("0.0.0.0", 80).size() == 3);  // a wildcard names no host
  CHECK(default_allowed_hosts("[::]", 80).size() == 3);
  CHECK(default_allowed_origins("127.0.0.1", 8080) ==
        std::vector<std::string>{"http://localhost:8080", "http://127.0.0.1:8080",
                                 "http://[::1]:8080"});
}

TEST_CASE("Host headers match the allow-list by name and port", "[transport]") {
  auto hosts = default_allowed_hosts("127.0.0.1", 8080);
  CHECK(host_allowed(hosts, "localhost:8080"));
  CHECK(host_allowed(hosts, "LOCALHOST:8080"));  // names are case-insensitive
  CHECK(host_allowed(hosts, "127.0.0.1:8080"));
  CHECK(host_allowed(hosts, "[::1]:8080"));
  CHECK_FALSE(host_allowed(hosts, "evil.example.com"));
  CHECK_FALSE(host_allowed(hosts, "evil.example.com:8080"));
  CHECK_FALSE(host_allowed(hosts, "localhost:8081"));
  CHECK_FALSE(host_allowed(hosts, "localhost"));  // port 80
  CHECK_FALSE(host_allowed(hosts, "localhost.:8080"));
  CHECK_FALSE(host_allowed(hosts, "localhost:8080x"));
  CHECK_FALSE(host_allowed(hosts, ""));
  CHECK_FALSE(host_allowed(hosts, "[::1:8080"));

  // An entry without a port allows every port, "*" everything.
  CHECK(host_allowed({"mcp.example.org"}, "mcp.example.org:443"));
  CHECK(host_allowed({"mcp.example.org"}, "mcp.example.org"));
  CHECK_FALSE(host_allowed({"mcp.example.org"}, "example.org"));
  CHECK(host_allowed({"mcp.example.org:80"}, "mcp.example.org"));
  CHECK(host_allowed({"*"}, "anything:1"));
}

TEST_CASE("Origins match the allow-list by scheme, name and port", "[transport]") {
  auto origins = default_allowed_origins("127.0.0.1", 8080);
  CHECK(origin_allowed(origins, "http://localhost:8080"));
  CHECK(origin_allowed(origins, "HTTP://LocalHost:8080"));
  CHECK(origin_allowed(origins, "http://[::1]:8080"));
  CHECK_FALSE(origin_allowed(origins, "https://localhost:8080"));
  CHECK_FALSE(origin_allowed(origins, "http://localhost:3000"));
  CHECK_FALSE(origin_allowed(origins, "http://evil.example.com"));
  CHECK_FALSE(origin_allowed(origins, "http://evil.example.com:8080"));
  CHECK_FALSE(origin_allowed(origins, "null"));
  CHECK_FALSE(origin_allowed(origins, "localhost:8080"));

  CHECK(origin_allowed({"https://app.example.org"}, "https://app.example.org:443"));
  CHECK(origin_allowed({"http://app.example.org:80"}, "http://app.example.org"));
  CHECK(origin_allowed({"null"}, "null"));
  CHECK(origin_allowed({"*"}, "http://evil.example.com"));
}

TEST_CASE("Bearer tokens are compared in full whatever the first difference", "[transport]") {
  CHECK(constant_time_equal("s3cret-token", "s3cret-token"));
  CHECK_FALSE(constant_time_equal("s3cret-tokex", "s3cret-token"));
  CHECK_FALSE(constant_time_equal("x3cret-token", "s3cret-token"));
  CHECK_FALSE(constant_time_equal("s3cret-token-", "s3cret-token"));
  CHECK_FALSE(constant_time_equal("s3cret", "s3cret-token"));
  CHECK_FALSE(constant_time_equal("", "s3cret-token"));
  // A supplied value that repeats the expected one is longer, and so different.
  CHECK_FALSE(constant_time_equal("abab", "ab"));
  CHECK_FALSE(constant_time_equal("", ""));  // an empty expected token never matches
}

TEST_CASE("Authorization fields are read as RFC 6750 Bearer credentials", "[transport]") {
  CHECK(check_bearer("Bearer abc.DEF-123", "abc.DEF-123") == BearerCheck::Accepted);
  CHECK(check_bearer("bearer abc.DEF-123", "abc.DEF-123") == BearerCheck::Accepted);
  CHECK(check_bearer("BEARER   abc.DEF-123  ", "abc.DEF-123") == BearerCheck::Accepted);
  CHECK(check_bearer("Bearer abc.DEF-124", "abc.DEF-123") == BearerCheck::Invalid);
  CHECK(check_bearer("Bearer ", "abc") == BearerCheck::Missing);
  // Basic credentials (aladdin:opensesame) carry the token as their password.
  CHECK(check_bearer("Basic YWxhZGRpbjpvcGVuc2VzYW1l", "opensesame") == BearerCheck::Accepted);
  CHECK(check_bearer("basic  YWxhZGRpbjpvcGVuc2VzYW1l", "opensesame") == BearerCheck::Accepted);
  CHECK(check_bearer("Basic YWxhZGRpbjpvcGVuc2VzYW1l", "abc") == BearerCheck::Invalid);
  CHECK(check_bearer("Basic not base64!", "abc") == BearerCheck::Invalid);
  CHECK(check_bearer("Basic YWJj", "abc") == BearerCheck::Invalid);  // "abc": no colon
  CHECK(check_bearer("Digest username=\"a\"", "abc") == BearerCheck::Missing);
  CHECK(check_bearer("Bearerabc", "abc") == BearerCheck::Missing);
  CHECK(check_bearer(std::nullopt, "abc") == BearerCheck::Missing);
}

TEST_CASE("A bearer token file is read without its surrounding whitespace", "[transport]") {
  auto path = write_temp("sparqlmcp-token-ok", "  tok3n_value+/==\n");
  CHECK(read_bearer_token_file(path.string()) == "tok3n_value+/==");
  std::filesystem::remove(path);
}

TEST_CASE("Unusable bearer token files are refused with the reason", "[transport][error]") {
  auto empty = write_temp("sparqlmcp-token-empty", "\n");
  CHECK_THROWS_MATCHES(read_bearer_token_file(empty.string()), Exception,
                       is_error(ErrorKind::InvalidArgument)
                           .with_message("bearer token file " + empty.string() +
                                         " is empty; put the bearer token in it (one line)"));
  auto spaced = write_temp("sparqlmcp-token-space", "two words\n");
  CHECK_THROWS_MATCHES(read_bearer_token_file(spaced.string()), Exception,
                       is_error(ErrorKind::InvalidArgument)
                           .with_message("bearer token file " + spaced.string() +
                                         ": byte 4 of the token cannot appear in a bearer token "
                                         "(RFC 6750 b64token: letters, digits, - . _ ~ + / and "
                                         "trailing =)"));
  auto inner_equals = write_temp("sparqlmcp-token-equals", "ab=cd");
  CHECK_THROWS_MATCHES(read_bearer_token_file(inner_equals.string()), Exception,
                       is_error(ErrorKind::InvalidArgument).with_message_containing("byte 4 "));
  CHECK_THROWS_MATCHES(read_bearer_token_file("/nonexistent/token"), Exception,
                       is_error(ErrorKind::InvalidArgument)
                           .with_message("cannot read the bearer token file /nonexistent/token; "
                                         "check the path and permissions"));
  std::filesystem::remove(empty);
  std::filesystem::remove(spaced);
  std::filesystem::remove(inner_equals);
}

TEST_CASE("A bearer token comes from an environment variable when it is set", "[transport]") {
  ::unsetenv("SPARQLMCP_TEST_TOKEN");
  CHECK_FALSE(bearer_token_from_environment("SPARQLMCP_TEST_TOKEN").has_value());
  ::setenv("SPARQLMCP_TEST_TOKEN", "env-token", 1);
  CHECK(bearer_token_from_environment("SPARQLMCP_TEST_TOKEN") == "env-token");
  ::setenv("SPARQLMCP_TEST_TOKEN", "", 1);
  CHECK_THROWS_MATCHES(bearer_token_from_environment("SPARQLMCP_TEST_TOKEN"), Exception,
                       is_error(ErrorKind::InvalidArgument)
                           .with_message("environment variable SPARQLMCP_TEST_TOKEN is empty; put "
                                         "the bearer token in it (one line)"));
  ::unsetenv("SPARQLMCP_TEST_TOKEN");
}
