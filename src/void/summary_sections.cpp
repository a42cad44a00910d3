#include "summary_sections.hpp"

#include <algorithm>
#include <map>
#include <utility>

#include "summary_text.hpp"

namespace sparqlmcp::void_::summary {
namespace {

// Missing parts named per kind of part.
constexpr std::size_t kMissingSubjects = 5;
// Matches named per filter value found by local name.
constexpr std::size_t kReportedMatches = 5;

std::string method_text(const std::string& method) {
  if (method == "service-description") return "service description";
  if (method == "default-graph") return "VoID in the default graph";
  if (method == "named-graph") return "VoID in a named graph";
  return method;
}

std::string origin_text(const Description& d, std::size_t iri_cap, nlohmann::json& out) {
  const Provenance& p = d.provenance;
  const std::string source = clean(cut_text(p.source, iri_cap));
  std::string text;
  switch (p.origin) {
    case Provenance::Origin::Retrieved:
      out["origin"] = "retrieved";
      text = "published VoID";
      if (!p.source.empty()) text += " read from <" + source + ">";
      // The well-known URL says how it was found; the other methods need saying.
      if (!p.method.empty() && p.method != "well-known")
        text += " (" + clean(cut_text(method_text(p.method), 40)) + ")";
      break;
    case Provenance::Origin::Computed:
      out["origin"] = "computed";
      text = "computed";
      if (p.queries > 0) {
        text += " with " + format_count(p.queries) + " queries";
        out["queries"] = p.queries;
      }
      if (!p.source.empty() && p.source != d.endpoint) text += " on <" + source + ">";
      break;
    case Provenance::Origin::InProcess:
      out["origin"] = "in-process";
      text = "computed in-process from the RDF dump";
      if (!p.source.empty()) text += " <" + source + ">";
      break;
  }
  if (!p.method.empty()) out["method"] = clean(cut_text(p.method, 40));
  if (!p.source.empty()) out["source"] = source;
  const SystemTime when = p.finished != SystemTime{} ? p.finished : p.started;
  if (const std::string time = format_time(when); !time.empty()) {
    text += " at " + time;
    out["made_at"] = iso_time(when);
  }
  return text;
}

// "1 class", "2 classes".
std::string counted(std::size_t n, const char* one, const char* many) {
  return format_count(n) + " " + (n == 1 ? one : many);
}

}  // namespace

std::string shown_age(const DescriptionStatus& s) {
  if (!s.age || (s.status != Status::Cached && s.status != Status::Stale)) return {};
  return format_age(*s.age) + " old";
}

std::string header_line(const Description& d, const SummaryOptions& o, nlohmann::json& out) {
  // IRIs and notes in the header are cut so that the header stays a small share of any budget.
  const std::size_t cap = std::clamp<std::size_t>(o.max_chars / 10, 60, 300);
  std::string label;
  if (!d.id.empty()) {
    label = clean(cut_text(d.id, 64));
    out["id"] = label;
  }
  const std::string endpoint = clean(cut_text(d.endpoint, cap));
  out["endpoint"] = endpoint;
  if (!endpoint.empty()) label += (label.empty() ? "<" : " <") + endpoint + ">";
  if (label.empty()) label = "(unnamed endpoint)";

  const DescriptionStatus& s = o.status;
  out["status"] = std::string(to_string(s.status));
  out["detail"] = std::string(to_string(o.detail));
  std::vector<std::string> details;
  if (std::string age = shown_age(s); !age.empty()) {
    details.push_back(std::move(age));
    out["age_seconds"] = std::max<long long>(0, s.age->count());
  }
  if (!s.note.empty()) {
    const std::string note = clean(cut_text(s.note, cap));
    details.push_back(note);
    out["status_note"] = note;
  }
  std::string status = std::string(to_string(s.status));
  if (!details.empty()) status += " (" + join(details, "; ") + ")";

  // "computed" or "retrieved" without details is what the origin says anyway.
  const Provenance::Origin origin = d.provenance.origin;
  const bool said_by_origin =
      details.empty() &&
      ((s.status == Status::Computed && origin != Provenance::Origin::Retrieved) ||
       (s.status == Status::Retrieved && origin == Provenance::Origin::Retrieved));
  std::vector<std::string> fields;
  if (!said_by_origin || s.status == Status::Missing) fields.push_back(status);
  if (s.status != Status::Missing) {
    fields.push_back(origin_text(d, cap, out));
    if (d.triples) {
      fields.push_back(format_count(*d.triples) + " triples");
      out["triples"] = *d.triples;
    }
    auto count = [&](const Count& declared, std::size_t described, const char* what,
                     const char* key) {
      const std::uint64_t total = std::max<std::uint64_t>(declared.value_or(0), described);
      if (total == 0 && !declared) return;
      std::string field = format_count(total) + " " + what;
      if (total > described && described > 0)
        field += " (" + format_count(described) + " described)";
      fields.push_back(std::move(field));
      out[key] = total;
    };
    count(d.class_count, d.classes.size(), "classes", "class_count");
    count(d.property_count, d.properties.size(), "properties", "property_count");
    // Where its entities' IRIs live tells an agent what an IRI of this endpoint looks like.
    if (!d.uri_spaces.empty() || !d.uri_patterns.empty()) {
      std::vector<std::string> shown;
      for (const std::string& space : d.uri_spaces)
        shown.push_back(clean(cut_text(space, cap)) + "…");
      for (const std::string& pattern : d.uri_patterns)
        shown.push_back("matching " + clean(cut_text(pattern, cap)));
      const std::size_t more = shown.size() > 3 ? shown.size() - 3 : 0;
      shown.resize(std::min<std::size_t>(shown.size(), 3));
      fields.push_back("entity IRIs " + join(shown, ", ") +
                       (more > 0 ? " and " + std::to_string(more) + " more" : ""));
      out["uri_spaces"] = d.uri_spaces;
      out["uri_patterns"] = d.uri_patterns;
    }
    out["classes_described"] = d.classes.size();
    out["properties_described"] = d.properties.size();
    if (o.detail == Detail::Full) {
      if (d.distinct_subjects) {
        fields.push_back(format_count(*d.distinct_subjects) + " distinct subjects");
        out["distinct_subjects"] = *d.distinct_subjects;
      }
      if (d.distinct_objects) {
        fields.push_back(format_count(*d.distinct_objects) + " distinct objects");
        out["distinct_objects"] = *d.distinct_objects;
      }
    }
  }
  return label + ": " + join(fields, " · ") + "\n";
}

std::string note_text(const SummaryCut& cut, const CutTotals& totals, Mode mode,
                      std::size_t budget) {
  std::vector<std::string> clauses;
  const bool filtered = mode != Mode::All;
  const char* asked = filtered ? " asked for" : "";
  if (cut.classes > 0)
    clauses.push_back(format_count(cut.classes) + " of " +
                      counted(totals.classes, "class", "classes") + asked);
  if (cut.properties > 0)
    clauses.push_back(format_count(cut.properties) + " of " +
                      counted(totals.properties, "property", "properties") + asked);
  if (cut.shapes > 0)
    clauses.push_back(mode == Mode::Properties
                          ? format_count(cut.shapes) + " of " +
                                counted(totals.shapes, "class", "classes") + " using them"
                          : "the shapes of " + counted(cut.shapes, "class", "classes"));
  if (cut.shape_entries > 0)
    clauses.push_back(counted(cut.shape_entries, "property", "properties") +
                      " within shapes (… +N)");
  if (cut.other > 0)
    clauses.push_back(
        counted(cut.other, "missing part or filter value", "missing parts or filter values"));
  std::string text =
      "Cut to fit " + format_count(budget) + " characters, not shown: " + join(clauses, ", ") + ".";
  const bool content_cut = cut.classes + cut.properties + cut.shapes + cut.shape_entries > 0;
  if (filtered)
    text += " Ask for fewer at a time with classes=[…] and/or properties=[…].";
  else if (content_cut)
    text +=
        " Ask for them by name with classes=[…] and/or properties=[…] (IRIs, prefixed names or "
        "local names); detail=full adds counts.";
  return text + "\n";
}

// Missing parts of a partial description, one piece per kind of part and reason, naming a
// few of the classes or properties concerned.
std::size_t add_missing(const Description& d, const Renderer& renderer, Composer& composer,
                        Section& section) {
  struct Group {
    std::string part, reason;
    std::vector<std::string> subjects;
    std::size_t parts = 0;
  };
  std::vector<Group> groups;
  std::map<std::pair<std::string, std::string>, std::size_t> index;
  for (const MissingPart& m : d.provenance.missing) {
    auto key = std::make_pair(m.part, m.reason);
    auto it = index.find(key);
    if (it == index.end()) {
      it = index.emplace(key, groups.size()).first;
      groups.push_back({m.part, m.reason, {}, 0});
    }
    Group& group = groups[it->second];
    ++group.parts;
    if (!m.subject.empty()) group.subjects.push_back(m.subject);
  }
  std::size_t not_shown = 0;
  bool open = true;
  for (const Group& group : groups) {
    bool taken = false;
    // Fewer names when the piece does not fit; at least the kind and the reason.
    for (std::size_t named = std::min(kMissingSubjects, group.subjects.size()); open && !taken;
         --named) {
      Piece piece;
      const std::string part = clean(cut_text(group.part.empty() ? "part" : group.part, 60));
      piece.text = part;
      piece.json["part"] = part;
      if (!group.subjects.empty()) {
        std::vector<std::string> names;
        nlohmann::json subjects = nlohmann::json::array();
        for (std::size_t i = 0; i < named; ++i) {
          names.push_back(renderer.name(group.subjects[i], piece));
          subjects.push_back(names.back());
        }
        const std::size_t more = group.subjects.size() - named;
        if (more > 0) names.push_back("+" + format_count(more) + " more");
        piece.text += ": " + join(names, ", ");
        piece.json["subjects"] = std::move(subjects);
        if (more > 0) piece.json["subjects_cut"] = more;
      }
      if (!group.reason.empty()) {
        const std::string reason = clean(cut_text(group.reason, 120));
        piece.text += " (" + reason + ")";
        piece.json["reason"] = reason;
      }
      taken = section.offer(composer, std::move(piece));
      if (named == 0) break;
    }
    if (!taken) {
      open = false;  // biggest first: nothing after a piece that did not fit
      not_shown += group.parts;
    }
  }
  return not_shown;
}

// The filter values worth a word: those found by local name (which IRIs they stand for) and
// those found nowhere (the closest names). Values matched exactly show in the content.
std::size_t add_filter_report(const std::vector<FilterMatch>& matches, const char* kind,
                              const char* other_kind, const Renderer& renderer, Composer& composer,
                              Section& section) {
  std::size_t not_shown = 0;
  bool open = true;
  for (const FilterMatch& match : matches) {
    if (match.by == MatchedBy::Iri || match.by == MatchedBy::PrefixedName) continue;
    Piece piece;
    const std::string value = clean(cut_text(match.value, 80));
    piece.text = value;
    piece.json["value"] = value;
    auto names = [&](const std::vector<std::string>& iris, std::size_t limit) {
      std::vector<std::string> out;
      nlohmann::json json = nlohmann::json::array();
      for (std::size_t i = 0; i < iris.size() && i < limit; ++i) {
        out.push_back(renderer.name(iris[i], piece));
        json.push_back(out.back());
      }
      if (iris.size() > limit) out.push_back("+" + format_count(iris.size() - limit) + " more");
      return std::make_pair(join(out, ", "), std::move(json));
    };
    if (match.by == MatchedBy::LocalName) {
      auto [text, json] = names(match.matches, kReportedMatches);
      piece.text += " → " + text;
      piece.json["matches"] = std::move(json);
      piece.json["matched_by"] = "local name";
    } else if (match.value.empty()) {
      piece.text = "(empty): ignored";
    } else {
      piece.json["matches"] = nlohmann::json::array();
      if (match.names_other_kind) {
        piece.text += std::string(": not a ") + kind + " but a " + other_kind;
        piece.json["names_other_kind"] = true;
      } else {
        piece.text += std::string(": no such ") + kind;
      }
      if (!match.closest.empty() && !match.names_other_kind) {
        auto [text, json] = names(match.closest, match.closest.size());
        piece.text += "; closest: " + text;
        piece.json["closest"] = std::move(json);
      }
    }
    if (!open || !section.offer(composer, std::move(piece))) {
      open = false;
      ++not_shown;
    }
  }
  return not_shown;
}

}  // namespace sparqlmcp::void_::summary
