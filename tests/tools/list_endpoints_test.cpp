#include "sparqlmcp/tools/list_endpoints.hpp"

#include <catch2/catch.hpp>

#include "sparqlmcp/catalogue/catalogue.hpp"

using namespace sparqlmcp;

namespace {

catalogue::Catalogue three_entries() {
  catalogue::Catalogue catalogue;
  auto add = [&](std::string id, std::string iri, std::string title, std::string description,
                 std::vector<std::string> keywords, bool in_process) {
    catalogue::Endpoint e;
    e.id = std::move(id);
    e.endpoint_iri = std::move(iri);
    e.title = std::move(title);
    e.description = std::move(description);
    e.keywords = std::move(keywords);
    e.answered_locally = in_process;
    catalogue.add(std::move(e));
  };
  add("pdb", "https://pdb.example.org/sparql", "Protein Data Bank",
      "Three-dimensional structures of proteins and nucleic acids.", {"biology"}, false);
  add("uniprot", "https://uniprot.example.org/sparql", "UniProt",
      "Protein sequences and functions.", {"Enzymes"}, false);
  add("books", "http://example.org/catalogue#books", "Books", "A small dump of novels.", {}, true);
  return catalogue;
}

struct Listing {
  std::vector<std::string> ids;
  std::string text;
  nlohmann::json structured;
};

Listing list(const catalogue::Catalogue& catalogue, const nlohmann::json& arguments) {
  auto tool = tools::make_list_endpoints_tool(catalogue);
  mcp::ToolContext context;
  mcp::ToolResult result = tool->call(arguments, context);
  REQUIRE_FALSE(result.is_error);
  REQUIRE(result.structured);
  Listing listing;
  for (const auto& endpoint : (*result.structured)["endpoints"])
    listing.ids.push_back(endpoint["id"].get<std::string>());
  listing.text = result.content[0]["text"].get<std::string>();
  listing.structured = *result.structured;
  return listing;
}

}  // namespace

TEST_CASE("list_endpoints matches every word of a keyword, in any order", "[tools]") {
  const catalogue::Catalogue catalogue = three_entries();
  using Ids = std::vector<std::string>;
  CHECK(list(catalogue, {{"keyword", "protein structure"}}).ids == Ids{"pdb"});
  CHECK(list(catalogue, {{"keyword", "STRUCTURE   Protein"}}).ids == Ids{"pdb"});
  CHECK(list(catalogue, {{"keyword", "protein, structure"}}).ids == Ids{"pdb"});
  // Words may match in different fields: "biology" is a keyword, "structures" the description.
  CHECK(list(catalogue, {{"keyword", "biology structures"}}).ids == Ids{"pdb"});
  CHECK(list(catalogue, {{"keyword", "protein"}}).ids == Ids{"pdb", "uniprot"});
  Listing none = list(catalogue, {{"keyword", "protein novels"}});
  CHECK(none.ids.empty());
  CHECK(none.text ==
        "No endpoint matches every word of 'protein novels'. 3 endpoints are known: call "
        "list_endpoints without a keyword to see them all.\n");
}

TEST_CASE("list_endpoints says which entries are answered in-process", "[tools]") {
  Listing all = list(three_entries(), nlohmann::json::object());
  REQUIRE(all.ids.size() == 3);
  CHECK(all.structured["endpoints"][0]["answered_in_process"] == false);
  CHECK(all.structured["endpoints"][2]["answered_in_process"] == true);
  CHECK(all.text.find("books | <http://example.org/catalogue#books> | Books | A small dump of "
                      "novels. [RDF dump, answered in-process]\n") != std::string::npos);
}

TEST_CASE("list_endpoints tells agents that every word must match", "[tools]") {
  const catalogue::Catalogue catalogue = three_entries();
  auto tool = tools::make_list_endpoints_tool(catalogue);
  const mcp::ToolDefinition& definition = tool->definition();
  CHECK_THAT(definition.description, Catch::Contains("contains every word of the keyword, in any "
                                                     "order"));
  CHECK(definition.input_schema["properties"]["keyword"]["description"] ==
        "Optional words to filter endpoints by, e.g. 'protein' or 'protein structure'; every "
        "word must match.");
}
