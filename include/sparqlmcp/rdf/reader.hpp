#pragma once
// Reading RDF documents (Turtle, N-Triples, N-Quads, TriG) into rdf::Quad values through Serd's
// streaming reader.
//
// Contract:
// - CURIEs are expanded and relative IRIs resolved against the document's base (the `base_iri`
//   argument, changed by @base / BASE directives), exactly as Serd's SerdEnv does it.
// - Blank node labels are unique per parse: every call gets a fresh label prefix ("d<N>_"), so
//   quads from two documents (or two parses of the same document) never share a blank node,
//   while one label inside one document always names the same node. Anonymous nodes ([] and
//   collections) get Serd's generated labels ("b1", "b2", ...) under the same prefix; a
//   document's own label of that shape is renamed by Serd ("_:b1" -> "d<N>_B1") so the two never
//   merge.
// - Literals: the datatype is the expanded IRI (xsd:string normalised away by rdf::Term), the
//   language tag is kept as written.
// - Quads outside a named graph have the default graph (Term::iri("")) as graph.
// - Any syntax error throws Exception(ErrorKind::Syntax) with `source_name`, a 1-based line and a
//   1-based column counted in Unicode code points, and Serd's message (e.g. "bad verb").
//   Serd itself reports columns in bytes, 1-based on the first line but 0-based on later lines
//   (its cursor resets to 0 after '\n'); we therefore count positions ourselves from the bytes
//   Serd consumed, keeping Serd's line number (identical) and its message.
// - Files are read through zlib (gzopen/gzread), so gzip-compressed files are decompressed
//   transparently and plain files are read as they are.
// Nothing is kept between calls; the functions are safe to call from several threads.

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sparqlmcp/rdf/term.hpp"

namespace sparqlmcp::rdf {

enum class RdfSyntax { Turtle, NTriples, NQuads, TriG };

// "turtle", "n-triples", "n-quads", "trig".
const char* to_string(RdfSyntax syntax);

// The canonical media type: text/turtle, application/n-triples, application/n-quads,
// application/trig.
const char* media_type(RdfSyntax syntax);

// Matches tolerantly: case-insensitive, parameters (";charset=...") and surrounding blanks
// ignored. text/turtle, application/turtle, application/x-turtle -> Turtle;
// application/n-triples, text/plain -> NTriples; application/n-quads, text/x-nquads -> NQuads;
// application/trig, application/x-trig -> TriG. Anything else -> nullopt.
std::optional<RdfSyntax> rdf_syntax_from_media_type(std::string_view media_type);

// From the file extension, case-insensitive, after removing a trailing ".gz":
// .ttl/.turtle, .nt/.ntriples, .nq/.nquads, .trig. Anything else -> nullopt.
std::optional<RdfSyntax> rdf_syntax_from_path(const std::filesystem::path& path);

using QuadSink = std::function<void(const Quad&)>;
// Called for every @prefix / PREFIX directive, in document order, with the prefix name (without
// ':') and the namespace IRI resolved against the base. Lets a caller re-serialize with the
// document's own prefixes.
using PrefixSink = std::function<void(const std::string& name, const std::string& iri)>;

// Parses `text`. `base_iri` may be empty (relative IRIs then stay relative). `source_name`
// names the text in error messages (a file name, an URL, "--endpoint"...).
std::vector<Quad> parse_rdf(std::string_view text, RdfSyntax syntax, const std::string& base_iri,
                            const std::string& source_name);

// Parses a file (gzip or plain). Without `syntax`, it is taken from the file name and an
// unknown extension throws InvalidArgument. The base IRI is the file's file:// IRI; the source
// name in errors is the path as given. A missing or unreadable file throws InvalidArgument.
std::vector<Quad> parse_rdf_file(const std::filesystem::path& path,
                                 std::optional<RdfSyntax> syntax = {});

// Streaming variants: `sink` is called once per quad, in document order, and never sees a
// quad after a syntax error was detected (quads before it have been delivered). An exception
// thrown by `sink` stops the parse and propagates unchanged.
void for_each_rdf_quad(std::string_view text, RdfSyntax syntax, const std::string& base_iri,
                       const std::string& source_name, const QuadSink& sink);
void for_each_rdf_quad(const std::filesystem::path& path, std::optional<RdfSyntax> syntax,
                       const QuadSink& sink);
// The same, also reporting prefix declarations (an exception from `on_prefix` propagates too).
void for_each_rdf_quad(std::string_view text, RdfSyntax syntax, const std::string& base_iri,
                       const std::string& source_name, const QuadSink& sink,
                       const PrefixSink& on_prefix);
void for_each_rdf_quad(const std::filesystem::path& path, std::optional<RdfSyntax> syntax,
                       const QuadSink& sink, const PrefixSink& on_prefix);

}  // namespace sparqlmcp::rdf
