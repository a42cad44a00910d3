#pragma once
// The version of sparql-mcp: the project version of CMakeLists.txt, defined in one place
// (src/app/version.cpp, the one file compiled with it).

namespace sparqlmcp::app {

const char* version();

}  // namespace sparqlmcp::app
