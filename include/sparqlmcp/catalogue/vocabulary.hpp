#pragma once
// The IRIs the catalogue reads: VoID (https://www.w3.org/TR/void/), SPARQL 1.1 Service
// Description (https://www.w3.org/TR/sparql11-service-description/), DCMI terms, FOAF, DCAT,
// and our own small vocabulary for per-endpoint settings (docs/catalogue.md).

#include <string_view>

#include "sparqlmcp/rdf/term.hpp"

namespace sparqlmcp::catalogue::vocab {

using rdf::kRdfType;
inline constexpr std::string_view kRdfsLabel = "http://www.w3.org/2000/01/rdf-schema#label";
inline constexpr std::string_view kRdfsComment = "http://www.w3.org/2000/01/rdf-schema#comment";

inline constexpr std::string_view kVoid = "http://rdfs.org/ns/void#";
inline constexpr std::string_view kVoidDataset = "http://rdfs.org/ns/void#Dataset";
inline constexpr std::string_view kVoidSparqlEndpoint = "http://rdfs.org/ns/void#sparqlEndpoint";
inline constexpr std::string_view kVoidDataDump = "http://rdfs.org/ns/void#dataDump";
inline constexpr std::string_view kVoidUriSpace = "http://rdfs.org/ns/void#uriSpace";
inline constexpr std::string_view kVoidUriRegexPattern = "http://rdfs.org/ns/void#uriRegexPattern";

inline constexpr std::string_view kSd = "http://www.w3.org/ns/sparql-service-description#";
inline constexpr std::string_view kSdService =
    "http://www.w3.org/ns/sparql-service-description#Service";
inline constexpr std::string_view kSdEndpoint =
    "http://www.w3.org/ns/sparql-service-description#endpoint";
inline constexpr std::string_view kSdDefaultDataset =
    "http://www.w3.org/ns/sparql-service-description#defaultDataset";

inline constexpr std::string_view kDcterms = "http://purl.org/dc/terms/";
inline constexpr std::string_view kDctermsTitle = "http://purl.org/dc/terms/title";
inline constexpr std::string_view kDctermsDescription = "http://purl.org/dc/terms/description";
inline constexpr std::string_view kDctermsIdentifier = "http://purl.org/dc/terms/identifier";
inline constexpr std::string_view kDctermsSubject = "http://purl.org/dc/terms/subject";
inline constexpr std::string_view kDcatKeyword = "http://www.w3.org/ns/dcat#keyword";
inline constexpr std::string_view kFoafHomepage = "http://xmlns.com/foaf/0.1/homepage";

// Ours: https://w3id.org/sparql-mcp/vocab# (prefix smcp:)
inline constexpr std::string_view kSmcp = "https://w3id.org/sparql-mcp/vocab#";
inline constexpr std::string_view kSmcpId = "https://w3id.org/sparql-mcp/vocab#id";
inline constexpr std::string_view kSmcpTimeoutMs = "https://w3id.org/sparql-mcp/vocab#timeoutMs";
inline constexpr std::string_view kSmcpHttpMethod = "https://w3id.org/sparql-mcp/vocab#httpMethod";
inline constexpr std::string_view kSmcpResultCap = "https://w3id.org/sparql-mcp/vocab#resultCap";
inline constexpr std::string_view kSmcpCallsServices =
    "https://w3id.org/sparql-mcp/vocab#callsServices";
inline constexpr std::string_view kSmcpTextSearch = "https://w3id.org/sparql-mcp/vocab#textSearch";
inline constexpr std::string_view kSmcpExampleQueries =
    "https://w3id.org/sparql-mcp/vocab#exampleQueries";
inline constexpr std::string_view kSmcpHeader = "https://w3id.org/sparql-mcp/vocab#header";
inline constexpr std::string_view kSmcpHeaderName = "https://w3id.org/sparql-mcp/vocab#headerName";
inline constexpr std::string_view kSmcpHeaderValue =
    "https://w3id.org/sparql-mcp/vocab#headerValue";
inline constexpr std::string_view kSmcpHeaderValueFromEnv =
    "https://w3id.org/sparql-mcp/vocab#headerValueFromEnv";

}  // namespace sparqlmcp::catalogue::vocab
