#pragma once
// Answer signatures and scores: what `submit` records of a query's result and what evaluation
// compares with a gold answer. A row's signature is the multiset of its RDF term *values*,
// whatever the variables are called and in whatever order the columns and rows come, so that
// `SELECT ?city ?n` and `SELECT ?count ?place` with the same bindings are the same answer.
// The canonical value texts are documented in docs/results.md ("Answer signatures and
// scores"); they are stable across platforms and runs, and so are the digests.
//
// Plain values: the caller owns them outright.

#include <cstddef>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "sparqlmcp/rdf/term.hpp"
#include "sparqlmcp/results/query_results.hpp"

namespace sparqlmcp::results {

// The text a term's value is compared by: `<iri>`, `_:` (every blank node alike), `"lex"`
// (plain and xsd:string literals), `"lex"@tag` (tag in lower case), `number:...` (every valid
// XSD numeric literal, by value across the numeric types), `boolean:true` / `boolean:false`
// (valid xsd:boolean literals), and `"lex"^^<datatype>` for everything else, invalid numeric
// and boolean lexical forms included.
std::string canonical_value(const rdf::Term& term);

// The sorted canonical values of a row's bound terms (unbound values are left out).
using RowSignature = std::vector<std::string>;

struct ResultSignature {
  enum class Kind { Bindings, Boolean } kind = Kind::Bindings;
  bool boolean = false;            // the ASK answer when kind == Boolean
  std::vector<RowSignature> rows;  // sorted: a multiset as a sorted vector
  std::size_t row_count = 0;       // rows.size() when complete
  // False when read from JSON whose rows were cut (to_json with fewer kept rows than there
  // were): `rows` holds the first rows only and cannot be scored.
  bool complete = true;
  // Set by from_json when the rows were cut: the digest of all rows, which can no longer be
  // computed from `rows`. digest() returns it when !complete.
  std::string recorded_digest;

  // 16 lowercase hexadecimal digits: FNV-1a 64 over the rows (or the boolean), encoded as
  // docs/results.md says; the same on every platform and in every run.
  std::string digest() const;

  // {"kind": "bindings"|"boolean", "boolean"?: b, "row_count": n, "digest": "...",
  //  "rows": [[value, ...], ...] (the first max_rows_kept rows), "rows_cut"?: true}.
  nlohmann::json to_json(std::size_t max_rows_kept) const;

  // The inverse of to_json; rows and their values are sorted again, so a hand-written gold
  // signature may list them in any order. Throws Exception(ErrorKind::InvalidArgument) with a
  // message naming the bad member.
  static ResultSignature from_json(const nlohmann::json& json);

  friend bool operator==(const ResultSignature&, const ResultSignature&) = default;
};

// SELECT (one row per solution) and ASK (the boolean).
ResultSignature signature_of(const QueryResults& results);
// CONSTRUCT and DESCRIBE: each distinct triple is a row of its subject, predicate and object
// values, as `SELECT ?s ?p ?o` would give (so a triple and its reverse are the same row).
ResultSignature signature_of(const std::vector<rdf::Triple>& graph);

struct Score {
  bool exact_set_match = false;              // the sets of distinct rows are equal
  bool multiset_match = false;               // the multisets are equal (duplicates count)
  double precision = 0, recall = 0, f1 = 0;  // over distinct rows
  std::size_t answer_rows = 0, gold_rows = 0, common_rows = 0;  // distinct counts

  // {"exact_set_match", "multiset_match", "precision", "recall", "f1", "answer_rows",
  //  "gold_rows", "common_rows"}.
  nlohmann::json to_json() const;
};

// Compares an answer with the gold answer. Both empty: everything 1 and both matches true; an
// empty answer against a non-empty gold: precision and recall 0; a non-empty answer against an
// empty gold: precision 0, recall 1. A boolean counts as one row (its value); a boolean against
// bindings scores 0 on everything. Throws Exception(ErrorKind::InvalidArgument) when either
// signature is incomplete (its rows were cut).
Score score(const ResultSignature& answer, const ResultSignature& gold);

}  // namespace sparqlmcp::results
