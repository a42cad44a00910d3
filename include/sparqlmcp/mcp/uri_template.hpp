#pragma once
// URI templates (RFC 6570) as MCP resource templates use them: a provider names a family of
// resources with a template ("sparql-mcp://catalogue/{id}"), and reads back the variables of a
// URI a client built from it. Levels 1 and 2 with one variable per expression: `{var}` (3.2.2
// simple string expansion: everything outside unreserved is percent-encoded) and `{+var}`
// (3.2.3 reserved expansion: reserved characters stay as they are). The other operators
// (`#` `.` `/` `;` `?` `&`), lists of variables and modifiers (`:n`, `*`) are refused when the
// template is read, so a template either works as written or fails at startup.

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sparqlmcp::mcp {

class UriTemplate {
 public:
  // Throws Exception (ErrorKind::InvalidArgument) naming the template, the position and the
  // problem for a malformed template or an expression outside the supported subset.
  explicit UriTemplate(std::string text);

  const std::string& text() const { return text_; }
  // The variable names in the order they appear.
  std::vector<std::string> variables() const;

  // The URI for `values` (RFC 6570 section 3.2.1: a variable missing from `values` expands to
  // nothing).
  std::string expand(const std::map<std::string, std::string>& values) const;

  // The variables that expand to `uri`, percent-decoded, or nullopt when the URI does not have
  // the template's form. A `{var}` takes only unreserved characters and %XX triplets (so it
  // never spans a '/'), a `{+var}` also reserved ones; when several splits fit, earlier
  // variables take the longest values. Values may be empty: the provider decides what an
  // empty id means.
  std::optional<std::map<std::string, std::string>> match(std::string_view uri) const;

 private:
  struct Part {
    bool variable = false;
    bool reserved = false;  // {+var}
    std::string text;       // the literal, or the variable's name
  };
  bool match_from(std::size_t part, std::string_view uri, std::size_t at,
                  std::map<std::string, std::string>& values) const;

  std::string text_;
  std::vector<Part> parts_;
};

}  // namespace sparqlmcp::mcp
