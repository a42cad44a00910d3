// Where example queries come from: the files a catalogue entry names (smcp:exampleQueries),
// re-read when a file changes; what an endpoint publishes in its own data, asked once and kept
// in the index for as long as a VoID description is; and exact submissions, when learned.

#include <sys/stat.h>
#include <algorithm>

#include "parallel.hpp"
#include "sparqlmcp/assist/endpoint_query.hpp"
#include "sparqlmcp/assist/search_service.hpp"
#include "sparqlmcp/assist/shacl_examples.hpp"
#include "sparqlmcp/assist/words.hpp"
#include "sparqlmcp/sparql/term_scan.hpp"
#include "sparqlmcp/util/error.hpp"

namespace sparqlmcp::assist {
namespace {

using Clock = std::chrono::steady_clock;

std::string file_source(const std::string& file_iri) {
  return "file:" + file_iri;
}
std::string endpoint_source(const std::string& id) {
  return "endpoint:" + id;
}
std::string learned_source(const std::string& id) {
  return "learned:" + id;
}

std::filesystem::path path_of_file_iri(const std::string& iri) {
  std::string path = iri.substr(std::string_view("file:").size());
  if (path.rfind("//", 0) == 0) path = path.substr(path.find('/', 2));
  return path;
}

// What a file was read from: its size and modification time.
std::optional<std::string> file_fingerprint(const std::filesystem::path& path) {
  struct ::stat status {};
  if (::stat(path.c_str(), &status) != 0) return std::nullopt;
  return std::to_string(status.st_size) + ":" + std::to_string(status.st_mtim.tv_sec) + "." +
         std::to_string(status.st_mtim.tv_nsec);
}

// The examples an endpoint publishes, in its default graph or any named graph: every
// statement about a resource that has a SHACL query, then the prefix declarations.
std::string published_examples_query(std::size_t limit) {
  const std::string sh = kShacl;
  const std::string has_query =
      "?ex <" + sh + "select>|<" + sh + "ask>|<" + sh + "construct>|<" + sh + "describe> ?q . ";
  return "SELECT ?ex ?p ?o WHERE { { " + has_query + "?ex ?p ?o } UNION { GRAPH ?g { " + has_query +
         "?ex ?p ?o } } } LIMIT " + std::to_string(limit);
}

std::string published_declarations_query(std::size_t limit) {
  const std::string sh = kShacl;
  const std::string declares =
      "?h <" + sh + "declare> ?d . ?d <" + sh + "prefix> ?prefix ; <" + sh + "namespace> ?ns . ";
  return "SELECT ?h ?d ?prefix ?ns WHERE { { " + declares + "} UNION { GRAPH ?g { " + declares +
         "} } } LIMIT " + std::to_string(limit);
}

constexpr std::size_t kExampleRows = 20000;

// The PREFIX declarations a query text makes.
std::vector<std::pair<std::string, std::string>> query_prefixes(std::string_view query) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const sparql::PrefixDeclaration& d : sparql::scan_terms(query).declarations)
    out.emplace_back(d.prefix, d.iri);
  return out;
}

}  // namespace

void SearchService::add_term_labels(std::vector<Example>& examples) {
  std::vector<std::string> iris;
  for (const Example& example : examples)
    iris.insert(iris.end(), example.iris.begin(), example.iris.end());
  std::sort(iris.begin(), iris.end());
  iris.erase(std::unique(iris.begin(), iris.end()), iris.end());
  const std::map<std::string, std::string> labels = index_.labels_of(iris);
  if (labels.empty()) return;
  for (Example& example : examples)
    for (const std::string& iri : example.iris)
      if (auto found = labels.find(iri); found != labels.end())
        example.term_words += " " + join_words(text_words(found->second));
}

std::vector<std::string> SearchService::prepare_examples(
    const std::vector<const catalogue::Endpoint*>& endpoints, Clock::time_point deadline,
    const CancellationTokenPtr& cancel, std::size_t* requests, const RequestObserver& on_request) {
  std::vector<std::string> notes;
  // The catalogue's files first (local), then the endpoints whose published examples are due,
  // eight at a time.
  std::vector<const catalogue::Endpoint*> due;
  const auto now_s = std::chrono::duration_cast<std::chrono::seconds>(
      std::chrono::system_clock::now().time_since_epoch());
  for (const catalogue::Endpoint* endpoint : endpoints) {
    read_example_files(*endpoint, notes);
    // "<seconds>:published|<the terms' fingerprint>": asked again when the time to live is
    // over, or when the endpoint's terms (and their labels) changed.
    const std::string terms = index_.fingerprint(endpoint->id).value_or("");
    const std::optional<std::string> fetched =
        index_.example_fingerprint(endpoint_source(endpoint->id));
    if (fetched && fetched->substr(fetched->find('|') + 1) == terms) {
      const auto then = std::chrono::seconds(std::stoll(fetched->substr(0, fetched->find(':'))));
      if (now_s - then < voids_.cache().options().time_to_live) continue;
    }
    std::string reason;
    if (!recently_failed(example_failures_, endpoint->id, "published", &reason))
      due.push_back(endpoint);
  }
  struct Outcome {
    std::vector<std::string> notes;
    std::size_t requests = 0;
  };
  std::vector<Outcome> outcomes(due.size());
  run_in_parallel(due.size(), kParallelEndpoints, [&](std::size_t i) {
    fetch_published_examples(*due[i], deadline, cancel, on_request, outcomes[i].notes,
                             outcomes[i].requests);
  });
  for (Outcome& outcome : outcomes) {
    if (requests) *requests += outcome.requests;
    for (std::string& note : outcome.notes)
      notes.push_back(std::move(note));
  }
  return notes;
}

void SearchService::read_example_files(const catalogue::Endpoint& endpoint,
                                       std::vector<std::string>& notes) {
  for (const std::string& file : endpoint.example_files) {
    const std::filesystem::path path = path_of_file_iri(file);
    const std::optional<std::string> fingerprint = file_fingerprint(path);
    if (!fingerprint) {
      notes.push_back("the example file " + path.string() + " of " + endpoint.id +
                      " cannot be read; fix smcp:exampleQueries in the catalogue");
      continue;
    }
    // Read again when the file changes, or the labels of its endpoint's terms do.
    const std::string built = *fingerprint + "|" + index_.fingerprint(endpoint.id).value_or("");
    if (index_.example_fingerprint(file_source(file)) == built) continue;
    try {
      ExampleSet set = load_example_file(path, endpoint.endpoint_iri);
      for (std::string& problem : set.problems)
        notes.push_back(std::move(problem));
      add_term_labels(set.examples);
      index_.replace_examples(file_source(file), built, set.examples);
    } catch (const Exception& e) {
      notes.push_back("the example file " + path.string() + " of " + endpoint.id +
                      " could not be read: " + e.error().to_text().substr(0, 300));
    }
  }
}

void SearchService::fetch_published_examples(const catalogue::Endpoint& endpoint,
                                             Clock::time_point deadline,
                                             const CancellationTokenPtr& cancel,
                                             const RequestObserver& on_request,
                                             std::vector<std::string>& notes,
                                             std::size_t& requests) {
  // Another call fetching them: this one searches what the index holds meanwhile.
  const std::shared_ptr<void> claimed = claim("examples\n" + endpoint.id);
  if (!claimed) return;

  const std::string sh = kShacl;
  const std::string terms = index_.fingerprint(endpoint.id).value_or("");
  const auto now_s = std::chrono::duration_cast<std::chrono::seconds>(
      std::chrono::system_clock::now().time_since_epoch());
  const Clock::time_point until = std::min(deadline, Clock::now() + settings_.example_wait);
  EndpointRows statements = select_at(*queries_, endpoint, published_examples_query(kExampleRows),
                                      until, cancel, on_request);
  EndpointRows declarations;
  if (!statements.failure && !statements.rows.empty())
    declarations = select_at(*queries_, endpoint, published_declarations_query(kExampleRows), until,
                             cancel, on_request);
  requests += statements.requests + declarations.requests;
  if (statements.failure || declarations.failure) {
    const EndpointRows& failed = statements.failure ? statements : declarations;
    // A call whose time ran out before asking says nothing of the endpoint: the next one asks.
    if (!failed.not_asked) {
      std::lock_guard lock(mutex_);
      example_failures_[endpoint.id] = Attempt{"published", Clock::now(), *failed.failure};
    }
    notes.push_back("the example queries " + endpoint.id + " publishes could not be read (" +
                    *failed.failure + ")");
    return;
  }
  std::vector<rdf::Quad> quads;
  auto add = [&](const rdf::Term& s, std::string p, const rdf::Term& o) {
    quads.push_back(rdf::Quad{s, rdf::Term::iri(std::move(p)), o, rdf::Term::iri("")});
  };
  for (const auto& row : statements.rows) {
    auto ex = row.find("ex"), p = row.find("p"), o = row.find("o");
    if (ex != row.end() && p != row.end() && o != row.end())
      add(ex->second, p->second.value, o->second);
  }
  for (const auto& row : declarations.rows) {
    auto h = row.find("h"), d = row.find("d"), prefix = row.find("prefix"), ns = row.find("ns");
    if (h == row.end() || d == row.end() || prefix == row.end() || ns == row.end()) continue;
    add(h->second, sh + "declare", d->second);
    add(d->second, sh + "prefix", prefix->second);
    add(d->second, sh + "namespace", ns->second);
  }
  ExampleSet set = read_shacl_examples(quads, endpoint.endpoint_iri, endpoint.endpoint_iri);
  for (std::string& problem : set.problems)
    notes.push_back(std::move(problem));
  if (statements.rows.size() >= kExampleRows)
    notes.push_back("only the first " + std::to_string(kExampleRows) +
                    " statements of the examples " + endpoint.id + " publishes were read");
  add_term_labels(set.examples);
  index_.replace_examples(endpoint_source(endpoint.id),
                          std::to_string(now_s.count()) + ":published|" + terms, set.examples);
}

ExampleResponse SearchService::examples(const ExampleRequest& request) {
  ExampleResponse response;
  std::vector<const catalogue::Endpoint*> endpoints = request.endpoints;
  if (endpoints.empty())
    for (const catalogue::Endpoint& e : catalogue_.endpoints())
      endpoints.push_back(&e);
  response.notes = prepare_examples(endpoints, request.deadline, request.cancel, &response.requests,
                                    request.on_request);
  ExampleQuery query;
  query.text = request.text;
  query.limit = request.limit;
  if (!request.endpoints.empty())
    for (const catalogue::Endpoint* e : endpoints) {
      query.sources.push_back(endpoint_source(e->id));
      query.sources.push_back(learned_source(e->id));
      for (const std::string& file : e->example_files)
        query.sources.push_back(file_source(file));
    }
  response.examples = index_.search_examples(query);
  if (seen_)
    for (const ExampleHit& hit : response.examples)
      for (const std::string& iri :
           query_iris(hit.example.query, query_prefixes(hit.example.query)))
        seen_->note(iri);
  return response;
}

void SearchService::learn_example(const Example& example) {
  for (const std::string& iri : example.endpoints)
    if (const catalogue::Endpoint* e = catalogue_.find(iri)) {
      index_.add_example(learned_source(e->id), example);
      return;
    }
}

std::vector<std::pair<std::string, std::string>> SearchService::declared_prefixes(
    const catalogue::Endpoint& endpoint) {
  // Validation asks on every call: while this process changed no example, what was read less
  // than a second ago is still current (another instance's changes show within the second).
  const std::uint64_t generation = index_.examples_generation();
  const auto now = std::chrono::steady_clock::now();
  {
    std::lock_guard lock(mutex_);
    auto kept = declared_.find(endpoint.id);
    if (kept != declared_.end() && kept->second.generation == generation &&
        now - kept->second.checked < std::chrono::seconds(1))
      return kept->second.prefixes;
  }
  std::vector<std::string> sources = {endpoint_source(endpoint.id)};
  for (const std::string& file : endpoint.example_files)
    sources.push_back(file_source(file));
  std::string fingerprint;
  for (const std::string& source : sources)
    fingerprint += index_.example_fingerprint(source).value_or("-") + "\n";
  {
    std::lock_guard lock(mutex_);
    auto kept = declared_.find(endpoint.id);
    if (kept != declared_.end() && kept->second.fingerprint == fingerprint &&
        kept->second.generation == generation) {
      kept->second.checked = now;
      return kept->second.prefixes;
    }
  }
  std::vector<std::pair<std::string, std::string>> prefixes;
  for (const std::string& source : sources)
    for (const std::string& query : index_.example_queries(source))
      for (auto& [name, ns] : query_prefixes(query))
        if (std::none_of(prefixes.begin(), prefixes.end(),
                         [&](const auto& p) { return p.first == name; }))
          prefixes.emplace_back(std::move(name), std::move(ns));
  std::lock_guard lock(mutex_);
  declared_[endpoint.id] = {fingerprint, generation, now, prefixes};
  return prefixes;
}

}  // namespace sparqlmcp::assist
