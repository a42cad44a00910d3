// load_catalogue(): Turtle files -> Catalogue. Reads each file into quads, indexes them by
// subject, turns every resource with an endpoint or a dump into an Endpoint, then assigns ids
// over all files at once (explicit ids first, so derived ids never steal them).

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <set>
#include <unordered_map>

#include "sparqlmcp/catalogue/catalogue.hpp"
#include "sparqlmcp/catalogue/vocabulary.hpp"
#include "sparqlmcp/rdf/reader.hpp"
#include "sparqlmcp/util/error.hpp"
#include "sparqlmcp/util/text.hpp"

namespace sparqlmcp::catalogue {
namespace {

using rdf::Term;

struct PredicateObject {
  const Term* predicate;
  const Term* object;
};

// One file's triples, indexed by subject in order of first appearance.
class FileGraph {
 public:
  explicit FileGraph(std::vector<rdf::Quad> quads) : quads_(std::move(quads)) {
    // The index points into quads_, so a FileGraph is never copied or moved (see below).
    for (const auto& q : quads_) {
      auto [it, inserted] = index_.try_emplace(q.subject.to_ntriples(), subjects_.size());
      if (inserted) subjects_.push_back(&q.subject);
      if (by_subject_.size() <= it->second) by_subject_.resize(it->second + 1);
      by_subject_[it->second].push_back(PredicateObject{&q.predicate, &q.object});
      objects_.insert(q.object.to_ntriples());
    }
  }

  FileGraph(const FileGraph&) = delete;
  FileGraph& operator=(const FileGraph&) = delete;

  const std::vector<const Term*>& subjects() const { return subjects_; }

  std::vector<const Term*> values(const Term& subject, std::string_view predicate) const {
    std::vector<const Term*> out;
    auto it = index_.find(subject.to_ntriples());
    if (it == index_.end()) return out;
    for (const auto& po : by_subject_[it->second])
      if (po.predicate->value == predicate) out.push_back(po.object);
    return out;
  }

  bool has(const Term& subject, std::string_view predicate) const {
    return !values(subject, predicate).empty();
  }

  bool has_type(const Term& subject, std::string_view type) const {
    for (const Term* t : values(subject, vocab::kRdfType))
      if (t->is_iri() && t->value == type) return true;
    return false;
  }

  bool used_as_object(const Term& term) const { return objects_.contains(term.to_ntriples()); }

 private:
  std::vector<rdf::Quad> quads_;
  std::unordered_map<std::string, std::size_t> index_;
  std::vector<const Term*> subjects_;
  std::vector<std::vector<PredicateObject>> by_subject_;
  std::set<std::string> objects_;
};

// An entry being built, with what is needed to report on it.
struct Candidate {
  Endpoint endpoint;
  std::string name;         // "<iri>" or "[ dcterms:title \"...\" ]", for messages
  std::string subject_iri;  // empty for a blank node
  std::string explicit_id;  // smcp:id / usable dcterms:identifier
  bool id_is_smcp = false;
};

// Endpoint and dump values are IRIs; a string literal holding an absolute URL is accepted too
// (a common slip in hand-written VoID).
bool is_iri_like(const Term& t) {
  if (t.is_iri()) return !t.value.empty();
  return t.is_literal() && t.language.empty() &&
         (t.value.starts_with("http://") || t.value.starts_with("https://") ||
          t.value.starts_with("file:"));
}

std::string entry_name(const Term& subject, const FileGraph& graph) {
  if (subject.is_iri()) return "<" + subject.value + ">";
  for (const Term* t : graph.values(subject, vocab::kDctermsTitle))
    return "[ dcterms:title \"" + t->value + "\" ]";
  return "_:" + subject.value;
}

[[noreturn]] void fail(const Candidate& c, const std::string& what) {
  throw_error(ErrorKind::InvalidArgument,
              "catalogue entry " + c.name + " (" + c.endpoint.source + ") " + what);
}

// Prefers a literal without language tag or in English, then the first one.
std::string pick_text(const std::vector<const Term*>& values) {
  const Term* best = nullptr;
  for (const Term* t : values) {
    if (!t->is_literal()) continue;
    const bool preferred = t->language.empty() || t->language == "en" ||
                           t->language.starts_with("en-") || t->language.starts_with("EN");
    if (preferred) return t->value;
    if (!best) best = t;
  }
  return best ? best->value : std::string();
}

std::string first_text(const FileGraph& g, const Term& s,
                       std::initializer_list<std::string_view> predicates) {
  for (auto p : predicates) {
    std::string text = pick_text(g.values(s, p));
    if (!text.empty()) return text;
  }
  return {};
}

std::size_t positive_integer(const Candidate& c, const Term& value, std::string_view property) {
  const std::string& text = value.value;
  const bool digits =
      value.is_literal() && !text.empty() && text.size() <= 18 &&
      std::all_of(text.begin(), text.end(), [](char ch) { return ch >= '0' && ch <= '9'; });
  const std::size_t n = digits ? std::stoull(text) : 0;
  if (n == 0)
    fail(c, "has smcp:" + std::string(property) + " \"" + text +
                "\"; it must be a positive integer such as 60000");
  return n;
}

std::string single_literal(const Candidate& c, const FileGraph& g, const Term& node,
                           std::string_view predicate, std::string_view name) {
  const auto values = g.values(node, predicate);
  if (values.size() > 1) fail(c, "has a header with more than one smcp:" + std::string(name));
  if (values.empty()) return {};
  if (!values[0]->is_literal())
    fail(c, "has a header whose smcp:" + std::string(name) + " is not a string literal");
  return values[0]->value;
}

bool is_header_token(std::string_view name) {
  return !name.empty() && std::all_of(name.begin(), name.end(), [](unsigned char ch) {
    return std::isalnum(ch) || std::string_view("!#$%&'*+-.^_`|~").find(static_cast<char>(ch)) !=
                                   std::string_view::npos;
  });
}

void read_settings(Candidate& c, const FileGraph& g, const Term& s) {
  EndpointSettings& settings = c.endpoint.settings;
  for (const Term* v : g.values(s, vocab::kSmcpTimeoutMs))
    settings.timeout = std::chrono::milliseconds(positive_integer(c, *v, "timeoutMs"));
  for (const Term* v : g.values(s, vocab::kSmcpResultCap))
    settings.result_cap = positive_integer(c, *v, "resultCap");
  for (const Term* v : g.values(s, vocab::kSmcpCallsServices)) {
    const bool is_true = v->is_literal() && (v->value == "true" || v->value == "1");
    const bool is_false = v->is_literal() && (v->value == "false" || v->value == "0");
    if (!is_true && !is_false)
      fail(c, "has smcp:callsServices \"" + v->value + "\"; use true or false");
    settings.calls_services = is_true;
  }
  for (const Term* v : g.values(s, vocab::kSmcpTextSearch)) {
    const std::string kind = util::ascii_lowercase(v->value);
    if (!v->is_literal() || (kind != "virtuoso" && kind != "none"))
      fail(c,
           "has smcp:textSearch \"" + v->value + "\"; use \"virtuoso\" (bif:contains) or \"none\"");
    settings.text_search = kind;
  }
  for (const Term* v : g.values(s, vocab::kSmcpHttpMethod)) {
    std::string method = util::ascii_uppercase(v->value);
    if (!v->is_literal() || (method != "GET" && method != "POST"))
      fail(c, "has smcp:httpMethod \"" + v->value + "\"; use \"GET\" or \"POST\"");
    settings.http_method = method;
  }
  for (const Term* header : g.values(s, vocab::kSmcpHeader)) {
    const std::string name = single_literal(c, g, *header, vocab::kSmcpHeaderName, "headerName");
    if (!is_header_token(name))
      fail(c, "has an smcp:header without a valid smcp:headerName (got \"" + name + "\")");
    const bool has_value = g.has(*header, vocab::kSmcpHeaderValue);
    const bool has_env = g.has(*header, vocab::kSmcpHeaderValueFromEnv);
    if (has_value == has_env)
      fail(c, "has header " + name + " with " + (has_value ? "both" : "neither of") +
                  " smcp:headerValue and smcp:headerValueFromEnv; give exactly one");
    std::string value;
    if (has_value) {
      value = single_literal(c, g, *header, vocab::kSmcpHeaderValue, "headerValue");
    } else {
      const std::string variable =
          single_literal(c, g, *header, vocab::kSmcpHeaderValueFromEnv, "headerValueFromEnv");
      const char* from_env = variable.empty() ? nullptr : std::getenv(variable.c_str());
      if (!from_env)
        fail(c, "needs the environment variable " + variable + " for its " + name +
                    " header, but it is not set; export " + variable +
                    " before starting the server or remove the header");
      value = from_env;
    }
    if (value.find_first_of("\r\n") != std::string::npos)
      fail(c, "has a line break in the value of header " + name + "; remove it");
    settings.headers.emplace_back(name, std::move(value));
  }
}

std::string keyword_of(const Term& t) {
  if (t.is_literal()) return t.value;
  if (!t.is_iri()) return {};
  // dcterms:subject <.../Gene_expression> -> "Gene expression"
  std::string local = t.value.substr(t.value.find_last_of("/#:") + 1);
  std::replace(local.begin(), local.end(), '_', ' ');
  return local.empty() ? t.value : local;
}

Candidate make_candidate(const FileGraph& g, const Term& s, const std::string& source) {
  Candidate c;
  c.name = entry_name(s, g);
  c.subject_iri = s.is_iri() ? s.value : std::string();
  Endpoint& e = c.endpoint;
  e.source = source;

  std::vector<std::string> endpoints;
  for (auto p : {vocab::kVoidSparqlEndpoint, vocab::kSdEndpoint})
    for (const Term* v : g.values(s, p))
      if (is_iri_like(*v) &&
          std::find(endpoints.begin(), endpoints.end(), v->value) == endpoints.end())
        endpoints.push_back(v->value);
  if (endpoints.size() > 1)
    spdlog::warn("catalogue entry {} ({}) names {} endpoints; using <{}>", c.name, source,
                 endpoints.size(), endpoints.front());
  if (!endpoints.empty()) e.endpoint_iri = endpoints.front();

  for (const Term* v : g.values(s, vocab::kVoidDataDump))
    if (is_iri_like(*v)) e.data_dumps.push_back(v->value);
  for (const Term* v : g.values(s, vocab::kVoidUriSpace))
    if (!v->is_blank() && !v->value.empty()) e.uri_spaces.push_back(v->value);
  for (const Term* v : g.values(s, vocab::kVoidUriRegexPattern)) {
    if (!v->is_literal())
      fail(c,
           "has void:uriRegexPattern " + v->to_ntriples() +
               "; give a regular expression as a string, such as \"^https://example\\\\.org/id/\"");
    e.uri_patterns.push_back(v->value);
  }
  for (const Term* v : g.values(s, vocab::kSmcpExampleQueries)) {
    if (!v->is_iri() || v->value.rfind("file:", 0) != 0)
      fail(c, "has smcp:exampleQueries " + v->to_ntriples() +
                  "; give a file IRI such as <examples.ttl> or <file:///path/examples.ttl>");
    e.example_files.push_back(v->value);
  }

  e.title = first_text(
      g, s, {vocab::kDctermsTitle, "http://purl.org/dc/elements/1.1/title", vocab::kRdfsLabel});
  e.description = first_text(g, s,
                             {vocab::kDctermsDescription,
                              "http://purl.org/dc/elements/1.1/description", vocab::kRdfsComment});
  for (const Term* v : g.values(s, vocab::kFoafHomepage)) {
    e.homepage = v->value;
    break;
  }
  // An sd:Service often puts its metadata on the dataset it serves.
  for (const Term* dataset : g.values(s, vocab::kSdDefaultDataset)) {
    if (e.title.empty())
      e.title = first_text(g, *dataset, {vocab::kDctermsTitle, vocab::kRdfsLabel});
    if (e.description.empty())
      e.description = first_text(g, *dataset, {vocab::kDctermsDescription, vocab::kRdfsComment});
  }
  for (auto p : {vocab::kDcatKeyword, vocab::kDctermsSubject})
    for (const Term* v : g.values(s, p)) {
      std::string k = keyword_of(*v);
      if (!k.empty() && std::find(e.keywords.begin(), e.keywords.end(), k) == e.keywords.end())
        e.keywords.push_back(std::move(k));
    }

  const std::string smcp_id = first_text(g, s, {vocab::kSmcpId});
  if (!smcp_id.empty()) {
    if (!is_valid_id(smcp_id))
      fail(c, "has smcp:id \"" + smcp_id + "\"; ids are 1-64 characters from A-Z a-z 0-9 . _ -");
    c.explicit_id = smcp_id;
    c.id_is_smcp = true;
  } else {
    for (const Term* v : g.values(s, vocab::kDctermsIdentifier))
      if (v->is_literal() && is_valid_id(v->value)) {
        c.explicit_id = v->value;
        break;
      }
  }
  read_settings(c, g, s);
  return c;
}

// Two resources of one file that name the same endpoint (a void:Dataset and the sd:Service it
// is served by) describe one entry: fill what the first lacks from the second.
void merge_into(Candidate& into, Candidate&& from) {
  Endpoint& a = into.endpoint;
  Endpoint& b = from.endpoint;
  if (a.title.empty()) a.title = std::move(b.title);
  if (a.description.empty()) a.description = std::move(b.description);
  if (a.homepage.empty()) a.homepage = std::move(b.homepage);
  for (auto& k : b.keywords)
    if (std::find(a.keywords.begin(), a.keywords.end(), k) == a.keywords.end())
      a.keywords.push_back(std::move(k));
  for (auto& d : b.data_dumps)
    if (std::find(a.data_dumps.begin(), a.data_dumps.end(), d) == a.data_dumps.end())
      a.data_dumps.push_back(std::move(d));
  if (!a.settings.timeout) a.settings.timeout = b.settings.timeout;
  if (!a.settings.http_method) a.settings.http_method = std::move(b.settings.http_method);
  if (!a.settings.result_cap) a.settings.result_cap = b.settings.result_cap;
  if (!a.settings.calls_services) a.settings.calls_services = b.settings.calls_services;
  if (!a.settings.text_search) a.settings.text_search = std::move(b.settings.text_search);
  for (auto& f : b.example_files)
    if (std::find(a.example_files.begin(), a.example_files.end(), f) == a.example_files.end())
      a.example_files.push_back(std::move(f));
  // The two resources describe one dataset: either's declaration covers its entities.
  for (auto [into, from] :
       {std::pair{&a.uri_spaces, &b.uri_spaces}, {&a.uri_patterns, &b.uri_patterns}})
    for (auto& declared : *from)
      if (std::find(into->begin(), into->end(), declared) == into->end())
        into->push_back(std::move(declared));
  for (auto& h : b.settings.headers)
    a.settings.headers.push_back(std::move(h));
  if (into.explicit_id.empty() || (!into.id_is_smcp && from.id_is_smcp)) {
    if (!from.explicit_id.empty()) {
      into.explicit_id = std::move(from.explicit_id);
      into.id_is_smcp = from.id_is_smcp;
    }
  }
}

void read_file(const std::filesystem::path& file, std::vector<Candidate>& out,
               std::vector<std::pair<std::string, std::string>>& prefixes) {
  const auto syntax = rdf::rdf_syntax_from_path(file).value_or(rdf::RdfSyntax::Turtle);
  std::vector<rdf::Quad> quads;
  rdf::for_each_rdf_quad(
      file, syntax, [&](const rdf::Quad& quad) { quads.push_back(quad); },
      [&](const std::string& name, const std::string& ns) { prefixes.emplace_back(name, ns); });
  const FileGraph g(std::move(quads));
  const std::string source = file.string();
  const std::size_t first_of_file = out.size();
  for (const Term* s : g.subjects()) {
    const bool has_access = g.has(*s, vocab::kVoidSparqlEndpoint) ||
                            g.has(*s, vocab::kSdEndpoint) || g.has(*s, vocab::kVoidDataDump);
    if (!has_access) {
      const bool entry_like =
          (g.has_type(*s, vocab::kVoidDataset) || g.has_type(*s, vocab::kSdService)) &&
          (g.has(*s, vocab::kDctermsTitle) || g.has(*s, vocab::kDctermsDescription)) &&
          !g.used_as_object(*s);  // nested descriptions (void:subset, sd:defaultDataset) are fine
      if (entry_like)
        throw_error(ErrorKind::InvalidArgument,
                    "catalogue entry " + entry_name(*s, g) + " (" + source +
                        ") has no void:sparqlEndpoint, sd:endpoint or void:dataDump; add one");
      continue;
    }
    Candidate c = make_candidate(g, *s, source);
    auto same = std::find_if(out.begin() + static_cast<std::ptrdiff_t>(first_of_file), out.end(),
                             [&](const Candidate& other) {
                               return !c.endpoint.endpoint_iri.empty() &&
                                      normalize_endpoint_iri(other.endpoint.endpoint_iri) ==
                                          normalize_endpoint_iri(c.endpoint.endpoint_iri);
                             });
    if (same != out.end())
      merge_into(*same, std::move(c));
    else
      out.push_back(std::move(c));
  }
}

std::vector<std::filesystem::path> catalogue_files(
    const std::vector<std::filesystem::path>& paths) {
  std::vector<std::filesystem::path> files;
  for (const auto& path : paths) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) {
      std::vector<std::filesystem::path> found;
      for (const auto& entry : std::filesystem::directory_iterator(path, ec))
        if (entry.is_regular_file() && entry.path().extension() == ".ttl")
          found.push_back(entry.path());
      if (ec)
        throw_error(ErrorKind::InvalidArgument,
                    "cannot list catalogue folder '" + path.string() + "': " + ec.message());
      std::sort(found.begin(), found.end());
      files.insert(files.end(), found.begin(), found.end());
    } else if (std::filesystem::is_regular_file(path, ec)) {
      files.push_back(path);
    } else {
      throw_error(ErrorKind::InvalidArgument,
                  "catalogue path '" + path.string() +
                      "' does not exist; give a Turtle file or a folder of *.ttl files");
    }
  }
  // A file named twice (directly and through its folder) is read once.
  std::vector<std::filesystem::path> unique;
  std::set<std::filesystem::path> seen;
  for (auto& file : files) {
    std::error_code ec;
    auto canonical = std::filesystem::weakly_canonical(file, ec);
    if (seen.insert(ec ? file : canonical).second) unique.push_back(std::move(file));
  }
  return unique;
}

}  // namespace

Catalogue load_catalogue(const std::vector<std::filesystem::path>& paths) {
  std::vector<Candidate> candidates;
  std::vector<std::pair<std::string, std::string>> prefixes;
  for (const auto& file : catalogue_files(paths))
    read_file(file, candidates, prefixes);

  // Explicit ids first, across all files, so that a derived id can never take one.
  std::map<std::string, const Candidate*> taken;
  for (const auto& c : candidates) {
    if (c.explicit_id.empty()) continue;
    auto [it, inserted] = taken.emplace(c.explicit_id, &c);
    if (!inserted) {
      // A dcterms:identifier is only a hint: it yields to an smcp:id, and two equal ones fall
      // back to derived ids.
      if (!c.id_is_smcp) continue;
      if (!it->second->id_is_smcp) {
        it->second = &c;
        continue;
      }
      throw_error(ErrorKind::InvalidArgument,
                  "duplicate catalogue id '" + c.explicit_id + "': " + it->second->name + " (" +
                      it->second->endpoint.source + ") and " + c.name + " (" + c.endpoint.source +
                      "); give one of them another smcp:id");
    }
  }

  Catalogue catalogue;
  for (const auto& [name, ns] : prefixes)
    catalogue.add_prefix(name, ns);
  std::set<std::string> used;
  for (const auto& [id, c] : taken)
    used.insert(id);
  for (auto& c : candidates) {
    Endpoint& e = c.endpoint;
    auto owner = taken.find(c.explicit_id);
    if (!c.explicit_id.empty() && owner != taken.end() && owner->second == &c) {
      e.id = c.explicit_id;
    } else {
      std::string base = slugify(e.title);
      if (base.empty()) {
        const std::string& iri = !e.endpoint_iri.empty() ? e.endpoint_iri : c.subject_iri;
        const auto start = iri.find("://");
        base = slugify(start == std::string::npos ? iri : iri.substr(start + 3));
      }
      if (base.empty()) base = "endpoint";
      std::string id = base;
      for (int n = 2; used.contains(id); ++n)
        id = base + "-" + std::to_string(n);
      used.insert(id);
      e.id = id;
    }
    if (e.endpoint_iri.empty()) {
      // Dump only: answered in-process; SERVICE names the dataset itself.
      e.answered_locally = true;
      e.endpoint_iri = !c.subject_iri.empty() ? c.subject_iri : resource_uri(e);
    }
    if (e.title.empty()) {
      spdlog::warn("catalogue entry {} ({}) has no dcterms:title; using its endpoint IRI", c.name,
                   e.source);
      e.title = e.endpoint_iri;
    }
    if (e.description.empty()) {
      spdlog::warn(
          "catalogue entry {} ({}) has no dcterms:description; agents will know little about "
          "it. Add a one-sentence description of its data.",
          c.name, e.source);
      e.description = "SPARQL endpoint " + e.endpoint_iri +
                      " (no description in the catalogue; use get_void_descriptions to see what "
                      "it holds).";
    }
    catalogue.add(std::move(e));
  }
  spdlog::info("catalogue: {} entries", catalogue.endpoints().size());
  return catalogue;
}

}  // namespace sparqlmcp::catalogue
