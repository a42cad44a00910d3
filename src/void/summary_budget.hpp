#pragma once
// How a summary spends its character budget. The text is made of sections (the class list,
// the property list, the shapes, ...) that grow one piece at a time; a piece is taken only
// when it fits together with the PREFIX lines of the prefixes it is the first to use. Three
// sections compete for what is left: each turn goes to the open section that has spent the
// least for its weight, so on a big description the shapes get about three fifths and the
// lists a fifth each, and whatever one section does not need goes to the others. A section
// closes when its next piece (biggest first) does not fit, so nothing smaller jumps ahead of
// something bigger.

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "summary_names.hpp"
#include "summary_render.hpp"

namespace sparqlmcp::void_::summary {

class Composer {
 public:
  Composer(const Names& names, std::size_t limit);

  std::size_t remaining() const { return used_ >= limit_ ? 0 : limit_ - used_; }
  // Takes `units` characters away for something outside the sections (the header, the note).
  void spend(std::size_t units) { used_ += units; }
  // The PREFIX lines `prefixes` would add: those not used yet and not in `seen` (which
  // collects them, so one offer prices each prefix once).
  std::size_t prefix_cost(const std::vector<int>& prefixes, std::vector<int>& seen) const;
  void use_prefixes(const std::vector<int>& prefixes);

  // "PREFIX name: <ns>\n" for every prefix used, by name; and the same as a JSON object.
  std::string prefix_lines() const;
  nlohmann::json prefix_json() const;

 private:
  std::size_t prefix_line_length(int index) const;
  std::string prefix_line(int index) const;

  const Names& names_;
  std::size_t limit_;
  std::size_t used_ = 0;
  std::vector<bool> used_prefix_;
};

struct Section {
  std::string heading;    // precedes the first piece ("Classes by instances (20): ")
  std::string separator;  // between pieces (" · " or "\n")
  double weight = 1;
  std::vector<Piece> pieces;
  std::size_t spent = 0;
  // The most the section may spend (missing parts and the filter report take a share).
  std::size_t cap = static_cast<std::size_t>(-1);

  // What the section adds besides the next piece's own text.
  std::size_t overhead() const;
  // Takes `piece` when it fits the budget and the cap; false (nothing changes) otherwise.
  bool offer(Composer& composer, Piece piece);
  // heading + pieces joined + "\n", or "" without pieces.
  std::string text() const;
  nlohmann::json json() const;  // the pieces' JSON as an array
};

// A section and how it grows: `step` offers its next piece and returns false when it has none
// left or the next does not fit, which closes it.
struct Queue {
  Section* section = nullptr;
  std::function<bool(Composer&, Section&)> step;
  bool open = true;
};

// Runs the queues' turns until all are closed.
void fill(Composer& composer, std::vector<Queue>& queues);

}  // namespace sparqlmcp::void_::summary
