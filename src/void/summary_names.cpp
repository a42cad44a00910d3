#include "summary_names.hpp"

#include <algorithm>
#include <map>
#include <utility>

#include "sparqlmcp/rdf/term.hpp"
#include "sparqlmcp/util/text.hpp"

namespace sparqlmcp::void_::summary {
namespace {

// The classes whose shapes' values are read to find frequent namespaces (see Names::Names).
constexpr std::size_t kDeepClasses = 200;

bool is_ascii_letter(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
bool is_ascii_digit(char c) {
  return c >= '0' && c <= '9';
}

// PN_CHARS_BASE, SPARQL 1.1 grammar [164], for code points beyond ASCII.
bool is_pn_chars_base(char32_t c) {
  return (c >= 0xC0 && c <= 0xD6) || (c >= 0xD8 && c <= 0xF6) || (c >= 0xF8 && c <= 0x2FF) ||
         (c >= 0x370 && c <= 0x37D) || (c >= 0x37F && c <= 0x1FFF) ||
         (c >= 0x200C && c <= 0x200D) || (c >= 0x2070 && c <= 0x218F) ||
         (c >= 0x2C00 && c <= 0x2FEF) || (c >= 0x3001 && c <= 0xD7FF) ||
         (c >= 0xF900 && c <= 0xFDCF) || (c >= 0xFDF0 && c <= 0xFFFD) ||
         (c >= 0x10000 && c <= 0xEFFFF);
}

// PN_CHARS [166] minus '-' and the ASCII ones, which the caller handles.
bool is_pn_chars_extra(char32_t c) {
  return c == 0xB7 || (c >= 0x300 && c <= 0x36F) || (c >= 0x203F && c <= 0x2040);
}

// Path words that say nothing about a vocabulary ("ontology", "ns", "core", versions): a
// generated prefix name is taken from a word that does.
bool is_generic_word(std::string_view word) {
  static const char* const kGeneric[] = {
      "ontology", "ontologies", "ns",       "vocab", "vocabulary", "vocabularies", "core",
      "schema",   "schemas",    "terms",    "term",  "def",        "resource",     "resources",
      "owl",      "rdf",        "rdfs",     "class", "classes",    "property",     "properties",
      "prop",     "entity",     "entities", "id",    "data",       "www",          "purl",
      "w3id",     "html",       "htm",      "ttl",   "rdfxml",     "xml",          "owl2",
      "latest",   "current",    "index",    "model", "elements",   "http",         "https",
      "org",      "com",        "net",      "edu",   "gov",        "info",         "io",
      "uk",       "de",         "fr",       "eu",    "int",        "urn"};
  for (const char* generic : kGeneric)
    if (word == generic) return true;
  // Versions ("0.1", "v2", "2019"): digits with at most a leading 'v'.
  std::size_t digits = 0;
  for (std::size_t i = 0; i < word.size(); ++i)
    if (is_ascii_digit(word[i])) ++digits;
  return digits > 0 && digits + (word[0] == 'v' ? 1 : 0) == word.size();
}

// A short prefix name for `ns`: its last telling path word, else its host's telling label,
// lower-cased, ASCII letters and digits, at most 10 characters; "ns" when nothing tells.
std::string generated_name(std::string_view ns) {
  std::vector<std::string> words;
  std::string word;
  auto flush = [&] {
    if (!word.empty()) words.push_back(util::ascii_lowercase(word));
    word.clear();
  };
  std::size_t start = 0;
  if (std::size_t scheme = ns.find("://"); scheme != std::string_view::npos) start = scheme + 3;
  for (std::size_t i = start; i < ns.size(); ++i) {
    const char c = ns[i];
    if (is_ascii_letter(c) || is_ascii_digit(c)) {
      word += c;
    } else {
      flush();
    }
  }
  flush();
  for (auto it = words.rbegin(); it != words.rend(); ++it) {
    if (is_generic_word(*it) || !is_ascii_letter((*it)[0]) || it->size() < 2) continue;
    return it->substr(0, 10);
  }
  return "ns";
}

}  // namespace

bool is_plain_prefix_name(std::string_view name) {
  if (name.empty() || !is_ascii_letter(name[0])) return false;
  for (char c : name)
    if (!(is_ascii_letter(c) || is_ascii_digit(c) || c == '_' || c == '-')) return false;
  return true;
}

bool is_plain_local_name(std::string_view local) {
  if (local.empty()) return false;
  std::size_t pos = 0;
  bool first = true;
  char32_t last = 0;
  while (pos < local.size()) {
    if (static_cast<unsigned char>(local[pos]) >= 0x80 &&
        util::utf8_sequence_length(local, pos) == 0)
      return false;
    const char32_t c = util::decode_utf8(local, pos);
    bool ok;
    if (c < 0x80) {
      const char a = static_cast<char>(c);
      ok =
          is_ascii_letter(a) || is_ascii_digit(a) || a == '_' || (!first && (a == '-' || a == '.'));
    } else {
      ok = is_pn_chars_base(c) || (!first && is_pn_chars_extra(c));
    }
    if (!ok) return false;
    first = false;
    last = c;
  }
  return last != '.';
}

std::string_view namespace_of(std::string_view iri) {
  const std::size_t cut = iri.find_last_of("#/");
  if (cut == std::string_view::npos || !is_plain_local_name(iri.substr(cut + 1))) return {};
  return iri.substr(0, cut + 1);
}

std::string_view local_name(std::string_view iri) {
  const std::size_t cut = iri.find_last_of("#/:");
  return cut == std::string_view::npos ? iri : iri.substr(cut + 1);
}

const std::vector<Prefix>& well_known_prefixes() {
  // The names the vocabularies' own documents and prefix.cc use. Two entries may share a
  // name (schema.org over http and https): the first whose namespace the description uses
  // gets it.
  static const std::vector<Prefix> kPrefixes = {
      {"rdf", "http://www.w3.org/1999/02/22-rdf-syntax-ns#"},
      {"rdfs", "http://www.w3.org/2000/01/rdf-schema#"},
      {"xsd", "http://www.w3.org/2001/XMLSchema#"},
      {"owl", "http://www.w3.org/2002/07/owl#"},
      {"skos", "http://www.w3.org/2004/02/skos/core#"},
      {"skosxl", "http://www.w3.org/2008/05/skos-xl#"},
      {"foaf", "http://xmlns.com/foaf/0.1/"},
      {"dc", "http://purl.org/dc/elements/1.1/"},
      {"dcterms", "http://purl.org/dc/terms/"},
      {"schema", "http://schema.org/"},
      {"schema", "https://schema.org/"},
      {"sdo", "https://schema.org/"},
      {"void", "http://rdfs.org/ns/void#"},
      {"void-ext", "http://ldf.fi/void-ext#"},
      {"sd", "http://www.w3.org/ns/sparql-service-description#"},
      {"sh", "http://www.w3.org/ns/shacl#"},
      {"prov", "http://www.w3.org/ns/prov#"},
      {"dcat", "http://www.w3.org/ns/dcat#"},
      {"org", "http://www.w3.org/ns/org#"},
      {"vcard", "http://www.w3.org/2006/vcard/ns#"},
      {"time", "http://www.w3.org/2006/time#"},
      {"geo", "http://www.w3.org/2003/01/geo/wgs84_pos#"},
      {"geosparql", "http://www.opengis.net/ont/geosparql#"},
      {"qb", "http://purl.org/linked-data/cube#"},
      {"bibo", "http://purl.org/ontology/bibo/"},
      {"oa", "http://www.w3.org/ns/oa#"},
      {"dbo", "http://dbpedia.org/ontology/"},
      {"dbp", "http://dbpedia.org/property/"},
      {"dbr", "http://dbpedia.org/resource/"},
      {"wd", "http://www.wikidata.org/entity/"},
      {"wdt", "http://www.wikidata.org/prop/direct/"},
      {"p", "http://www.wikidata.org/prop/"},
      {"ps", "http://www.wikidata.org/prop/statement/"},
      {"pq", "http://www.wikidata.org/prop/qualifier/"},
      {"wikibase", "http://wikiba.se/ontology#"},
      {"up", "http://purl.uniprot.org/core/"},
      {"obo", "http://purl.obolibrary.org/obo/"},
      {"faldo", "http://biohackathon.org/resource/faldo#"},
      {"sio", "http://semanticscience.org/resource/"},
      {"gn", "http://www.geonames.org/ontology#"},
  };
  return kPrefixes;
}

Names::Names(const Description& description, const std::vector<Prefix>& preferred) {
  // 1. The description's own names.
  for (const auto& [name, ns] : description.prefixes)
    if (is_plain_prefix_name(name) && !ns.empty() && !by_name_.count(name) &&
        !by_namespace_.count(ns))
      add(name, ns);

  // How often each namespace occurs in what a summary may print. Every class and property
  // counts, and the values of the biggest classes' properties: those are the shapes a summary
  // shows, and reading every value of 5,000 classes would cost more than the rest of the
  // summary. IRIs are counted first (the same IRIs recur), then each is split once.
  std::unordered_map<std::string_view, std::size_t> iris;
  for (const ClassPartition& c : description.classes)
    ++iris[c.class_iri];
  for (const PropertyPartition& p : description.properties)
    ++iris[p.property];
  std::vector<const ClassPartition*> biggest;
  for (const ClassPartition& c : description.classes)
    biggest.push_back(&c);
  if (biggest.size() > kDeepClasses) {
    auto bigger = [](const ClassPartition* a, const ClassPartition* b) {
      const Count ca = a->entities, cb = b->entities;
      if (ca.has_value() != cb.has_value()) return ca.has_value();
      if (ca && *ca != *cb) return *ca > *cb;
      return a->class_iri < b->class_iri;
    };
    std::nth_element(biggest.begin(), biggest.begin() + kDeepClasses, biggest.end(), bigger);
    biggest.resize(kDeepClasses);
  }
  for (const ClassPartition* c : biggest) {
    for (const ClassProperty& p : c->properties) {
      ++iris[p.property];
      for (const auto& entry : p.object_classes)
        ++iris[entry.first];
      for (const auto& entry : p.datatypes)
        ++iris[entry.first];
    }
  }
  std::map<std::string_view, std::size_t> occurrences;
  for (const auto& [iri, count] : iris) {
    const std::string_view ns = namespace_of(iri);
    if (!ns.empty()) occurrences[ns] += count;
  }

  // 2. The names the server's catalogue gives namespaces the description uses (its author
  // named the endpoints' vocabularies), then the well-known ones.
  for (const Prefix& known : preferred)
    if (is_plain_prefix_name(known.name) && occurrences.count(std::string_view(known.ns)) &&
        !by_name_.count(known.name) && !by_namespace_.count(known.ns))
      add(known.name, known.ns);
  for (const Prefix& known : well_known_prefixes())
    if (occurrences.count(std::string_view(known.ns)) && !by_name_.count(known.name) &&
        !by_namespace_.count(known.ns))
      add(known.name, known.ns);

  // 3. Generated names for the other namespaces that occur more than once, most frequent
  // first (so the shortest names go to them), then by namespace: deterministic.
  std::vector<std::pair<std::string, std::size_t>> frequent;
  for (const auto& [ns, count] : occurrences)
    if (count >= 2 && !by_namespace_.count(std::string(ns))) frequent.emplace_back(ns, count);
  std::stable_sort(frequent.begin(), frequent.end(),
                   [](const auto& a, const auto& b) { return a.second > b.second; });
  for (const auto& [ns, count] : frequent) {
    const std::string base = generated_name(ns);
    std::string name = base;
    for (std::size_t n = 2; by_name_.count(name); ++n)
      name = base + std::to_string(n);
    add(name, ns);
  }
}

void Names::add(std::string name, std::string ns) {
  const int index = static_cast<int>(prefixes_.size());
  if (namespace_of(ns + "x") != ns) unusual_.push_back(index);
  by_name_.emplace(name, index);
  by_namespace_.emplace(ns, index);
  prefixes_.push_back({std::move(name), std::move(ns)});
}

CompactIri Names::compact(std::string_view iri) const {
  int best = -1;
  std::size_t best_length = 0;
  const std::string_view ns = namespace_of(iri);
  if (!ns.empty()) {
    if (auto it = by_namespace_.find(std::string(ns)); it != by_namespace_.end()) {
      best = it->second;
      best_length = ns.size();
    }
  }
  for (int index : unusual_) {
    const std::string& candidate = prefixes_[static_cast<std::size_t>(index)].ns;
    if (candidate.size() > best_length && candidate.size() < iri.size() &&
        iri.compare(0, candidate.size(), candidate) == 0 &&
        is_plain_local_name(iri.substr(candidate.size()))) {
      best = index;
      best_length = candidate.size();
    }
  }
  if (best >= 0)
    return {
        prefixes_[static_cast<std::size_t>(best)].name + ":" + std::string(iri.substr(best_length)),
        best};
  return {"<" + rdf::escape_iri(iri) + ">", -1};
}

std::optional<std::string> Names::expand(std::string_view name) const {
  const std::size_t colon = name.find(':');
  if (colon == std::string_view::npos) return std::nullopt;
  const std::string prefix(name.substr(0, colon));
  const std::string_view local = name.substr(colon + 1);
  if (auto it = by_name_.find(prefix); it != by_name_.end())
    return prefixes_[static_cast<std::size_t>(it->second)].ns + std::string(local);
  for (const Prefix& known : well_known_prefixes())
    if (known.name == prefix) return known.ns + std::string(local);
  return std::nullopt;
}

}  // namespace sparqlmcp::void_::summary
