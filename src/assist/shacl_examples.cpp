#include "sparqlmcp/assist/shacl_examples.hpp"

#include <algorithm>
#include <map>
#include <set>

#include "sparqlmcp/assist/labels.hpp"
#include "sparqlmcp/assist/words.hpp"
#include "sparqlmcp/rdf/reader.hpp"
#include "sparqlmcp/sparql/parser.hpp"
#include "sparqlmcp/util/error.hpp"

namespace sparqlmcp::assist {
namespace {

const std::string kSh = kShacl;
const std::string kRdfsComment = "http://www.w3.org/2000/01/rdf-schema#comment";
const std::string kRdfsLabel = "http://www.w3.org/2000/01/rdf-schema#label";
const std::string kSchemaTarget = "https://schema.org/target";
const std::string kSchemaTargetHttp = "http://schema.org/target";

std::string node_key(const rdf::Term& term) {
  return (term.is_blank() ? "_:" : "") + term.value;
}

// The statements about each subject, whatever graph holds them.
using Graph = std::map<std::string, std::multimap<std::string, const rdf::Term*>>;

std::vector<const rdf::Term*> values(const Graph& graph, const std::string& subject,
                                     const std::string& predicate) {
  std::vector<const rdf::Term*> out;
  auto found = graph.find(subject);
  if (found == graph.end()) return out;
  auto [from, to] = found->second.equal_range(predicate);
  for (auto it = from; it != to; ++it)
    out.push_back(it->second);
  return out;
}

// English or untagged first: the question an agent reads.
std::string preferred_text(const std::vector<const rdf::Term*>& terms) {
  const rdf::Term* best = nullptr;
  for (const rdf::Term* term : terms) {
    if (!term->is_literal()) continue;
    const bool english = english_or_untagged(*term);
    if (!best || (english && !english_or_untagged(*best))) best = term;
  }
  return best ? best->value : std::string();
}

std::string trimmed(std::string text) {
  const auto not_space = [](unsigned char c) { return !std::isspace(c); };
  text.erase(text.begin(), std::find_if(text.begin(), text.end(), not_space));
  text.erase(std::find_if(text.rbegin(), text.rend(), not_space).base(), text.end());
  return text;
}

std::vector<std::pair<std::string, std::string>> declared_prefixes(const Graph& graph,
                                                                   const std::string& example) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const rdf::Term* holder : values(graph, example, kSh + "prefixes"))
    for (const rdf::Term* declaration : values(graph, node_key(*holder), kSh + "declare")) {
      const std::string key = node_key(*declaration);
      const std::string prefix = preferred_text(values(graph, key, kSh + "prefix"));
      const auto ns = values(graph, key, kSh + "namespace");
      if (ns.empty()) continue;
      out.emplace_back(prefix, ns.front()->value);
    }
  return out;
}

std::string with_prefix_lines(const std::vector<std::pair<std::string, std::string>>& prefixes,
                              const std::string& query) {
  std::string out;
  for (const auto& [name, ns] : prefixes)
    out += "PREFIX " + name + ": <" + ns + ">\n";
  return out + query;
}

}  // namespace

namespace {

// Calls on_iri(iri) for each <IRI> of a query and on_name(prefix, local) for each prefixed
// name, skipping strings, comments and namespaces (PREFIX ex: <http://x/> names no term).
template <class OnIri, class OnName>
void scan_terms(std::string_view query, const OnIri& on_iri, const OnName& on_name) {
  const std::size_t n = query.size();
  auto name_char = [&](std::size_t at) {
    const auto c = static_cast<unsigned char>(query[at]);
    return std::isalnum(c) || c == '_' || c == '-' || c == '.' || c >= 0x80;
  };
  for (std::size_t i = 0; i < n; ++i) {
    const char c = query[i];
    if (c == '"' || c == '\'') {  // skip string literals
      const std::size_t end = query.find(c, i + 1);
      if (end == std::string_view::npos) break;
      i = end;
    } else if (c == '#' && (i == 0 || query[i - 1] == '\n' || query[i - 1] == ' ')) {
      const std::size_t end = query.find('\n', i);  // a comment
      if (end == std::string_view::npos) break;
      i = end;
    } else if (c == '<') {
      const std::size_t end = query.find_first_of("> \n", i + 1);
      if (end != std::string_view::npos && query[end] == '>' && end > i + 1) {
        if (query[end - 1] != '/' && query[end - 1] != '#')
          on_iri(query.substr(i + 1, end - i - 1));
        i = end;
      }
    } else if (c == ':' && i + 1 < n) {
      // prefix:local — both parts run over name characters.
      std::size_t start = i;
      while (start > 0 && name_char(start - 1) && query[start - 1] != '.')
        --start;
      std::size_t end = i + 1;
      while (end < n && name_char(end))
        ++end;
      while (end > i + 1 && query[end - 1] == '.')
        --end;
      if (end > i + 1) on_name(query.substr(start, i - start), query.substr(i + 1, end - i - 1));
      i = end - 1;
    }
  }
}

}  // namespace

std::string query_term_words(std::string_view query) {
  std::vector<std::string> words;
  std::set<std::string> seen;
  auto add = [&](std::string_view iri_or_local) {
    for (std::string& word : iri_words(iri_or_local))
      if (seen.insert(word).second) words.push_back(std::move(word));
  };
  scan_terms(query, add, [&](std::string_view, std::string_view local) { add(local); });
  return join_words(words);
}

std::vector<std::string> query_iris(
    std::string_view query, const std::vector<std::pair<std::string, std::string>>& prefixes) {
  std::vector<std::string> out;
  auto add = [&](std::string iri) {
    if (std::find(out.begin(), out.end(), iri) == out.end()) out.push_back(std::move(iri));
  };
  scan_terms(
      query, [&](std::string_view iri) { add(std::string(iri)); },
      [&](std::string_view prefix, std::string_view local) {
        for (const auto& [name, ns] : prefixes)
          if (name == prefix) {
            add(ns + std::string(local));
            return;
          }
      });
  return out;
}

ExampleSet read_shacl_examples(const std::vector<rdf::Quad>& quads, const std::string& origin,
                               const std::string& default_target) {
  Graph graph;
  for (const rdf::Quad& quad : quads)
    graph[node_key(quad.subject)].emplace(quad.predicate.value, &quad.object);

  ExampleSet set;
  const std::vector<std::string> query_properties = {kSh + "select", kSh + "ask", kSh + "construct",
                                                     kSh + "describe"};
  for (const auto& [subject, statements] : graph) {
    std::vector<const rdf::Term*> texts;
    for (const std::string& property : query_properties)
      for (const rdf::Term* text : values(graph, subject, property))
        texts.push_back(text);
    if (texts.empty()) continue;
    const std::string name = subject.rfind("_:", 0) == 0 ? "a blank node" : "<" + subject + ">";
    if (texts.size() > 1 || !texts.front()->is_literal()) {
      set.problems.push_back("example " + name + " of " + origin +
                             " has more than one query, or one that is not a string; left out");
      continue;
    }
    Example example;
    example.iri = subject.rfind("_:", 0) == 0 ? std::string() : subject;
    example.origin = origin;
    example.question = trimmed(preferred_text(values(graph, subject, kRdfsComment)));
    if (example.question.empty())
      example.question = trimmed(preferred_text(values(graph, subject, kRdfsLabel)));
    for (const std::string& target : {kSchemaTarget, kSchemaTargetHttp})
      for (const rdf::Term* endpoint : values(graph, subject, target))
        if (endpoint->is_iri()) example.endpoints.push_back(endpoint->value);
    if (example.endpoints.empty() && !default_target.empty())
      example.endpoints.push_back(default_target);

    const std::string text = texts.front()->value;
    sparql::ParseOptions options;
    options.default_prefixes = declared_prefixes(graph, subject);
    try {
      const sparql::Query parsed = sparql::parse_query(text, options);
      example.query = trimmed(with_prefix_lines(parsed.prologue().implicit_prefixes, text));
      std::vector<std::pair<std::string, std::string>> prefixes = parsed.prologue().prefixes;
      for (const auto& declared : parsed.prologue().implicit_prefixes)
        prefixes.push_back(declared);
      example.iris = query_iris(text, prefixes);
    } catch (const Exception& e) {
      set.problems.push_back("example " + name + " of " + origin + ": its query does not parse (" +
                             e.error().to_text().substr(0, 300) + "); left out");
      continue;
    }
    if (example.question.empty()) {
      set.problems.push_back("example " + name + " of " + origin +
                             " has no rdfs:comment or rdfs:label saying what it asks; left out");
      continue;
    }
    example.term_words = query_term_words(example.query);
    set.examples.push_back(std::move(example));
  }
  return set;
}

ExampleSet load_example_file(const std::filesystem::path& file, const std::string& default_target) {
  const std::vector<rdf::Quad> quads = rdf::parse_rdf_file(file);
  return read_shacl_examples(quads, file.string(), default_target);
}

}  // namespace sparqlmcp::assist
