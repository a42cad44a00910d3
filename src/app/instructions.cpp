#include <algorithm>

#include "sparqlmcp/app/serve.hpp"

namespace sparqlmcp::app {

// What an agent must not get wrong comes first: clients show instructions cut at 2,000
// characters, so the whole text stays within that for any tool set (tests/app checks it).
std::string server_instructions(const std::vector<std::string>& tools) {
  auto offered = [&](const char* name) {
    return std::find(tools.begin(), tools.end(), name) != tools.end();
  };
  std::string text = "This server answers questions from SPARQL endpoints (knowledge graphs).\n";
  if (offered("run_sparql_query")) {
    text +=
        "Must know: every triple pattern goes inside SERVICE <endpoint IRI> { ... }, with the "
        "endpoint IRI exactly as " +
        std::string(offered("list_endpoints") ? "list_endpoints gives it"
                                              : "the task or the catalogue gives it") +
        "; declare every prefix you use; only read-only queries run. 'At least N rows' is a "
        "lower bound: next_page_query gives the next page, count: true the exact number.\n";
  }
  text += "Workflow:\n";
  int step = 0;
  auto next = [&step] { return std::to_string(++step) + ". "; };
  if (offered("list_endpoints")) {
    text += next();
    text +=
        "Call list_endpoints (optionally with a keyword) and pick the endpoints whose "
        "one-sentence descriptions fit the question. Entries marked answered_in_process are "
        "RDF dumps loaded here: query them the same way.\n";
  }
  if (offered("get_void_descriptions")) {
    text += next();
    text +=
        "Call get_void_descriptions for those endpoints: their classes and properties and, per "
        "class, the properties its instances use (ask for specific classes or properties when "
        "the summary is cut). Check details with small queries, e.g. SELECT DISTINCT ?p WHERE "
        "{ SERVICE <endpoint> { ?s a <Class> ; ?p ?o } } LIMIT 50.\n";
  }
  if (offered("search_terms") || offered("get_example_queries")) {
    text += next();
    text += "Do not guess IRIs:";
    if (offered("search_terms"))
      text += " search_terms finds classes, properties, entities and values by words";
    if (offered("describe_entity")) text += "; describe_entity shows an entity's properties";
    if (offered("get_example_queries"))
      text += std::string(offered("search_terms") ? "; " : " ") +
              "get_example_queries gives similar published queries to adapt";
    text += ".\n";
  }
  if (offered("run_sparql_query")) {
    text += next();
    text +=
        "Write the query: one SERVICE block per endpoint; data spread over several endpoints "
        "is joined in one query (the server sends each block to its endpoint and joins the "
        "answers). Send each pattern only to the endpoints that hold it" +
        std::string(offered("get_void_descriptions") ? " (the descriptions say which)" : "") +
        "; add LIMIT while exploring.\n";
    text += next();
    text +=
        "Run it with run_sparql_query. Errors say what to fix (syntax position, unknown "
        "endpoint, timeout); warnings name a SERVICE block that came back empty; explain: true "
        "shows the plan that ran." +
        std::string(offered("validate_query")
                        ? " Findings name classes and predicates an endpoint lacks, with "
                          "alternatives (validate_query checks without running)."
                        : "") +
        "\n";
  }
  if (offered("submit")) {
    text += next();
    text +=
        "When the query answers the question, hand it in with submit (with the task_id you "
        "were given, if any): the first submission is final, so run and check it first.\n";
  }
  return text;
}

}  // namespace sparqlmcp::app
