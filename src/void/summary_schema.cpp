// The JSON Schema of a summary's structured content (draft 2020-12 keywords that MCP clients
// validate with: type, properties, required, items, enum, additionalProperties).

#include "sparqlmcp/void/summary.hpp"

namespace sparqlmcp::void_ {
namespace {

using nlohmann::json;

json integer(const char* description) {
  return {{"type", "integer"}, {"minimum", 0}, {"description", description}};
}
json string(const char* description) {
  return {{"type", "string"}, {"description", description}};
}
json array_of(json items, const char* description) {
  return {{"type", "array"}, {"items", std::move(items)}, {"description", description}};
}

json value_schema() {
  return {{"type", "object"},
          {"description",
           "One kind of value of a property: the class of the IRIs it links to, IRIs of no "
           "known class, or a literal datatype."},
          {"properties",
           {{"kind", {{"type", "string"}, {"enum", {"class", "iri", "datatype"}}}},
            {"name", string("The class or datatype as written in the text (prefixed name or "
                            "<IRI>); absent for kind iri.")},
            {"triples", integer("full: triples with such a value.")},
            {"languages", array_of({{"type", "object"},
                                    {"properties",
                                     {{"tag", {{"type", "string"}}},
                                      {"triples", integer("full: triples with this tag.")}}},
                                    {"required", {"tag"}}},
                                   "rdf:langString: the language tags, most used first.")},
            {"languages_cut", integer("Language tags not shown.")}}},
          {"required", {"kind"}}};
}

json shape_schema() {
  json entry = {
      {"type", "object"},
      {"properties",
       {{"property", string("The property (prefixed name or <IRI>).")},
        {"values", array_of(value_schema(), "Its kinds of values, most used first.")},
        {"values_cut", integer("Kinds of values not shown.")},
        {"cardinality",
         {{"type", "string"},
          {"enum", {"1", "?", "+", "*"}},
          {"description",
           "Values per instance: exactly one, at most one, one or more, any number."}}},
        {"triples", integer("full: triples of instances of the class with this property.")},
        {"distinct_subjects", integer("full: instances having it.")},
        {"distinct_objects", integer("full: distinct values.")}}},
      {"required", {"property"}}};
  return {{"type", "object"},
          {"description",
           "A class and the properties its instances use (rdf:type left out unless asked "
           "for), most used first."},
          {"properties",
           {{"class", string("The class (prefixed name or <IRI>).")},
            {"instances", integer("Instances of the class.")},
            {"properties_known",
             {{"type", "boolean"},
              {"description", "false: the description does not say which properties it uses."}}},
            {"properties", array_of(std::move(entry), "The properties shown.")},
            {"properties_cut", integer("Properties of the shape not shown.")}}},
          {"required", {"class"}}};
}

json filter_report_schema() {
  return array_of(
      {{"type", "object"},
       {"properties",
        {{"value", string("The value asked for.")},
         {"matched_by", {{"type", "string"}, {"enum", {"local name"}}}},
         {"matches", array_of({{"type", "string"}}, "What it matched (empty: nothing).")},
         {"closest", array_of({{"type", "string"}}, "The closest names, when nothing matched.")},
         {"names_other_kind",
          {{"type", "boolean"},
           {"description", "It names a property asked as a class, or the reverse."}}}}},
       {"required", {"value"}}},
      "Filter values matched by local name or not at all (exact matches are not repeated).");
}

json make_schema() {
  json property = {{"type", "object"},
                   {"properties",
                    {{"property", string("The property (prefixed name or <IRI>).")},
                     {"triples", integer("Triples with this predicate.")},
                     {"distinct_subjects", integer("full: distinct subjects.")},
                     {"distinct_objects", integer("full: distinct objects.")}}},
                   {"required", {"property"}}};
  json cls = {{"type", "object"},
              {"properties",
               {{"class", string("The class (prefixed name or <IRI>).")},
                {"instances", integer("Instances of the class.")}}},
              {"required", {"class"}}};
  json missing = {
      {"type", "object"},
      {"properties",
       {{"part", string("What is missing, e.g. \"distinct objects\".")},
        {"subjects", array_of({{"type", "string"}}, "Classes or properties concerned.")},
        {"subjects_cut", integer("Further classes or properties concerned.")},
        {"reason", string("Why, e.g. \"timeout after 20000 ms\".")}}},
      {"required", {"part"}}};
  json cut = {
      {"type", "object"},
      {"description", "What was left out to stay within the budget; absent when nothing was."},
      {"properties",
       {{"classes", integer("Classes (or classes asked for) shown nowhere.")},
        {"properties", integer("Properties (or properties asked for) not listed.")},
        {"shapes", integer("Classes whose shape is not shown.")},
        {"shape_entries", integer("Properties cut from shapes that are shown.")},
        {"other", integer("Missing parts and filter values not shown.")},
        {"note", string("The note ending the text: what was cut and how to ask for it.")}}},
      {"required", {"classes", "properties", "shapes", "shape_entries", "other", "note"}}};
  return {{"type", "object"},
          {"description",
           "A summary of an endpoint's VoID description: the same data as the text, cut to the "
           "same budget. Names are prefixed names (see prefixes) or <IRI>s."},
          {"properties",
           {{"endpoint", string("The endpoint IRI.")},
            {"id", string("The catalogue id.")},
            {"status",
             {{"type", "string"},
              {"enum", {"cached", "retrieved", "computed", "stale", "partial", "missing"}}}},
            {"age_seconds", integer("cached and stale: the age of the cache entry.")},
            {"status_note", string("Why a description is stale, partial or missing.")},
            {"detail", {{"type", "string"}, {"enum", {"summary", "full"}}}},
            {"origin", {{"type", "string"}, {"enum", {"retrieved", "computed", "in-process"}}}},
            {"method", string("How it was found: well-known, service-description, default-graph, "
                              "named-graph, computed or in-process.")},
            {"source", string("The document, graph or endpoint it was read or computed from.")},
            {"made_at", string("When it was retrieved or computed (ISO 8601, UTC).")},
            {"queries", integer("Queries the computation sent.")},
            {"triples", integer("Triples in the dataset.")},
            {"distinct_subjects", integer("full: distinct subjects in the dataset.")},
            {"distinct_objects", integer("full: distinct objects in the dataset.")},
            {"class_count", integer("Classes in the dataset.")},
            {"property_count", integer("Properties in the dataset.")},
            {"classes_described", integer("Classes the description has partitions for.")},
            {"properties_described", integer("Properties the description has partitions for.")},
            {"uri_spaces", array_of(string("A prefix."),
                                    "void:uriSpace: prefixes of the IRIs of the entities the "
                                    "dataset describes.")},
            {"uri_patterns", array_of(string("A regular expression."),
                                      "void:uriRegexPattern: regular expressions the IRIs of its "
                                      "entities match.")},
            {"prefixes",
             {{"type", "object"},
              {"additionalProperties", {{"type", "string"}}},
              {"description", "The prefixes the names use: name -> namespace IRI."}}},
            {"missing", array_of(std::move(missing), "Parts a partial description lacks.")},
            {"filters",
             {{"type", "object"},
              {"properties",
               {{"classes", filter_report_schema()}, {"properties", filter_report_schema()}}}}},
            {"classes", array_of(std::move(cls), "Classes by instances, biggest first.")},
            {"properties", array_of(std::move(property), "Properties by triples, biggest first.")},
            {"shapes", array_of(shape_schema(), "Class shapes, biggest class first.")},
            {"cut", std::move(cut)},
            {"chars", integer("Characters of the text (UTF-16 code units).")}}},
          {"required", {"endpoint", "status", "detail", "prefixes", "shapes", "chars"}}};
}

}  // namespace

const nlohmann::json& summary_schema() {
  static const nlohmann::json schema = make_schema();
  return schema;
}

}  // namespace sparqlmcp::void_
