#pragma once
// Wires the modules together for the default command: load the catalogue, build the HTTP
// client and the tools, and serve MCP over stdio until end of input.

#include <string>
#include <vector>

#include "sparqlmcp/app/command_line.hpp"

namespace sparqlmcp::app {

// Returns the process exit status. Start-up errors (a malformed catalogue, a missing
// environment variable) are reported on stderr and give status 1.
int run_serve(const CommandLine& command_line);

// `sparql-mcp query [options] QUERY|-|@FILE`: runs the query as run_sparql_query does and
// prints the result (status 0) or the error on stderr (status 1).
int run_query(const CommandLine& command_line);

// `sparql-mcp void ENDPOINT...|--all`: fills the VoID cache; one line per endpoint on stdout,
// progress on stderr. Status 0 when every endpoint got a description, 1 otherwise.
int run_void(const CommandLine& command_line);

// `sparql-mcp parse FILE|-`: prints the query's algebra (status 0) or the error (status 1).
int run_parse(const CommandLine& command_line);

// The `instructions` of the initialize result: the workflow an agent should follow with the
// tools offered (tool_selection's names).
std::string server_instructions(const std::vector<std::string>& tools);

// `sparql-mcp eval --submissions FILE [--trace FILE] [--tasks FILE] [--json]`: prints the
// summary of an evaluation run (status 0), or the error on stderr (status 1).
int run_eval(const CommandLine& command_line);

}  // namespace sparqlmcp::app
