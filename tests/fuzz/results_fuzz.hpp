#pragma once
// The body of the four results fuzz targets (one per format, results_<format>_fuzz.cpp): a
// results document as an endpoint sends it goes through results::parse_results. A document that
// parses must survive the round trips the results module promises (tests/results/
// round_trip_test.cpp), since the server re-serializes what endpoints send: JSON, XML and TSV
// give back the same results, CSV the same values, to_json/from_json the same results. A
// document that does not parse must fail with Syntax or Unsupported and nothing else.

#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz_check.hpp"
#include "sparqlmcp/results/parser.hpp"
#include "sparqlmcp/results/serializer.hpp"

namespace sparqlmcp::fuzz {

inline results::QueryResults reparse(const std::string& text, results::ResultsFormat format) {
  try {
    return results::parse_results(text, format);
  } catch (const Exception& e) {
    fail("our own " + std::string(results::format_name(format)) +
         " output does not parse: " + e.what() + "\noutput:\n" + text);
  }
}

// The text CSV writes for a term: the value, "_:label" for a blank node.
inline std::string csv_text(const rdf::Term& term) {
  return term.is_blank() ? "_:" + term.value : term.value;
}

// CSV keeps only the text of each cell and whether it was bound (an IRI or literal whose text
// starts with "_:" reads back as a blank node: that is CSV's type loss, not a change).
inline void check_csv_values(const results::QueryResults& original,
                             const results::QueryResults& csv, const std::string& text) {
  check(csv.kind == original.kind, "CSV changed the kind of result\n" + text);
  if (original.kind == results::QueryResults::Kind::Boolean) {
    check(csv.boolean == original.boolean, "CSV changed the boolean\n" + text);
    return;
  }
  check(csv.variables == original.variables, "CSV changed the variables\n" + text);
  check(csv.rows.size() == original.rows.size(), "CSV changed the row count\n" + text);
  for (std::size_t r = 0; r < original.rows.size(); ++r)
    for (std::size_t c = 0; c < original.variables.size(); ++c) {
      const auto& a = original.rows[r][c];
      const auto& b = csv.rows[r][c];
      const std::string where = "row " + std::to_string(r) + " column " + std::to_string(c);
      check(a.has_value() == b.has_value(), "CSV changed whether " + where + " is bound\n" + text);
      if (a) check(csv_text(*a) == csv_text(*b), "CSV changed the text at " + where + "\n" + text);
    }
}

inline int fuzz_results(const std::uint8_t* data, std::size_t size, results::ResultsFormat format) {
  results::QueryResults original;
  try {
    original = results::parse_results(as_text(data, size), format);
  } catch (const Exception& e) {
    const auto kind = e.error().kind;
    check(kind == ErrorKind::Syntax || kind == ErrorKind::Unsupported,
          std::string("parse_results failed with kind ") + std::to_string(static_cast<int>(kind)) +
              ": " + e.what());
    return 0;
  }
  using results::ResultsFormat;
  for (auto to : {ResultsFormat::Json, ResultsFormat::Xml, ResultsFormat::Tsv}) {
    const std::string text = results::serialize_results(original, to);
    results::QueryResults back = reparse(text, to);
    if (to == ResultsFormat::Tsv) back.links = original.links;  // TSV has no links
    check(back == original,
          "the results changed through " + std::string(results::format_name(to)) + ":\n" + text);
  }
  const std::string csv = results::serialize_results(original, ResultsFormat::Csv);
  check_csv_values(original, reparse(csv, ResultsFormat::Csv), csv);
  check(results::from_json(results::to_json(original)) == original,
        "the results changed through to_json and from_json");
  return 0;
}

}  // namespace sparqlmcp::fuzz
