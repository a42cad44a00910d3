#pragma once
// Solution mappings as fixed-width rows. Before evaluation every variable of the query
// (including the algebra's internal ones: "?.0" aggregates, "??P0" path variables, and the
// variables of sub-queries and EXISTS patterns) gets a slot; every row of every operator has
// one TermId per slot, kUnbound where the variable has no value. Operators never look up a
// variable by name at run time.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "sparqlmcp/engine/term_dictionary.hpp"

namespace sparqlmcp::engine {

using Slot = std::uint32_t;
using Row = std::vector<TermId>;
using RowView = std::span<const TermId>;

class VariableTable {
 public:
  // The slot of `name` (without '?'), adding it when new.
  Slot slot(std::string_view name);
  std::optional<Slot> find(std::string_view name) const;
  const std::string& name(Slot slot) const { return names_[slot]; }
  std::size_t size() const { return names_.size(); }
  const std::vector<std::string>& names() const { return names_; }

 private:
  std::vector<std::string> names_;
  std::unordered_map<std::string, Slot> slots_;
};

}  // namespace sparqlmcp::engine
