#include "sparqlmcp/catalogue/catalogue.hpp"

#include <algorithm>
#include <cctype>
#include <nlohmann/json.hpp>
#include <unordered_set>

#include "sparqlmcp/util/error.hpp"
#include "sparqlmcp/util/text.hpp"

namespace sparqlmcp::catalogue {
namespace {

bool contains_folded(std::string_view haystack, std::string_view folded_needle) {
  return util::ascii_lowercase(haystack).find(folded_needle) != std::string::npos;
}

}  // namespace

bool is_valid_id(std::string_view id) {
  if (id.empty() || id.size() > 64) return false;
  return std::all_of(id.begin(), id.end(), [](unsigned char c) {
    return (std::isalnum(c) && c < 0x80) || c == '.' || c == '_' || c == '-';
  });
}

std::string slugify(std::string_view text) {
  std::string out;
  bool pending_dash = false;
  for (unsigned char c : text) {
    if (std::isalnum(c) && c < 0x80) {
      if (pending_dash && !out.empty()) out += '-';
      pending_dash = false;
      out += util::ascii_lower(static_cast<char>(c));
      if (out.size() >= 48) break;
    } else {
      pending_dash = true;
    }
  }
  while (!out.empty() && out.back() == '-')
    out.pop_back();
  return out;
}

std::string normalize_endpoint_iri(std::string_view iri) {
  const auto scheme_end = iri.find("://");
  if (scheme_end == std::string_view::npos) {
    std::string out(iri);
    while (out.size() > 1 && out.back() == '/')
      out.pop_back();
    return out;
  }
  const std::string scheme = util::ascii_lowercase(iri.substr(0, scheme_end));
  std::string_view rest = iri.substr(scheme_end + 3);
  const auto authority_end = rest.find_first_of("/?#");
  std::string authority = util::ascii_lowercase(rest.substr(0, authority_end));
  std::string path(authority_end == std::string_view::npos ? std::string_view{}
                                                           : rest.substr(authority_end));
  // http and https name the same endpoint for our purposes, so their default ports do too.
  if ((scheme == "http" || scheme == "https") &&
      (authority.ends_with(":80") || authority.ends_with(":443")))
    authority.resize(authority.rfind(':'));
  const std::string folded_scheme = (scheme == "http" || scheme == "https") ? "http" : scheme;
  const auto query = path.find_first_of("?#");
  std::string tail;
  if (query != std::string::npos) {
    tail = path.substr(query);
    path.resize(query);
  }
  while (!path.empty() && path.back() == '/')
    path.pop_back();
  return folded_scheme + "://" + authority + path + tail;
}

void Catalogue::add(Endpoint endpoint) {
  if (endpoint.id.empty() || endpoint.endpoint_iri.empty())
    throw_error(ErrorKind::InvalidArgument,
                "a catalogue entry needs an id and an endpoint IRI (from " + endpoint.source + ")");
  // An ad hoc entry's id was derived by us, not chosen by the user: several --endpoint URLs on
  // one host (one Virtuoso serving many default-graph-uri "endpoints") get host, host-2, ...
  if (endpoint.source == kAdhocSource && find_by_id(endpoint.id))
    endpoint.id = unique_id(endpoint.id);
  if (const Endpoint* other = find_by_id(endpoint.id))
    throw_error(ErrorKind::InvalidArgument,
                "duplicate catalogue id '" + endpoint.id + "': <" + endpoint.endpoint_iri + "> (" +
                    endpoint.source + ") and <" + other->endpoint_iri + "> (" + other->source +
                    "); give one of them another smcp:id");
  const std::string key = normalize_endpoint_iri(endpoint.endpoint_iri);
  if (auto at = by_normalized_iri_.find(key); at != by_normalized_iri_.end()) {
    const Endpoint& other = endpoints_[at->second];
    throw_error(ErrorKind::InvalidArgument,
                "duplicate catalogue endpoint <" + endpoint.endpoint_iri + ">: entry '" +
                    endpoint.id + "' (" + endpoint.source + ") and entry '" + other.id + "' (" +
                    other.source + ") name the same endpoint; keep one of them");
  }
  by_id_.emplace(endpoint.id, endpoints_.size());
  by_iri_.emplace(endpoint.endpoint_iri, endpoints_.size());
  by_normalized_iri_.emplace(key, endpoints_.size());
  endpoints_.push_back(std::move(endpoint));
}

const Endpoint* Catalogue::find_by_iri(std::string_view iri) const {
  if (auto at = by_iri_.find(std::string(iri)); at != by_iri_.end()) return &endpoints_[at->second];
  auto at = by_normalized_iri_.find(normalize_endpoint_iri(iri));
  return at == by_normalized_iri_.end() ? nullptr : &endpoints_[at->second];
}

const Endpoint* Catalogue::find_by_id(std::string_view id) const {
  auto at = by_id_.find(std::string(id));
  return at == by_id_.end() ? nullptr : &endpoints_[at->second];
}

const Endpoint* Catalogue::find(std::string_view id_or_iri) const {
  if (const Endpoint* e = find_by_id(id_or_iri)) return e;
  return find_by_iri(id_or_iri);
}

std::vector<const Endpoint*> Catalogue::search(std::string_view keyword) const {
  // Agents write lists as "protein, structure" as often as "protein structure".
  const auto separates = [](char c) {
    return std::isspace(static_cast<unsigned char>(c)) || c == ',' || c == ';';
  };
  std::vector<std::string> words;
  const std::string folded = util::ascii_lowercase(keyword);
  for (std::size_t i = 0; i < folded.size();) {
    while (i < folded.size() && separates(folded[i]))
      ++i;
    std::size_t j = i;
    while (j < folded.size() && !separates(folded[j]))
      ++j;
    if (j > i) words.push_back(folded.substr(i, j - i));
    i = j;
  }
  std::vector<const Endpoint*> out;
  for (const auto& e : endpoints_) {
    const bool all = std::all_of(words.begin(), words.end(), [&](const std::string& word) {
      if (contains_folded(e.id, word) || contains_folded(e.title, word) ||
          contains_folded(e.description, word) || contains_folded(e.endpoint_iri, word))
        return true;
      return std::any_of(e.keywords.begin(), e.keywords.end(),
                         [&](const std::string& k) { return contains_folded(k, word); });
    });
    if (all) out.push_back(&e);
  }
  return out;
}

std::string Catalogue::unique_id(std::string_view wanted) const {
  std::string base = wanted.empty() ? std::string("endpoint") : std::string(wanted);
  if (!find_by_id(base)) return base;
  for (int n = 2;; ++n) {  // bounded by the number of entries
    std::string candidate = base + "-" + std::to_string(n);
    if (!find_by_id(candidate)) return candidate;
  }
}

namespace {

bool has_http_scheme(std::string_view iri) {
  const auto scheme_end = iri.find("://");
  if (scheme_end == std::string_view::npos) return false;
  const std::string scheme = util::ascii_lowercase(iri.substr(0, scheme_end));
  return scheme == "http" || scheme == "https";
}

// The host of an http(s) URL, without user information and port; empty when there is none.
std::string_view host_of(std::string_view iri) {
  std::string_view rest = iri.substr(iri.find("://") + 3);
  std::string_view authority = rest.substr(0, rest.find_first_of("/?#"));
  if (const auto at = authority.rfind('@'); at != std::string_view::npos)
    authority.remove_prefix(at + 1);  // never show user:password
  std::string_view host = authority;
  if (!host.empty() && host.front() == '[') {
    host = host.substr(0, host.find(']') + 1);
  } else if (const auto colon = host.find(':'); colon != std::string_view::npos) {
    host = host.substr(0, colon);
  }
  return host;
}

}  // namespace

bool is_http_url_with_host(std::string_view iri) {
  return has_http_scheme(iri) && !host_of(iri).empty();
}

Endpoint make_adhoc_endpoint(std::string iri) {
  if (!has_http_scheme(iri))
    throw_error(ErrorKind::InvalidArgument,
                "--endpoint '" + iri + "' is not an http:// or https:// URL of a SPARQL endpoint");
  std::string_view host = host_of(iri);
  if (host.empty())
    throw_error(ErrorKind::InvalidArgument, "--endpoint '" + iri + "' has no host name");
  Endpoint e;
  e.id = slugify(host);
  if (e.id.empty()) e.id = "endpoint";
  e.title = std::string(host);
  e.endpoint_iri = std::move(iri);
  e.description = "Ad hoc endpoint given on the command line (no description).";
  e.source = std::string(kAdhocSource);
  return e;
}

nlohmann::json endpoint_to_json(const Endpoint& endpoint) {
  nlohmann::json settings = nlohmann::json::object();
  if (endpoint.settings.timeout) settings["timeout_ms"] = endpoint.settings.timeout->count();
  if (endpoint.settings.http_method) settings["http_method"] = *endpoint.settings.http_method;
  if (endpoint.settings.result_cap) settings["result_cap"] = *endpoint.settings.result_cap;
  if (endpoint.settings.calls_services) {
    settings["calls_services"] = *endpoint.settings.calls_services;
  }
  if (endpoint.settings.text_search) settings["text_search"] = *endpoint.settings.text_search;
  if (!endpoint.example_files.empty()) settings["example_queries"] = endpoint.example_files;
  if (!endpoint.settings.headers.empty()) {
    nlohmann::json names = nlohmann::json::array();
    for (const auto& header : endpoint.settings.headers)
      names.push_back(header.first);
    settings["headers"] = std::move(names);  // names only: values may be secrets
  }
  nlohmann::json out = {
      {"id", endpoint.id},
      {"endpoint", endpoint.endpoint_iri},
      {"title", endpoint.title},
      {"description", endpoint.description},
      {"keywords", endpoint.keywords},
      {"homepage", endpoint.homepage},
      {"resource", resource_uri(endpoint)},
      {"source", endpoint.source},
      {"settings", std::move(settings)},
  };
  if (!endpoint.data_dumps.empty()) {
    out["data_dumps"] = endpoint.data_dumps;
    out["answered_in_process"] = endpoint.answered_locally;
  }
  return out;
}

std::string resource_uri(const Endpoint& endpoint) {
  return "sparql-mcp://catalogue/" + endpoint.id;
}

std::string known_ids(const Catalogue& catalogue, std::size_t max) {
  std::string out;
  std::size_t shown = 0;
  for (const Endpoint& endpoint : catalogue.endpoints()) {
    if (shown++ == max) {
      out += ", ...";
      break;
    }
    out += (out.empty() ? "" : ", ") + endpoint.id;
  }
  return out.empty() ? "none" : out;
}

void Catalogue::add_prefix(std::string name, std::string ns) {
  if (name.empty() || ns.empty()) return;
  for (const auto& [known_name, known_ns] : prefixes_)
    if (known_name == name || known_ns == ns) return;
  prefixes_.emplace_back(std::move(name), std::move(ns));
}

}  // namespace sparqlmcp::catalogue
