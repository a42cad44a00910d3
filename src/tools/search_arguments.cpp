#include "search_arguments.hpp"

#include <algorithm>

#include "sparqlmcp/assist/words.hpp"
#include "sparqlmcp/util/error.hpp"

namespace sparqlmcp::tools {

std::string search_text(const Arguments& args, const std::string& tool) {
  std::string text = args.required_string("text", "the words to search for");
  if (text.size() > kMaxSearchText)
    throw Exception(make_error(ErrorKind::InvalidArgument,
                               tool + ": 'text' has " + std::to_string(text.size()) +
                                   " characters; give at most " + std::to_string(kMaxSearchText) +
                                   ": a few words naming what you look for, e.g. 'birth place'"));
  if (assist::text_words(text).empty())
    throw Exception(make_error(ErrorKind::InvalidArgument,
                               tool + ": 'text' has no word to search for (letters or digits); "
                                      "give a few words, e.g. 'singer' or 'country of birth'"));
  return text;
}

std::string full_iri(std::string given, const std::string& tool, const std::string& name,
                     const std::string& hint) {
  if (given.size() > 2 && given.front() == '<' && given.back() == '>')
    given = given.substr(1, given.size() - 2);
  if (given.find("://") == std::string::npos && given.rfind("urn:", 0) != 0)
    throw Exception(make_error(ErrorKind::InvalidArgument,
                               tool + ": '" + name +
                                   "' must be a full IRI such as http://example.org/x, got '" +
                                   given.substr(0, 100) + "'; " + hint));
  if (given.find_first_of("<>\" {}|\\^`\n\r\t") != std::string::npos)
    throw Exception(make_error(ErrorKind::InvalidArgument,
                               tool + ": '" + name +
                                   "' contains a character IRIs cannot hold (space, <, >, \", {, "
                                   "}, |, \\, ^ or `)"));
  return given;
}

std::vector<const catalogue::Endpoint*> named_endpoints(const nlohmann::json& arguments,
                                                        const catalogue::Catalogue& catalogue,
                                                        const std::string& tool) {
  std::vector<const catalogue::Endpoint*> out;
  const std::vector<std::string> names = string_list(arguments, "endpoints", tool);
  for (const std::string& name : names) {
    const catalogue::Endpoint* endpoint = catalogue.find(name);
    if (!endpoint)
      throw Exception(make_error(ErrorKind::InvalidArgument,
                                 tool + ": unknown endpoint '" + name +
                                     "'; name endpoints by their id or IRI from list_endpoints; "
                                     "known endpoints: " +
                                     catalogue::known_ids(catalogue)));
    if (std::find(out.begin(), out.end(), endpoint) == out.end()) out.push_back(endpoint);
  }
  return out;
}

std::vector<std::pair<std::string, std::string>> display_prefixes(
    const catalogue::Catalogue& catalogue) {
  std::vector<std::pair<std::string, std::string>> out = catalogue.prefixes();
  const std::pair<const char*, const char*> kW3c[] = {
      {"rdf", "http://www.w3.org/1999/02/22-rdf-syntax-ns#"},
      {"rdfs", "http://www.w3.org/2000/01/rdf-schema#"},
      {"xsd", "http://www.w3.org/2001/XMLSchema#"},
      {"owl", "http://www.w3.org/2002/07/owl#"},
      {"skos", "http://www.w3.org/2004/02/skos/core#"}};
  for (const auto& [name, ns] : kW3c) {
    const bool taken = std::any_of(
        out.begin(), out.end(), [&](const auto& p) { return p.first == name || p.second == ns; });
    if (!taken) out.emplace_back(name, ns);
  }
  return out;
}

std::chrono::steady_clock::time_point call_deadline(const Arguments& args,
                                                    std::chrono::milliseconds fallback) {
  const auto ms = args.optional_integer("timeout_ms", 100, 600000);
  return std::chrono::steady_clock::now() + (ms ? std::chrono::milliseconds(*ms) : fallback);
}

}  // namespace sparqlmcp::tools
