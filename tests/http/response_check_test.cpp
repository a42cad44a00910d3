#include "response_check.hpp"

#include <catch2/catch.hpp>
#include <ctime>

#include "sparqlmcp/http/sparql_protocol.hpp"

using namespace sparqlmcp::http;
using namespace sparqlmcp::http::detail;
using std::chrono::milliseconds;

TEST_CASE("build_query_url appends the query after ? or & and drops a fragment", "[http]") {
  CHECK(build_query_url("http://h/sparql", "ASK {}") == "http://h/sparql?query=ASK%20%7B%7D");
  CHECK(build_query_url("http://h/sparql?default-graph-uri=x", "ASK {}") ==
        "http://h/sparql?default-graph-uri=x&query=ASK%20%7B%7D");
  CHECK(build_query_url("http://h/sparql?", "ASK {}") == "http://h/sparql?query=ASK%20%7B%7D");
  CHECK(build_query_url("http://h/sparql?a=1&", "ASK {}") ==
        "http://h/sparql?a=1&query=ASK%20%7B%7D");
  CHECK(build_query_url("http://h/sparql#top", "ASK {}") == "http://h/sparql?query=ASK%20%7B%7D");
}

TEST_CASE("media_type ignores parameters, blanks and case", "[http]") {
  CHECK(media_type("Application/SPARQL-Results+JSON; charset=UTF-8") ==
        "application/sparql-results+json");
  CHECK(media_type(" text/html ") == "text/html");
  CHECK(media_type("") == "");
}

TEST_CASE("results bodies pass the success check", "[http]") {
  CHECK(diagnose_success_body("application/sparql-results+json",
                              R"({"head":{"vars":[]},"boolean":true})") == "");
  CHECK(diagnose_success_body("application/sparql-results+xml; charset=utf-8",
                              "<?xml version=\"1.0\"?><sparql/>") == "");
  CHECK(diagnose_success_body("text/csv", "s,label\nhttp://x,java.lang.String is a type\n") == "");
  CHECK(diagnose_success_body("text/tab-separated-values", "?s\t?o\n<http://x>\t1\n") == "");
  CHECK(diagnose_success_body("text/turtle", "@prefix ex: <http://x/> .\nex:a ex:b ex:c .") == "");
  CHECK(diagnose_success_body("text/plain", "<http://x/a> <http://x/b> \"c\" .\n") == "");
  CHECK(diagnose_success_body("text/plain", "# Empty NT\n") == "");
  CHECK(diagnose_success_body("text/boolean", "true") == "");
  CHECK(diagnose_success_body("application/n-triples", "") == "");
  // A JSON document that mentions an exception inside a literal is still a result.
  CHECK(diagnose_success_body(
            "application/sparql-results+json",
            R"({"head":{"vars":["m"]},"results":{"bindings":[{"m":{"type":"literal",)"
            R"("value":"Exception in thread main"}}]}})") == "");
  CHECK(diagnose_success_body("application/sparql-results+json", "\xEF\xBB\xBF {\"head\":{}}") ==
        "");
}

TEST_CASE("HTML pages, error texts and stack traces fail the success check", "[http][error]") {
  CHECK(diagnose_success_body("text/html; charset=utf-8", "<p>hi</p>") ==
        "the endpoint answered with an HTML page instead of SPARQL results (is the URL the SPARQL "
        "service, not its web page?): hi");
  CHECK(diagnose_success_body("application/sparql-results+json", "  <!doctype HTML><title>x")
            .rfind("the endpoint answered with an HTML page", 0) == 0);
  CHECK(diagnose_success_body("application/sparql-results+xml", "<HTML><body>Oops</body></HTML>")
            .rfind("the endpoint answered with an HTML page", 0) == 0);
  CHECK(diagnose_success_body("application/sparql-results+json",
                              "Virtuoso 22023 Error SR008: Function sign... ") ==
        "the endpoint reported an error instead of results: Virtuoso 22023 Error SR008: Function "
        "sign...");
  CHECK(diagnose_success_body("text/plain", "Error: query timed out") ==
        "the endpoint reported an error instead of results: Error: query timed out");
  CHECK(diagnose_success_body("application/sparql-results+json",
                              "java.lang.OutOfMemoryError: Java heap space\n"
                              "\tat java.lang.Thread.run(Thread.java:750)") ==
        "the endpoint answered with an error report (a stack trace) instead of results: "
        "java.lang.OutOfMemoryError: Java heap space at java.lang.Thread.run(Thread.java:750)");
  CHECK(diagnose_success_body("application/json",
                              "Traceback (most recent call last):\n  File \"x.py\", line 1")
            .rfind("the endpoint answered with an error report", 0) == 0);
  CHECK(diagnose_success_body("application/sparql-results+json", " \n") ==
        "the endpoint answered with an empty body instead of SPARQL results");
  CHECK(diagnose_success_body("", "") ==
        "the endpoint answered with an empty body instead of SPARQL results");
  CHECK(diagnose_success_body("text/plain", "Query timeout exceeded, please try later.") ==
        "the endpoint answered with plain text instead of SPARQL results: Query timeout "
        "exceeded, please try later.");
}

TEST_CASE("body_text strips markup, decodes entities and stays UTF-8 safe", "[http]") {
  CHECK(body_text("text/html",
                  "<html><head><title>T</title><style>p{}</style></head><body><h1>Bad "
                  "&lt;query&gt;</h1>\n\n<p>line&nbsp;2</p></body></html>") ==
        "Bad <query> line 2");
  CHECK(body_text("text/plain", "  a\n\tb  ") == "a b");
  // 'é' is two bytes; the cut must not split it.
  CHECK(body_text("text/plain", "abé", 3) == "ab…");
}

TEST_CASE("Retry-After accepts delta-seconds and HTTP-dates", "[http]") {
  CHECK(parse_retry_after("7") == milliseconds(7000));
  CHECK(parse_retry_after(" 0 ") == milliseconds(0));
  CHECK(parse_retry_after("Wed, 21 Oct 2015 07:28:00 GMT") == milliseconds(0));  // in the past
  std::time_t soon = std::time(nullptr) + 100;
  std::tm tm{};
  gmtime_r(&soon, &tm);
  char date[64];
  std::strftime(date, sizeof date, "%a, %d %b %Y %H:%M:%S GMT", &tm);
  auto delay = parse_retry_after(date);
  REQUIRE(delay);
  CHECK(*delay >= milliseconds(98000));
  CHECK(*delay <= milliseconds(100000));
  CHECK_FALSE(parse_retry_after("").has_value());
  CHECK_FALSE(parse_retry_after("soon").has_value());
}

TEST_CASE("status messages say what went wrong and what to do", "[http][error]") {
  CHECK(status_message(405, "", "", "GET", "", "") ==
        "the endpoint does not accept GET requests (HTTP 405 Method Not Allowed); configure the "
        "other HTTP method for it");
  CHECK(status_message(406, "", "", "GET", "text/csv", "") ==
        "the endpoint cannot produce any of the requested formats (HTTP 406 Not Acceptable; "
        "Accept: text/csv)");
  CHECK(status_message(400, "", "", "POST", "", "") ==
        "the endpoint rejected the query (HTTP 400 Bad Request) without saying why; check the "
        "syntax and the prefixes");
  CHECK(status_message(503, "text/html", "<h1>Maintenance</h1>", "GET", "", "") ==
        "the endpoint failed (HTTP 503 Service Unavailable); it is overloaded or down for "
        "maintenance, try again later: Maintenance");
  CHECK(status_message(301, "", "", "GET", "", "", "https://h/sparql") ==
        "the endpoint answered with a redirect that was not followed (HTTP 301 to "
        "https://h/sparql); use the target URL as the endpoint");
  CHECK(status_message(418, "", "", "GET", "", "") ==
        "the endpoint refused the request (HTTP 418)");
}

TEST_CASE("an endpoint's syntax error served with status 200 says the query was rejected",
          "[http][error]") {
  const std::string virtuoso =
      "Virtuoso 37000 Error SP030: SPARQL compiler, line 1: syntax error at 'WHERE' before '{'";
  CHECK(diagnose_success_body("text/plain", virtuoso) ==
        "the endpoint rejected the query (its error message came with HTTP status 200 instead of "
        "results): " +
            virtuoso);
  CHECK(classify_success_body("text/plain", virtuoso) == sparqlmcp::RemoteBody::QueryError);
  // A parse error text that does not start like an error line, served as plain text.
  CHECK(diagnose_success_body("text/plain", "Parse error: expected '{' at line 1") ==
        "the endpoint rejected the query (its error message came with HTTP status 200 instead of "
        "results): Parse error: expected '{' at line 1");
  // A parser's stack trace is a rejection too, not a crash.
  CHECK(classify_success_body("application/sparql-results+json",
                              "org.apache.jena.query.QueryParseException: Encountered \" <VAR1> "
                              "\"?x \"\" at line 1\n\tat java.lang.Thread.run(Thread.java:750)") ==
        sparqlmcp::RemoteBody::QueryError);
}

TEST_CASE("a 2xx body that is no result is classified for the advice", "[http][error]") {
  using sparqlmcp::RemoteBody;
  CHECK(classify_success_body("application/sparql-results+json", R"({"head":{}})") ==
        RemoteBody::Unclassified);
  CHECK(classify_success_body("text/html", "<p>Sign in</p>") == RemoteBody::HtmlPage);
  CHECK(classify_success_body("text/plain", "Error: query timed out") == RemoteBody::ErrorText);
  CHECK(classify_success_body("text/plain", "java.lang.OutOfMemoryError: heap") ==
        RemoteBody::StackTrace);
  CHECK(classify_success_body("application/sparql-results+json", "") == RemoteBody::Empty);
  CHECK(classify_success_body("text/plain", "Query timeout exceeded") == RemoteBody::OtherText);
}

TEST_CASE("the query errors of common endpoints are recognised", "[http]") {
  for (const char* text : {
           "Virtuoso 37000 Error SP030: SPARQL compiler, line 3: Undefined namespace prefix",
           "Parse error: Lexical error at line 1, column 8.  Encountered: \"?\"",
           "org.openrdf.query.MalformedQueryException: Encountered \"}\"",
           "MALFORMED QUERY: Encountered \" \"wdt\"",
           "Invalid SPARQL query: Prefix wdt was not registered using a PREFIX declaration",
           "Error 400: Syntax error in SPARQL query",
       }) {
    INFO(text);
    CHECK(reads_as_query_error(text));
  }
  for (const char* text : {"Internal Server Error: the query engine crashed",
                           "Virtuoso 42000 Error The estimated execution time 1400 (sec) exceeds "
                           "the limit of 400 (sec).",
                           "Service Unavailable", ""}) {
    INFO(text);
    CHECK_FALSE(reads_as_query_error(text));
  }
}

TEST_CASE("a syntax error answered with 500 says the query was rejected, a 404 stays a 404",
          "[http][error]") {
  const std::string body = "org.openrdf.query.MalformedQueryException: Encountered \"}\"";
  CHECK(status_message(500, "text/plain", body, "GET", "", "") ==
        "the endpoint rejected the query (HTTP 500 Internal Server Error): " + body);
  CHECK(status_body(500, "text/plain", body) == sparqlmcp::RemoteBody::QueryError);
  CHECK(status_body(400, "text/plain", "Parse error: x") == sparqlmcp::RemoteBody::QueryError);
  CHECK(status_body(400, "text/plain", "") == sparqlmcp::RemoteBody::Unclassified);
  CHECK(status_message(404, "text/plain", "syntax error: no such page", "GET", "", "") ==
        "the endpoint URL is wrong (HTTP 404 Not Found); check the endpoint address in the "
        "catalogue: syntax error: no such page");
  CHECK(status_body(404, "text/plain", "syntax error: no such page") ==
        sparqlmcp::RemoteBody::Unclassified);
  CHECK(status_body(500, "text/plain", "Internal Server Error") ==
        sparqlmcp::RemoteBody::Unclassified);
}
