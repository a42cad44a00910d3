#pragma once
// The IRIs the void module reads and writes: VoID (https://www.w3.org/TR/void/, namespace
// http://rdfs.org/ns/void#), the void-ext extension for datatypes and languages
// (http://ldf.fi/void-ext#, as void-generator and sparql-llm use it), SPARQL 1.1 Service
// Description (https://www.w3.org/TR/sparql11-service-description/), PROV-O
// (https://www.w3.org/TR/prov-o/) and SHACL prefix declarations (https://www.w3.org/TR/shacl/
// §5.2.1), plus the terms of our own vocabulary (https://w3id.org/sparql-mcp/vocab#, prefix
// smcp:) that record what VoID has no word for. docs/void.md lists what each means.

#include <string_view>

#include "sparqlmcp/catalogue/vocabulary.hpp"
#include "sparqlmcp/rdf/term.hpp"

namespace sparqlmcp::void_::vocab {

using rdf::kRdfLangString;
using rdf::kRdfType;
// The terms the catalogue reads too are its constants: one spelling of each IRI.
using catalogue::vocab::kDcterms;
using catalogue::vocab::kSd;
using catalogue::vocab::kSdDefaultDataset;
using catalogue::vocab::kSdEndpoint;
using catalogue::vocab::kSdService;
using catalogue::vocab::kSmcp;
using catalogue::vocab::kSmcpId;
using catalogue::vocab::kVoid;
using catalogue::vocab::kVoidDataset;
using catalogue::vocab::kVoidSparqlEndpoint;
using catalogue::vocab::kVoidUriRegexPattern;
using catalogue::vocab::kVoidUriSpace;
inline constexpr std::string_view kRdf = "http://www.w3.org/1999/02/22-rdf-syntax-ns#";
inline constexpr std::string_view kXsd = rdf::kXsd;
inline constexpr std::string_view kXsdDateTime = "http://www.w3.org/2001/XMLSchema#dateTime";
inline constexpr std::string_view kXsdBoolean = "http://www.w3.org/2001/XMLSchema#boolean";
inline constexpr std::string_view kXsdAnyUri = "http://www.w3.org/2001/XMLSchema#anyURI";

inline constexpr std::string_view kVoidLinkset = "http://rdfs.org/ns/void#Linkset";
inline constexpr std::string_view kVoidTriples = "http://rdfs.org/ns/void#triples";
inline constexpr std::string_view kVoidEntities = "http://rdfs.org/ns/void#entities";
inline constexpr std::string_view kVoidClasses = "http://rdfs.org/ns/void#classes";
inline constexpr std::string_view kVoidProperties = "http://rdfs.org/ns/void#properties";
inline constexpr std::string_view kVoidDistinctSubjects =
    "http://rdfs.org/ns/void#distinctSubjects";
inline constexpr std::string_view kVoidDistinctObjects = "http://rdfs.org/ns/void#distinctObjects";
inline constexpr std::string_view kVoidClassPartition = "http://rdfs.org/ns/void#classPartition";
inline constexpr std::string_view kVoidPropertyPartition =
    "http://rdfs.org/ns/void#propertyPartition";
inline constexpr std::string_view kVoidClass = "http://rdfs.org/ns/void#class";
inline constexpr std::string_view kVoidProperty = "http://rdfs.org/ns/void#property";
inline constexpr std::string_view kVoidSubset = "http://rdfs.org/ns/void#subset";
inline constexpr std::string_view kVoidTarget = "http://rdfs.org/ns/void#target";
inline constexpr std::string_view kVoidSubjectsTarget = "http://rdfs.org/ns/void#subjectsTarget";
inline constexpr std::string_view kVoidObjectsTarget = "http://rdfs.org/ns/void#objectsTarget";
inline constexpr std::string_view kVoidLinkPredicate = "http://rdfs.org/ns/void#linkPredicate";

inline constexpr std::string_view kVoidExt = "http://ldf.fi/void-ext#";
inline constexpr std::string_view kVoidExtDatatypePartition =
    "http://ldf.fi/void-ext#datatypePartition";
inline constexpr std::string_view kVoidExtDatatype = "http://ldf.fi/void-ext#datatype";
inline constexpr std::string_view kVoidExtLanguagePartition =
    "http://ldf.fi/void-ext#languagePartition";
inline constexpr std::string_view kVoidExtLanguage = "http://ldf.fi/void-ext#language";

inline constexpr std::string_view kSdDataset =
    "http://www.w3.org/ns/sparql-service-description#Dataset";
inline constexpr std::string_view kSdDefaultGraph =
    "http://www.w3.org/ns/sparql-service-description#defaultGraph";
inline constexpr std::string_view kSdNamedGraph =
    "http://www.w3.org/ns/sparql-service-description#namedGraph";
inline constexpr std::string_view kSdGraph =
    "http://www.w3.org/ns/sparql-service-description#graph";

inline constexpr std::string_view kProv = "http://www.w3.org/ns/prov#";
inline constexpr std::string_view kProvActivity = "http://www.w3.org/ns/prov#Activity";
inline constexpr std::string_view kProvWasGeneratedBy = "http://www.w3.org/ns/prov#wasGeneratedBy";
inline constexpr std::string_view kProvStartedAtTime = "http://www.w3.org/ns/prov#startedAtTime";
inline constexpr std::string_view kProvEndedAtTime = "http://www.w3.org/ns/prov#endedAtTime";

inline constexpr std::string_view kDctermsSource = "http://purl.org/dc/terms/source";

inline constexpr std::string_view kSh = "http://www.w3.org/ns/shacl#";
inline constexpr std::string_view kShDeclare = "http://www.w3.org/ns/shacl#declare";
inline constexpr std::string_view kShPrefix = "http://www.w3.org/ns/shacl#prefix";
inline constexpr std::string_view kShNamespace = "http://www.w3.org/ns/shacl#namespace";

// Ours (the catalogue's settings use the same namespace, catalogue/vocabulary.hpp).
// On a property partition nested in a class partition: triples whose object is an IRI or a
// blank node (ClassProperty::resource_objects).
inline constexpr std::string_view kSmcpResourceObjects =
    "https://w3id.org/sparql-mcp/vocab#resourceObjects";
// On a class partition, only where it cannot be told from the nesting: true for a class whose
// properties were computed and found empty, false for one whose listed properties are known to
// be incomplete (ClassPartition::properties_known).
inline constexpr std::string_view kSmcpPropertiesKnown =
    "https://w3id.org/sparql-mcp/vocab#propertiesKnown";
// Provenance, on the prov:Activity that generated the dataset.
inline constexpr std::string_view kSmcpOrigin = "https://w3id.org/sparql-mcp/vocab#origin";
inline constexpr std::string_view kSmcpRetrieved = "https://w3id.org/sparql-mcp/vocab#Retrieved";
inline constexpr std::string_view kSmcpComputed = "https://w3id.org/sparql-mcp/vocab#Computed";
inline constexpr std::string_view kSmcpInProcess = "https://w3id.org/sparql-mcp/vocab#InProcess";
inline constexpr std::string_view kSmcpMethod = "https://w3id.org/sparql-mcp/vocab#method";
inline constexpr std::string_view kSmcpQueries = "https://w3id.org/sparql-mcp/vocab#queries";
inline constexpr std::string_view kSmcpFailedQueries =
    "https://w3id.org/sparql-mcp/vocab#failedQueries";
inline constexpr std::string_view kSmcpQueryTimeoutMs =
    "https://w3id.org/sparql-mcp/vocab#queryTimeoutMs";
inline constexpr std::string_view kSmcpConcurrency =
    "https://w3id.org/sparql-mcp/vocab#concurrency";
inline constexpr std::string_view kSmcpLongestQueryMs =
    "https://w3id.org/sparql-mcp/vocab#longestQueryMs";
inline constexpr std::string_view kSmcpUserAgent = "https://w3id.org/sparql-mcp/vocab#userAgent";
inline constexpr std::string_view kSmcpMissing = "https://w3id.org/sparql-mcp/vocab#missing";
inline constexpr std::string_view kSmcpPart = "https://w3id.org/sparql-mcp/vocab#part";
inline constexpr std::string_view kSmcpSubject = "https://w3id.org/sparql-mcp/vocab#subject";
inline constexpr std::string_view kSmcpReason = "https://w3id.org/sparql-mcp/vocab#reason";

}  // namespace sparqlmcp::void_::vocab
