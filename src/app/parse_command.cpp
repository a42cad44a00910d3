#include <fstream>
#include <iostream>
#include <sstream>

#include "sparqlmcp/app/serve.hpp"
#include "sparqlmcp/sparql/describe.hpp"
#include "sparqlmcp/sparql/parser.hpp"
#include "sparqlmcp/util/error.hpp"

namespace sparqlmcp::app {

int run_parse(const CommandLine& command_line) {
  std::string text;
  std::string source = command_line.parse_input;
  if (source == "-") {
    std::ostringstream buffer;
    buffer << std::cin.rdbuf();
    text = buffer.str();
    source = "<stdin>";
  } else {
    std::ifstream file(source, std::ios::binary);
    if (!file) {
      std::cerr << "sparql-mcp parse: cannot read " << source << "\n";
      return 1;
    }
    std::ostringstream buffer;
    buffer << file.rdbuf();
    text = buffer.str();
  }
  try {
    sparql::Query query = sparql::parse_query(text);
    std::cout << sparql::describe_query(query);
    return 0;
  } catch (const Exception& exception) {
    Error error = exception.error();
    if (error.source_name.empty()) error.source_name = source;
    std::cerr << error.to_text() << "\n";
    return 1;
  }
}

}  // namespace sparqlmcp::app
