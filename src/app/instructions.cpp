#include <algorithm>

#include "sparqlmcp/app/serve.hpp"

namespace sparqlmcp::app {

std::string server_instructions(const std::vector<std::string>& tools) {
  auto offered = [&](const char* name) {
    return std::find(tools.begin(), tools.end(), name) != tools.end();
  };
  std::string text =
      "This server answers questions from SPARQL endpoints (knowledge graphs). Workflow:\n";
  int step = 0;
  auto next = [&] { return std::to_string(++step) + ". "; };
  if (offered("list_endpoints"))
    text += next() +
            "Call list_endpoints (optionally with a keyword) and pick the endpoints whose "
            "one-sentence descriptions fit the question; the catalogue entries are also "
            "resources.\n";
  if (offered("get_void_descriptions"))
    text += next() +
            "Call get_void_descriptions for those endpoints: their classes, properties and, per "
            "class, the properties its instances use with their value types (ask for specific "
            "classes or properties when the summary is cut). Check details with small "
            "exploratory queries (e.g. SELECT DISTINCT ?p WHERE { SERVICE <endpoint> { ?s a "
            "<Class> ; ?p ?o } } LIMIT 50).\n";
  if (offered("run_sparql_query"))
    text += next() +
            "Write the query with SERVICE <endpoint IRI> { ... } around each endpoint's part; "
            "declare every prefix; add LIMIT while exploring. Data spread over several "
            "endpoints is joined in one query: one SERVICE block per endpoint (the server sends "
            "each block to its endpoint and joins the answers); every triple pattern must be "
            "inside a SERVICE. Send each pattern only to the endpoints that hold it" +
            std::string(offered("get_void_descriptions") ? ": the descriptions say which" : "") +
            ".\n" + next() +
            "Run it with run_sparql_query. Read errors: they say what to fix (syntax position, "
            "unknown endpoint, timeout). Large results are cut: the result says so and gives "
            "the query for the next page.\n";
  if (offered("submit"))
    text += next() +
            "When the query answers the question, hand it in with submit (with the task_id you "
            "were given, if any): the first submission is final, so run and check it first.\n";
  if (offered("list_endpoints"))
    text +=
        "Entries marked answered_in_process are RDF dumps the server has loaded: query them the "
        "same way, with SERVICE <their IRI>; they answer in-process (no network).\n";
  text +=
      "Only read-only queries are accepted. A SERVICE block that comes back empty is named in "
      "the result's warnings; explain: true shows the plan that ran.";
  return text;
}

}  // namespace sparqlmcp::app
