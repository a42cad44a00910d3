#pragma once
// The per-format serializers behind serialize_results (serializer.cpp).

#include <string>

#include "sparqlmcp/results/query_results.hpp"

namespace sparqlmcp::results::detail {

std::string serialize_json_results(const QueryResults& results);
std::string serialize_xml_results(const QueryResults& results);
std::string serialize_csv_results(const QueryResults& results);
std::string serialize_tsv_results(const QueryResults& results);

}  // namespace sparqlmcp::results::detail
