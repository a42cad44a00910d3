#include "sparqlmcp/void/summary.hpp"

#include <algorithm>
#include <limits>
#include <map>
#include <memory>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include "sparqlmcp/util/error.hpp"
#include "summary_budget.hpp"
#include "summary_filters.hpp"
#include "summary_names.hpp"
#include "summary_render.hpp"
#include "summary_sections.hpp"
#include "summary_text.hpp"

namespace sparqlmcp::void_ {

std::string_view to_string(Status status) {
  switch (status) {
    case Status::Cached:
      return "cached";
    case Status::Retrieved:
      return "retrieved";
    case Status::Computed:
      return "computed";
    case Status::Stale:
      return "stale";
    case Status::Partial:
      return "partial";
    case Status::Missing:
      return "missing";
  }
  return "computed";
}

std::string_view to_string(Detail detail) {
  return detail == Detail::Full ? "full" : "summary";
}

namespace summary {
namespace {

constexpr const char* kRdfType = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type";
// Properties per shape line without filters, biggest first (an agent asking for a class gets
// them all).
constexpr std::size_t kSummaryShapeEntries = 12;
constexpr std::size_t kFullShapeEntries = 40;
constexpr std::size_t kUnlimited = std::numeric_limits<std::size_t>::max();

// Descending by count, unknown counts last, then by IRI: Description::sort's order, on a view
// (the description is not copied: it may hold millions of entries).
template <typename T, typename CountOf, typename IriOf>
std::vector<const T*> sorted_view(const std::vector<T>& items, CountOf count_of, IriOf iri_of) {
  std::vector<const T*> view;
  view.reserve(items.size());
  for (const T& item : items)
    view.push_back(&item);
  std::sort(view.begin(), view.end(), [&](const T* a, const T* b) {
    const Count ca = count_of(*a);
    const Count cb = count_of(*b);
    return std::make_tuple(!ca.has_value(), ca ? ~*ca : 0, std::cref(iri_of(*a))) <
           std::make_tuple(!cb.has_value(), cb ? ~*cb : 0, std::cref(iri_of(*b)));
  });
  return view;
}

std::vector<const ClassProperty*> sorted_properties(const ClassPartition& cls) {
  return sorted_view(
      cls.properties, [](const ClassProperty& p) { return p.triples; },
      [](const ClassProperty& p) -> const std::string& { return p.property; });
}

// --- The content: lists and shapes -------------------------------------------------------

template <typename Render>
std::function<bool(Composer&, Section&)> list_step(std::size_t count, Render render) {
  auto next = std::make_shared<std::size_t>(0);
  return [count, render, next](Composer& composer, Section& section) {
    if (*next == count) return false;
    if (!section.offer(composer, render(*next))) return false;
    ++*next;
    return true;
  };
}

struct ShapeJob {
  const ClassPartition* cls;
  std::size_t properties;  // how many it shows at most
};

// The classes whose shapes may be shown; which properties each shows is chosen (and sorted)
// only when its turn comes, so thousands of classes cost only what is shown.
struct ShapeQueueState {
  std::vector<ShapeJob> jobs;
  std::function<std::vector<const ClassProperty*>(const ClassPartition&)> choose;
  std::string empty_note;  // why a shape shows no property
  std::size_t next = 0;
  std::size_t entries_cut = 0;
};

// Offers the next class's shape with as many of its properties as fit (at most
// `max_entries`, and a line of at most `line_cap` characters), pricing every length without
// building it; closes when not even one property fits.
std::function<bool(Composer&, Section&)> shape_step(std::shared_ptr<ShapeQueueState> state,
                                                    const Renderer& renderer,
                                                    std::size_t max_entries, std::size_t line_cap) {
  return [state, &renderer, max_entries, line_cap](Composer& composer, Section& section) {
    if (state->next == state->jobs.size()) return false;
    const ShapeJob& job = state->jobs[state->next];
    const std::size_t overhead = section.overhead();
    if (composer.remaining() <= overhead) return false;
    const std::size_t room = std::min(composer.remaining() - overhead, line_cap);

    // Entries are rendered while they can still fit: a class with 500 properties costs
    // what is shown, not 500 renderings.
    const std::vector<const ClassProperty*> chosen = state->choose(*job.cls);
    ShapeParts parts = renderer.shape_head(*job.cls, chosen.size(), state->empty_note);
    std::vector<int> seen;
    std::size_t units =
        text_length(parts.head.text) + composer.prefix_cost(parts.head.prefixes, seen);
    const std::size_t limit = std::min(max_entries, chosen.size());
    std::optional<std::size_t> best;
    for (std::size_t k = 0;; ++k) {
      if (units + text_length(parts.ending(k)) <= room) best = k;
      if (k == limit) break;
      parts.entries.push_back(renderer.shape_entry(*job.cls, *chosen[k]));
      units += text_length(parts.separator(k)) + text_length(parts.entries[k].text) +
               composer.prefix_cost(parts.entries[k].prefixes, seen);
      if (units > room) break;
    }
    if (!best || (*best == 0 && parts.total > 0)) return false;
    if (!section.offer(composer, parts.assemble(*best))) return false;
    state->entries_cut += parts.total - *best;
    ++state->next;
    return true;
  };
}

std::string shapes_heading(Mode mode, bool full, bool cardinalities) {
  std::string title;
  switch (mode) {
    case Mode::All:
      title = "Shapes, biggest class first";
      break;
    case Mode::Classes:
      title = "Classes asked for";
      break;
    case Mode::Properties:
      title = "Classes whose instances use these properties, biggest first";
      break;
  }
  std::string legend =
      full ? ": Class instances, then per property: values (with their triples) cardinality · "
             "triples · distinct subjects · distinct objects. Values are datatypes or → the "
             "classes of the linked IRIs (IRI: no known class)."
           : ": Class instances { property values cardinality ; … }. Values are datatypes or → "
             "the classes of the linked IRIs (IRI: no known class).";
  if (cardinalities)
    legend +=
        " Cardinality, values per instance: none exactly one, ? at most one, + one or "
        "more, * any number.";
  return title + legend + "\n";
}

}  // namespace
}  // namespace summary

Summary summarize(const Description& d, const SummaryOptions& o) {
  using namespace summary;
  if (o.max_chars < kMinimumSummaryBudget)
    throw Exception(make_error(ErrorKind::InvalidArgument,
                               "a summary needs a budget of at least " +
                                   format_count(kMinimumSummaryBudget) + " characters (got " +
                                   format_count(o.max_chars) +
                                   "); to see less, ask for fewer classes or properties instead"));

  const bool full = o.detail == Detail::Full;
  std::vector<summary::Prefix> preferred;
  for (const auto& [name, ns] : o.prefixes)
    preferred.push_back({name, ns});
  const Names names(d, preferred);
  const Renderer renderer(names, o.detail, d);
  Composer composer(names, o.max_chars);
  Summary result;
  nlohmann::json& out = result.structured;
  out = nlohmann::json::object();

  // The header's parts are cut one by one; the whole stays under two fifths of the budget
  // whatever the endpoint's names.
  std::string header = header_line(d, o, out);
  if (text_length(header) > o.max_chars * 2 / 5)
    header = cut_text(header.substr(0, header.size() - 1), o.max_chars * 2 / 5 - 1) + "\n";
  composer.spend(text_length(header));
  if (o.status.status == Status::Missing) {
    result.text = header;
    out["prefixes"] = nlohmann::json::object();
    out["shapes"] = nlohmann::json::array();
    out["chars"] = text_length(result.text);
    return result;
  }

  // The description in the order summaries show it.
  const auto classes = sorted_view(
      d.classes, [](const ClassPartition& c) { return c.entities; },
      [](const ClassPartition& c) -> const std::string& { return c.class_iri; });
  const auto properties = sorted_view(
      d.properties, [](const PropertyPartition& p) { return p.triples; },
      [](const PropertyPartition& p) -> const std::string& { return p.property; });

  // Properties known only from class partitions: the property list when the description
  // has no property partitions, and names a filter may ask for. (Finding them reads every
  // class partition, so only then.)
  const bool filters = !o.classes.empty() || !o.properties.empty();
  std::vector<std::string> extra_properties;
  if (properties.empty() || filters) {
    std::unordered_set<std::string_view> described;
    for (const PropertyPartition* p : properties)
      described.insert(p->property);
    std::unordered_map<std::string_view, std::uint64_t> extra;
    for (const ClassPartition& c : d.classes)
      for (const ClassProperty& p : c.properties)
        if (!described.count(p.property)) extra[p.property] += p.triples.value_or(0);
    std::vector<std::pair<std::string_view, std::uint64_t>> ordered(extra.begin(), extra.end());
    std::sort(ordered.begin(), ordered.end(), [](const auto& a, const auto& b) {
      return a.second != b.second ? a.second > b.second : a.first < b.first;
    });
    for (const auto& entry : ordered)
      extra_properties.emplace_back(entry.first);
  }

  // Filters (the candidates are indexed only when there is something to match).
  std::vector<FilterMatch> class_matches, property_matches;
  if (filters) {
    std::vector<std::string> class_iris;
    for (const ClassPartition* c : classes)
      class_iris.push_back(c->class_iri);
    std::vector<std::string> property_iris;
    for (const PropertyPartition* p : properties)
      property_iris.push_back(p->property);
    property_iris.insert(property_iris.end(), extra_properties.begin(), extra_properties.end());
    const Candidates class_candidates(std::move(class_iris));
    const Candidates property_candidates(std::move(property_iris));
    class_matches = class_candidates.match(o.classes, names, property_candidates);
    property_matches = property_candidates.match(o.properties, names, class_candidates);
  }
  std::unordered_set<std::string> wanted_classes, wanted_properties;
  for (const FilterMatch& m : class_matches)
    wanted_classes.insert(m.matches.begin(), m.matches.end());
  for (const FilterMatch& m : property_matches)
    wanted_properties.insert(m.matches.begin(), m.matches.end());

  const Mode mode = !o.classes.empty()      ? Mode::Classes
                    : !o.properties.empty() ? Mode::Properties
                                            : Mode::All;
  const bool property_filter = !o.properties.empty();

  // What the content covers.
  auto shown_in_shape = [&](const ClassProperty& p) {
    return property_filter ? wanted_properties.count(p.property) > 0 : p.property != kRdfType;
  };
  auto shapes = std::make_shared<ShapeQueueState>();
  shapes->choose = [shown_in_shape](const ClassPartition& c) {
    std::vector<const ClassProperty*> chosen;
    for (const ClassProperty* p : sorted_properties(c))
      if (shown_in_shape(*p)) chosen.push_back(p);
    return chosen;
  };
  shapes->empty_note =
      property_filter ? "none of the properties asked for" : "no properties besides rdf:type";
  for (const ClassPartition* c : classes) {
    if (mode == Mode::Classes ? !wanted_classes.count(c->class_iri) : !c->properties_known)
      continue;
    const std::size_t count = static_cast<std::size_t>(
        std::count_if(c->properties.begin(), c->properties.end(), shown_in_shape));
    if (mode == Mode::Properties && count == 0) continue;
    shapes->jobs.push_back({c, count});
  }
  // The property list: every property without a property filter (none with only a class
  // filter), else those asked for.
  std::vector<const PropertyPartition*> listed_properties;
  std::vector<std::string> listed_extra;
  if (mode == Mode::All || property_filter) {
    for (const PropertyPartition* p : properties)
      if (!property_filter || wanted_properties.count(p->property)) listed_properties.push_back(p);
    for (const std::string& iri : extra_properties)
      if (!property_filter || wanted_properties.count(iri)) listed_extra.push_back(iri);
  }
  const std::size_t listed_count = listed_properties.size() + listed_extra.size();
  const std::size_t listed_classes = mode == Mode::All ? classes.size() : 0;

  CutTotals totals;
  totals.classes = mode == Mode::All       ? classes.size()
                   : mode == Mode::Classes ? shapes->jobs.size()
                                           : 0;
  totals.properties = listed_count;
  totals.shapes = mode == Mode::Classes ? 0 : shapes->jobs.size();
  for (const ShapeJob& job : shapes->jobs)
    totals.entries += job.properties;
  totals.other = d.provenance.missing.size() + o.classes.size() + o.properties.size();

  // The note on what was cut is reserved at its longest (every count at its total), so it
  // always fits when it is needed.
  {
    SummaryCut worst{totals.classes, totals.properties, totals.shapes, totals.entries,
                     totals.other};
    composer.spend(text_length(note_text(worst, totals, mode, o.max_chars)));
  }

  // Missing parts and the filter report take at most a share of the budget each, before the
  // content.
  Section missing{"Missing (the description is partial): ", " · ", 1, {}, 0};
  missing.cap = o.max_chars * 15 / 100;
  std::size_t other_cut = add_missing(d, renderer, composer, missing);
  Section class_report{"Asked for as classes: ", " · ", 1, {}, 0};
  Section property_report{"Asked for as properties: ", " · ", 1, {}, 0};
  class_report.cap = property_report.cap = o.max_chars / 10;
  other_cut +=
      add_filter_report(class_matches, "class", "property", renderer, composer, class_report);
  other_cut +=
      add_filter_report(property_matches, "property", "class", renderer, composer, property_report);

  std::string notice;
  if (mode != Mode::All && wanted_classes.empty() && wanted_properties.empty())
    notice = "Nothing matched the classes and properties asked for.\n";
  else if (mode == Mode::All && d.classes.empty() && d.properties.empty())
    notice = "The description has no class or property partitions.\n";
  composer.spend(text_length(notice));

  // The content.
  Section class_list{
      "Classes by instances (" + format_count(classes.size()) + "): ", " · ", 1, {}, 0};
  Section property_list;
  if (mode == Mode::All) {
    if (!listed_properties.empty())
      property_list.heading = full ? "Properties by triples, with distinct subjects and objects (" +
                                         format_count(listed_count) + "):\n"
                                   : "Properties by triples (" + format_count(listed_count) + "): ";
    else
      property_list.heading =
          "Properties (" + format_count(listed_count) + ", counted in class partitions only): ";
  } else {
    property_list.heading = full ? "Properties asked for, with distinct subjects and objects:\n"
                                 : "Properties asked for: ";
  }
  property_list.separator = full && !listed_properties.empty() ? "\n" : " · ";
  Section shape_list{shapes_heading(mode, full, renderer.has_cardinalities()), "\n", 3, {}, 0};

  std::vector<Queue> queues;
  if (listed_classes > 0)
    queues.push_back({&class_list, list_step(listed_classes, [&](std::size_t i) {
                        return renderer.class_entry(*classes[i]);
                      })});
  if (listed_count > 0)
    queues.push_back({&property_list, list_step(listed_count, [&](std::size_t i) {
                        return i < listed_properties.size()
                                   ? renderer.property_entry(*listed_properties[i])
                                   : renderer.bare_property_entry(
                                         listed_extra[i - listed_properties.size()]);
                      })});
  const std::size_t max_entries =
      mode == Mode::All ? (full ? kFullShapeEntries : kSummaryShapeEntries) : kUnlimited;
  const std::size_t line_cap =
      mode == Mode::All ? std::max<std::size_t>(o.max_chars / 5, 600) : kUnlimited;
  if (!shapes->jobs.empty())
    queues.push_back({&shape_list, shape_step(shapes, renderer, max_entries, line_cap)});
  fill(composer, queues);

  // What was cut.
  SummaryCut& cut = result.cut;
  cut.other = other_cut;
  cut.properties = listed_count - property_list.pieces.size();
  cut.shape_entries = shapes->entries_cut;
  const std::size_t shapes_cut = shapes->jobs.size() - shape_list.pieces.size();
  if (mode == Mode::All) {
    cut.shapes = shapes_cut;
    std::unordered_set<const ClassPartition*> shown;
    for (std::size_t i = 0; i < class_list.pieces.size(); ++i)
      shown.insert(classes[i]);
    for (std::size_t i = 0; i < shape_list.pieces.size(); ++i)
      shown.insert(shapes->jobs[i].cls);
    cut.classes = classes.size() - shown.size();
  } else if (mode == Mode::Classes) {
    cut.classes = shapes_cut;
  } else {
    cut.shapes = shapes_cut;
  }
  const std::string note = cut.any() ? note_text(cut, totals, mode, o.max_chars) : "";

  result.text = header + composer.prefix_lines() + missing.text() + class_report.text() +
                property_report.text() + notice + class_list.text() + property_list.text() +
                shape_list.text() + note;

  out["prefixes"] = composer.prefix_json();
  if (!d.provenance.missing.empty()) {
    out["missing"] = missing.json();
  }
  if (!o.classes.empty() || !o.properties.empty()) {
    out["filters"] = {{"classes", class_report.json()}, {"properties", property_report.json()}};
  }
  if (listed_classes > 0) out["classes"] = class_list.json();
  if (listed_count > 0) out["properties"] = property_list.json();
  out["shapes"] = shape_list.json();
  if (cut.any()) {
    out["cut"] = {{"classes", cut.classes}, {"properties", cut.properties},
                  {"shapes", cut.shapes},   {"shape_entries", cut.shape_entries},
                  {"other", cut.other},     {"note", note.substr(0, note.size() - 1)}};
  }
  out["chars"] = text_length(result.text);
  // The budget is kept by construction; this is the check that the construction holds.
  if (text_length(result.text) > o.max_chars)
    throw Exception(
        make_error(ErrorKind::Internal, "a VoID summary came out longer than its budget (" +
                                            format_count(text_length(result.text)) + " > " +
                                            format_count(o.max_chars) + " characters)"));
  return result;
}

}  // namespace sparqlmcp::void_
