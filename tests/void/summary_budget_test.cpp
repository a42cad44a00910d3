#include "sparqlmcp/void/summary.hpp"

#include <catch2/catch.hpp>
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "json_schema_check.hpp"
#include "random_description.hpp"
#include "sparqlmcp/util/text.hpp"

using namespace sparqlmcp;
using namespace sparqlmcp::void_;
using namespace sparqlmcp::void_::test;

namespace {

// The prefixed names a structured summary uses, to check each is declared.
void collect_names(const nlohmann::json& value, std::vector<std::string>& out) {
  if (value.is_object()) {
    for (const auto& [key, member] : value.items()) {
      if ((key == "class" || key == "property" || key == "name") && member.is_string())
        out.push_back(member.get<std::string>());
      else if ((key == "matches" || key == "closest" || key == "subjects") && member.is_array())
        for (const auto& name : member)
          out.push_back(name.get<std::string>());
      else if (key != "prefixes")
        collect_names(member, out);
    }
  } else if (value.is_array()) {
    for (const auto& member : value)
      collect_names(member, out);
  }
}

}  // namespace

TEST_CASE(
    "Summaries of random descriptions of any size stay within the budget and say what was cut",
    "[void]") {
  std::size_t cut_cases = 0;
  std::size_t longest_json = 0;
  for (std::uint64_t seed = 1; seed <= 60; ++seed) {
    Generator generator(seed);
    const Description d = generator.description();
    for (int round = 0; round < 3; ++round) {
      const SummaryOptions o = generator.options(d);
      INFO("seed " << seed << " round " << round << ": " << d.classes.size() << " classes, "
                   << d.properties.size() << " properties, budget " << o.max_chars << ", "
                   << to_string(o.detail) << ", " << o.classes.size() << " class and "
                   << o.properties.size() << " property filters, status "
                   << to_string(o.status.status));
      const Summary s = summarize(d, o);

      // The budget, whatever the description.
      REQUIRE(text_length(s.text) <= o.max_chars);
      REQUIRE(util::is_valid_utf8(s.text));
      REQUIRE(s.text.back() == '\n');
      CHECK(s.structured["chars"] == text_length(s.text));
      const std::string json = s.structured.dump();  // throws on ill-formed UTF-8
      longest_json = std::max(longest_json, json.size());
      CHECK(schema_violation(s.structured, summary_schema()) == "");

      // The note: present exactly when something was cut, last, and the same in the JSON.
      const std::size_t last_line = s.text.rfind('\n', s.text.size() - 2);
      const std::string last = s.text.substr(last_line == std::string::npos ? 0 : last_line + 1);
      if (s.cut.any()) {
        ++cut_cases;
        CHECK(last.rfind("Cut to fit ", 0) == 0);
        CHECK(s.structured["cut"]["note"].get<std::string>() + "\n" == last);
        CHECK(s.structured["cut"]["shape_entries"] == s.cut.shape_entries);
        std::size_t entries_cut = 0;
        for (const auto& shape : s.structured["shapes"])
          entries_cut += shape.value("properties_cut", std::size_t{0});
        CHECK(entries_cut == s.cut.shape_entries);
      } else {
        CHECK_FALSE(s.structured.contains("cut"));
        CHECK(last.find("Cut to fit") == std::string::npos);
      }

      const bool filtered = !o.classes.empty() || !o.properties.empty();
      if (o.status.status != Status::Missing && !filtered) {
        // Every class is in the list or has a shape, or is counted as cut.
        std::set<std::string> shown;
        for (const auto& c : s.structured.value("classes", nlohmann::json::array()))
          shown.insert(c["class"].get<std::string>());
        for (const auto& c : s.structured["shapes"])
          shown.insert(c["class"].get<std::string>());
        CHECK(shown.size() + s.cut.classes == d.classes.size());
        const std::size_t listed = s.structured.value("properties", nlohmann::json::array()).size();
        // The property partitions, or the properties the class partitions name when there
        // are none.
        std::set<std::string> all_properties;
        for (const auto& p : d.properties)
          all_properties.insert(p.property);
        if (d.properties.empty())
          for (const auto& c : d.classes)
            for (const auto& p : c.properties)
              all_properties.insert(p.property);
        CHECK(listed + s.cut.properties == all_properties.size());
      }

      // Every prefixed name is declared, and exactly the prefixes used are.
      std::vector<std::string> names;
      collect_names(s.structured, names);
      for (const std::string& name : names) {
        if (name.empty() || name[0] == '<') continue;
        const std::string prefix = name.substr(0, name.find(':'));
        INFO(name);
        CHECK(s.structured["prefixes"].contains(prefix));
      }
      for (const auto& [prefix, ns] : s.structured["prefixes"].items())
        CHECK(s.text.find("PREFIX " + prefix + ": <") != std::string::npos);

      // Deterministic.
      CHECK(summarize(d, o).text == s.text);
    }
  }
  // The seeds do exercise the cut (a generator that made only small descriptions would pass
  // the budget check without testing it).
  CHECK(cut_cases > 60);
  WARN("longest structured summary: " << longest_json << " bytes");
}
