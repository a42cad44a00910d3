// Entities and literal values, found through the endpoints themselves: their full-text index
// where the catalogue names one, else exact matches (the text as typed, in lower, title and
// upper case, untagged and English; a number or date also typed), then, while time is left and
// too few were found, case-insensitive substring matches. Every query has a LIMIT and the
// call's deadline; a search that reached either says it was bounded.

#include <algorithm>
#include <cctype>
#include <cmath>
#include <future>
#include <set>

#include "parallel.hpp"
#include "sparqlmcp/assist/endpoint_query.hpp"
#include "sparqlmcp/assist/labels.hpp"
#include "sparqlmcp/assist/literal_candidates.hpp"
#include "sparqlmcp/assist/search_service.hpp"
#include "sparqlmcp/assist/words.hpp"
#include "sparqlmcp/util/error.hpp"
#include "sparqlmcp/util/text.hpp"

namespace sparqlmcp::assist {
namespace {

using Clock = std::chrono::steady_clock;
constexpr std::string_view kXsd = "http://www.w3.org/2001/XMLSchema#";

bool all_of_chars(std::string_view text, const char* allowed) {
  return !text.empty() && text.find_first_not_of(allowed) == std::string_view::npos;
}

std::string title_case(std::string text) {
  bool start = true;
  for (char& c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (std::isalpha(u)) {
      c = static_cast<char>(start ? std::toupper(u) : std::tolower(u));
      start = false;
    } else {
      start = u < 0x80;
    }
  }
  return text;
}

std::vector<rdf::Term> exact_forms(const std::string& text) {
  std::vector<rdf::Term> forms;
  auto add = [&](rdf::Term term) {
    if (std::find(forms.begin(), forms.end(), term) == forms.end())
      forms.push_back(std::move(term));
  };
  for (const std::string& variant :
       {text, util::ascii_lowercase(text), title_case(text), util::ascii_uppercase(text)}) {
    add(rdf::Term::literal(variant));
    add(rdf::Term::literal(variant, {}, "en"));
  }
  const std::string xsd(kXsd);
  const bool sign = !text.empty() && (text[0] == '-' || text[0] == '+');
  const std::string_view digits = std::string_view(text).substr(sign ? 1 : 0);
  if (all_of_chars(digits, "0123456789")) {
    for (const char* type : {"integer", "int", "long", "decimal", "short", "nonNegativeInteger"})
      add(rdf::Term::literal(text, xsd + type));
    if (!sign && digits.size() == 4) add(rdf::Term::literal(text, xsd + "gYear"));
  } else if (all_of_chars(digits, "0123456789.") &&
             std::count(digits.begin(), digits.end(), '.') == 1) {
    for (const char* type : {"decimal", "double", "float"})
      add(rdf::Term::literal(text, xsd + type));
  } else if (text.size() == 10 && text[4] == '-' && text[7] == '-' &&
             all_of_chars(text, "0123456789-")) {
    add(rdf::Term::literal(text, xsd + "date"));
  } else if (text == "true" || text == "false") {
    add(rdf::Term::literal(text, xsd + "boolean"));
  }
  return forms;
}

std::string subject_pattern(const SearchRequest& request, bool entities_only) {
  std::string out;
  if (request.property) {
    out = "  ?s <" + *request.property + "> ?o .\n  BIND(<" + *request.property + "> AS ?p)\n";
  } else if (entities_only) {
    out = "  VALUES ?p {";
    for (const std::string& p : label_properties())
      out += " <" + p + ">";
    out += " }\n  ?s ?p ?o .\n";
  } else {
    out = "  ?s ?p ?o .\n";
  }
  return out;
}

std::string exact_query(const SearchRequest& request, bool entities_only, std::size_t limit) {
  std::string query = "SELECT ?s ?p ?o ?c WHERE {\n  VALUES ?o {";
  for (const rdf::Term& form : exact_forms(request.text))
    query += " " + sparql_term(form);
  query += " }\n" + subject_pattern(request, entities_only) + "  OPTIONAL { ?s a ?c }\n} LIMIT " +
           std::to_string(limit);
  return query;
}

std::string substring_query(const SearchRequest& request, bool entities_only, std::size_t limit) {
  const std::string needle = rdf::escape_string_literal(util::ascii_lowercase(request.text));
  return "SELECT ?s ?p ?o ?c WHERE {\n" + subject_pattern(request, entities_only) +
         "  FILTER(isLiteral(?o) && CONTAINS(LCASE(STR(?o)), \"" + needle +
         "\"))\n  OPTIONAL { ?s a ?c }\n} LIMIT " + std::to_string(limit);
}

// Virtuoso's free-text index: every word of the text, a word of four letters or more also as
// a prefix ('fran*').
std::string virtuoso_query(const SearchRequest& request, bool entities_only, std::size_t limit) {
  std::string expression;
  for (const std::string& word : text_words(request.text)) {
    if (!expression.empty()) expression += " AND ";
    expression += "'" + word + (word.size() >= 4 ? "*'" : "'");
  }
  return "SELECT ?s ?p ?o ?c WHERE {\n" + subject_pattern(request, entities_only) +
         "  ?o <bif:contains> \"" + rdf::escape_string_literal(expression) +
         "\" .\n  OPTIONAL { ?s a ?c }\n} LIMIT " + std::to_string(limit);
}

// How well a literal matches the text, 0 to 1: the same text, then the same but for case,
// then one that begins with it, then one that holds it, then shares words with it.
double match_quality(const std::string& text, const std::string& literal) {
  if (literal == text) return 1.0;
  const std::string a = util::ascii_lowercase(text), b = util::ascii_lowercase(literal);
  if (a == b) return 0.95;
  const double share =
      b.empty() ? 0 : static_cast<double>(a.size()) / static_cast<double>(b.size());
  if (b.rfind(a, 0) == 0) return 0.7 + 0.2 * share;
  if (b.find(a) != std::string::npos) return 0.5 + 0.2 * share;
  const std::vector<std::string> want = text_words(text), have = text_words(literal);
  if (want.empty()) return 0;
  std::size_t common = 0;
  for (const std::string& w : want)
    if (std::find(have.begin(), have.end(), w) != have.end()) ++common;
  return 0.45 * static_cast<double>(common) / static_cast<double>(want.size());
}

struct EndpointFinds {
  std::vector<std::map<std::string, rdf::Term>> rows;
  bool bounded = false;
  std::vector<std::string> notes;
  std::size_t requests = 0;
};

EndpointFinds search_endpoint(const federation::QueryService& queries,
                              const catalogue::Endpoint& endpoint, const SearchRequest& request,
                              bool entities_only, std::size_t limit, bool substrings) {
  EndpointFinds out;
  auto run = [&](const std::string& query, const char* what) {
    EndpointRows rows =
        select_at(queries, endpoint, query, request.deadline, request.cancel, request.on_request);
    out.requests += rows.requests;
    if (rows.failure) {
      out.bounded = true;
      out.notes.push_back("the " + std::string(what) + " search at " + endpoint.id +
                          " did not finish (" + *rows.failure + ")");
      return false;
    }
    if (rows.bounded || rows.rows.size() >= limit) out.bounded = true;
    for (auto& row : rows.rows)
      out.rows.push_back(std::move(row));
    return true;
  };
  if (endpoint.settings.text_search == "virtuoso") {
    run(virtuoso_query(request, entities_only, limit), "full-text");
    return out;
  }
  if (!run(exact_query(request, entities_only, limit), "exact")) return out;
  std::set<std::string> subjects;
  for (const auto& row : out.rows)
    if (auto s = row.find("s"); s != row.end()) subjects.insert(s->second.value);
  // Substring matches scan the endpoint's literals: only while too few exact ones were found.
  if (substrings && subjects.size() < request.limit)
    run(substring_query(request, entities_only, limit), "substring");
  return out;
}

}  // namespace

std::map<std::string, std::pair<std::size_t, std::string>> SearchService::properties_holding(
    const SearchRequest& request, const std::vector<const catalogue::Endpoint*>& endpoints,
    SearchResponse& response) {
  std::map<std::string, std::pair<std::size_t, std::string>> out;
  const std::vector<std::string> candidates = literal_candidates(request.text);
  if (candidates.empty() || endpoints.empty() || endpoints.size() > 8) return out;
  std::string values;
  for (const std::string& candidate : candidates)
    for (const rdf::Term& form : exact_forms(candidate))
      values += " " + sparql_term(form);
  const std::string query =
      "SELECT ?p ?o WHERE { VALUES ?o {" + values + " } ?s ?p ?o } GROUP BY ?p ?o LIMIT 1000";
  // literal (lower case) -> the properties holding it, over every endpoint asked
  std::map<std::string, std::set<std::string>> holders;
  std::map<std::string, std::string> endpoint_of;  // property -> the first endpoint holding it
  for (const catalogue::Endpoint* endpoint : endpoints) {
    EndpointRows rows = select_at(*queries_, *endpoint, query, request.deadline, request.cancel,
                                  request.on_request);
    response.requests += rows.requests;
    if (rows.failure) continue;
    for (const auto& row : rows.rows) {
      auto p = row.find("p"), o = row.find("o");
      if (p == row.end() || o == row.end()) continue;
      holders[util::ascii_lowercase(o->second.value)].insert(p->second.value);
      endpoint_of.emplace(p->second.value, endpoint->id);
    }
  }
  for (const auto& [literal, properties] : holders)
    if (properties.size() <= 3)
      for (const std::string& property : properties) {
        auto& [literals, endpoint] = out[property];
        ++literals;
        endpoint = endpoint_of[property];
      }
  return out;
}

std::vector<Found> SearchService::search_literals(
    const SearchRequest& request, const std::vector<const catalogue::Endpoint*>& endpoints,
    SearchResponse& response) {
  const bool want_values =
      request.kinds.empty() ||
      std::find(request.kinds.begin(), request.kinds.end(), FindKind::Value) != request.kinds.end();
  const bool want_entities =
      request.kinds.empty() || std::find(request.kinds.begin(), request.kinds.end(),
                                         FindKind::Entity) != request.kinds.end();
  const bool entities_only = !want_values;
  const std::size_t limit = settings_.literal_rows;

  std::vector<EndpointFinds> finds(endpoints.size());
  // Substring matches scan literals: over a whole large catalogue only exact matches are tried.
  const bool substrings = endpoints.size() <= kParallelEndpoints;
  run_in_parallel(endpoints.size(), kParallelEndpoints, [&](std::size_t i) {
    finds[i] = search_endpoint(*queries_, *endpoints[i], request, entities_only, limit, substrings);
  });
  if (!substrings) {
    response.bounded = true;
    response.notes.push_back("over " + std::to_string(endpoints.size()) +
                             " endpoints only exact matches were looked for; name at most " +
                             std::to_string(kParallelEndpoints) +
                             " endpoints to find labels and values that contain the text");
  }

  // Entities by (endpoint, IRI); values by (endpoint, property, class, literal).
  std::map<std::pair<std::string, std::string>, Found> entities;
  std::map<std::tuple<std::string, std::string, std::string, std::string>, Found> values;
  for (std::size_t i = 0; i < endpoints.size(); ++i) {
    EndpointFinds& f = finds[i];
    response.requests += f.requests;
    response.bounded = response.bounded || f.bounded;
    for (std::string& note : f.notes)
      response.notes.push_back(std::move(note));
    const std::string& id = endpoints[i]->id;
    std::set<std::tuple<std::string, std::string, std::string>> counted;  // s, p, o once
    for (const auto& row : f.rows) {
      auto s = row.find("s"), p = row.find("p"), o = row.find("o"), c = row.find("c");
      if (s == row.end() || p == row.end() || o == row.end() || !o->second.is_literal()) continue;
      const double quality = match_quality(request.text, o->second.value);
      if (quality <= 0) continue;
      const std::string class_iri = c == row.end() ? std::string() : c->second.value;
      const bool first_time =
          counted.emplace(s->second.value, p->second.value, o->second.to_ntriples()).second;
      if (is_label_property(p->second.value) && s->second.is_iri()) {
        Found& e = entities[{id, s->second.value}];
        if (e.iri.empty()) {
          e.kind = FindKind::Entity;
          e.iri = s->second.value;
          e.endpoint = id;
          e.label = o->second.value;
          e.score = quality;
        } else if (quality > e.score) {
          e.score = quality;
          e.label = o->second.value;
        }
        if (!class_iri.empty() &&
            std::find(e.classes.begin(), e.classes.end(), class_iri) == e.classes.end())
          e.classes.push_back(class_iri);
      }
      if (!want_values) continue;
      // With entities asked for too, a matching label is said by its entity.
      if (want_entities && is_label_property(p->second.value) && s->second.is_iri()) continue;
      Found& v = values[{id, p->second.value, class_iri, o->second.to_ntriples()}];
      if (v.property.empty()) {
        v.kind = FindKind::Value;
        v.value = o->second;
        v.property = p->second.value;
        v.class_iri = class_iri;
        v.endpoint = id;
        v.score = quality;
        v.count = 0;
      }
      if (first_time) v.count = *v.count + 1;
    }
  }
  std::vector<Found> out;
  if (want_entities)
    for (auto& [key, e] : entities)
      out.push_back(std::move(e));
  // The same match held by more subjects ranks first; the factor stays below 1 up to a
  // billion subjects, so that a value never outranks a better match.
  for (auto& [key, v] : values) {
    v.score *= usage_factor(v.count) / usage_factor(1'000'000'000);
    out.push_back(std::move(v));
  }
  std::stable_sort(out.begin(), out.end(), [](const Found& a, const Found& b) {
    if (a.score != b.score) return a.score > b.score;
    return a.count.value_or(0) > b.count.value_or(0);
  });
  return out;
}

std::vector<Found> SearchService::properties_of_entity(
    const SearchRequest& request, const std::vector<const catalogue::Endpoint*>& endpoints,
    SearchResponse& response) {
  std::vector<Found> out;
  const std::string query =
      "SELECT ?p (COUNT(*) AS ?n) WHERE { <" + *request.of + "> ?p ?o } GROUP BY ?p LIMIT 1000";
  for (const catalogue::Endpoint* endpoint : endpoints) {
    EndpointRows rows = select_at(*queries_, *endpoint, query, request.deadline, request.cancel,
                                  request.on_request);
    response.requests += rows.requests;
    if (rows.failure) {
      response.notes.push_back("the properties of <" + *request.of + "> at " + endpoint->id +
                               " could not be read (" + *rows.failure + ")");
      continue;
    }
    for (const auto& row : rows.rows)
      if (auto p = row.find("p"); p != row.end()) {
        Found f;
        f.kind = FindKind::Property;
        f.iri = p->second.value;
        f.endpoint = endpoint->id;
        out.push_back(std::move(f));
      }
  }
  return out;
}

}  // namespace sparqlmcp::assist
