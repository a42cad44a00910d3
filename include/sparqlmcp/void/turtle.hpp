#pragma once
// A Description as VoID in Turtle, and back: the format of the cache files (void/cache.hpp),
// what get_void_descriptions hands to clients as `detail=turtle`, and the reader of VoID that
// endpoints publish. docs/void.md, section "Turtle", shows a file and lists every term.
//
// Writing: standard VoID (Note §3.2 void:sparqlEndpoint, §4.5 class and property partitions,
// §4.6 statistics), nested as void-generator nests it, so that sparql-llm's schema query and
// Comunica's VoID reader take it as it is; void-ext partitions for literal datatypes and
// language tags; provenance as PROV-O plus smcp: terms; prefixes as SHACL declarations. Nodes
// are blank: a file never mints IRIs in someone else's namespace, two files loaded into one
// graph can never share a node, and the output is deterministic all the same (the writer sorts
// the model first and nests every partition where it is used, so no label is printed but the
// dataset's own, `_:dataset`).
//
// Reading: any RDF graph that holds VoID: ours, void-generator's service descriptions (VoID on
// sd:Graph nodes under sd:defaultDataset), plain VoID, linksets between class partitions.
// Nothing in the input can make it throw or loop: odd values (a count that is not an integer,
// a partition with two classes, a cycle of partitions) are skipped and noted.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sparqlmcp/rdf/term.hpp"
#include "sparqlmcp/void/model.hpp"

namespace sparqlmcp::void_ {

// The description as Turtle, with the description's own prefixes and those of the vocabularies
// declared for readability, and absolute IRIs only (no @base, no relative IRI): any RDF parser
// reads it as it is. Classes and properties are written in Description::sort() order whatever
// the order given, so equal descriptions give identical text.
std::string write_turtle(const Description& description);

// What the reader noticed while reading (for logs and tests).
struct ReadNotes {
  std::size_t datasets = 0;  // candidate datasets found (each a VoID node or a service's dataset)
  bool merged = false;       // several were merged into the one description returned
  // Values and nodes that were skipped, one sentence each (at most kMaxSkipped kept;
  // `skipped_total` counts all).
  std::vector<std::string> skipped;
  std::size_t skipped_total = 0;
  static constexpr std::size_t kMaxSkipped = 100;
};

// The description of `endpoint` held by `triples`, or nullopt when they hold no VoID (no node
// with VoID statistics or partitions, and no dataset written by write_turtle).
//
// Which dataset: the candidates are (a) each SPARQL service description's sd:defaultDataset
// with its default graph and named graphs, and (b) every other node with VoID statistics or
// partitions that is not itself a partition, subset or linkset. The candidate whose
// void:sparqlEndpoint or sd:endpoint is `endpoint` (compared with
// catalogue::normalize_endpoint_iri: http/https, default ports, case of the host, trailing
// slashes) is chosen; several such are merged. With none, the only candidate is chosen,
// whatever endpoint it names; with several, all are merged. An empty `endpoint` matches none.
//
// Merging adds what can be added: triples of datasets, partitions, links, datatypes and
// languages, and instances of class partitions (exact when the parts share no triples and no
// instances, an upper bound otherwise); distinct counts cannot be added, so a distinct count
// (distinct subjects and objects, void:classes, void:properties) of something two parts both
// describe becomes unknown. Within a service description the default graph's totals win over
// the named graphs' (with sd:UnionDefaultGraph it is their union), and the named graphs'
// partitions are merged when the default graph has none (void-generator's layout).
//
// Linksets (`void:subjectsTarget` and `void:objectsTarget` nodes with a void:class, a
// void:linkPredicate, optionally void:triples) become object classes of the subject class's
// property, where the partitions do not already say so. They count when they are a void:subset
// of the chosen dataset, when their subjects target is one of its class partitions, or when
// they hang from no dataset at all.
//
// The result: `endpoint` as given (or, when empty, the dataset's own void:sparqlEndpoint), the
// smcp:id and provenance the dataset carries (ours; default values otherwise), classes and
// properties in Description::sort() order, prefixes from SHACL declarations (sh:prefix and
// sh:namespace, in the order of `triples`). write_turtle then read_void gives back an equal
// Description for every Description whose counts fit the model (sorted, and with no 0 in the
// ClassProperty maps, where 0 means unknown).
//
// Counts are literals of xsd:integer or of a type derived from it (xsd:long, xsd:int,
// xsd:nonNegativeInteger, ...), with surrounding blanks and a leading '+' allowed; anything
// else (a string, a decimal, a negative number, a number beyond 2^64-1) is skipped. `notes`
// may be null.
std::optional<Description> read_void(const std::vector<rdf::Triple>& triples,
                                     const std::string& endpoint, ReadNotes* notes = nullptr);

// Parses Turtle `text` (rdf::parse_rdf; `source_name` names it in errors) and reads it with
// read_void. Throws Exception(Syntax) with the line, column and Serd's message when the text
// is not Turtle.
std::optional<Description> read_void_turtle(std::string_view text, const std::string& endpoint,
                                            const std::string& source_name,
                                            ReadNotes* notes = nullptr);

}  // namespace sparqlmcp::void_
