#include "sparqlmcp/app/serve.hpp"

namespace sparqlmcp::app {

std::string server_instructions() {
  return "This server answers questions from SPARQL endpoints (knowledge graphs). Workflow:\n"
         "1. Call list_endpoints (optionally with a keyword) and pick the endpoints whose "
         "one-sentence descriptions fit the question; the catalogue entries are also resources.\n"
         "2. Find the classes and properties you need with small exploratory queries (e.g. "
         "SELECT DISTINCT ?p WHERE { SERVICE <endpoint> { ?s a <Class> ; ?p ?o } } LIMIT 50).\n"
         "3. Write the query with SERVICE <endpoint IRI> { ... } around the whole WHERE pattern; "
         "declare every prefix; add LIMIT while exploring.\n"
         "4. Submit it with run_sparql_query. Read errors: they say what to fix (syntax position, "
         "unknown endpoint, timeout). Large results are cut: the result says so and gives the "
         "query for the next page.\n"
         "Entries marked answered_in_process are RDF dumps the server has loaded: query them the "
         "same way, with SERVICE <their IRI>; they answer in-process (no network).\n"
         "Only read-only queries are accepted. One SERVICE per query for now: federated queries "
         "over several endpoints are not implemented yet.";
}

}  // namespace sparqlmcp::app
