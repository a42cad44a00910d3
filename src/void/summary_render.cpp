#include "summary_render.hpp"

#include <algorithm>
#include <utility>

#include "sparqlmcp/util/text.hpp"
#include "summary_text.hpp"

namespace sparqlmcp::void_::summary {
namespace {

// Alternatives per value list and language tags per rdf:langString: enough to show what a
// property holds, not a census (full shows more).
constexpr std::size_t kSummaryValues = 3;
constexpr std::size_t kFullValues = 8;
constexpr std::size_t kSummaryLanguages = 3;
constexpr std::size_t kFullLanguages = 8;

// Map entries by count (descending), then key: the order values and languages are shown in.
std::vector<std::pair<std::string, std::uint64_t>> by_count(
    const std::map<std::string, std::uint64_t>& counts) {
  std::vector<std::pair<std::string, std::uint64_t>> out(counts.begin(), counts.end());
  std::stable_sort(out.begin(), out.end(),
                   [](const auto& a, const auto& b) { return a.second > b.second; });
  return out;
}

void add_count(nlohmann::json& json, const char* key, const Count& count) {
  if (count) json[key] = *count;
}

}  // namespace

std::string clean(std::string_view text) {
  return util::is_valid_utf8(text) ? std::string(text) : util::sanitize_utf8(text);
}

std::optional<std::string> cardinality(const ClassPartition& cls, const ClassProperty& property) {
  if (!cls.entities || !property.triples || !property.distinct_subjects) return std::nullopt;
  const std::uint64_t instances = *cls.entities;
  const std::uint64_t subjects = *property.distinct_subjects;
  const std::uint64_t triples = *property.triples;
  // Subjects are instances of the class and have at least one value each; counts that say
  // otherwise come from inconsistent statistics and say nothing.
  if (subjects == 0 || subjects > instances || triples < subjects) return std::nullopt;
  const bool everyone = subjects == instances;
  const bool single = triples == subjects;
  if (everyone) return single ? "1" : "+";
  return single ? "?" : "*";
}

Renderer::Renderer(const Names& names, Detail detail, const Description& description)
    : names_(names), detail_(detail) {
  for (const ClassPartition& c : description.classes) {
    for (const ClassProperty& p : c.properties) {
      if (cardinality(c, p)) {
        has_cardinalities_ = true;
        return;
      }
    }
  }
}

std::string Renderer::name(std::string_view iri, Piece& piece) const {
  CompactIri compact = names_.compact(iri);
  if (compact.prefix >= 0) piece.prefixes.push_back(compact.prefix);
  return clean(compact.text);
}

Piece Renderer::property_entry(const PropertyPartition& property) const {
  Piece piece;
  piece.text = name(property.property, piece);
  piece.json["property"] = piece.text;
  add_count(piece.json, "triples", property.triples);
  if (!full()) {
    if (property.triples) piece.text += " " + format_count(*property.triples);
    return piece;
  }
  add_count(piece.json, "distinct_subjects", property.distinct_subjects);
  add_count(piece.json, "distinct_objects", property.distinct_objects);
  std::string separator = " ";
  auto stat = [&](const Count& count, const char* what) {
    if (!count) return;
    piece.text += separator + format_count(*count) + " " + what;
    separator = " · ";
  };
  stat(property.triples, "triples");
  stat(property.distinct_subjects, "subjects");
  stat(property.distinct_objects, "objects");
  return piece;
}

Piece Renderer::bare_property_entry(const std::string& iri) const {
  Piece piece;
  piece.text = name(iri, piece);
  piece.json["property"] = piece.text;
  return piece;
}

Piece Renderer::class_entry(const ClassPartition& cls) const {
  Piece piece;
  piece.text = name(cls.class_iri, piece);
  piece.json["class"] = piece.text;
  if (cls.entities) {
    piece.json["instances"] = *cls.entities;
    piece.text += " " + format_count(*cls.entities);
  }
  return piece;
}

std::string Renderer::values(const ClassProperty& property, Piece& piece,
                             nlohmann::json& values_json, std::size_t& values_cut) const {
  struct Alternative {
    std::string text;
    nlohmann::json json;
  };
  std::vector<Alternative> resources;
  std::vector<Alternative> literals;

  // A count of 0 in the value maps means "used, count unknown" (published VoID often names
  // object classes and datatypes without counts): such values are shown without a count.
  auto counted = [&](Alternative& alt, std::uint64_t triples) {
    if (!full() || triples == 0) return;
    alt.text += " " + format_count(triples);
    alt.json["triples"] = triples;
  };
  std::uint64_t class_triples = 0;
  bool class_counts_known = true;
  for (const auto& [iri, triples] : by_count(property.object_classes)) {
    Alternative alt;
    alt.text = name(iri, piece);
    alt.json = {{"kind", "class"}, {"name", alt.text}};
    counted(alt, triples);
    class_triples += triples;
    class_counts_known = class_counts_known && triples > 0;
    resources.push_back(std::move(alt));
  }
  // IRIs of no known class: certain when there are more resource objects than the class
  // counts add up to (an object of two classes counts for both, so this errs towards
  // silence), and only when those counts are known.
  if (property.resource_objects && class_counts_known &&
      *property.resource_objects > class_triples) {
    Alternative alt{"IRI", {{"kind", "iri"}}};
    if (full() && property.object_classes.empty()) {
      alt.text += " " + format_count(*property.resource_objects);
      alt.json["triples"] = *property.resource_objects;
    }
    resources.push_back(std::move(alt));
  }

  std::map<std::string, std::uint64_t> datatypes = property.datatypes;
  if (!property.languages.empty() && !datatypes.count(kRdfLangString)) {
    std::uint64_t tagged = 0;
    for (const auto& entry : property.languages)
      tagged += entry.second;
    datatypes.emplace(kRdfLangString, tagged);
  }
  const std::size_t language_limit = full() ? kFullLanguages : kSummaryLanguages;
  for (const auto& [iri, triples] : by_count(datatypes)) {
    Alternative alt;
    alt.text = name(iri, piece);
    alt.json = {{"kind", "datatype"}, {"name", alt.text}};
    if (full() && triples > 0) alt.json["triples"] = triples;
    if (iri == kRdfLangString && !property.languages.empty()) {
      nlohmann::json tags = nlohmann::json::array();
      std::string separator = "@";
      std::size_t shown = 0;
      const auto languages = by_count(property.languages);
      for (const auto& [tag, tag_triples] : languages) {
        if (shown == language_limit) break;
        nlohmann::json tag_json = {{"tag", clean(tag)}};
        alt.text += separator + clean(tag);
        if (full() && tag_triples > 0) {
          alt.text += " " + format_count(tag_triples);
          tag_json["triples"] = tag_triples;
        }
        tags.push_back(std::move(tag_json));
        separator = ",";
        ++shown;
      }
      if (shown < languages.size()) {
        alt.text += ",…";
        alt.json["languages_cut"] = languages.size() - shown;
      }
      alt.json["languages"] = std::move(tags);
    } else if (full() && triples > 0) {
      alt.text += " " + format_count(triples);
    }
    literals.push_back(std::move(alt));
  }

  // Both kinds keep at least one alternative when both exist: that a property holds
  // literals as well as links matters more than its third target class.
  const std::size_t limit = full() ? kFullValues : kSummaryValues;
  std::size_t literal_slots = std::min(literals.size(), limit);
  if (!resources.empty() && !literals.empty())
    literal_slots = std::min(literals.size(),
                             std::max<std::size_t>(1, limit - std::min(limit, resources.size())));
  const std::size_t resource_slots = std::min(resources.size(), limit - literal_slots);
  values_cut = resources.size() - resource_slots + literals.size() - literal_slots;

  std::string text;
  for (std::size_t i = 0; i < resource_slots; ++i) {
    text += (i == 0 ? "→ " : "|") + resources[i].text;
    values_json.push_back(std::move(resources[i].json));
  }
  for (std::size_t i = 0; i < literal_slots; ++i) {
    text += (text.empty() ? "" : "|") + literals[i].text;
    values_json.push_back(std::move(literals[i].json));
  }
  if (values_cut > 0) text += "|…";
  return text;
}

Piece Renderer::shape_entry(const ClassPartition& cls, const ClassProperty& property) const {
  Piece piece;
  piece.text = name(property.property, piece);
  piece.json["property"] = piece.text;
  nlohmann::json values_json = nlohmann::json::array();
  std::size_t values_cut = 0;
  const std::string value_text = values(property, piece, values_json, values_cut);
  if (!value_text.empty()) piece.text += " " + value_text;
  if (!values_json.empty()) piece.json["values"] = std::move(values_json);
  if (values_cut > 0) piece.json["values_cut"] = values_cut;
  if (has_cardinalities_) {
    const std::string mark = cardinality(cls, property).value_or("*");
    piece.json["cardinality"] = mark;
    if (mark != "1") piece.text += " " + mark;
  }
  if (full()) {
    add_count(piece.json, "triples", property.triples);
    add_count(piece.json, "distinct_subjects", property.distinct_subjects);
    add_count(piece.json, "distinct_objects", property.distinct_objects);
    std::string separator = " · ";
    if (property.triples) piece.text += separator + format_count(*property.triples) + " triples";
    if (property.distinct_subjects)
      piece.text += separator + format_count(*property.distinct_subjects) + " subjects";
    if (property.distinct_objects)
      piece.text += separator + format_count(*property.distinct_objects) + " objects";
  }
  return piece;
}

ShapeParts Renderer::shape_head(const ClassPartition& cls, std::size_t total,
                                std::string empty_note) const {
  ShapeParts parts;
  parts.full = full();
  parts.total = total;
  parts.head = class_entry(cls);
  if (full() && cls.entities) parts.head.text += " instances";
  if (!cls.properties_known) {
    parts.empty_note = "properties not described";
    parts.head.json["properties_known"] = false;
  } else if (total == 0) {
    parts.empty_note = std::move(empty_note);
  }
  return parts;
}

// Summary: "ex:Person 412 { ex:name xsd:string ; ex:knows → ex:Person * ; … +3 }".
// Full: "ex:Person 412 instances:\n  ex:name xsd:string 412 · 412 triples ...\n  … +3 more".
const std::string& ShapeParts::separator(std::size_t index) const {
  static const std::string kSummaryFirst = " { ", kSummaryNext = " ; ", kFullFirst = ":\n  ",
                           kFullNext = "\n  ";
  if (full) return index == 0 ? kFullFirst : kFullNext;
  return index == 0 ? kSummaryFirst : kSummaryNext;
}

std::string ShapeParts::ending(std::size_t shown) const {
  const std::size_t left_out = total - shown;
  if (total == 0) {
    if (empty_note.empty()) return full ? "" : " { }";
    return full ? ": " + empty_note : " { " + empty_note + " }";
  }
  if (full) {
    if (left_out == 0) return "";
    return (shown == 0 ? ": … +" : "\n  … +") + format_count(left_out) + " more properties";
  }
  if (left_out == 0) return " }";
  return (shown == 0 ? " { … +" : " ; … +") + format_count(left_out) + " }";
}

Piece ShapeParts::assemble(std::size_t shown) const {
  Piece piece = head;
  nlohmann::json properties = nlohmann::json::array();
  for (std::size_t i = 0; i < shown; ++i) {
    piece.text += separator(i) + entries[i].text;
    piece.prefixes.insert(piece.prefixes.end(), entries[i].prefixes.begin(),
                          entries[i].prefixes.end());
    properties.push_back(entries[i].json);
  }
  piece.text += ending(shown);
  if (total > 0) piece.json["properties"] = std::move(properties);
  if (shown < total) piece.json["properties_cut"] = total - shown;
  return piece;
}

}  // namespace sparqlmcp::void_::summary
