#include "summary_budget.hpp"

#include <algorithm>

#include "sparqlmcp/rdf/term.hpp"
#include "sparqlmcp/void/summary.hpp"

namespace sparqlmcp::void_::summary {

Composer::Composer(const Names& names, std::size_t limit)
    : names_(names), limit_(limit), used_prefix_(names.prefixes().size(), false) {}

std::string Composer::prefix_line(int index) const {
  const Prefix& prefix = names_.prefixes()[static_cast<std::size_t>(index)];
  return "PREFIX " + prefix.name + ": <" + clean(rdf::escape_iri(prefix.ns)) + ">\n";
}

std::size_t Composer::prefix_line_length(int index) const {
  return text_length(prefix_line(index));
}

std::size_t Composer::prefix_cost(const std::vector<int>& prefixes, std::vector<int>& seen) const {
  std::size_t cost = 0;
  for (int index : prefixes) {
    if (used_prefix_[static_cast<std::size_t>(index)]) continue;
    if (std::find(seen.begin(), seen.end(), index) != seen.end()) continue;
    seen.push_back(index);
    cost += prefix_line_length(index);
  }
  return cost;
}

void Composer::use_prefixes(const std::vector<int>& prefixes) {
  std::vector<int> seen;
  used_ += prefix_cost(prefixes, seen);
  for (int index : prefixes)
    used_prefix_[static_cast<std::size_t>(index)] = true;
}

namespace {

std::vector<int> used_by_name(const Names& names, const std::vector<bool>& used) {
  std::vector<int> out;
  for (std::size_t i = 0; i < used.size(); ++i)
    if (used[i]) out.push_back(static_cast<int>(i));
  std::sort(out.begin(), out.end(), [&](int a, int b) {
    return names.prefixes()[static_cast<std::size_t>(a)].name <
           names.prefixes()[static_cast<std::size_t>(b)].name;
  });
  return out;
}

}  // namespace

std::string Composer::prefix_lines() const {
  std::string out;
  for (int index : used_by_name(names_, used_prefix_))
    out += prefix_line(index);
  return out;
}

nlohmann::json Composer::prefix_json() const {
  nlohmann::json out = nlohmann::json::object();
  for (int index : used_by_name(names_, used_prefix_)) {
    const Prefix& prefix = names_.prefixes()[static_cast<std::size_t>(index)];
    out[prefix.name] = clean(prefix.ns);
  }
  return out;
}

std::size_t Section::overhead() const {
  return pieces.empty() ? text_length(heading) + 1 : text_length(separator);
}

bool Section::offer(Composer& composer, Piece piece) {
  std::vector<int> seen;
  const std::size_t own = overhead() + text_length(piece.text);
  const std::size_t cost = own + composer.prefix_cost(piece.prefixes, seen);
  if (cost > composer.remaining() || spent + cost > cap) return false;
  composer.use_prefixes(piece.prefixes);  // spends the new PREFIX lines
  composer.spend(own);
  spent += cost;
  pieces.push_back(std::move(piece));
  return true;
}

std::string Section::text() const {
  if (pieces.empty()) return {};
  std::string out = heading;
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    if (i > 0) out += separator;
    out += pieces[i].text;
  }
  return out + "\n";
}

nlohmann::json Section::json() const {
  nlohmann::json out = nlohmann::json::array();
  for (const Piece& piece : pieces)
    out.push_back(piece.json);
  return out;
}

void fill(Composer& composer, std::vector<Queue>& queues) {
  for (;;) {
    Queue* turn = nullptr;
    for (Queue& queue : queues) {
      if (!queue.open) continue;
      if (turn == nullptr || static_cast<double>(queue.section->spent) / queue.section->weight <
                                 static_cast<double>(turn->section->spent) / turn->section->weight)
        turn = &queue;
    }
    if (turn == nullptr) return;
    if (!turn->step(composer, *turn->section)) turn->open = false;
  }
}

}  // namespace sparqlmcp::void_::summary
