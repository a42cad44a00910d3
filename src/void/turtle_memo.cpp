#include "sparqlmcp/void/turtle_memo.hpp"

#include <algorithm>
#include <utility>

#include "sparqlmcp/void/turtle.hpp"

namespace sparqlmcp::void_ {

TurtleMemo::TurtleMemo(std::size_t capacity, std::size_t max_chars)
    : memo_(capacity, max_chars,
            [](const std::shared_ptr<const std::string>& text) { return text->size(); }) {}

std::shared_ptr<const std::string> TurtleMemo::turtle(
    const std::shared_ptr<const Description>& description) {
  if (auto kept = memo_.find(description.get(), description)) return *kept;
  auto text = std::make_shared<const std::string>(write_turtle(*description));
  memo_.keep(description.get(), description, text);
  return text;
}

}  // namespace sparqlmcp::void_
