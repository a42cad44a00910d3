#include "sparqlmcp/engine/solution.hpp"

namespace sparqlmcp::engine {

Slot VariableTable::slot(std::string_view name) {
  if (auto it = slots_.find(std::string(name)); it != slots_.end()) return it->second;
  Slot slot = static_cast<Slot>(names_.size());
  names_.emplace_back(name);
  slots_.emplace(names_.back(), slot);
  return slot;
}

std::optional<Slot> VariableTable::find(std::string_view name) const {
  if (auto it = slots_.find(std::string(name)); it != slots_.end()) return it->second;
  return std::nullopt;
}

}  // namespace sparqlmcp::engine
