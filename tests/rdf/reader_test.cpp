#include "sparqlmcp/rdf/reader.hpp"

#include <zlib.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <set>
#include <stdexcept>

#include "sparqlmcp/util/error.hpp"
#include "support/error_matchers.hpp"

using namespace sparqlmcp;
using namespace sparqlmcp::rdf;
using sparqlmcp::test::is_error;

namespace {

constexpr const char* kRdf = "http://www.w3.org/1999/02/22-rdf-syntax-ns#";

// A fresh folder under the system temp dir, removed at the end of the test.
struct TempDir {
  std::filesystem::path path;
  TempDir() {
    path = std::filesystem::temp_directory_path() /
           ("sparqlmcp-rdf-" + std::to_string(::getpid()) + "-" + std::to_string(++counter()));
    std::filesystem::create_directories(path);
  }
  ~TempDir() { std::filesystem::remove_all(path); }
  static int& counter() {
    static int n = 0;
    return n;
  }
  std::filesystem::path write(const std::string& name, const std::string& text) const {
    std::ofstream(path / name, std::ios::binary) << text;
    return path / name;
  }
  std::filesystem::path write_gz(const std::string& name, const std::string& text) const {
    const auto file = path / name;
    gzFile gz = gzopen(file.c_str(), "wb");
    REQUIRE(gz != nullptr);
    REQUIRE(gzwrite(gz, text.data(), static_cast<unsigned>(text.size())) ==
            static_cast<int>(text.size()));
    gzclose(gz);
    return file;
  }
};

}  // namespace

TEST_CASE("Turtle prefixes, base and relative IRIs are expanded", "[rdf]") {
  const auto quads = parse_rdf(
      "@prefix ex: <http://example.org/ns#> .\n"
      "PREFIX : <rel/>\n"
      "<a> ex:p :b .\n"
      "@base <http://other.example/x/> .\n"
      "<c> a ex:Thing .\n",
      RdfSyntax::Turtle, "http://base.example/dir/doc.ttl", "doc.ttl");
  REQUIRE(quads.size() == 2);
  CHECK(quads[0].subject == Term::iri("http://base.example/dir/a"));
  CHECK(quads[0].predicate == Term::iri("http://example.org/ns#p"));
  CHECK(quads[0].object == Term::iri("http://base.example/dir/rel/b"));
  CHECK(quads[0].graph == Term::iri(""));
  CHECK(quads[1].subject == Term::iri("http://other.example/x/c"));
  CHECK(quads[1].predicate == Term::iri(std::string(kRdf) + "type"));
  CHECK(quads[1].object == Term::iri("http://example.org/ns#Thing"));
}

TEST_CASE("without a base IRI relative IRIs stay relative", "[rdf]") {
  const auto quads = parse_rdf("<a> <http://e/p> <b> .", RdfSyntax::Turtle, "", "t");
  REQUIRE(quads.size() == 1);
  CHECK(quads[0].subject == Term::iri("a"));
  CHECK(quads[0].object == Term::iri("b"));
}

TEST_CASE("Turtle literals keep escapes, language tags and datatypes", "[rdf]") {
  const auto quads = parse_rdf(
      "@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .\n"
      "<http://e/s> <http://e/p> \"a\\tb\\n\\\"c\\\" \\u00E9\\U0001F600\", 'single', "
      "\"\"\"long\nline\"\"\", \"chat\"@fr-BE, \"5\"^^xsd:int, 42, -1.5, 1e10, false, "
      "\"plain\"^^xsd:string .",
      RdfSyntax::Turtle, "", "lit.ttl");
  REQUIRE(quads.size() == 10);
  CHECK(quads[0].object == Term::literal("a\tb\n\"c\" \xC3\xA9\xF0\x9F\x98\x80"));
  CHECK(quads[1].object == Term::literal("single"));
  CHECK(quads[2].object == Term::literal("long\nline"));
  CHECK(quads[3].object == Term::literal("chat", "", "fr-BE"));
  CHECK(quads[4].object == Term::literal("5", "http://www.w3.org/2001/XMLSchema#int"));
  CHECK(quads[5].object == Term::literal("42", std::string(kXsdInteger)));
  CHECK(quads[6].object == Term::literal("-1.5", "http://www.w3.org/2001/XMLSchema#decimal"));
  CHECK(quads[7].object == Term::literal("1e10", "http://www.w3.org/2001/XMLSchema#double"));
  CHECK(quads[8].object == Term::literal("false", "http://www.w3.org/2001/XMLSchema#boolean"));
  CHECK(quads[9].object == Term::literal("plain"));
  CHECK(quads[9].object.datatype.empty());
}

TEST_CASE("blank node labels name one node per document and differ between documents", "[rdf]") {
  const std::string text =
      "_:x <http://e/p> _:y .\n"
      "_:y <http://e/p> _:x .\n"
      "<http://e/s> <http://e/q> [ <http://e/r> [] ] .\n";
  const auto first = parse_rdf(text, RdfSyntax::Turtle, "", "a");
  const auto second = parse_rdf(text, RdfSyntax::Turtle, "", "b");
  REQUIRE(first.size() == 4);
  CHECK(first[0].subject.is_blank());
  CHECK(first[0].subject == first[1].object);
  CHECK(first[0].object == first[1].subject);
  CHECK(first[0].subject != first[0].object);
  // [ ... ] introduces a node used as object of the outer triple and subject of the inner one
  CHECK(first[2].object.is_blank());
  CHECK(first[3].subject == first[2].object);
  CHECK(first[3].object.is_blank());
  CHECK(first[3].object != first[3].subject);
  std::set<std::string> labels_first, labels_second;
  for (const auto& q : first)
    for (const auto* t : {&q.subject, &q.object})
      if (t->is_blank()) labels_first.insert(t->value);
  for (const auto& q : second)
    for (const auto* t : {&q.subject, &q.object})
      if (t->is_blank()) labels_second.insert(t->value);
  CHECK(labels_first.size() == 4);
  for (const auto& label : labels_first)
    CHECK_FALSE(labels_second.contains(label));
}

TEST_CASE("a user label that looks like a generated one does not merge with it", "[rdf]") {
  const auto quads = parse_rdf("_:b1 <http://e/p> [] .", RdfSyntax::Turtle, "", "clash.ttl");
  REQUIRE(quads.size() == 1);
  CHECK(quads[0].subject.is_blank());
  CHECK(quads[0].object.is_blank());
  CHECK(quads[0].subject != quads[0].object);
}

TEST_CASE("Turtle collections become rdf:first / rdf:rest chains ending in rdf:nil", "[rdf]") {
  const auto quads =
      parse_rdf("<http://e/s> <http://e/p> (1 \"two\") .", RdfSyntax::Turtle, "", "list.ttl");
  REQUIRE(quads.size() == 5);
  const Term head = quads[0].object;
  CHECK(head.is_blank());
  int found = 0;
  for (const auto& q : quads) {
    if (q.subject == head && q.predicate.value == std::string(kRdf) + "first") {
      CHECK(q.object == Term::literal("1", std::string(kXsdInteger)));
      ++found;
    }
    if (q.predicate.value == std::string(kRdf) + "rest" &&
        q.object.value == std::string(kRdf) + "nil")
      ++found;
    if (q.predicate.value == std::string(kRdf) + "first" && q.object == Term::literal("two"))
      ++found;
  }
  CHECK(found == 3);
  const auto empty = parse_rdf("<http://e/s> <http://e/p> () .", RdfSyntax::Turtle, "", "l");
  REQUIRE(empty.size() == 1);
  CHECK(empty[0].object == Term::iri(std::string(kRdf) + "nil"));
}

TEST_CASE("N-Triples lines with escapes and blank nodes are read", "[rdf]") {
  const auto quads = parse_rdf(
      "<http://e/s> <http://e/p> \"x\\u0041\\\\\"@en .\n"
      "# a comment\n"
      "_:n1 <http://e/p> <http://e/\\u00E9> .\n",
      RdfSyntax::NTriples, "", "x.nt");
  REQUIRE(quads.size() == 2);
  CHECK(quads[0].object == Term::literal("xA\\", "", "en"));
  CHECK(quads[1].subject.is_blank());
  CHECK(quads[1].object == Term::iri("http://e/\xC3\xA9"));
}

TEST_CASE("N-Quads carry their graph, the default graph is the empty IRI", "[rdf]") {
  const auto quads = parse_rdf(
      "<http://e/s> <http://e/p> <http://e/o> <http://e/g> .\n"
      "<http://e/s> <http://e/p> \"v\" .\n",
      RdfSyntax::NQuads, "", "x.nq");
  REQUIRE(quads.size() == 2);
  CHECK(quads[0].graph == Term::iri("http://e/g"));
  CHECK(quads[1].graph == Term::iri(""));
}

TEST_CASE("TriG graphs, GRAPH keyword and default graph triples are read", "[rdf]") {
  const auto quads = parse_rdf(
      "@prefix : <http://e/> .\n"
      ":s :p :o .\n"
      ":g1 { :a :b :c . :a :b :d }\n"
      "GRAPH :g2 { :x :y \"z\"@en }\n",
      RdfSyntax::TriG, "", "x.trig");
  REQUIRE(quads.size() == 4);
  CHECK(quads[0].graph == Term::iri(""));
  CHECK(quads[1].graph == Term::iri("http://e/g1"));
  CHECK(quads[2].object == Term::iri("http://e/d"));
  CHECK(quads[3].graph == Term::iri("http://e/g2"));
  CHECK(quads[3].object == Term::literal("z", "", "en"));
}

TEST_CASE("files are read with their file IRI as base, gzip transparently", "[rdf]") {
  TempDir dir;
  const std::string text = "@prefix ex: <http://e/> .\n<x> ex:p \"caf\xC3\xA9\" .\n";
  const auto plain = parse_rdf_file(dir.write("data.ttl", text));
  const auto packed = parse_rdf_file(dir.write_gz("data.ttl.gz", text));
  REQUIRE(plain.size() == 1);
  REQUIRE(packed.size() == 1);
  CHECK(plain[0].subject.value.starts_with("file:///"));
  CHECK(plain[0].subject.value.ends_with("/x"));
  CHECK(plain[0].object == Term::literal("caf\xC3\xA9"));
  CHECK(packed[0].object == plain[0].object);
  CHECK(packed[0].subject == plain[0].subject);
}

TEST_CASE("a big gzip file is streamed quad by quad", "[rdf]") {
  TempDir dir;
  std::string text;
  const int n = 20000;
  for (int i = 0; i < n; ++i)
    text += "<http://e/s" + std::to_string(i) + "> <http://e/p> \"" + std::to_string(i) + "\" .\n";
  const auto file = dir.write_gz("big.nt.gz", text);
  long count = 0;
  for_each_rdf_quad(file, std::nullopt, [&](const Quad& q) {
    if (count == n - 1) CHECK(q.object == Term::literal(std::to_string(n - 1)));
    ++count;
  });
  CHECK(count == n);
}

TEST_CASE("an explicit syntax overrides the file name", "[rdf]") {
  TempDir dir;
  const auto file =
      dir.write("data.txt", "<http://e/s> <http://e/p> <http://e/o> <http://e/g> .\n");
  const auto quads = parse_rdf_file(file, RdfSyntax::NQuads);
  REQUIRE(quads.size() == 1);
  CHECK(quads[0].graph == Term::iri("http://e/g"));
}

TEST_CASE("a file of unknown extension or a missing file is an invalid argument", "[rdf][error]") {
  TempDir dir;
  const auto file = dir.write("data.txt", "");
  CHECK_THROWS_MATCHES(
      parse_rdf_file(file), Exception,
      is_error(ErrorKind::InvalidArgument).with_message_containing("cannot tell the RDF syntax"));
  CHECK_THROWS_MATCHES(
      parse_rdf_file(dir.path / "missing.ttl"), Exception,
      is_error(ErrorKind::InvalidArgument).with_message_containing("does not exist"));
}

TEST_CASE("a truncated gzip file is reported as unreadable, not as a syntax error",
          "[rdf][error]") {
  TempDir dir;
  std::string text;
  for (int i = 0; i < 5000; ++i)
    text += "<http://e/s> <http://e/p> \"" + std::to_string(i) + "\" .\n";
  const auto file = dir.write_gz("cut.nt.gz", text);
  std::filesystem::resize_file(file, std::filesystem::file_size(file) / 2);
  CHECK_THROWS_MATCHES(parse_rdf_file(file), Exception,
                       is_error(ErrorKind::InvalidArgument).with_message_containing("cannot read"));
}

TEST_CASE("an exception thrown by the sink stops the parse and propagates", "[rdf][error]") {
  int seen = 0;
  CHECK_THROWS_AS(
      for_each_rdf_quad("<http://e/a> <http://e/b> 1, 2, 3 .", RdfSyntax::Turtle, "", "s",
                        [&](const Quad&) {
                          if (++seen == 2) throw std::runtime_error("enough");
                        }),
      std::runtime_error);
  CHECK(seen == 2);
}

TEST_CASE("an empty document has no quads", "[rdf]") {
  CHECK(parse_rdf("", RdfSyntax::Turtle, "", "e").empty());
  CHECK(parse_rdf("# only a comment\n", RdfSyntax::NTriples, "", "e").empty());
  CHECK(parse_rdf("@prefix a: <http://a/> .", RdfSyntax::TriG, "", "e").empty());
}

TEST_CASE("prefix declarations are reported with resolved namespaces", "[rdf]") {
  std::vector<std::pair<std::string, std::string>> prefixes;
  long quads = 0;
  for_each_rdf_quad(
      "@prefix ex: <http://example.org/> .\nPREFIX rel: <sub/>\n@prefix : <#> .\n:a ex:p rel:b .",
      RdfSyntax::Turtle, "http://base.example/doc", "p.ttl", [&](const Quad&) { ++quads; },
      [&](const std::string& name, const std::string& iri) { prefixes.emplace_back(name, iri); });
  CHECK(quads == 1);
  CHECK(prefixes ==
        std::vector<std::pair<std::string, std::string>>{{"ex", "http://example.org/"},
                                                         {"rel", "http://base.example/sub/"},
                                                         {"", "http://base.example/doc#"}});
}
