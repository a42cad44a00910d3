#include "sparqlmcp/app/version.hpp"

namespace sparqlmcp::app {

const char* version() {
  return SPARQLMCP_VERSION;
}

}  // namespace sparqlmcp::app
