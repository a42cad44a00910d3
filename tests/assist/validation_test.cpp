#include <catch2/catch.hpp>

#include <map>

#include "sparqlmcp/assist/seen_terms.hpp"
#include "sparqlmcp/assist/validation.hpp"
#include "sparqlmcp/assist/well_known_prefixes.hpp"

using namespace sparqlmcp;
using namespace sparqlmcp::assist;

namespace {

const std::string kMusic = "http://music.example/sparql";
const std::string kGeo = "http://geo.example/sparql";
const std::string V = "https://vocab.example/music#";
const std::string G = "http://geo.example/ontology/";
const std::string kRdfs = "http://www.w3.org/2000/01/rdf-schema#";

void_::ClassProperty use(const std::string& p, std::uint64_t n) {
  void_::ClassProperty u;
  u.property = p;
  u.triples = n;
  return u;
}

void_::ClassPartition klass(const std::string& iri, std::uint64_t n,
                            std::vector<void_::ClassProperty> props) {
  void_::ClassPartition c;
  c.class_iri = iri;
  c.entities = n;
  c.properties = std::move(props);
  c.properties_known = true;
  return c;
}

std::shared_ptr<const void_::Description> music(void_::Provenance::Origin origin) {
  auto d = std::make_shared<void_::Description>();
  d->endpoint = kMusic;
  d->id = "music";
  d->provenance.origin = origin;
  d->classes = {klass(V + "Singer", 50,
                      {use(V + "name", 50), use(V + "birthPlace", 40), use(V + "age", 50),
                       use(kRdfs + "label", 50)}),
                klass(V + "Concert", 20,
                      {use(V + "name", 20), use(V + "year", 20), use(V + "performer", 30),
                       use(V + "capacity", 20)})};
  for (const auto& c : d->classes)
    for (const auto& u : c.properties)
      if (!d->find_property(u.property)) d->properties.push_back({u.property, u.triples, {}, {}});
  d->prefixes = {{"mus", V}};
  return d;
}

std::shared_ptr<const void_::Description> geo() {
  auto d = std::make_shared<void_::Description>();
  d->endpoint = kGeo;
  d->id = "geo";
  d->provenance.origin = void_::Provenance::Origin::InProcess;
  d->classes = {klass(G + "City", 10, {use(G + "population", 10), use(kRdfs + "label", 10)})};
  d->properties = {{G + "population", 10, {}, {}}, {kRdfs + "label", 10, {}, {}}};
  return d;
}

struct Fixture {
  catalogue::Catalogue catalogue;
  void_::Provenance::Origin origin = void_::Provenance::Origin::InProcess;
  bool geo_described = true;
  std::shared_ptr<SeenTerms> seen;
  std::map<std::string, std::vector<std::pair<std::string, std::string>>> examples_declare;
  Fixture() {
    catalogue::Endpoint m;
    m.id = "music";
    m.endpoint_iri = kMusic;
    catalogue.add(m);
    catalogue::Endpoint g;
    g.id = "geo";
    g.endpoint_iri = kGeo;
    catalogue.add(g);
  }
  Validation validate(const std::string& query,
                      std::vector<const catalogue::Endpoint*> named = {}) {
    ValidatorSources sources;
    sources.catalogue = &catalogue;
    sources.seen = seen;
    sources.example_prefixes = [this](const catalogue::Endpoint& e) {
      auto it = examples_declare.find(e.id);
      return it == examples_declare.end() ? std::vector<std::pair<std::string, std::string>>{}
                                          : it->second;
    };
    sources.description =
        [this](const catalogue::Endpoint& e) -> std::shared_ptr<const void_::Description> {
      if (e.id == "music") return music(origin);
      if (e.id == "geo" && geo_described) return geo();
      return nullptr;
    };
    return QueryValidator(sources).validate(query, named);
  }
};

const Finding* find(const Validation& v, const std::string& problem) {
  for (const Finding& f : v.findings)
    if (f.problem == problem) return &f;
  return nullptr;
}

}  // namespace

TEST_CASE("a correct query has no findings, in prefixed and full form", "[assist]") {
  Fixture f;
  Validation v = f.validate("PREFIX mus: <" + V + ">\nSELECT * WHERE { SERVICE <" + kMusic +
                            "> { ?s a mus:Singer ; mus:name ?n ; mus:birthPlace ?p } }");
  CHECK(v.valid());
  CHECK(v.findings.empty());
  v = f.validate("SELECT * WHERE { SERVICE <" + kMusic + "> { ?c <" + V + "performer> ?s . ?s <" +
                 V + "age> ?a } }");
  CHECK(v.findings.empty());
}

TEST_CASE("an unknown class and predicate get ranked alternatives", "[assist]") {
  Fixture f;
  const Validation v = f.validate("PREFIX mus: <" + V + ">\nSELECT * WHERE { SERVICE <" + kMusic +
                                  "> {\n  ?s a mus:Singr ; mus:birthplace ?p } }");
  CHECK_FALSE(v.valid());
  const Finding* c = find(v, "unknown_class");
  REQUIRE(c);
  CHECK(c->severity == Severity::Error);
  CHECK(c->term == V + "Singr");
  REQUIRE_FALSE(c->alternatives.empty());
  CHECK(c->alternatives[0] == V + "Singer");
  REQUIRE(c->at);
  CHECK(c->at->line == 3);
  CHECK(c->message.find("mus:Singr is not a class at " + kMusic) == 0);
  const Finding* p = find(v, "unknown_predicate");
  REQUIRE(p);
  CHECK(p->alternatives[0] == V + "birthPlace");
  CHECK(p->endpoint == kMusic);
}

TEST_CASE("a predicate the subject's class does not use is named with what it uses", "[assist]") {
  Fixture f;
  Validation v = f.validate("PREFIX mus: <" + V + ">\nSELECT * WHERE { SERVICE <" + kMusic +
                            "> { ?singer a mus:Singer ; mus:capacity ?age } }");
  const Finding* p = find(v, "predicate_not_on_class");
  REQUIRE(p);
  CHECK(p->severity == Severity::Error);
  CHECK(p->alternatives.at(0) == V + "age");  // the object variable names it
  CHECK(p->message.find("?singer (mus:Singer) at " + kMusic + " has no predicate mus:capacity") ==
        0);

  // Without rdf:type: the class is inferred from the other predicates.
  v = f.validate("PREFIX mus: <" + V + ">\nSELECT * WHERE { SERVICE <" + kMusic +
                 "> { ?s mus:birthPlace ?p ; mus:age ?x ; mus:year ?age } }");
  p = find(v, "predicate_not_on_class");
  REQUIRE(p);
  CHECK(p->term == V + "year");
  CHECK(p->severity == Severity::Warning);
  CHECK(p->alternatives.at(0) == V + "age");
}

TEST_CASE("published descriptions give warnings, missing ones 'not checked'", "[assist]") {
  Fixture f;
  f.origin = void_::Provenance::Origin::Retrieved;
  f.geo_described = false;
  const Validation v = f.validate("SELECT * WHERE { SERVICE <" + kMusic + "> { ?s <" + V +
                                  "nam> ?n } SERVICE <" + kGeo + "> { ?c <" + G + "pop> ?x } }");
  const Finding* p = find(v, "unknown_predicate");
  REQUIRE(p);
  CHECK(p->severity == Severity::Warning);
  const Finding* n = find(v, "not_checked");
  REQUIRE(n);
  CHECK(n->endpoint == kGeo);
  CHECK(n->severity == Severity::Info);
  CHECK(v.valid());
}

TEST_CASE("an undeclared prefix is completed from the endpoint, its vocabulary or the table",
          "[assist]") {
  Fixture f;
  // The endpoint declares mus:.
  Validation v = f.validate("SELECT * WHERE { SERVICE <" + kMusic + "> { ?s mus:name ?n } }");
  REQUIRE(v.prefixes_added.size() == 1);
  CHECK(v.prefixes_added[0].prefix == "mus");
  CHECK(v.prefixes_added[0].iri == V);
  CHECK(v.prefixes_added[0].source == "endpoint");
  CHECK(v.valid());
  REQUIRE(v.completed_query);
  CHECK(v.completed_query->rfind("PREFIX mus: <" + V + ">\n", 0) == 0);
  // The namespace that holds every local name used with it.
  v = f.validate("SELECT * WHERE { SERVICE <" + kGeo + "> { ?c g:population ?p } }");
  REQUIRE(v.prefixes_added.size() == 1);
  CHECK(v.prefixes_added[0].iri == G);
  CHECK(v.prefixes_added[0].source == "vocabulary");
  // A well-known prefix.
  v = f.validate("SELECT * WHERE { SERVICE <" + kGeo + "> { ?c rdfs:label ?l ; wdt:P31 ?x } }");
  CHECK(v.prefixes_added.size() == 2);
  CHECK(v.parsed);
  // Nothing fits: an error, and the parser's error first.
  v = f.validate("SELECT * WHERE { SERVICE <" + kGeo + "> { ?c zzq:nothingHere ?p } }");
  CHECK(v.prefixes_added.empty());
  REQUIRE(v.findings.size() >= 2);
  CHECK(v.findings[0].problem == "syntax");
  CHECK(find(v, "undeclared_prefix")->severity == Severity::Error);
  // A correct query gets nothing added.
  v = f.validate("PREFIX mus: <" + V + ">\nSELECT * WHERE { SERVICE <" + kMusic +
                 "> { ?s mus:name ?n } }");
  CHECK(v.prefixes_added.empty());
  CHECK_FALSE(v.completed_query);
}

TEST_CASE("a prefix bound to a close namespace is a warning naming the right one", "[assist]") {
  Fixture f;
  const std::string wrong = "http://vocab.example/music#";  // http for https
  const Validation v = f.validate("PREFIX mus: <" + wrong + ">\nSELECT * WHERE { SERVICE <" +
                                  kMusic + "> { ?s a mus:Singer ; mus:name ?n } }");
  const Finding* w = find(v, "wrong_namespace");
  REQUIRE(w);
  CHECK(w->severity == Severity::Warning);
  CHECK(w->prefix == "mus");
  CHECK(w->alternatives == std::vector<std::string>{V});
  CHECK(find(v, "unknown_class")->alternatives.at(0) == V + "Singer");
}

TEST_CASE("patterns outside SERVICE are checked against the endpoints named", "[assist]") {
  Fixture f;
  const Validation v =
      f.validate("SELECT * WHERE { ?c <" + G + "populaton> ?p }", {f.catalogue.find("geo")});
  CHECK(find(v, "unknown_predicate")->alternatives.at(0) == G + "population");
  CHECK(f.validate("SELECT * WHERE { ?c <" + G + "populaton> ?p }").findings.empty());
}

TEST_CASE("a term several endpoints named use is one alternative", "[assist]") {
  Fixture f;
  const Validation v = f.validate("SELECT * WHERE { ?c <" + kRdfs + "lable> ?p }",
                                  {f.catalogue.find("geo"), f.catalogue.find("music")});
  const Finding* p = find(v, "unknown_predicate");
  REQUIRE(p != nullptr);
  CHECK(p->alternatives.at(0) == kRdfs + "label");
  CHECK(std::count(p->alternatives.begin(), p->alternatives.end(), kRdfs + "label") == 1);
}

TEST_CASE("the shipped prefix table knows the common prefixes", "[assist]") {
  const WellKnownPrefixes& table = WellKnownPrefixes::shipped();
  CHECK(table.size() > 200);
  CHECK(table.namespace_of("rdfs") == "http://www.w3.org/2000/01/rdf-schema#");
  CHECK(table.namespace_of("wdt") == "http://www.wikidata.org/prop/direct/");
  CHECK_FALSE(table.namespace_of("zzq"));
  CHECK(table.covers("http://www.wikidata.org/entity/Q42"));
  CHECK_FALSE(table.covers("http://example.invalid/x"));
}

TEST_CASE("an entity IRI nothing has shown is a warning, unless seen or well known", "[assist]") {
  Fixture f;
  f.seen = std::make_shared<SeenTerms>();
  const std::string query = "SELECT * WHERE { SERVICE <" + kMusic +
                            "> { <http://music.example/id/42> <" + V + "name> ?n . ?s <" + V +
                            "performer> <http://www.wikidata.org/entity/Q42> } VALUES ?x { "
                            "<http://music.example/id/7> } }";
  Validation v = f.validate(query);
  std::vector<std::string> unknown;
  for (const Finding& x : v.findings)
    if (x.problem == "unknown_iri") unknown.push_back(x.term);
  CHECK(unknown ==
        std::vector<std::string>{"http://music.example/id/42", "http://music.example/id/7"});
  f.seen->note("http://music.example/id/42");
  v = f.validate(query);
  REQUIRE(find(v, "unknown_iri"));
  CHECK(find(v, "unknown_iri")->term == "http://music.example/id/7");
  CHECK(v.valid());  // a warning
}

TEST_CASE("prefixes the endpoints' examples declare complete a query; two of them are ambiguous",
          "[assist]") {
  Fixture f;
  f.examples_declare["music"] = {{"cc", "http://cc.example/a#"}};
  const std::string both = "SELECT * WHERE { SERVICE <" + kMusic +
                           "> { ?s cc:thing ?o } SERVICE <" + kGeo + "> { ?c cc:thing ?p } }";
  Validation v = f.validate(both);
  REQUIRE(v.prefixes_added.size() == 1);
  CHECK(v.prefixes_added[0].iri == "http://cc.example/a#");
  CHECK(v.prefixes_added[0].source == "endpoint");

  f.examples_declare["geo"] = {{"cc", "http://cc.example/b#"}};
  v = f.validate(both);
  CHECK(v.prefixes_added.empty());
  const Finding* a = find(v, "ambiguous_prefix");
  REQUIRE(a);
  CHECK(a->severity == Severity::Error);
  CHECK(a->alternatives ==
        std::vector<std::string>{"http://cc.example/a#", "http://cc.example/b#"});
}
