#include "sparqlmcp/results/parser.hpp"

#include "parsers.hpp"
#include "text_position.hpp"

namespace sparqlmcp::results {

QueryResults parse_results(std::string_view body, ResultsFormat format) {
  body = detail::strip_bom(body);
  switch (format) {
    case ResultsFormat::Json:
      return detail::parse_json_results(body);
    case ResultsFormat::Xml:
      return detail::parse_xml_results(body);
    case ResultsFormat::Csv:
      return detail::parse_csv_results(body);
    case ResultsFormat::Tsv:
      return detail::parse_tsv_results(body);
  }
  throw Exception(make_error(ErrorKind::Internal, "unknown results format"));
}

}  // namespace sparqlmcp::results
