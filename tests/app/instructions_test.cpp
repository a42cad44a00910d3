#include <catch2/catch.hpp>
#include <regex>

#include "sparqlmcp/app/command_line.hpp"
#include "sparqlmcp/app/serve.hpp"

using namespace sparqlmcp;

TEST_CASE(
    "the instructions fit the 2,000 characters clients show, for every tool set, what an "
    "agent must not get wrong first",
    "[app]") {
  for (const char* preset : {"all", "baseline", "descriptions", "void"}) {
    INFO(preset);
    const std::string text = app::server_instructions(app::tool_selection(preset));
    CHECK(text.size() <= 2000);
    const std::size_t must = text.find("Must know:");
    REQUIRE(must != std::string::npos);
    CHECK(must < 200);
    CHECK(text.find("SERVICE <endpoint IRI>") < text.find("Workflow:"));
  }
}

TEST_CASE("the instructions number their steps in order", "[app]") {
  const std::string text = app::server_instructions(app::tool_selection("all"));
  std::vector<int> steps;
  const std::regex step("(^|\\n)(\\d+)\\. ");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), step); it != std::sregex_iterator();
       ++it)
    steps.push_back(std::stoi((*it)[2]));
  CHECK(steps == std::vector<int>{1, 2, 3, 4, 5, 6});
}
