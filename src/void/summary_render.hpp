#pragma once
// The entries of a summary, each as text and as JSON: a property of the dataset, a class with
// its instance count, and a class's shape (the properties its instances use, with their
// value types or target classes and how many values an instance has). Entries are rendered
// only when offered to the budget, so a description of any size costs only what is shown.

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "sparqlmcp/void/model.hpp"
#include "sparqlmcp/void/summary.hpp"
#include "summary_names.hpp"

namespace sparqlmcp::void_::summary {

// A piece of text offered to the budget, the prefixes it uses (indices into
// Names::prefixes(), possibly repeated) and the same data as JSON.
struct Piece {
  std::string text;
  std::vector<int> prefixes;
  nlohmann::json json;
};

// A shape, to be cut to fit: rendering the first k entries gives
//   head + separator(0) + entries[0] + ... + separator(k-1) + entries[k-1] + ending(k)
// whatever k is, so the budget can price every k without building the text.
struct ShapeParts {
  Piece head;                  // "ex:Person 412"
  std::size_t total = 0;       // properties the shape has
  std::vector<Piece> entries;  // the first of them, rendered (at most `total`)
  std::string empty_note;      // why there are none ("properties not described")
  bool full = false;

  const std::string& separator(std::size_t index) const;
  // What follows the last entry shown: " }", " ; … +N }", "\n  … +N more properties".
  std::string ending(std::size_t shown) const;
  // The text and JSON with the first `shown` entries.
  Piece assemble(std::size_t shown) const;
};

class Renderer {
 public:
  Renderer(const Names& names, Detail detail, const Description& description);

  // "<text>" for `iri`, recording the prefix it uses in `piece`.
  std::string name(std::string_view iri, Piece& piece) const;

  Piece property_entry(const PropertyPartition& property) const;
  // A property known only from class partitions (no dataset counts).
  Piece bare_property_entry(const std::string& iri) const;
  Piece class_entry(const ClassPartition& cls) const;
  // The head of the shape of `cls` with `total` properties (chosen by the caller), no entry
  // rendered yet; `empty_note` says why there are none when `total` is 0 and the class's
  // properties are known.
  ShapeParts shape_head(const ClassPartition& cls, std::size_t total, std::string empty_note) const;
  // One property of the shape: "ex:knows → ex:Person *" (full: with its counts).
  Piece shape_entry(const ClassPartition& cls, const ClassProperty& property) const;

  // Whether any class property has the counts that give a cardinality: if none has, shapes
  // carry no cardinality marks at all (and the legend says nothing of them).
  bool has_cardinalities() const { return has_cardinalities_; }
  bool full() const { return detail_ == Detail::Full; }

 private:
  std::string values(const ClassProperty& property, Piece& piece, nlohmann::json& values_json,
                     std::size_t& values_cut) const;

  const Names& names_;
  Detail detail_;
  bool has_cardinalities_ = false;
};

// "1", "?", "+" or "*": how many values of `property` an instance of `cls` has (exactly
// one, at most one, at least one, any number), when the counts say it; nullopt when they
// do not.
std::optional<std::string> cardinality(const ClassPartition& cls, const ClassProperty& property);

// Clean UTF-8 for text and JSON (nlohmann::json refuses to dump ill-formed UTF-8).
std::string clean(std::string_view text);

}  // namespace sparqlmcp::void_::summary
