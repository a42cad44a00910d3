#include "sparqlmcp/void/discover.hpp"

#include <algorithm>
#include <chrono>
#include <set>

#include "sparqlmcp/rdf/iri.hpp"
#include "sparqlmcp/rdf/reader.hpp"
#include "sparqlmcp/util/error.hpp"
#include "sparqlmcp/util/text.hpp"
#include "sparqlmcp/void/turtle.hpp"
#include "sparqlmcp/void/vocabulary.hpp"

namespace sparqlmcp::void_ {

namespace {

using Clock = std::chrono::system_clock;

// Turtle first (what VoID files are), then the other syntaxes Serd reads; RDF/XML and others
// are accepted at a low weight only to be told apart from "nothing there".
constexpr const char* kAccept =
    "text/turtle, application/n-triples;q=0.9, application/trig;q=0.8, "
    "application/n-quads;q=0.8, text/plain;q=0.5, application/rdf+xml;q=0.2, */*;q=0.1";

struct Fetched {
  std::vector<rdf::Triple> triples;
  std::string failure;  // empty on success
  bool unreachable = false;
};

std::string without_fragment(const std::string& iri) {
  return iri.substr(0, iri.find('#'));
}

Fetched fetch_rdf(http::Client& client, const std::string& url, const catalogue::Endpoint& endpoint,
                  const DiscoverySettings& settings, const CancellationTokenPtr& cancel) {
  Fetched out;
  http::Request request;
  request.url = url;
  request.headers = endpoint.settings.headers;
  request.headers.emplace_back("Accept", kAccept);
  request.timeout = settings.timeout;
  request.max_response_bytes = settings.max_bytes;
  request.truncate_on_limit = false;
  const auto started = std::chrono::steady_clock::now();
  Outcome<http::Response> got = client.send(std::move(request), cancel);
  if (settings.on_fetch) {
    DocumentFetch fetch;
    fetch.endpoint = endpoint.endpoint_iri;
    fetch.url = url;
    fetch.elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(
        std::chrono::steady_clock::now() - started);
    if (got) {
      fetch.status = got.value().status;
      fetch.bytes = got.value().body.size();
    } else {
      fetch.error = got.error().to_text();
    }
    settings.on_fetch(fetch);
  }
  if (!got) {
    const Error& error = got.error();
    if (error.kind == ErrorKind::Cancelled) throw Exception(error);
    out.unreachable = error.kind == ErrorKind::Remote || error.kind == ErrorKind::Timeout;
    out.failure = error.kind == ErrorKind::LimitExceeded
                      ? "larger than " + std::to_string(settings.max_bytes) + " bytes"
                      : error.message;
    return out;
  }
  const http::Response& response = got.value();
  if (response.status < 200 || response.status > 299) {
    out.failure = "HTTP " + std::to_string(response.status);
    return out;
  }
  const std::string media = util::media_type_essence(response.content_type);
  std::optional<rdf::RdfSyntax> syntax = rdf::rdf_syntax_from_media_type(media);
  // Files served without a precise type: Turtle reads N-Triples too.
  if (!syntax && (media.empty() || media == "application/octet-stream"))
    syntax = rdf::RdfSyntax::Turtle;
  if (syntax == rdf::RdfSyntax::NTriples) syntax = rdf::RdfSyntax::Turtle;
  if (!syntax) {
    out.failure = media == "text/html" || media == "application/xhtml+xml"
                      ? "an HTML page, not RDF"
                      : "unsupported media type " + media +
                            " (sparql-mcp reads Turtle, N-Triples, N-Quads and TriG)";
    return out;
  }
  try {
    const std::string base = response.effective_url.empty() ? url : response.effective_url;
    for (rdf::Quad& quad : rdf::parse_rdf(response.body, *syntax, base, url))
      out.triples.push_back(
          {std::move(quad.subject), std::move(quad.predicate), std::move(quad.object)});
  } catch (const Exception& exception) {
    out.failure =
        std::string("malformed ") + rdf::to_string(*syntax) + ": " + exception.error().to_text();
  }
  return out;
}

bool describes_schema(const Description& description) {
  return !description.classes.empty() || !description.properties.empty();
}

std::string found_text(const Description& description) {
  return "found: " + std::to_string(description.classes.size()) + " classes, " +
         std::to_string(description.properties.size()) + " properties";
}

// Reads VoID for `endpoint` out of `triples`; records the outcome either way.
std::optional<Description> read_found(const std::vector<rdf::Triple>& triples,
                                      const catalogue::Endpoint& endpoint,
                                      DiscoveryAttempt& attempt, Clock::time_point started,
                                      DiscoveryResult& result) {
  std::optional<Description> read = read_void(triples, endpoint.endpoint_iri);
  if (!read) {
    attempt.outcome = "no VoID in " + std::to_string(triples.size()) + " triples";
    return std::nullopt;
  }
  if (!describes_schema(*read)) {
    attempt.outcome = "VoID without class or property partitions";
    if (result.uri_spaces.empty() && result.uri_patterns.empty()) {
      result.uri_spaces = read->uri_spaces;
      result.uri_patterns = read->uri_patterns;
    }
    return std::nullopt;
  }
  attempt.outcome = found_text(*read);
  read->endpoint = endpoint.endpoint_iri;
  read->id = endpoint.id;
  Provenance& provenance = read->provenance;
  provenance.origin = Provenance::Origin::Retrieved;
  provenance.method = attempt.method;
  provenance.source = attempt.source;
  provenance.started = started;
  provenance.finished = Clock::now();
  return read;
}

// Documents a service description points to for more about its datasets.
std::vector<std::string> linked_documents(const std::vector<rdf::Triple>& triples,
                                          const std::string& endpoint_url) {
  static const std::set<std::string> links = {
      std::string(vocab::kVoid) + "inDataset",
      "http://www.w3.org/2000/01/rdf-schema#seeAlso",
      std::string(vocab::kSdDefaultDataset),
      std::string(vocab::kSdDefaultGraph),
      std::string(vocab::kSdGraph),
  };
  std::vector<std::string> out;
  const std::string self = without_fragment(endpoint_url);
  for (const rdf::Triple& triple : triples) {
    if (!triple.object.is_iri() || links.count(triple.predicate.value) == 0) continue;
    const std::string document = without_fragment(triple.object.value);
    if (document.empty() || document == self) continue;
    if (document.rfind("http://", 0) != 0 && document.rfind("https://", 0) != 0) continue;
    if (std::find(out.begin(), out.end(), document) == out.end()) out.push_back(document);
  }
  return out;
}

// The VoID tree below every dataset-like node: the nodes reachable through partition and
// service-description links, with all their triples.
std::string void_tree_query(const std::string& graph, std::size_t limit, std::size_t offset) {
  std::string pattern =
      "{ ?root a void:Dataset } UNION { ?root a sd:Graph } UNION { ?root a void:Linkset } "
      "UNION { ?root a sd:Service } UNION { ?root void:classPartition|void:propertyPartition "
      "?any } "
      "?root (void:classPartition|void:propertyPartition|void:subset|void-ext:datatypePartition"
      "|void-ext:languagePartition|void:subjectsTarget|void:objectsTarget|sd:defaultDataset"
      "|sd:defaultGraph|sd:namedGraph|sd:graph)* ?s . ?s ?p ?o .";
  if (!graph.empty()) pattern = "GRAPH <" + rdf::escape_iri(graph) + "> { " + pattern + " }";
  std::string query =
      "PREFIX void: <http://rdfs.org/ns/void#> PREFIX void-ext: <http://ldf.fi/void-ext#> "
      "PREFIX sd: <http://www.w3.org/ns/sparql-service-description#> "
      "SELECT DISTINCT ?s ?p ?o WHERE { " +
      pattern + " } LIMIT " + std::to_string(limit);
  if (offset > 0) query += " OFFSET " + std::to_string(offset);
  return query;
}

std::string failure_text(const Exception& exception) {
  std::string text = exception.error().to_text();
  if (text.size() > 300) text = text.substr(0, 297) + "...";
  return text;
}

// Reads the VoID tree of the default graph (graph empty) or of a named graph, page by page
// while the endpoint's answers come back full or cut.
std::vector<rdf::Triple> read_tree(const QueryRunner& runner, const std::string& graph,
                                   const DiscoverySettings& settings,
                                   const CancellationTokenPtr& cancel, std::string& note) {
  constexpr std::size_t kPage = 10000;
  std::vector<rdf::Triple> triples;
  for (std::size_t offset = 0; offset < settings.max_triples; offset += kPage) {
    RunnerAnswer answer = runner(void_tree_query(graph, kPage, offset), settings.timeout, cancel);
    const auto& rows = answer.results.rows;
    for (const results::Row& row : rows) {
      if (row.size() < 3 || !row[0] || !row[1] || !row[2]) continue;
      triples.push_back({*row[0], *row[1], *row[2]});
    }
    if (rows.empty() || (rows.size() < kPage && !answer.possibly_cut)) return triples;
  }
  note = " (read the first " + std::to_string(settings.max_triples) + " triples only)";
  return triples;
}

}  // namespace

bool DiscoveryResult::unreachable() const {
  bool any_http = false;
  for (const DiscoveryAttempt& attempt : attempts) {
    if (attempt.method != "well-known" && attempt.method != "service-description") continue;
    any_http = true;
    if (!attempt.endpoint_unreachable) return false;
  }
  return any_http;
}

std::vector<std::string> well_known_urls(const std::string& endpoint) {
  std::string base = endpoint.substr(0, endpoint.find_first_of("?#"));
  std::vector<std::string> out;
  auto add = [&](std::string url) {
    if (std::find(out.begin(), out.end(), url) == out.end()) out.push_back(std::move(url));
  };
  const std::size_t scheme = rdf::iri_scheme_length(base);
  const std::size_t path_start =
      scheme == 0 ? std::string::npos : base.find('/', scheme + 3);  // after "scheme://host"
  if (path_start != std::string::npos && path_start + 1 < base.size()) {
    std::string own = base;
    if (own.back() != '/') own += '/';
    add(own + ".well-known/void");
    add(rdf::resolve_iri(base, ".well-known/void"));
  }
  add(rdf::resolve_iri(base, "/.well-known/void"));
  return out;
}

DiscoveryResult discover(const catalogue::Endpoint& endpoint, http::Client& client,
                         const QueryRunner& runner, const DiscoverySettings& settings,
                         CancellationTokenPtr cancel) {
  DiscoveryResult result;
  auto started = Clock::now();

  // 1. The well-known URLs.
  for (const std::string& url : well_known_urls(endpoint.endpoint_iri)) {
    DiscoveryAttempt& attempt = result.attempts.emplace_back();
    attempt.method = "well-known";
    attempt.source = url;
    Fetched fetched = fetch_rdf(client, url, endpoint, settings, cancel);
    attempt.endpoint_unreachable = fetched.unreachable;
    if (!fetched.failure.empty()) {
      attempt.outcome = fetched.failure;
      if (fetched.unreachable) break;  // the host is down: its other paths are too
      continue;
    }
    if ((result.found = read_found(fetched.triples, endpoint, attempt, started, result)))
      return result;
  }

  // 2. The service description, and the documents it links to.
  started = Clock::now();
  {
    DiscoveryAttempt& attempt = result.attempts.emplace_back();
    attempt.method = "service-description";
    attempt.source = endpoint.endpoint_iri;
    Fetched fetched = fetch_rdf(client, endpoint.endpoint_iri, endpoint, settings, cancel);
    attempt.endpoint_unreachable = fetched.unreachable;
    if (!fetched.failure.empty()) {
      attempt.outcome = fetched.failure;
      if (fetched.unreachable) return result;  // nothing else can answer either
    } else if ((result.found = read_found(fetched.triples, endpoint, attempt, started, result))) {
      return result;
    } else {
      std::vector<rdf::Triple> merged = fetched.triples;
      std::size_t followed = 0;
      for (const std::string& url : linked_documents(fetched.triples, endpoint.endpoint_iri)) {
        if (followed++ == settings.max_linked_documents) break;
        DiscoveryAttempt& linked = result.attempts.emplace_back();
        linked.method = "service-description";
        linked.source = url;
        Fetched document = fetch_rdf(client, url, endpoint, settings, cancel);
        if (!document.failure.empty()) {
          linked.outcome = document.failure;
          continue;
        }
        merged.insert(merged.end(), document.triples.begin(), document.triples.end());
        if ((result.found = read_found(merged, endpoint, linked, started, result))) return result;
      }
    }
  }
  if (!settings.query_graphs) return result;

  // 3. The default graph.
  started = Clock::now();
  {
    DiscoveryAttempt& attempt = result.attempts.emplace_back();
    attempt.method = "default-graph";
    attempt.source = endpoint.endpoint_iri;
    try {
      std::string note;
      const auto triples = read_tree(runner, "", settings, cancel, note);
      if (triples.empty()) {
        attempt.outcome = "no VoID";
      } else if ((result.found = read_found(triples, endpoint, attempt, started, result))) {
        attempt.outcome += note;
        return result;
      }
    } catch (const Exception& exception) {
      if (exception.error().kind == ErrorKind::Cancelled) throw;
      attempt.outcome = failure_text(exception);
    }
  }

  // 4. Named graphs holding partitions; those named like the VoID's usual homes first.
  std::vector<std::string> graphs;
  {
    DiscoveryAttempt& attempt = result.attempts.emplace_back();
    attempt.method = "named-graph";
    attempt.source = endpoint.endpoint_iri;
    try {
      const RunnerAnswer answer = runner(
          "PREFIX void: <http://rdfs.org/ns/void#> SELECT DISTINCT ?g WHERE { GRAPH ?g { ?d "
          "void:classPartition|void:propertyPartition ?x } } LIMIT 100",
          settings.timeout, cancel);
      for (const results::Row& row : answer.results.rows)
        if (!row.empty() && row[0] && row[0]->is_iri()) graphs.push_back(row[0]->value);
      attempt.outcome = graphs.empty() ? "no named graph holds VoID"
                                       : std::to_string(graphs.size()) + " named graphs hold VoID";
    } catch (const Exception& exception) {
      if (exception.error().kind == ErrorKind::Cancelled) throw;
      attempt.outcome = failure_text(exception);
    }
  }
  std::vector<std::string> likely = well_known_urls(endpoint.endpoint_iri);
  likely.push_back(endpoint.endpoint_iri);
  std::stable_partition(graphs.begin(), graphs.end(), [&](const std::string& graph) {
    return std::find(likely.begin(), likely.end(), graph) != likely.end() ||
           graph.find("void") != std::string::npos;
  });
  if (graphs.size() > settings.max_named_graphs) graphs.resize(settings.max_named_graphs);
  for (const std::string& graph : graphs) {
    started = Clock::now();
    DiscoveryAttempt& attempt = result.attempts.emplace_back();
    attempt.method = "named-graph";
    attempt.source = graph;
    try {
      std::string note;
      const auto triples = read_tree(runner, graph, settings, cancel, note);
      if ((result.found = read_found(triples, endpoint, attempt, started, result))) {
        attempt.outcome += note;
        return result;
      }
    } catch (const Exception& exception) {
      if (exception.error().kind == ErrorKind::Cancelled) throw;
      attempt.outcome = failure_text(exception);
    }
  }
  return result;
}

}  // namespace sparqlmcp::void_
