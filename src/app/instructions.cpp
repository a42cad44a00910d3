#include "sparqlmcp/app/serve.hpp"

namespace sparqlmcp::app {

std::string server_instructions() {
  return "This server answers questions from SPARQL endpoints (knowledge graphs). Workflow:\n"
         "1. Call list_endpoints (optionally with a keyword) and pick the endpoints whose "
         "one-sentence descriptions fit the question; the catalogue entries are also resources.\n"
         "2. Call get_void_descriptions for those endpoints: their classes, properties and, per "
         "class, the properties its instances use with their value types (ask for specific "
         "classes or properties when the summary is cut). Check details with small "
         "exploratory queries (e.g. SELECT DISTINCT ?p WHERE { SERVICE <endpoint> { ?s a "
         "<Class> ; ?p ?o } } LIMIT 50).\n"
         "3. Write the query with SERVICE <endpoint IRI> { ... } around each endpoint's part; "
         "declare every prefix; add LIMIT while exploring. Data spread over several endpoints "
         "is joined in one query: one SERVICE block per endpoint (the server sends each block "
         "to its endpoint and joins the answers); every triple pattern must be inside a "
         "SERVICE. Send each pattern only to the endpoints that hold it: the descriptions say "
         "which.\n"
         "4. Submit it with run_sparql_query. Read errors: they say what to fix (syntax position, "
         "unknown endpoint, timeout). Large results are cut: the result says so and gives the "
         "query for the next page.\n"
         "Entries marked answered_in_process are RDF dumps the server has loaded: query them the "
         "same way, with SERVICE <their IRI>; they answer in-process (no network).\n"
         "Only read-only queries are accepted. A SERVICE block that comes back empty is named "
         "in the result's warnings; explain: true shows the plan that ran.";
}

}  // namespace sparqlmcp::app
