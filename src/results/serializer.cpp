#include "sparqlmcp/results/serializer.hpp"

#include "serializers.hpp"

namespace sparqlmcp::results {

std::string serialize_results(const QueryResults& results, ResultsFormat format) {
  switch (format) {
    case ResultsFormat::Json:
      return detail::serialize_json_results(results);
    case ResultsFormat::Xml:
      return detail::serialize_xml_results(results);
    case ResultsFormat::Csv:
      return detail::serialize_csv_results(results);
    case ResultsFormat::Tsv:
      return detail::serialize_tsv_results(results);
  }
  return {};
}

}  // namespace sparqlmcp::results
