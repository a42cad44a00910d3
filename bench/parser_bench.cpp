// parser_bench [N] [path/to/dev.json]: parses the Spider4SPARQL dev corpus N times (default 20)
// and prints queries per second for parsing alone (lexer, parser, checks, algebra) and for
// parsing plus printing back as SPARQL text and SSE.

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "sparqlmcp/sparql/parser.hpp"
#include "sparqlmcp/sparql/serializer.hpp"

int main(int argc, char** argv) {
  using Clock = std::chrono::steady_clock;
  int rounds = argc > 1 ? std::atoi(argv[1]) : 20;
  if (rounds <= 0) rounds = 1;
  std::string path =
      argc > 2 ? argv[2]
               : std::string(SPARQLMCP_SHARED_DIR) + "/spider4sparql/nl_sparql_pairs/dev/dev.json";
  std::ifstream in(path);
  if (!in) {
    std::fprintf(stderr, "cannot open %s\n", path.c_str());
    return 1;
  }
  std::vector<std::string> queries;
  for (const auto& pair : nlohmann::json::parse(in))
    queries.push_back(pair["query"]);
  sparqlmcp::sparql::ParseOptions options;
  options.default_prefixes = {{"", "http://valuenet/ontop/"}};

  std::size_t sink = 0;
  auto start = Clock::now();
  for (int r = 0; r < rounds; ++r)
    for (const auto& q : queries)
      sink += sparqlmcp::sparql::parse_query(q, options).syntax().projection.size();
  double parse_s = std::chrono::duration<double>(Clock::now() - start).count();

  start = Clock::now();
  for (int r = 0; r < rounds; ++r) {
    for (const auto& q : queries) {
      auto parsed = sparqlmcp::sparql::parse_query(q, options);
      sink += sparqlmcp::sparql::serialize_query(parsed).size();
      sink += sparqlmcp::sparql::to_sse(parsed).size();
    }
  }
  double full_s = std::chrono::duration<double>(Clock::now() - start).count();

  double n = static_cast<double>(queries.size()) * rounds;
  std::printf("queries: %zu x %d rounds\n", queries.size(), rounds);
  std::printf("parse (lexer+parser+checks+algebra): %.0f queries/s\n", n / parse_s);
  std::printf("parse + serialize + SSE:             %.0f queries/s\n", n / full_s);
  std::printf("(checksum %zu)\n", sink);
  return 0;
}
