#include "sparqlmcp/federation/uri_space.hpp"

namespace sparqlmcp::federation {

std::shared_ptr<const UriSpace> UriSpace::make(std::vector<std::string> prefixes,
                                               const std::vector<std::string>& patterns,
                                               std::vector<std::string>* invalid) {
  // An empty prefix admits everything: the declaration then rules nothing out.
  for (const std::string& prefix : prefixes)
    if (prefix.empty()) return nullptr;
  if (prefixes.empty() && patterns.empty()) return nullptr;
  auto space = std::make_shared<UriSpace>();
  space->prefixes_ = std::move(prefixes);
  bool usable = true;
  for (const std::string& pattern : patterns) {
    std::unique_ptr<engine::expr::Regex> compiled = engine::expr::Regex::compile(pattern, "");
    if (!compiled) {
      usable = false;
      if (invalid != nullptr) invalid->push_back(pattern);
      continue;
    }
    space->patterns_.push_back(pattern);
    space->compiled_.push_back(std::move(compiled));
  }
  if (!usable) return nullptr;
  return space;
}

bool UriSpace::admits(std::string_view iri) const {
  for (const std::string& prefix : prefixes_)
    if (iri.starts_with(prefix)) return true;
  for (const auto& pattern : compiled_)
    if (pattern->matches(iri).value_or(true)) return true;
  return false;
}

std::string UriSpace::describe() const {
  const std::size_t declared = prefixes_.size() + patterns_.size();
  std::string out = !prefixes_.empty() ? "void:uriSpace \"" + prefixes_.front() + "\""
                                       : "void:uriRegexPattern \"" + patterns_.front() + "\"";
  if (declared > 1) out += " and " + std::to_string(declared - 1) + " more";
  return out;
}

}  // namespace sparqlmcp::federation
