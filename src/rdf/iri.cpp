#include "sparqlmcp/rdf/iri.hpp"

#include <algorithm>

namespace sparqlmcp::rdf {
namespace {

bool is_alpha(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

// The five components of RFC 3986 5.2.1 (appendix B's split, with the scheme of 3.1).
// A component is "defined" when its delimiter is present, even if it is empty ("http://a?"
// has an empty query, "http://a" none): 5.2.2 tells the two apart.
struct Components {
  bool has_scheme = false, has_authority = false, has_query = false, has_fragment = false;
  std::string_view scheme, authority, path, query, fragment;
};

Components split(std::string_view s) {
  Components c;
  if (std::size_t length = iri_scheme_length(s); length > 0) {
    c.has_scheme = true;
    c.scheme = s.substr(0, length);
    s.remove_prefix(length + 1);
  }
  if (std::size_t hash = s.find('#'); hash != std::string_view::npos) {
    c.has_fragment = true;
    c.fragment = s.substr(hash + 1);
    s = s.substr(0, hash);
  }
  if (std::size_t question = s.find('?'); question != std::string_view::npos) {
    c.has_query = true;
    c.query = s.substr(question + 1);
    s = s.substr(0, question);
  }
  if (s.starts_with("//")) {
    c.has_authority = true;
    std::size_t slash = std::min(s.find('/', 2), s.size());
    c.authority = s.substr(2, slash - 2);
    s.remove_prefix(slash);
  }
  c.path = s;
  return c;
}

// RFC 3986 5.2.3
std::string merge(const Components& base, std::string_view reference_path) {
  if (base.has_authority && base.path.empty()) return "/" + std::string(reference_path);
  std::size_t slash = base.path.rfind('/');
  if (slash == std::string_view::npos) return std::string(reference_path);
  return std::string(base.path.substr(0, slash + 1)) + std::string(reference_path);
}

}  // namespace

std::size_t iri_scheme_length(std::string_view reference) {
  if (reference.empty() || !is_alpha(reference[0])) return 0;
  std::size_t i = 1;
  while (i < reference.size() &&
         (is_alpha(reference[i]) || is_digit(reference[i]) || reference[i] == '+' ||
          reference[i] == '-' || reference[i] == '.'))
    ++i;
  return i < reference.size() && reference[i] == ':' ? i : 0;
}

bool allowed_in_iriref(char c) {
  auto u = static_cast<unsigned char>(c);
  return !(u <= 0x20 || c == '<' || c == '>' || c == '"' || c == '{' || c == '}' || c == '|' ||
           c == '^' || c == '`' || c == '\\');
}

bool is_absolute_iriref(std::string_view iri) {
  return iri_scheme_length(iri) > 0 && std::all_of(iri.begin(), iri.end(), allowed_in_iriref);
}

std::string remove_dot_segments(std::string_view input) {
  std::string output;
  output.reserve(input.size());
  // Removes the last segment and its preceding '/' (if any) from the output buffer.
  auto drop_last_segment = [&] {
    std::size_t slash = output.rfind('/');
    output.erase(slash == std::string::npos ? 0 : slash);
  };
  std::string_view in = input;
  while (!in.empty()) {
    if (in.starts_with("../")) {  // A
      in.remove_prefix(3);
    } else if (in.starts_with("./")) {  // A
      in.remove_prefix(2);
    } else if (in.starts_with("/./")) {  // B
      in.remove_prefix(2);
    } else if (in == "/.") {  // B
      in = "/";
    } else if (in.starts_with("/../")) {  // C
      in.remove_prefix(3);
      drop_last_segment();
    } else if (in == "/..") {  // C
      in = "/";
      drop_last_segment();
    } else if (in == "." || in == "..") {  // D
      in = {};
    } else {  // E: the first segment, with its leading '/', moves to the output
      std::size_t end = std::min(in.find('/', in[0] == '/' ? 1 : 0), in.size());
      output.append(in.substr(0, end));
      in.remove_prefix(end);
    }
  }
  return output;
}

std::string resolve_iri(std::string_view base, std::string_view reference) {
  const Components r = split(reference);
  if (r.has_scheme || base.empty()) return std::string(reference);
  const Components b = split(base);

  // RFC 3986 5.2.2, with R.scheme undefined (T.scheme = Base.scheme).
  std::string_view authority = b.authority, query = b.query;
  bool has_authority = b.has_authority, has_query = b.has_query;
  std::string path;
  if (r.has_authority) {
    authority = r.authority;
    has_authority = true;
    path = remove_dot_segments(r.path);
    query = r.query;
    has_query = r.has_query;
  } else if (r.path.empty()) {
    path = b.path;
    if (r.has_query) {
      query = r.query;
      has_query = true;
    }
  } else {
    path = remove_dot_segments(r.path.starts_with('/') ? std::string(r.path) : merge(b, r.path));
    query = r.query;
    has_query = r.has_query;
  }

  // RFC 3986 5.3: recomposition.
  std::string out;
  out.reserve(base.size() + reference.size());
  if (b.has_scheme) {
    out += b.scheme;
    out += ':';
  }
  if (has_authority) {
    out += "//";
    out += authority;
  }
  out += path;
  if (has_query) {
    out += '?';
    out += query;
  }
  if (r.has_fragment) {
    out += '#';
    out += r.fragment;
  }
  return out;
}

}  // namespace sparqlmcp::rdf
