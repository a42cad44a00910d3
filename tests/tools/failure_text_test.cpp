#include "failure_text.hpp"

#include <catch2/catch.hpp>

#include "sparqlmcp/sparql/parser.hpp"
#include "support/error_matchers.hpp"

using namespace sparqlmcp;
using tools::advice_for;
using tools::failure_result;

namespace {

Error remote(long status, RemoteBody body = RemoteBody::Unclassified) {
  Error error = make_remote_error("what the endpoint did", "http://e/sparql", status, 0, "");
  error.remote->body = body;
  return error;
}

std::string text_of(const mcp::ToolResult& result) {
  REQUIRE(result.content.size() == 1);
  return result.content[0]["text"].get<std::string>();
}

std::string failure_text(const Error& error) {
  mcp::ToolResult result = failure_result(error, "timeout_ms");
  CHECK(result.is_error);
  return text_of(result);
}

const std::string kFixQuery =
    " The endpoint rejected the query: read its message above, fix the query (prefixes, syntax "
    "this endpoint supports) and try again.";

}  // namespace

TEST_CASE("a 404 says the URL is wrong and nothing about the query", "[tools][error]") {
  CHECK(advice_for(remote(404), "timeout_ms") ==
        " The endpoint URL is wrong: use the endpoint IRI exactly as list_endpoints shows it; if "
        "you did, its catalogue entry is out of date: use another endpoint.");
}

TEST_CASE("an endpoint's own syntax error says the query was rejected, whatever the status",
          "[tools][error]") {
  CHECK(advice_for(remote(400), "timeout_ms") == kFixQuery);
  CHECK(advice_for(remote(200, RemoteBody::QueryError), "timeout_ms") == kFixQuery);
  CHECK(advice_for(remote(500, RemoteBody::QueryError), "timeout_ms") == kFixQuery);
}

TEST_CASE("every endpoint status gets advice that fits it", "[tools][error]") {
  struct Case {
    long status;
    RemoteBody body;
    const char* advice;
  };
  const Case cases[] = {
      {0, RemoteBody::Unclassified,
       " No answer came from the endpoint: it may be down, or its IRI may be wrong. Check the IRI "
       "with list_endpoints, try again later, or use another endpoint."},
      {200, RemoteBody::HtmlPage,
       " The endpoint IRI leads to a web page, not to the SPARQL service itself: check the "
       "endpoint IRI in the catalogue (list_endpoints), or use another endpoint."},
      {200, RemoteBody::ErrorText,
       " Read the endpoint's message above: if it is about the query, fix the query; if the "
       "query ran too long, add a LIMIT or make the patterns more selective."},
      {200, RemoteBody::StackTrace,
       " The endpoint crashed while answering: try a cheaper query (a LIMIT, a more selective "
       "pattern, fewer OPTIONALs) or try again later."},
      {200, RemoteBody::Empty,
       " The endpoint sent nothing: try again later, or use another endpoint."},
      {200, RemoteBody::OtherText,
       " Read the endpoint's text above; check that the endpoint IRI in the catalogue is the "
       "SPARQL service itself, or use another endpoint."},
      {200, RemoteBody::Unclassified,
       " The answer could not be read as SPARQL results: check that the endpoint IRI in the "
       "catalogue is the SPARQL service itself; if it is, the endpoint sent a broken answer: try "
       "again, or add a LIMIT."},
      {301, RemoteBody::Unclassified,
       " The endpoint has moved: its catalogue entry needs the new URL named above."},
      {401, RemoteBody::Unclassified,
       " The endpoint needs credentials, which only the server's operator can configure "
       "(smcp:header in the catalogue); use another endpoint meanwhile."},
      {403, RemoteBody::Unclassified,
       " The endpoint refused this request: it may need credentials (smcp:header in the "
       "catalogue) or block this kind of query; try a simpler query or another endpoint."},
      {405, RemoteBody::Unclassified,
       " The endpoint does not take queries sent this way: its catalogue entry needs "
       "smcp:httpMethod \"GET\" or \"POST\"; use another endpoint meanwhile."},
      {406, RemoteBody::Unclassified,
       " The endpoint offers no results format this server reads; use another endpoint."},
      {408, RemoteBody::Unclassified, " The endpoint gave up waiting for the request: try again."},
      {413, RemoteBody::Unclassified,
       " Shorten the query (fewer VALUES rows, shorter IRIs through PREFIX declarations) or "
       "split it into several queries."},
      {414, RemoteBody::Unclassified,
       " Shorten the query (fewer VALUES rows, shorter IRIs through PREFIX declarations) or "
       "split it into several queries."},
      {429, RemoteBody::Unclassified,
       " Wait before querying this endpoint again, and send fewer, more selective queries."},
      {500, RemoteBody::Unclassified,
       " The endpoint failed while answering: try a cheaper query (a LIMIT, a more selective "
       "pattern) or try again later."},
      {502, RemoteBody::Unclassified,
       " The gateway usually gives up because the query runs too long: add a LIMIT or make the "
       "patterns more selective, or try again later."},
      {503, RemoteBody::Unclassified, " Try again later, or use another endpoint."},
      {504, RemoteBody::Unclassified,
       " The gateway usually gives up because the query runs too long: add a LIMIT or make the "
       "patterns more selective, or try again later."},
      {418, RemoteBody::Unclassified,
       " Read the endpoint's message above; check the query and the endpoint IRI."},
  };
  for (const Case& c : cases) {
    INFO("HTTP " << c.status << ", body kind " << static_cast<int>(c.body));
    CHECK(advice_for(remote(c.status, c.body), "timeout_ms") == c.advice);
  }
}

TEST_CASE("a timeout names the setting that raises the limit", "[tools][error]") {
  Error timeout = make_error(ErrorKind::Timeout, "no complete response within 100 ms");
  CHECK(advice_for(timeout, "--timeout") ==
        " The query ran out of time: add a LIMIT, make the patterns more selective (bind a class "
        "or a known IRI first), or raise --timeout.");
  CHECK(advice_for(make_error(ErrorKind::Cancelled, "cancelled"), "timeout_ms").empty());
  CHECK(advice_for(make_error(ErrorKind::InvalidArgument, "no SERVICE"), "timeout_ms").empty());
}

TEST_CASE("the failure text puts the message first, then its advice", "[tools][error]") {
  Error error = make_remote_error("the endpoint URL is wrong (HTTP 404 Not Found)",
                                  "http://e/sparql", 404, 0, "no route");
  CHECK(failure_text(error) ==
        "the endpoint URL is wrong (HTTP 404 Not Found) (endpoint http://e/sparql, HTTP status "
        "404, body begins: no route). The endpoint URL is wrong: use the endpoint IRI exactly as "
        "list_endpoints shows it; if you did, its catalogue entry is out of date: use another "
        "endpoint.");
  CHECK(failure_text(make_error(ErrorKind::Cancelled, "x")) == "The query was cancelled.");
}

TEST_CASE("a refused update gives its position in the words of a syntax error", "[tools][error]") {
  auto error_of = [](const std::string& query) {
    return test::error_of([&] { sparql::parse_query(query); });
  };
  CHECK(failure_text(error_of("SELECT * WHERE {\n  ?s ?p }")) ==
        "SPARQL syntax error at line 2, column 9: unexpected '}', expected a triple pattern "
        "object (an IRI, prefixed name, literal, variable or blank node)");
  CHECK(failure_text(error_of("PREFIX ex: <http://e/>\n  INSERT DATA { ex:a ex:b ex:c }")) ==
        "Query refused at line 2, column 3: this server is read-only: SPARQL Update (INSERT DATA) "
        "is not accepted; send a SELECT, ASK, CONSTRUCT or DESCRIBE query");
}
