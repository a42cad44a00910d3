// Canonical term values, the signatures of results and graphs, and their digest.
#include "sparqlmcp/results/signature.hpp"

#include <algorithm>
#include <cstdint>
#include <set>

#include "sparqlmcp/util/text.hpp"
#include "xsd_values.hpp"

namespace sparqlmcp::results {

namespace {

std::string quoted_lexical(std::string_view lexical) {
  return "\"" + rdf::escape_string_literal(lexical) + "\"";
}

// FNV-1a, 64 bits (Fowler, Noll and Vo; draft-eastlake-fnv, section 2): the digest needs only
// to be stable and well spread, not secure, and it is short enough to define in one sentence.
class Fnv1a64 {
 public:
  void add(std::string_view bytes) {
    for (char c : bytes) {
      hash_ ^= static_cast<unsigned char>(c);
      hash_ *= 0x100000001b3ULL;
    }
  }
  std::string hex() const {
    std::string out;
    for (int shift = 60; shift >= 0; shift -= 4)
      out += "0123456789abcdef"[(hash_ >> shift) & 0xF];
    return out;
  }

 private:
  std::uint64_t hash_ = 0xcbf29ce484222325ULL;
};

ResultSignature from_rows(std::vector<RowSignature> rows) {
  std::sort(rows.begin(), rows.end());
  ResultSignature signature;
  signature.row_count = rows.size();
  signature.rows = std::move(rows);
  return signature;
}

}  // namespace

std::string canonical_value(const rdf::Term& term) {
  switch (term.kind) {
    case rdf::TermKind::Iri:
      // escape_iri writes '\' (never valid in an IRI) as \u005C, so no two IRIs share a text.
      return "<" + rdf::escape_iri(term.value) + ">";
    case rdf::TermKind::BlankNode:
      // Labels are local to one result document (SPARQL 1.1 Query Results JSON, 3.2.2): two
      // answers cannot be compared by them.
      return "_:";
    case rdf::TermKind::Literal:
      break;
  }
  // RDF 1.1 section 3.3: a language tag makes the datatype rdf:langString, and tags compare
  // case-insensitively.
  if (!term.language.empty())
    return quoted_lexical(term.value) + "@" + util::ascii_lowercase(term.language);
  // A simple literal is an xsd:string (RDF 1.1 section 3.3); Term::literal drops the
  // datatype, but a Term may also be built with it.
  if (term.datatype.empty() || term.datatype == rdf::kXsdString) return quoted_lexical(term.value);
  if (auto number = canonical_number(term.value, term.datatype)) return *std::move(number);
  if (term.datatype == std::string(rdf::kXsd) + "boolean") {
    if (auto value = xsd_boolean_value(term.value))
      return *value ? "boolean:true" : "boolean:false";
  }
  return quoted_lexical(term.value) + "^^<" + rdf::escape_iri(term.datatype) + ">";
}

ResultSignature signature_of(const QueryResults& results) {
  if (results.kind == QueryResults::Kind::Boolean) {
    ResultSignature signature;
    signature.kind = ResultSignature::Kind::Boolean;
    signature.boolean = results.boolean;
    return signature;
  }
  std::vector<RowSignature> rows;
  rows.reserve(results.rows.size());
  for (const Row& row : results.rows) {
    RowSignature values;
    values.reserve(row.size());
    for (const auto& term : row) {
      if (term) values.push_back(canonical_value(*term));
    }
    std::sort(values.begin(), values.end());
    rows.push_back(std::move(values));
  }
  return from_rows(std::move(rows));
}

ResultSignature signature_of(const std::vector<rdf::Triple>& graph) {
  // A graph is a set: a triple listed twice is one triple. Distinct triples stay distinct rows
  // even when their values coincide (two blank nodes, "1.0" and "1.00").
  std::set<std::string> seen;
  std::vector<RowSignature> rows;
  rows.reserve(graph.size());
  for (const rdf::Triple& triple : graph) {
    std::string exact = triple.subject.to_ntriples() + " " + triple.predicate.to_ntriples() + " " +
                        triple.object.to_ntriples();
    if (!seen.insert(std::move(exact)).second) continue;
    RowSignature values{canonical_value(triple.subject), canonical_value(triple.predicate),
                        canonical_value(triple.object)};
    std::sort(values.begin(), values.end());
    rows.push_back(std::move(values));
  }
  return from_rows(std::move(rows));
}

std::string ResultSignature::digest() const {
  if (!complete) return recorded_digest;
  // The bytes hashed: "boolean:true" or "boolean:false"; or "bindings" and then, for each row
  // in order, "[", each value as its length in bytes (decimal), ":" and its bytes, and "]".
  // Lengths make the encoding unambiguous whatever bytes a value holds.
  Fnv1a64 hash;
  if (kind == Kind::Boolean) {
    hash.add(boolean ? "boolean:true" : "boolean:false");
    return hash.hex();
  }
  hash.add("bindings");
  for (const RowSignature& row : rows) {
    hash.add("[");
    for (const std::string& value : row) {
      hash.add(std::to_string(value.size()));
      hash.add(":");
      hash.add(value);
    }
    hash.add("]");
  }
  return hash.hex();
}

}  // namespace sparqlmcp::results
