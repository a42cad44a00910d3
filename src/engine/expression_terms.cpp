// The functions on RDF terms of 17.4.2 (STR, LANG, DATATYPE, IRI, STRDT, STRLANG, UUID) and
// the resolution of relative IRIs (RFC 3986, 5.2).
#include <algorithm>
#include <cstdio>
#include <random>

#include "expression_functions.hpp"
#include "sparqlmcp/rdf/iri.hpp"
#include "sparqlmcp/rdf/term.hpp"

namespace sparqlmcp::engine::expr {

namespace {

bool valid_language_tag(std::string_view tag) {
  // BCP 47 shape: alpha{1,8} ('-' alphanum{1,8})*
  std::size_t part = 0;
  bool first = true;
  for (char c : tag) {
    if (c == '-') {
      if (part == 0) return false;
      part = 0;
      first = false;
      continue;
    }
    bool alpha = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    bool digit = c >= '0' && c <= '9';
    if (!(alpha || (digit && !first))) return false;
    if (++part > 8) return false;
  }
  return part != 0;
}

// RFC 3986 5.2.4
std::string remove_dot_segments(std::string_view path) {
  std::string input(path), output;
  while (!input.empty()) {
    if (input.starts_with("../")) {
      input.erase(0, 3);
    } else if (input.starts_with("./")) {
      input.erase(0, 2);
    } else if (input.starts_with("/./")) {
      input.erase(0, 2);
    } else if (input == "/.") {
      input = "/";
    } else if (input.starts_with("/../") || input == "/..") {
      input = input == "/.." ? "/" : input.substr(3);
      std::size_t slash = output.rfind('/');
      output.erase(slash == std::string::npos ? 0 : slash);
    } else if (input == "." || input == "..") {
      input.clear();
    } else {
      std::size_t next = input.find('/', input[0] == '/' ? 1 : 0);
      output += input.substr(0, next);
      input.erase(0, next == std::string::npos ? input.size() : next);
    }
  }
  return output;
}

struct IriParts {
  std::string_view scheme, authority, path, query, fragment;
  bool has_scheme = false, has_authority = false, has_query = false, has_fragment = false;
};

IriParts split(std::string_view iri) {
  IriParts p;
  std::size_t colon = iri.find(':');
  std::size_t stop = iri.find_first_of("/?#");
  if (colon != std::string_view::npos && colon > 0 &&
      (stop == std::string_view::npos || colon < stop)) {
    p.has_scheme = true;
    p.scheme = iri.substr(0, colon);
    iri.remove_prefix(colon + 1);
  }
  if (std::size_t hash = iri.find('#'); hash != std::string_view::npos) {
    p.has_fragment = true;
    p.fragment = iri.substr(hash + 1);
    iri = iri.substr(0, hash);
  }
  if (std::size_t q = iri.find('?'); q != std::string_view::npos) {
    p.has_query = true;
    p.query = iri.substr(q + 1);
    iri = iri.substr(0, q);
  }
  if (iri.starts_with("//")) {
    p.has_authority = true;
    std::size_t slash = iri.find('/', 2);
    p.authority =
        iri.substr(2, slash == std::string_view::npos ? std::string_view::npos : slash - 2);
    iri = slash == std::string_view::npos ? std::string_view() : iri.substr(slash);
  }
  p.path = iri;
  return p;
}

}  // namespace

std::string resolve_iri(std::string_view base, std::string_view reference) {
  IriParts r = split(reference);
  if (r.has_scheme || base.empty()) return std::string(reference);
  IriParts b = split(base);
  std::string out(b.scheme);
  out += ':';
  std::string path;
  std::string_view authority = b.authority;
  bool has_authority = b.has_authority;
  std::string_view query = b.query;
  bool has_query = b.has_query;
  if (r.has_authority) {
    authority = r.authority;
    has_authority = true;
    path = remove_dot_segments(r.path);
    query = r.query;
    has_query = r.has_query;
  } else if (r.path.empty()) {
    path = std::string(b.path);
    if (r.has_query) {
      query = r.query;
      has_query = true;
    }
  } else {
    if (r.path[0] == '/') {
      path = remove_dot_segments(r.path);
    } else {
      std::string merged;
      if (b.has_authority && b.path.empty()) {
        merged = "/" + std::string(r.path);
      } else {
        std::size_t slash = b.path.rfind('/');
        merged = (slash == std::string_view::npos ? std::string()
                                                  : std::string(b.path.substr(0, slash + 1))) +
                 std::string(r.path);
      }
      path = remove_dot_segments(merged);
    }
    query = r.query;
    has_query = r.has_query;
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

Value fn_str(const Value& v) {
  if (v.type == Type::Iri) return Value::of_string(v.str);
  if (!v.is_literal()) return Value::error();
  if (!v.str.empty() || v.type == Type::String || v.type == Type::LangString ||
      v.type == Type::Other)
    return Value::of_string(v.str);
  return Value::of_string(Text::own(lexical_form(v)));
}

Value fn_lang(const Value& v) {
  if (!v.is_literal()) return Value::error();
  if (v.type == Type::LangString) return Value::of_string(v.lang);
  return Value::of_string(Text::view({}));
}

Value fn_datatype(const Value& v) {
  if (!v.is_literal()) return Value::error();
  if (v.type == Type::Integer || v.type == Type::DateTime || v.type == Type::Other) {
    if (!v.datatype.empty()) return Value::of_iri(v.datatype);
  }
  return Value::of_iri(Text::view(datatype_of(v)));
}

// 17.4.2.8: the result must be an IRI; a string that does not resolve to an absolute IRI
// (no base and no scheme) or holds characters no IRI may hold (spaces, <>"{}|^`\\) is an error.
Value fn_iri(const Value& v, std::string_view base) {
  if (v.type == Type::Iri) return v;
  if (v.type != Type::String) return Value::error();
  std::string_view text = v.str.get();
  if (!std::all_of(text.begin(), text.end(), rdf::allowed_in_iriref)) return Value::error();
  if (base.empty()) return rdf::is_absolute_iriref(text) ? Value::of_iri(v.str) : Value::error();
  std::string resolved = resolve_iri(base, text);
  if (!rdf::is_absolute_iriref(resolved)) return Value::error();
  return Value::of_iri(Text::own(std::move(resolved)));
}

Value fn_strdt(const Value& lexical, const Value& datatype) {
  if (lexical.type != Type::String || datatype.type != Type::Iri) return Value::error();
  if (datatype.str.get() == kRdfLangStringIri) return Value::error();
  return typed_literal(lexical.str, datatype.str);
}

Value fn_strlang(const Value& lexical, const Value& lang) {
  if (lexical.type != Type::String || lang.type != Type::String) return Value::error();
  if (!valid_language_tag(lang.str.get())) return Value::error();
  return Value::of_lang_string(lexical.str, lang.str);
}

std::string random_uuid() {
  thread_local std::mt19937_64 generator{std::random_device{}()};
  std::uint64_t hi = generator(), lo = generator();
  hi = (hi & 0xFFFFFFFFFFFF0FFFULL) | 0x0000000000004000ULL;  // version 4
  lo = (lo & 0x3FFFFFFFFFFFFFFFULL) | 0x8000000000000000ULL;  // variant 10
  char buffer[40];
  std::snprintf(buffer, sizeof buffer, "%08llx-%04llx-%04llx-%04llx-%012llx",
                static_cast<unsigned long long>(hi >> 32),
                static_cast<unsigned long long>((hi >> 16) & 0xFFFF),
                static_cast<unsigned long long>(hi & 0xFFFF),
                static_cast<unsigned long long>(lo >> 48),
                static_cast<unsigned long long>(lo & 0xFFFFFFFFFFFFULL));
  return buffer;
}

}  // namespace sparqlmcp::engine::expr
