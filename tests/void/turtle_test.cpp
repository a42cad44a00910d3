#include "sparqlmcp/void/turtle.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <fstream>
#include <random>
#include <set>
#include <sstream>

#include "sample_descriptions.hpp"
#include "sparqlmcp/engine/evaluator.hpp"
#include "sparqlmcp/engine/store.hpp"
#include "sparqlmcp/rdf/iri.hpp"
#include "sparqlmcp/rdf/reader.hpp"
#include "sparqlmcp/sparql/parser.hpp"
#include "support/error_matchers.hpp"

using namespace sparqlmcp;
using namespace sparqlmcp::void_;
using sparqlmcp::test::is_error;
using sparqlmcp::void_::test::generated_description;
using sparqlmcp::void_::test::sample_description;

namespace {

const std::string kEx = "http://example.org/ontology#";
const std::string kXsd = "http://www.w3.org/2001/XMLSchema#";

std::string fixture(const std::string& name) {
  const std::string path = std::string(SPARQLMCP_SOURCE_DIR) + "/tests/void/data/" + name;
  std::ifstream in(path);
  REQUIRE(in);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::optional<Description> read_fixture(const std::string& name, const std::string& endpoint,
                                        ReadNotes* notes = nullptr) {
  return read_void_turtle(fixture(name), endpoint, name, notes);
}

std::vector<rdf::Triple> triples_of(const std::string& turtle) {
  std::vector<rdf::Triple> triples;
  for (const rdf::Quad& q : rdf::parse_rdf(turtle, rdf::RdfSyntax::Turtle, "", "written"))
    triples.push_back(rdf::Triple{q.subject, q.predicate, q.object});
  return triples;
}

const ClassProperty* find_property(const ClassPartition& c, const std::string& iri) {
  for (const ClassProperty& p : c.properties)
    if (p.property == iri) return &p;
  return nullptr;
}

bool mentions(const ReadNotes& notes, const std::string& part) {
  return std::any_of(notes.skipped.begin(), notes.skipped.end(),
                     [&](const std::string& s) { return s.find(part) != std::string::npos; });
}

// Rows of a SELECT evaluated by the embedded engine over `turtle`, each row as "a|b|c" with
// unbound values empty, sorted.
std::vector<std::string> select(const std::string& turtle, const std::string& query) {
  engine::Store store;
  store.load_text(turtle, rdf::RdfSyntax::Turtle, "", "written");
  const auto outcome = engine::evaluate_query(sparql::parse_query(query), store);
  std::vector<std::string> rows;
  for (const auto& row : outcome.results.rows) {
    std::string line;
    for (std::size_t i = 0; i < row.size(); ++i) {
      if (i) line += "|";
      if (row[i]) line += row[i]->value;
    }
    rows.push_back(line);
  }
  std::sort(rows.begin(), rows.end());
  return rows;
}

}  // namespace

TEST_CASE("Writing a description and reading it back gives an equal description", "[void]") {
  const Description d = sample_description();
  const std::string turtle = write_turtle(d);
  ReadNotes notes;
  const auto back = read_void(triples_of(turtle), d.endpoint, &notes);
  REQUIRE(back.has_value());
  CHECK(notes.skipped.empty());
  CHECK(notes.datasets == 1);
  // Member by member first, so a failure says which part differs.
  CHECK(back->endpoint == d.endpoint);
  CHECK(back->id == d.id);
  CHECK(back->triples == d.triples);
  CHECK(back->class_count == d.class_count);
  CHECK(back->prefixes == d.prefixes);
  CHECK(back->uri_spaces == d.uri_spaces);
  CHECK(back->uri_patterns == d.uri_patterns);
  CHECK(back->properties == d.properties);
  REQUIRE(back->classes.size() == d.classes.size());
  for (std::size_t i = 0; i < d.classes.size(); ++i)
    CHECK(back->classes[i] == d.classes[i]);
  CHECK(back->provenance.missing == d.provenance.missing);
  CHECK(back->provenance.started == d.provenance.started);
  CHECK(back->provenance == d.provenance);
  CHECK(*back == d);

  // Also with no endpoint given: the dataset's own void:sparqlEndpoint.
  CHECK(read_void(triples_of(turtle), "") == d);
}

TEST_CASE(
    "A description with every count unknown and every provenance field empty survives the round "
    "trip",
    "[void]") {
  Description d;
  d.id = "x";
  d.provenance.origin = Provenance::Origin::Retrieved;
  const auto back = read_void(triples_of(write_turtle(d)), "");
  REQUIRE(back.has_value());
  CHECK(*back == d);

  d.provenance.origin = Provenance::Origin::InProcess;
  d.provenance.missing = {{"everything", "", "the endpoint was down"}};
  CHECK(read_void(triples_of(write_turtle(d)), "") == d);
}

TEST_CASE("Generated descriptions of 20 and 2,000 classes survive the round trip", "[void]") {
  for (std::size_t classes : {std::size_t{20}, std::size_t{2000}}) {
    const Description d = generated_description(classes);
    const auto back = read_void(triples_of(write_turtle(d)), d.endpoint);
    REQUIRE(back.has_value());
    CHECK(back->classes.size() == classes);
    CHECK(*back == d);
  }
}

TEST_CASE("The written Turtle does not depend on the order of the model's lists", "[void]") {
  const Description d = sample_description();
  Description shuffled = d;
  std::mt19937 random(7);
  std::shuffle(shuffled.classes.begin(), shuffled.classes.end(), random);
  std::shuffle(shuffled.properties.begin(), shuffled.properties.end(), random);
  for (ClassPartition& c : shuffled.classes)
    std::reverse(c.properties.begin(), c.properties.end());
  CHECK(write_turtle(shuffled) == write_turtle(d));
}

TEST_CASE("The written Turtle is self-contained: no @base and only absolute IRIs", "[void]") {
  const std::string turtle = write_turtle(sample_description());
  CHECK(turtle.find("@base") == std::string::npos);
  CHECK(turtle.find("BASE") == std::string::npos);
  CHECK(turtle.rfind("# VoID description of <http://example.org/sparql>", 0) == 0);
  // Parsed with no base IRI at all, every IRI is absolute.
  std::size_t iris = 0;
  for (const rdf::Triple& t : triples_of(turtle))
    for (const rdf::Term* term : {&t.subject, &t.predicate, &t.object})
      if (term->is_iri()) {
        ++iris;
        INFO(term->value);
        CHECK(rdf::is_absolute_iriref(term->value));
      }
  CHECK(iris > 50);
  // Only the dataset has a label; every other node is nested where it is used.
  CHECK(turtle.find("_:dataset") != std::string::npos);
  CHECK(turtle.find("_:b") == std::string::npos);
}

TEST_CASE("The written Turtle uses the standard VoID shape", "[void]") {
  const std::string turtle = write_turtle(sample_description());
  // Prefixes for the vocabularies and the description's own (ex:, schema:); the description's
  // "void" prefix, which names another namespace, does not replace VoID's.
  CHECK(turtle.find("@prefix void: <http://rdfs.org/ns/void#> .") != std::string::npos);
  CHECK(turtle.find("@prefix ex: <http://example.org/ontology#> .") != std::string::npos);
  CHECK(turtle.find("http://example.org/not-void#") != std::string::npos);  // in sh:declare
  CHECK(turtle.find("@prefix void: <http://example.org/not-void#>") == std::string::npos);
  CHECK(turtle.find("void:class ex:Person") != std::string::npos);
  CHECK(turtle.find("void:triples 1000000") != std::string::npos);  // bare: xsd:integer
  CHECK(turtle.find("prov:startedAtTime \"2026-11-18T") != std::string::npos);
  CHECK(turtle.find(".123456789Z\"^^xsd:dateTime") != std::string::npos);

  // The counts are xsd:integer.
  std::set<std::string> count_types;
  for (const rdf::Triple& t : triples_of(turtle))
    if (t.predicate.value == "http://rdfs.org/ns/void#triples" ||
        t.predicate.value == "http://rdfs.org/ns/void#entities")
      count_types.insert(t.object.datatype);
  CHECK(count_types == std::set<std::string>{kXsd + "integer"});
}

TEST_CASE("sparql-llm's schema query reads the written Turtle as it is", "[void]") {
  // GET_VOID_DESC of sib-swiss/sparql-llm (src/sparql_llm/utils.py), the query of the SIB
  // sparql-guidelines, evaluated by the embedded engine.
  const std::string query = R"(
PREFIX void: <http://rdfs.org/ns/void#>
PREFIX void-ext: <http://ldf.fi/void-ext#>
SELECT DISTINCT ?subjectClass ?prop ?objectClass ?objectDatatype
WHERE {
  {
    ?cp void:class ?subjectClass ;
        void:propertyPartition ?pp .
    ?pp void:property ?prop .
    OPTIONAL {
      {
        ?pp void:classPartition [ void:class ?objectClass ] .
      } UNION {
        ?pp void-ext:datatypePartition [ void-ext:datatype ?objectDatatype ] .
      }
    }
  } UNION {
    ?linkset void:subjectsTarget [ void:class ?subjectClass ] ;
      void:linkPredicate ?prop ;
      void:objectsTarget [ void:class ?objectClass ] .
  }
})";
  const std::string person = kEx + "Person";
  const std::string rdf = "http://www.w3.org/1999/02/22-rdf-syntax-ns#";
  CHECK(select(write_turtle(sample_description()), query) ==
        std::vector<std::string>{
            person + "|" + kEx + "knows|" + person + "|",
            person + "|" + kEx + "knows|" + kEx + "Robot|",
            person + "|" + kEx + "name||" + rdf + "langString",
            person + "|" + kEx + "name||" + kXsd + "string",
            person + "|" + rdf + "type||",
            "http://example.org/ontology/Ünïcode%20Class|http://example.org/ontology#p||",
        });

  // sparql-llm's prefix query (sparql_void_shapes_loader.py) finds the prefixes.
  CHECK(select(write_turtle(sample_description()),
               "PREFIX sh: <http://www.w3.org/ns/shacl#> SELECT DISTINCT ?prefix ?namespace "
               "WHERE { [] sh:namespace ?namespace ; sh:prefix ?prefix . }") ==
        std::vector<std::string>{"ex|http://example.org/ontology#", "schema|https://schema.org/",
                                 "void|http://example.org/not-void#"});
}

TEST_CASE("Comunica's VoID reader finds exactly one dataset with its triples in the written Turtle",
          "[void]") {
  // ActorRdfMetadataExtractVoid takes every subject typed void:Dataset or sd:Graph, drops the
  // objects of void:classPartition and void:propertyPartition, and keeps those with void:triples.
  const std::string query = R"(
PREFIX void: <http://rdfs.org/ns/void#>
PREFIX sd: <http://www.w3.org/ns/sparql-service-description#>
SELECT ?triples WHERE {
  { ?d a void:Dataset } UNION { ?d a sd:Graph }
  ?d void:triples ?triples .
  FILTER NOT EXISTS { [] void:classPartition|void:propertyPartition ?d }
})";
  CHECK(select(write_turtle(sample_description()), query) == std::vector<std::string>{"1000000"});
}

TEST_CASE(
    "A void-generator service description gives the default graph's totals and the named graphs' "
    "partitions",
    "[void]") {
  ReadNotes notes;
  const auto d = read_fixture("void_generator_sd.ttl", "https://example.org/sparql/", &notes);
  REQUIRE(d.has_value());
  CHECK(notes.datasets == 1);
  CHECK_FALSE(notes.merged);
  CHECK(notes.skipped.empty());
  CHECK(d->endpoint == "https://example.org/sparql/");  // as asked, not as published
  CHECK(d->triples == 1500u);
  CHECK(d->distinct_subjects == 180u);
  CHECK(d->distinct_objects == 700u);
  CHECK_FALSE(d->class_count.has_value());  // 2 + 2 named-graph classes cannot be added

  REQUIRE(d->classes.size() == 3);
  CHECK(d->classes[0].class_iri == kEx + "Person");
  CHECK(d->classes[0].entities == 110u);  // 100 in one graph, 10 in the other
  CHECK(d->classes[1].class_iri == kEx + "Place");
  CHECK(d->classes[2].class_iri == kEx + "Organization");

  const ClassPartition& person = d->classes[0];
  CHECK(person.properties_known);
  REQUIRE(person.properties.size() == 5);
  const ClassProperty* works_for = find_property(person, kEx + "worksFor");
  REQUIRE(works_for != nullptr);
  // Told twice (nested partition and linkset), counted once.
  CHECK(works_for->object_classes ==
        std::map<std::string, std::uint64_t>{{kEx + "Organization", 80}});
  CHECK(works_for->distinct_objects == 20u);
  const ClassProperty* label = find_property(person, kEx + "label");
  REQUIRE(label != nullptr);
  CHECK(label->datatypes == std::map<std::string, std::uint64_t>{
                                {"http://www.w3.org/1999/02/22-rdf-syntax-ns#langString", 50}});
  CHECK(label->languages == std::map<std::string, std::uint64_t>{{"de", 20}, {"en", 30}});
  const ClassProperty* born_in = find_property(person, kEx + "bornIn");
  REQUIRE(born_in != nullptr);
  CHECK(born_in->object_classes == std::map<std::string, std::uint64_t>{{kEx + "Place", 10}});
  CHECK(find_property(person, kEx + "name")->datatypes ==
        std::map<std::string, std::uint64_t>{{kXsd + "string", 100}});

  // The link only a linkset tells, with no count (0 = unknown).
  const ClassProperty* has_member = find_property(d->classes[2], kEx + "hasMember");
  REQUIRE(has_member != nullptr);
  CHECK(has_member->object_classes == std::map<std::string, std::uint64_t>{{kEx + "Person", 0}});
  CHECK_FALSE(has_member->triples.has_value());

  // Dataset-level property partitions: added across graphs; a distinct count of a property
  // both graphs use is lost, one only one graph uses is kept.
  REQUIRE(d->properties.size() == 6);
  const PropertyPartition* name = d->find_property(kEx + "name");
  REQUIRE(name != nullptr);
  CHECK(name->triples == 170u);
  CHECK_FALSE(name->distinct_subjects.has_value());
  const PropertyPartition* population = d->find_property(kEx + "population");
  CHECK(population->distinct_objects == 38u);
  CHECK(d->properties[0].property == "http://www.w3.org/1999/02/22-rdf-syntax-ns#type");
  CHECK(d->properties[0].triples == 180u);
}

TEST_CASE("Plain VoID with only totals gives a description without partitions", "[void]") {
  const auto d = read_fixture("plain_totals.ttl", "");
  REQUIRE(d.has_value());
  CHECK(d->endpoint == "http://example.org/sparql");
  CHECK(d->triples == 12345u);
  CHECK(d->distinct_subjects == 1000u);  // xsd:int
  CHECK(d->distinct_objects == 4321u);   // xsd:nonNegativeInteger
  CHECK(d->class_count == 7u);           // xsd:integer
  CHECK(d->property_count == 9u);        // xsd:long
  CHECK(d->classes.empty());
  CHECK(d->properties.empty());
  CHECK(d->id.empty());
  CHECK(d->provenance == Provenance{});
}

TEST_CASE("Linksets between class partitions become the links of the subject class", "[void]") {
  ReadNotes notes;
  const auto d = read_fixture("linksets.ttl", "http://example.org/library/sparql", &notes);
  REQUIRE(d.has_value());
  REQUIRE(d->classes.size() == 2);
  const ClassPartition& book = d->classes[0];
  CHECK(book.class_iri == kEx + "Book");
  CHECK(book.entities == 300u);
  CHECK(book.properties_known);
  REQUIRE(book.properties.size() == 2);
  CHECK(find_property(book, kEx + "writtenBy")->object_classes ==
        std::map<std::string, std::uint64_t>{{kEx + "Author", 310}});
  CHECK(find_property(book, kEx + "publishedBy")->object_classes ==
        std::map<std::string, std::uint64_t>{{kEx + "Publisher", 0}});
  const ClassPartition& author = d->classes[1];
  CHECK(author.entities == 120u);
  CHECK(find_property(author, kEx + "bornIn")->object_classes ==
        std::map<std::string, std::uint64_t>{{kEx + "City", 95}});
  // The dataset-to-dataset linkset is not a class link.
  CHECK(mentions(
      notes, "<http://example.org/void#library-to-geonames> does not link two class partitions"));
}

TEST_CASE("Of two datasets, the one whose endpoint is asked for is chosen, compared tolerantly",
          "[void]") {
  ReadNotes notes;
  const auto films = read_fixture("two_datasets.ttl", "http://EXAMPLE.org:80/films/sparql", &notes);
  REQUIRE(films.has_value());
  CHECK(notes.datasets == 2);
  CHECK_FALSE(notes.merged);
  CHECK(films->triples == 5000u);
  CHECK(films->distinct_subjects == 800u);
  CHECK(films->classes.size() == 2);
  CHECK(films->find_class(kEx + "Film") != nullptr);
  CHECK(films->endpoint == "http://EXAMPLE.org:80/films/sparql");

  const auto music = read_fixture("two_datasets.ttl", "https://example.org/music/sparql/");
  REQUIRE(music.has_value());
  CHECK(music->triples == 3000u);
  CHECK(music->find_class(kEx + "Album") != nullptr);
}

TEST_CASE("Of two datasets neither of which names the endpoint, both are merged", "[void]") {
  for (const std::string endpoint : {"http://example.org/other/sparql", ""}) {
    ReadNotes notes;
    const auto d = read_fixture("two_datasets.ttl", endpoint, &notes);
    REQUIRE(d.has_value());
    CHECK(notes.merged);
    CHECK(d->triples == 8000u);                     // added
    CHECK_FALSE(d->distinct_subjects.has_value());  // cannot be added
    CHECK_FALSE(d->class_count.has_value());
    REQUIRE(d->classes.size() == 3);
    CHECK(d->classes[0].class_iri == kEx + "Film");
    CHECK(d->classes[1].class_iri == kEx + "Album");
    CHECK(d->classes[2].class_iri == kEx + "Person");
    CHECK(d->classes[2].entities == 300u);
    REQUIRE(d->properties.size() == 1);
    CHECK(d->properties[0].triples == 1000u);
    CHECK_FALSE(d->properties[0].distinct_subjects.has_value());
    // Without an endpoint asked for, the first dataset's endpoint names the description.
    CHECK(d->endpoint == (endpoint.empty() ? "https://example.org/films/sparql/" : endpoint));
  }
}

TEST_CASE(
    "URI spaces and patterns are read per dataset; a merge keeps them only if every part has one",
    "[void]") {
  const auto people = read_fixture("uri_spaces.ttl", "http://example.org/people/sparql");
  REQUIRE(people.has_value());
  CHECK(people->uri_spaces ==
        std::vector<std::string>{"http://example.org/group/", "http://example.org/person/"});
  CHECK(people->uri_patterns.empty());
  const auto places = read_fixture("uri_spaces.ttl", "http://example.org/places/sparql");
  REQUIRE(places.has_value());
  CHECK(places->uri_spaces.empty());
  CHECK(places->uri_patterns == std::vector<std::string>{"^http://example\\.org/(city|country)/"});
  const auto things = read_fixture("uri_spaces.ttl", "http://example.org/things/sparql");
  REQUIRE(things.has_value());
  CHECK(things->uri_spaces.empty());
  CHECK(things->uri_patterns.empty());

  // All three merged: the third may hold any IRI, so the whole may too.
  ReadNotes notes;
  const auto all = read_fixture("uri_spaces.ttl", "", &notes);
  REQUIRE(all.has_value());
  CHECK(notes.merged);
  CHECK(all->uri_spaces.empty());
  CHECK(all->uri_patterns.empty());

  // Two that both declare: the union.
  const auto both = read_void(triples_of(R"(
    @prefix void: <http://rdfs.org/ns/void#> .
    <http://example.org/a> a void:Dataset ; void:triples 1 ; void:uriSpace "http://a.example/" .
    <http://example.org/b> a void:Dataset ; void:triples 2 ; void:uriRegexPattern "^urn:b:" .
  )"),
                              "");
  REQUIRE(both.has_value());
  CHECK(both->uri_spaces == std::vector<std::string>{"http://a.example/"});
  CHECK(both->uri_patterns == std::vector<std::string>{"^urn:b:"});
}

TEST_CASE("Malformed counts and partitions are skipped, the rest is read", "[void][error]") {
  ReadNotes notes;
  const auto d = read_fixture("malformed_counts.ttl", "http://example.org/sparql", &notes);
  REQUIRE(d.has_value());
  CHECK_FALSE(d->triples.has_value());
  CHECK_FALSE(d->distinct_subjects.has_value());
  CHECK_FALSE(d->distinct_objects.has_value());
  CHECK_FALSE(d->class_count.has_value());
  CHECK_FALSE(d->property_count.has_value());

  REQUIRE(d->classes.size() == 2);
  CHECK(d->classes[0].class_iri == kEx + "Good");
  CHECK(d->classes[0].entities == 8u);  // xsd:unsignedInt
  REQUIRE(d->classes[0].properties.size() == 1);
  const ClassProperty& p = d->classes[0].properties[0];
  CHECK(p.object_classes == std::map<std::string, std::uint64_t>{{kEx + "Target", 0}});
  CHECK(p.datatypes.empty());  // "xsd:string" is a literal, not a datatype IRI
  CHECK(d->classes[1].class_iri == kEx + "Loop");
  CHECK(d->classes[1].entities == 2u);
  CHECK(d->classes[1].properties.empty());
  CHECK_FALSE(d->classes[1].properties_known);

  REQUIRE(d->properties.size() == 1);
  CHECK(d->properties[0].property == kEx + "p");
  CHECK(d->properties[0].triples == 42u);                      // " 42 ": blanks collapse
  CHECK(d->properties[0].distinct_subjects == 7u);             // "+7"
  CHECK_FALSE(d->properties[0].distinct_objects.has_value());  // 3 and 4

  const std::string odd = "<http://example.org/void#odd>";
  CHECK(mentions(notes, "void:triples of " + odd + " is not a count: \"many\""));
  CHECK(mentions(
      notes, "void:distinctSubjects of " + odd + " is not a count: \"-5\"^^<" + kXsd + "integer>"));
  CHECK(mentions(
      notes, "void:distinctObjects of " + odd + " is not a count: \"1.5\"^^<" + kXsd + "decimal>"));
  CHECK(mentions(notes, "void:classes of " + odd + " is not a count: \"12\""));
  CHECK(mentions(notes,
                 "void:properties of " + odd + " is not a count: \"99999999999999999999999\""));
  CHECK(mentions(notes, "void:classPartition of " + odd + " is a literal: \"not a node\""));
  CHECK(
      mentions(notes, "void:class of <http://example.org/void#cp-two-classes> has several values"));
  CHECK(mentions(notes, "void:class of <http://example.org/void#cp-literal-class> is not an IRI"));
  CHECK(mentions(
      notes,
      "property partition <http://example.org/void#cp-loop> has no single void:property IRI"));
  CHECK(mentions(notes, "void:triples of _:"));  // "lots" on a blank node
  CHECK(mentions(notes, "void-ext:datatype of _:"));
  CHECK(mentions(notes, "has several values"));
  CHECK(notes.skipped_total == notes.skipped.size());
}

TEST_CASE("Triples without VoID give no description", "[void]") {
  CHECK_FALSE(read_void({}, "http://example.org/sparql").has_value());
  // A Virtuoso-like service description: an endpoint and features, no dataset statistics.
  const std::string sd = R"(
@prefix sd: <http://www.w3.org/ns/sparql-service-description#> .
[] a sd:Service ; sd:endpoint <http://127.0.0.1:8890/sparql> ;
   sd:feature sd:UnionDefaultGraph, sd:DereferencesURIs ;
   sd:supportedLanguage sd:SPARQL10Query .
<http://example.org/void#ds> a <http://rdfs.org/ns/void#Dataset> ;
   <http://rdfs.org/ns/void#sparqlEndpoint> <http://127.0.0.1:8890/sparql> .
)";
  ReadNotes notes;
  CHECK_FALSE(read_void_turtle(sd, "http://127.0.0.1:8890/sparql", "sd", &notes).has_value());
  CHECK(notes.datasets == 0);
  // A dataset whose only count is malformed says nothing either.
  CHECK_FALSE(read_void_turtle("<http://x/d> <http://rdfs.org/ns/void#triples> \"lots\" .", "", "x")
                  .has_value());
}

TEST_CASE("Turtle that does not parse is a syntax error with its position", "[void][error]") {
  CHECK_THROWS_MATCHES(read_void_turtle("@prefix void: <http://rdfs.org/ns/void#> .\n"
                                        "<http://x/d> void:triples 3 ;\n  void:classes .\n",
                                        "", "void-cache/x.ttl"),
                       Exception,
                       is_error(ErrorKind::Syntax)
                           .at(3, 17)
                           .from_source("void-cache/x.ttl")
                           .with_message("expected digit"));
}

TEST_CASE("A subset stands for its umbrella dataset when that has no statistics of its own",
          "[void]") {
  const std::string turtle = R"(
@prefix void: <http://rdfs.org/ns/void#> .
<http://example.org/void#all> a void:Dataset ;
  void:sparqlEndpoint <http://example.org/sparql> ;
  void:subset <http://example.org/void#en> .
<http://example.org/void#en> a void:Dataset ; void:triples 42 ;
  void:classPartition [ void:class <http://example.org/C> ; void:entities 4 ] .
<http://example.org/void#other> a void:Dataset ; void:triples 7 ;
  void:sparqlEndpoint <http://example.org/other> .
)";
  ReadNotes notes;
  const auto d = read_void_turtle(turtle, "http://example.org/sparql", "t", &notes);
  REQUIRE(d.has_value());
  CHECK(notes.datasets == 2);
  CHECK(d->triples == 42u);
  CHECK(d->classes.size() == 1);
}

TEST_CASE("Provenance times are read as xsd:dateTime in any time zone; odd ones are skipped",
          "[void]") {
  using namespace std::chrono;
  const auto read_times = [](const std::string& started, const std::string& ended,
                             ReadNotes* notes = nullptr) {
    const std::string turtle =
        "@prefix prov: <http://www.w3.org/ns/prov#> .\n"
        "@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .\n"
        "_:d a <http://rdfs.org/ns/void#Dataset> ; prov:wasGeneratedBy [\n"
        "  prov:startedAtTime \"" +
        started +
        "\"^^xsd:dateTime ;\n"
        "  prov:endedAtTime \"" +
        ended + "\"^^xsd:dateTime ] .\n";
    const auto d = read_void_turtle(turtle, "", "t", notes);
    REQUIRE(d.has_value());
    return std::pair{d->provenance.started, d->provenance.finished};
  };
  const SystemTime base = sys_days(year(2026) / 1 / 2) + hours(3) + minutes(4) + seconds(5);
  CHECK(read_times("2026-01-02T05:04:05+02:00", "2026-01-02T03:04:05") == std::pair{base, base});
  CHECK(read_times("2026-01-01T24:00:00Z", "2026-01-02T03:04:05.5Z") ==
        std::pair{SystemTime(sys_days(year(2026) / 1 / 2)), base + milliseconds(500)});
  CHECK(read_times("1969-12-31T23:59:59.000000001Z", "2026-01-01T23:34:05-03:30").first ==
        SystemTime(nanoseconds(-999999999)));

  ReadNotes notes;
  CHECK(read_times("2026-02-30T00:00:00Z", "yesterday", &notes) ==
        std::pair{SystemTime{}, SystemTime{}});
  CHECK(mentions(notes, "prov:startedAtTime of _:"));
  CHECK(mentions(notes, "is not an xsd:dateTime: 2026-02-30T00:00:00Z"));
  CHECK(mentions(notes, "is not an xsd:dateTime: yesterday"));
  // Beyond the clock's range (nanoseconds in 64 bits: 1677-09-21T00:12:43.145224192Z to
  // 2262-04-11T23:47:16.854775807Z).
  CHECK(read_times("1677-09-21T00:12:43.145224191Z", "2262-04-11T23:47:16.854775808Z") ==
        std::pair{SystemTime{}, SystemTime{}});
  CHECK(read_times("1677-09-21T00:12:43.145224192Z", "2262-04-11T23:47:16.854775807Z") ==
        std::pair{SystemTime::min(), SystemTime::max()});

  // Before 1970 and with every fractional digit, and the clock's ends, written and read back.
  Description d;
  d.provenance.started = SystemTime(nanoseconds(-86400LL * 365 * 1000000000 - 1));
  d.provenance.finished = SystemTime(nanoseconds(1));
  CHECK(read_void(triples_of(write_turtle(d)), "") == d);
  d.provenance.started = SystemTime::min();
  d.provenance.finished = SystemTime::max();
  CHECK(read_void(triples_of(write_turtle(d)), "") == d);
}
