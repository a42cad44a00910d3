#include "sparqlmcp/mcp/uri_template.hpp"

#include <catch2/catch.hpp>

#include "sparqlmcp/util/error.hpp"

// RFC 6570 levels 1 and 2 as resource templates use them: expansion, matching a URI back to
// its variables, and the templates that are refused.

using namespace sparqlmcp;
using mcp::UriTemplate;
using Values = std::map<std::string, std::string>;

TEST_CASE("A {var} expands percent-encoded and matches one segment back, decoded", "[mcp]") {
  const UriTemplate entry("sparql-mcp://catalogue/{id}");
  CHECK(entry.variables() == std::vector<std::string>{"id"});
  CHECK(entry.expand({{"id", "wiki-data_1.x~"}}) == "sparql-mcp://catalogue/wiki-data_1.x~");
  // RFC 6570 3.2.2: everything outside unreserved is encoded, UTF-8 byte by byte.
  CHECK(entry.expand({{"id", "a/b c é"}}) == "sparql-mcp://catalogue/a%2Fb%20c%20%C3%A9");
  CHECK(entry.expand({}) == "sparql-mcp://catalogue/");
  CHECK(entry.match("sparql-mcp://catalogue/wikidata") == Values{{"id", "wikidata"}});
  CHECK(entry.match("sparql-mcp://catalogue/a%2Fb%20c%20%C3%A9") == Values{{"id", "a/b c é"}});
  CHECK(entry.match("sparql-mcp://catalogue/") == Values{{"id", ""}});
  CHECK_FALSE(entry.match("sparql-mcp://catalogue/a/b"));
  CHECK_FALSE(entry.match("sparql-mcp://catalogue/a?b"));
  CHECK_FALSE(entry.match("sparql-mcp://catalogue/a%2"));
  CHECK_FALSE(entry.match("sparql-mcp://catalogue"));
  CHECK_FALSE(entry.match("sparql-mcp://void/wikidata"));
}

TEST_CASE("A {+var} keeps reserved characters and gives way to the literal after it", "[mcp]") {
  const UriTemplate file("file:///{+path}/summary");
  CHECK(file.expand({{"path", "a/b c"}}) == "file:///a/b%20c/summary");
  CHECK(file.match("file:///a/b/summary") == Values{{"path", "a/b"}});
  CHECK(file.match("file:///a/summary/summary") == Values{{"path", "a/summary"}});
  CHECK_FALSE(file.match("file:///a/b"));
  // A variable that appears twice must take the same value.
  const UriTemplate twice("x:{a}/{a}");
  CHECK(twice.match("x:1/1") == Values{{"a", "1"}});
  CHECK_FALSE(twice.match("x:1/2"));
}

TEST_CASE("Templates outside levels 1 and 2 or malformed ones are refused with the position",
          "[mcp][error]") {
  auto message = [](const std::string& text) {
    try {
      UriTemplate parsed(text);
    } catch (const Exception& e) {
      CHECK(e.error().kind == ErrorKind::InvalidArgument);
      return e.error().message;
    }
    return std::string("accepted");
  };
  CHECK(message("x:{?q}") ==
        "URI template \"x:{?q}\", character 4: the operator '?' is not supported; use {name} or "
        "{+name}");
  CHECK(message("x:{a,b}") ==
        "URI template \"x:{a,b}\", character 4: a list of variables is not supported; use one per "
        "expression");
  CHECK(message("x:{a:3}") ==
        "URI template \"x:{a:3}\", character 4: modifiers (':n', '*') are not supported");
  CHECK(message("x:{id") == "URI template \"x:{id\", character 3: '{' is never closed by '}'");
  CHECK(message("x:id}") == "URI template \"x:id}\", character 5: '}' without an opening '{'");
  CHECK(message("x:{}") ==
        "URI template \"x:{}\", character 4: \"\" is not a variable name (letters, digits, '_', "
        "%XX, single dots inside)");
  CHECK(message("x:{a}{b}") ==
        "URI template \"x:{a}{b}\", character 6: two expressions in a row cannot be told apart "
        "when matching a URI");
  CHECK(message("x:{a.b}/{+c_1}") == "accepted");
}
