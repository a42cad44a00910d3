#include "sparqlmcp/void/summary.hpp"

#include <catch2/catch.hpp>
#include <string>

#include "json_schema_check.hpp"
#include "summary_fixtures.hpp"
#include "support/error_matchers.hpp"

using namespace sparqlmcp;
using namespace sparqlmcp::void_;
using namespace sparqlmcp::void_::test;
using Catch::Matchers::Contains;
using sparqlmcp::test::is_error;

namespace {

SummaryOptions cached_two_hours() {
  SummaryOptions o;
  o.status.status = Status::Cached;
  o.status.age = std::chrono::seconds(7300);
  return o;
}

// The summary, after checking what every summary must satisfy.
Summary checked(const Description& d, const SummaryOptions& o) {
  Summary s = summarize(d, o);
  CHECK(text_length(s.text) <= o.max_chars);
  CHECK(s.structured["chars"] == text_length(s.text));
  CHECK(schema_violation(s.structured, summary_schema()) == "");
  return s;
}

std::string first_line(const std::string& text) {
  return text.substr(0, text.find('\n') + 1);
}

}  // namespace

TEST_CASE("A summary lists classes by instances, properties by triples and a shape per class",
          "[void]") {
  const Summary s = checked(people(), cached_two_hours());
  CHECK(
      s.text ==
      R"(people <http://127.0.0.1:7001/sparql>: cached (2 h old) · computed with 12 queries at 2026-11-25 09:12 UTC · 2,195 triples · 3 classes · 9 properties
PREFIX ex: <http://example.org/people/>
PREFIX foaf: <http://xmlns.com/foaf/0.1/>
PREFIX geo: <http://www.w3.org/2003/01/geo/wgs84_pos#>
PREFIX rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
PREFIX xsd: <http://www.w3.org/2001/XMLSchema#>
Classes by instances (3): ex:Person 412 · ex:City 31 · ex:Country 5
Properties by triples (9): rdf:type 448 · foaf:name 443 · ex:livesIn 412 · ex:birthYear 380 · ex:knows 300 · ex:homepage 100 · rdfs:label 50 · ex:country 31 · geo:lat 31
Shapes, biggest class first: Class instances { property values cardinality ; … }. Values are datatypes or → the classes of the linked IRIs (IRI: no known class). Cardinality, values per instance: none exactly one, ? at most one, + one or more, * any number.
ex:Person 412 { ex:livesIn → ex:City ; foaf:name xsd:string ; ex:birthYear xsd:gYear ? ; ex:knows → ex:Person|IRI * ; ex:homepage → IRI ? ; rdfs:label rdf:langString@en,de * }
ex:City 31 { ex:country → ex:Country ; geo:lat xsd:decimal ; foaf:name xsd:string }
)");
  CHECK_FALSE(s.cut.any());
  CHECK_FALSE(s.structured.contains("cut"));

  const nlohmann::json& json = s.structured;
  CHECK(json["status"] == "cached");
  CHECK(json["age_seconds"] == 7300);
  CHECK(json["origin"] == "computed");
  CHECK(json["made_at"] == "2026-11-25T09:12:05Z");
  CHECK(json["triples"] == 2195);
  CHECK(json["prefixes"]["geo"] == kGeo);
  CHECK(json["prefixes"].size() == 6);
  CHECK(json["classes"][2] == nlohmann::json{{"class", "ex:Country"}, {"instances", 5}});
  CHECK(json["properties"][0] == nlohmann::json{{"property", "rdf:type"}, {"triples", 448}});
  REQUIRE(json["shapes"].size() == 2);
  CHECK(json["shapes"][0]["properties"][3] ==
        nlohmann::json::parse(R"({"property": "ex:knows", "cardinality": "*",
          "values": [{"kind": "class", "name": "ex:Person"}, {"kind": "iri"}]})"));
  CHECK(json["shapes"][0]["properties"][5]["values"][0] ==
        nlohmann::json::parse(R"({"kind": "datatype", "name": "rdf:langString",
          "languages": [{"tag": "en"}, {"tag": "de"}]})"));
}

TEST_CASE("detail=full adds triples, distinct subjects and objects, and counts per value type",
          "[void]") {
  SummaryOptions o = cached_two_hours();
  o.detail = Detail::Full;
  const Summary s = checked(people(), o);
  CHECK(
      s.text ==
      R"(people <http://127.0.0.1:7001/sparql>: cached (2 h old) · computed with 12 queries at 2026-11-25 09:12 UTC · 2,195 triples · 3 classes · 9 properties · 448 distinct subjects · 1,100 distinct objects
PREFIX ex: <http://example.org/people/>
PREFIX foaf: <http://xmlns.com/foaf/0.1/>
PREFIX geo: <http://www.w3.org/2003/01/geo/wgs84_pos#>
PREFIX rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
PREFIX xsd: <http://www.w3.org/2001/XMLSchema#>
Classes by instances (3): ex:Person 412 · ex:City 31 · ex:Country 5
Properties by triples, with distinct subjects and objects (9):
rdf:type 448 triples · 448 subjects · 3 objects
foaf:name 443 triples · 443 subjects · 431 objects
ex:livesIn 412 triples · 412 subjects · 31 objects
ex:birthYear 380 triples · 380 subjects · 70 objects
ex:knows 300 triples · 200 subjects · 150 objects
ex:homepage 100 triples · 100 subjects · 100 objects
rdfs:label 50 triples · 40 subjects · 50 objects
ex:country 31 triples · 31 subjects · 5 objects
geo:lat 31 triples · 31 subjects · 30 objects
Shapes, biggest class first: Class instances, then per property: values (with their triples) cardinality · triples · distinct subjects · distinct objects. Values are datatypes or → the classes of the linked IRIs (IRI: no known class). Cardinality, values per instance: none exactly one, ? at most one, + one or more, * any number.
ex:Person 412 instances:
  ex:livesIn → ex:City 412 · 412 triples · 412 subjects · 31 objects
  foaf:name xsd:string 412 · 412 triples · 412 subjects · 400 objects
  ex:birthYear xsd:gYear 380 ? · 380 triples · 380 subjects · 70 objects
  ex:knows → ex:Person 290|IRI * · 300 triples · 200 subjects · 150 objects
  ex:homepage → IRI 100 ? · 100 triples · 100 subjects · 100 objects
  rdfs:label rdf:langString@en 30,de 20 * · 50 triples · 40 subjects · 50 objects
ex:City 31 instances:
  ex:country → ex:Country 31 · 31 triples · 31 subjects · 5 objects
  geo:lat xsd:decimal 31 · 31 triples · 31 subjects · 30 objects
  foaf:name xsd:string 31 · 31 triples · 31 subjects · 31 objects
)");
  CHECK(s.structured["distinct_objects"] == 1100);
  CHECK(s.structured["properties"][4] ==
        nlohmann::json::parse(R"({"property": "ex:knows", "triples": 300,
          "distinct_subjects": 200, "distinct_objects": 150})"));
  CHECK(s.structured["shapes"][0]["properties"][3] ==
        nlohmann::json::parse(R"({"property": "ex:knows", "cardinality": "*", "triples": 300,
          "distinct_subjects": 200, "distinct_objects": 150, "values": [
          {"kind": "class", "name": "ex:Person", "triples": 290}, {"kind": "iri"}]})"));
}

TEST_CASE("A class filter shows the classes asked for and the closest names for unknown ones",
          "[void]") {
  SummaryOptions o = cached_two_hours();
  o.classes = {"persn", "foaf:name", "city"};
  const Summary s = checked(people(), o);
  CHECK(
      s.text ==
      R"(people <http://127.0.0.1:7001/sparql>: cached (2 h old) · computed with 12 queries at 2026-11-25 09:12 UTC · 2,195 triples · 3 classes · 9 properties
PREFIX ex: <http://example.org/people/>
PREFIX foaf: <http://xmlns.com/foaf/0.1/>
PREFIX geo: <http://www.w3.org/2003/01/geo/wgs84_pos#>
PREFIX xsd: <http://www.w3.org/2001/XMLSchema#>
Asked for as classes: persn: no such class; closest: ex:Person · foaf:name: not a class but a property · city → ex:City
Classes asked for: Class instances { property values cardinality ; … }. Values are datatypes or → the classes of the linked IRIs (IRI: no known class). Cardinality, values per instance: none exactly one, ? at most one, + one or more, * any number.
ex:City 31 { ex:country → ex:Country ; geo:lat xsd:decimal ; foaf:name xsd:string }
)");
  CHECK(s.structured["filters"]["classes"] == nlohmann::json::parse(R"([
    {"value": "persn", "matches": [], "closest": ["ex:Person"]},
    {"value": "foaf:name", "matches": [], "names_other_kind": true},
    {"value": "city", "matches": ["ex:City"], "matched_by": "local name"}])"));
  CHECK_FALSE(s.structured.contains("classes"));
  CHECK_FALSE(s.structured.contains("properties"));
}

TEST_CASE("A property filter shows which classes use the properties asked for, and how", "[void]") {
  SummaryOptions o = cached_two_hours();
  o.properties = {"ex:knows", "LABEL"};
  const Summary s = checked(people(), o);
  CHECK(
      s.text ==
      R"(people <http://127.0.0.1:7001/sparql>: cached (2 h old) · computed with 12 queries at 2026-11-25 09:12 UTC · 2,195 triples · 3 classes · 9 properties
PREFIX ex: <http://example.org/people/>
PREFIX rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
Asked for as properties: LABEL → rdfs:label
Properties asked for: ex:knows 300 · rdfs:label 50
Classes whose instances use these properties, biggest first: Class instances { property values cardinality ; … }. Values are datatypes or → the classes of the linked IRIs (IRI: no known class). Cardinality, values per instance: none exactly one, ? at most one, + one or more, * any number.
ex:Person 412 { ex:knows → ex:Person|IRI * ; rdfs:label rdf:langString@en,de * }
)");
}

TEST_CASE("Class and property filters together show the classes asked for with those properties",
          "[void]") {
  SummaryOptions o = cached_two_hours();
  o.classes = {"<http://example.org/people/Person>", "country"};
  o.properties = {"rdfs:label", "foaf:nam", "geo:lat"};
  const Summary s = checked(people(), o);
  CHECK(
      s.text ==
      R"(people <http://127.0.0.1:7001/sparql>: cached (2 h old) · computed with 12 queries at 2026-11-25 09:12 UTC · 2,195 triples · 3 classes · 9 properties
PREFIX ex: <http://example.org/people/>
PREFIX foaf: <http://xmlns.com/foaf/0.1/>
PREFIX geo: <http://www.w3.org/2003/01/geo/wgs84_pos#>
PREFIX rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
Asked for as classes: country → ex:Country
Asked for as properties: foaf:nam: no such property; closest: foaf:name, geo:lat
Properties asked for: rdfs:label 50 · geo:lat 31
Classes asked for: Class instances { property values cardinality ; … }. Values are datatypes or → the classes of the linked IRIs (IRI: no known class). Cardinality, values per instance: none exactly one, ? at most one, + one or more, * any number.
ex:Person 412 { rdfs:label rdf:langString@en,de * }
ex:Country 5 { properties not described }
)");
}

TEST_CASE("A summary cut to its budget ends with a note on what was cut and how to ask for it",
          "[void]") {
  SummaryOptions o;
  o.max_chars = kMinimumSummaryBudget;
  const Summary s = checked(people(), o);
  CHECK(
      s.text ==
      R"(people <http://127.0.0.1:7001/sparql>: computed with 12 queries at 2026-11-25 09:12 UTC · 2,195 triples · 3 classes · 9 properties
PREFIX ex: <http://example.org/people/>
PREFIX foaf: <http://xmlns.com/foaf/0.1/>
PREFIX rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#>
PREFIX xsd: <http://www.w3.org/2001/XMLSchema#>
Classes by instances (3): ex:Person 412 · ex:City 31
Properties by triples (9): rdf:type 448
Shapes, biggest class first: Class instances { property values cardinality ; … }. Values are datatypes or → the classes of the linked IRIs (IRI: no known class). Cardinality, values per instance: none exactly one, ? at most one, + one or more, * any number.
ex:Person 412 { ex:livesIn → ex:City ; foaf:name xsd:string ; … +4 }
Cut to fit 1,000 characters, not shown: 1 of 3 classes, 8 of 9 properties, the shapes of 1 class, 4 properties within shapes (… +N). Ask for them by name with classes=[…] and/or properties=[…] (IRIs, prefixed names or local names); detail=full adds counts.
)");
  CHECK(s.cut.classes == 1);  // ex:City has its name in neither the list nor a shape
  CHECK(s.cut.properties == 8);
  CHECK(s.cut.shapes == 1);
  CHECK(s.cut.shape_entries == 4);
  CHECK(s.structured["cut"]["note"] ==
        "Cut to fit 1,000 characters, not shown: 1 of 3 classes, 8 of 9 properties, the shapes "
        "of 1 class, 4 properties within shapes (… +N). Ask for them by name with "
        "classes=[…] and/or properties=[…] (IRIs, prefixed names or local names); "
        "detail=full adds counts.");
  CHECK(s.structured["shapes"][0]["properties_cut"] == 4);
}

TEST_CASE("A partial description lists its missing parts, grouped by part and reason", "[void]") {
  Description d = people();
  d.provenance.missing = {
      {"distinct objects", "", "timeout after 20000 ms"},
      {"properties of class", kEx + "Country", "timeout after 20000 ms"},
      {"datatypes of class", kEx + "City",
       "HTTP 500: Virtuoso 42000 Error The estimated execution time 1773 (sec) exceeds the "
       "limit of 400 (sec)."},
      {"properties of class", kEx + "Planet", "timeout after 20000 ms"}};
  SummaryOptions o;
  o.status = {Status::Partial, std::nullopt, "computation continues in the background; call again"};
  const Summary s = checked(d, o);
  CHECK(
      s.text ==
      R"(people <http://127.0.0.1:7001/sparql>: partial (computation continues in the background; call again) · computed with 12 queries at 2026-11-25 09:12 UTC · 2,195 triples · 3 classes · 9 properties
PREFIX ex: <http://example.org/people/>
PREFIX foaf: <http://xmlns.com/foaf/0.1/>
PREFIX geo: <http://www.w3.org/2003/01/geo/wgs84_pos#>
PREFIX rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
PREFIX xsd: <http://www.w3.org/2001/XMLSchema#>
Missing (the description is partial): distinct objects (timeout after 20000 ms) · properties of class: ex:Country, ex:Planet (timeout after 20000 ms) · datatypes of class: ex:City (HTTP 500: Virtuoso 42000 Error The estimated execution time 1773 (sec) exceeds the limit of 400 (sec).)
Classes by instances (3): ex:Person 412 · ex:City 31 · ex:Country 5
Properties by triples (9): rdf:type 448 · foaf:name 443 · ex:livesIn 412 · ex:birthYear 380 · ex:knows 300 · ex:homepage 100 · rdfs:label 50 · ex:country 31 · geo:lat 31
Shapes, biggest class first: Class instances { property values cardinality ; … }. Values are datatypes or → the classes of the linked IRIs (IRI: no known class). Cardinality, values per instance: none exactly one, ? at most one, + one or more, * any number.
ex:Person 412 { ex:livesIn → ex:City ; foaf:name xsd:string ; ex:birthYear xsd:gYear ? ; ex:knows → ex:Person|IRI * ; ex:homepage → IRI ? ; rdfs:label rdf:langString@en,de * }
ex:City 31 { ex:country → ex:Country ; geo:lat xsd:decimal ; foaf:name xsd:string }
)");
  CHECK(s.structured["missing"][1] == nlohmann::json::parse(R"({"part": "properties of class",
    "subjects": ["ex:Country", "ex:Planet"], "reason": "timeout after 20000 ms"})"));
}

TEST_CASE("The header says the status, the age, where the description came from and its size",
          "[void]") {
  SummaryOptions o;
  o.status = {Status::Missing, std::nullopt, "the endpoint publishes no VoID and compute=never"};
  Summary s = checked(people(), o);
  CHECK(
      s.text ==
      R"(people <http://127.0.0.1:7001/sparql>: missing (the endpoint publishes no VoID and compute=never)
)");
  CHECK(s.structured["shapes"].empty());

  Description retrieved = people();
  retrieved.provenance.origin = Provenance::Origin::Retrieved;
  retrieved.provenance.method = "well-known";
  retrieved.provenance.source = "http://127.0.0.1:7001/.well-known/void";
  o.status = {Status::Stale, std::chrono::seconds(3 * 86400 + 5),
              "refresh failed: HTTP 503 from the endpoint"};
  s = checked(retrieved, o);
  CHECK(
      first_line(s.text) ==
      first_line(
          R"(people <http://127.0.0.1:7001/sparql>: stale (3 d old; refresh failed: HTTP 503 from the endpoint) · published VoID read from <http://127.0.0.1:7001/.well-known/void> at 2026-11-25 09:12 UTC · 2,195 triples · 3 classes · 9 properties
PREFIX ex: <http://example.org/people/>
PREFIX foaf: <http://xmlns.com/foaf/0.1/>
PREFIX geo: <http://www.w3.org/2003/01/geo/wgs84_pos#>
PREFIX rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
PREFIX xsd: <http://www.w3.org/2001/XMLSchema#>
Classes by instances (3): ex:Person 412 · ex:City 31 · ex:Country 5
Properties by triples (9): rdf:type 448 · foaf:name 443 · ex:livesIn 412 · ex:birthYear 380 · ex:knows 300 · ex:homepage 100 · rdfs:label 50 · ex:country 31 · geo:lat 31
Shapes, biggest class first: Class instances { property values cardinality ; … }. Values are datatypes or → the classes of the linked IRIs (IRI: no known class). Cardinality, values per instance: none exactly one, ? at most one, + one or more, * any number.
ex:Person 412 { ex:livesIn → ex:City ; foaf:name xsd:string ; ex:birthYear xsd:gYear ? ; ex:knows → ex:Person|IRI * ; ex:homepage → IRI ? ; rdfs:label rdf:langString@en,de * }
ex:City 31 { ex:country → ex:Country ; geo:lat xsd:decimal ; foaf:name xsd:string }
)"));
  CHECK(s.structured["age_seconds"] == 3 * 86400 + 5);

  retrieved.provenance.method = "service-description";
  retrieved.provenance.source = "http://127.0.0.1:7001/sparql";
  o.status = {Status::Retrieved, std::nullopt, ""};
  CHECK(first_line(checked(retrieved, o).text) ==
        "people <http://127.0.0.1:7001/sparql>: published VoID read from "
        "<http://127.0.0.1:7001/sparql> (service description) at 2026-11-25 09:12 UTC · "
        "2,195 triples · 3 classes · 9 properties\n");

  Description dump = people();
  dump.provenance.origin = Provenance::Origin::InProcess;
  dump.provenance.source = "file:///data/people.ttl";
  dump.class_count = 40;  // more classes than partitions
  o.status = {Status::Computed, std::nullopt, ""};
  CHECK(first_line(checked(dump, o).text) ==
        "people <http://127.0.0.1:7001/sparql>: computed in-process from the RDF dump "
        "<file:///data/people.ttl> at 2026-11-25 09:12 UTC · 2,195 triples · 40 classes (3 "
        "described) · 9 properties\n");

  // The URI space of its entities, as declared: what an IRI of this endpoint looks like.
  Description spaced = people();
  spaced.uri_spaces = {"http://example.org/people/id/"};
  spaced.uri_patterns = {"^http://example\\.org/places/"};
  s = checked(spaced, o);
  CHECK(first_line(s.text) ==
        "people <http://127.0.0.1:7001/sparql>: computed with 12 queries at 2026-11-25 09:12 "
        "UTC · 2,195 triples · 3 classes · 9 properties · entity IRIs "
        "http://example.org/people/id/…, matching ^http://example\\.org/places/\n");
  CHECK(s.structured["uri_spaces"] == nlohmann::json::array({"http://example.org/people/id/"}));
  CHECK(s.structured["uri_patterns"] == nlohmann::json::array({"^http://example\\.org/places/"}));
}

TEST_CASE("Prefixes come from the description, then well-known vocabularies, then are generated",
          "[void]") {
  const std::string vocab = "http://data.example.com/vocab/";
  Description d;
  d.endpoint = "http://127.0.0.1:7001/sparql";
  // The description's own "rdfs" names another namespace: it wins, and the real rdfs
  // namespace gets a generated name.
  d.prefixes = {{"rdfs", "http://other.org/"}, {"bad name", "http://bad.org/"}};
  d.classes = {
      cls(vocab + "Gene", 9,
          {literal(kRdfs + "label", kXsd + "string", 9, 9, 9),
           literal(kRdfs + "comment", kXsd + "string", 9, 9, 9)}),
      cls(vocab + "Protein", 8, {link(vocab + "encodedBy", 8, {{vocab + "Gene", 8}}, 8, 8)}),
      cls("http://schema.org/Person", 7, {}),
      cls("https://schema.org/Person", 6, {}),
      cls("http://lonely.org/ns#Thing", 5, {}),
      cls("http://other.org/Alias", 4, {}),
      cls("http://bad.org/Odd", 3, {})};
  const Summary s = checked(d, {});
  CHECK_THAT(s.text, Contains("PREFIX example: <http://data.example.com/vocab/>\n"
                              "PREFIX rdfs: <http://other.org/>\n"
                              "PREFIX schema: <http://schema.org/>\n"
                              "PREFIX sdo: <https://schema.org/>\n"
                              "PREFIX w3: <http://www.w3.org/2000/01/rdf-schema#>\n"
                              "PREFIX xsd: <http://www.w3.org/2001/XMLSchema#>\n"));
  // A namespace used once is written out rather than declared.
  CHECK_THAT(s.text, Contains("Classes by instances (7): example:Gene 9 · example:Protein 8 · "
                              "schema:Person 7 · sdo:Person 6 · <http://lonely.org/ns#Thing> 5 · "
                              "rdfs:Alias 4 · <http://bad.org/Odd> 3\n"));
  CHECK_THAT(s.text, Contains("example:Gene 9 { w3:comment xsd:string ; w3:label xsd:string }"));
}

TEST_CASE("Shapes cut long value lists and language lists but keep literals beside links",
          "[void]") {
  Description d;
  d.endpoint = "http://127.0.0.1:7001/sparql";
  d.prefixes = {{"ex", kEx}};
  ClassProperty mixed = link(kEx + "related", 100,
                             {{kEx + "A", 40}, {kEx + "B", 30}, {kEx + "C", 20}, {kEx + "D", 10}});
  mixed.datatypes = {{kXsd + "string", 5}};
  ClassProperty names = used(kEx + "name", 100);
  names.datatypes = {{kRdf + "langString", 100}};
  names.languages = {{"en", 40}, {"de", 30}, {"fr", 20}, {"it", 10}};
  // Language tags without a langString datatype count (Virtuoso leaves DATATYPE unbound).
  ClassProperty titles = used(kEx + "title", 10);
  titles.languages = {{"en", 10}};
  std::vector<ClassProperty> many;
  for (int i = 0; i < 500; ++i)
    many.push_back(used(kEx + "p" + std::to_string(i), 1000 - i));
  d.classes = {cls(kEx + "Thing", 100, {mixed, names, titles}), cls(kEx + "Wide", 50, many)};
  const Summary s = checked(d, {});
  CHECK_THAT(s.text,
             Contains("ex:Thing 100 { ex:name rdf:langString@en,de,fr,… ; "
                      "ex:related → ex:A|ex:B|xsd:string|… ; ex:title rdf:langString@en }\n"));
  // At most 12 properties per shape without filters; the rest are counted.
  CHECK_THAT(s.text, Contains("ex:p10 ; ex:p11 ; … +488 }\n"));
  CHECK(s.cut.shape_entries == 488);
  // No class property has the counts a cardinality needs: no marks, no legend for them.
  CHECK_THAT(s.text, !Contains("Cardinality"));

  // Asked for by name, a class shows all its properties (budget permitting).
  SummaryOptions o;
  o.classes = {"Wide"};
  o.max_chars = 20000;
  const Summary wide = checked(d, o);
  CHECK(wide.text.find("ex:p499 }\n"));
  CHECK_FALSE(wide.cut.any());
}

TEST_CASE("A budget below the minimum is refused with what to do instead", "[void][error]") {
  SummaryOptions o;
  o.max_chars = 999;
  CHECK_THROWS_MATCHES(
      summarize(people(), o), Exception,
      is_error(ErrorKind::InvalidArgument)
          .with_message("a summary needs a budget of at least 1,000 characters (got 999); to "
                        "see less, ask for fewer classes or properties instead"));
}

TEST_CASE("The budget counts characters as UTF-16 code units", "[void]") {
  CHECK(text_length("") == 0);
  CHECK(text_length("abc") == 3);
  CHECK(text_length("é→") == 2);
  CHECK(text_length("\xF0\x9F\x98\x80") == 2);  // U+1F600 is a surrogate pair
  CHECK(text_length("a\xFF"
                    "b") == 3);  // an ill-formed byte counts one
}

TEST_CASE("Values published without counts are shown without counts", "[void]") {
  // void-generator and linksets name object classes and datatypes with no triple counts: the
  // model keeps them with a count of 0.
  Description d;
  d.endpoint = "http://127.0.0.1:7001/sparql";
  d.prefixes = {{"ex", kEx}};
  ClassProperty knows = used(kEx + "knows", 300, 200, 150);
  knows.object_classes = {{kEx + "Person", 0}, {kEx + "Robot", 0}};
  knows.resource_objects = 300;  // how many of them have a class is not known: no "IRI"
  ClassProperty name = used(kEx + "name", 412, 412, 400);
  name.datatypes = {{kXsd + "string", 0}};
  d.classes = {cls(kEx + "Person", 412, {knows, name})};
  SummaryOptions o;
  o.detail = Detail::Full;
  const Summary s = checked(d, o);
  CHECK_THAT(s.text, Contains("\n  ex:name xsd:string · 412 triples · 412 subjects · 400 objects\n"
                              "  ex:knows → ex:Person|ex:Robot * · 300 triples · 200 subjects · "
                              "150 objects\n"));
  CHECK(s.structured["shapes"][0]["properties"][1]["values"] ==
        nlohmann::json::parse(R"([{"kind": "class", "name": "ex:Person"},
                                  {"kind": "class", "name": "ex:Robot"}])"));
}
