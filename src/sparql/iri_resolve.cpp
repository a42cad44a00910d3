// RFC 3986 section 5.2 reference resolution, for BASE and relative IRIs (SPARQL 1.1 section
// 4.1.1.1 defers to it).

#include <string>
#include <string_view>

#include "parser_impl.hpp"

namespace sparqlmcp::sparql::detail {

namespace {

struct Parts {
  bool has_scheme = false, has_authority = false, has_query = false, has_fragment = false;
  std::string_view scheme, authority, path, query, fragment;
};

Parts split(std::string_view s) {
  Parts p;
  // scheme ::= ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"
  std::size_t i = 0;
  if (!s.empty() && std::isalpha(static_cast<unsigned char>(s[0]))) {
    while (i < s.size() && (std::isalnum(static_cast<unsigned char>(s[i])) || s[i] == '+' ||
                            s[i] == '-' || s[i] == '.'))
      ++i;
    if (i < s.size() && s[i] == ':') {
      p.has_scheme = true;
      p.scheme = s.substr(0, i);
      s.remove_prefix(i + 1);
    }
  }
  if (auto h = s.find('#'); h != std::string_view::npos) {
    p.has_fragment = true;
    p.fragment = s.substr(h + 1);
    s = s.substr(0, h);
  }
  if (auto q = s.find('?'); q != std::string_view::npos) {
    p.has_query = true;
    p.query = s.substr(q + 1);
    s = s.substr(0, q);
  }
  if (s.size() >= 2 && s[0] == '/' && s[1] == '/') {
    p.has_authority = true;
    std::size_t end = s.find('/', 2);
    if (end == std::string_view::npos) end = s.size();
    p.authority = s.substr(2, end - 2);
    s.remove_prefix(end);
  }
  p.path = s;
  return p;
}

// RFC 3986 section 5.2.4
std::string remove_dot_segments(std::string_view in) {
  std::string input(in);
  std::string out;
  while (!input.empty()) {
    if (input.rfind("../", 0) == 0) {
      input.erase(0, 3);
    } else if (input.rfind("./", 0) == 0) {
      input.erase(0, 2);
    } else if (input.rfind("/./", 0) == 0) {
      input.erase(0, 2);
    } else if (input == "/.") {
      input = "/";
    } else if (input.rfind("/../", 0) == 0 || input == "/..") {
      input = input == "/.." ? std::string("/") : input.substr(3);
      auto slash = out.rfind('/');
      out.erase(slash == std::string::npos ? 0 : slash);
    } else if (input == "." || input == "..") {
      input.clear();
    } else {
      std::size_t start = input[0] == '/' ? 1 : 0;
      std::size_t next = input.find('/', start);
      if (next == std::string::npos) next = input.size();
      out += input.substr(0, next);
      input.erase(0, next);
    }
  }
  return out;
}

}  // namespace

std::string resolve_iri(std::string_view base, std::string_view reference) {
  Parts r = split(reference);
  if (r.has_scheme || base.empty()) return std::string(reference);
  Parts b = split(base);
  std::string out;
  out.reserve(base.size() + reference.size());
  auto append_query_fragment = [&](bool has_query, std::string_view query) {
    if (has_query) {
      out += '?';
      out += query;
    }
    if (r.has_fragment) {
      out += '#';
      out += r.fragment;
    }
  };
  out += b.scheme;
  out += ':';
  if (r.has_authority) {
    out += "//";
    out += r.authority;
    out += remove_dot_segments(r.path);
    append_query_fragment(r.has_query, r.query);
    return out;
  }
  if (b.has_authority) {
    out += "//";
    out += b.authority;
  }
  if (r.path.empty()) {
    out += b.path;
    append_query_fragment(r.has_query || b.has_query, r.has_query ? r.query : b.query);
    return out;
  }
  if (r.path[0] == '/') {
    out += remove_dot_segments(r.path);
  } else {
    // RFC 3986 section 5.2.3 merge
    std::string merged;
    if (b.has_authority && b.path.empty()) {
      merged = "/" + std::string(r.path);
    } else {
      auto slash = b.path.rfind('/');
      merged = slash == std::string_view::npos
                   ? std::string(r.path)
                   : std::string(b.path.substr(0, slash + 1)) + std::string(r.path);
    }
    out += remove_dot_segments(merged);
  }
  append_query_fragment(r.has_query, r.query);
  return out;
}

}  // namespace sparqlmcp::sparql::detail
