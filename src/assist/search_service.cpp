#include "sparqlmcp/assist/search_service.hpp"

#include <algorithm>
#include <cmath>
#include <set>

#include "parallel.hpp"
#include "sparqlmcp/assist/description_terms.hpp"
#include "sparqlmcp/assist/endpoint_query.hpp"
#include "sparqlmcp/assist/labels.hpp"
#include "sparqlmcp/assist/words.hpp"
#include "sparqlmcp/util/error.hpp"

namespace sparqlmcp::assist {
namespace {

using Clock = std::chrono::steady_clock;

std::string fingerprint_of(const void_::Description& description, std::string_view made) {
  return std::string(made) + "|" + std::to_string(description.classes.size()) + "|" +
         std::to_string(description.properties.size()) + "|" + description.provenance.method;
}

// The terms of a description whose labels one query asks for: the most used first, classes
// and properties alternately, so that neither crowds the other out.
std::vector<std::string> terms_to_label(const void_::Description& description, std::size_t max) {
  std::vector<std::string> out;
  std::size_t c = 0, p = 0;
  while (out.size() < max &&
         (c < description.classes.size() || p < description.properties.size())) {
    if (c < description.classes.size()) out.push_back(description.classes[c++].class_iri);
    if (out.size() < max && p < description.properties.size())
      out.push_back(description.properties[p++].property);
  }
  return out;
}

std::string labels_query(const std::vector<std::string>& terms, std::size_t limit) {
  std::vector<std::string> properties = label_properties();
  properties.insert(properties.end(), comment_properties().begin(), comment_properties().end());
  return literals_query(terms, properties, limit);
}

void take_text(TermText& text, const std::string& property, const rdf::Term& value) {
  if (value.value.empty()) return;
  const bool english = english_or_untagged(value);
  if (is_comment_property(property)) {
    if (text.comment.empty() || (english && !text.comment_english)) {
      text.comment = value.value.substr(0, 500);
      text.comment_english = english;
    }
    return;
  }
  if (std::find(text.labels.begin(), text.labels.end(), value.value) == text.labels.end())
    text.labels.push_back(value.value);
  if (text.label.empty() || (english && !text.label_english)) {
    text.label = value.value;
    text.label_english = english;
  }
}

// The share of the text's words (three letters or more) that the words of a term's local name
// or label match, a word matching one that begins with it or that it begins with (four
// letters at least): "birth place" is wholly covered by birthPlace.
double text_coverage(const std::string& text, const std::string& iri, const std::string& label) {
  std::vector<std::string> wanted;
  for (std::string& word : text_words(text))
    if (word.size() >= 3) wanted.push_back(std::move(word));
  if (wanted.empty()) return 1;
  std::vector<std::string> have = iri_words(iri);
  for (std::string& word : text_words(label))
    have.push_back(std::move(word));
  auto matches = [](const std::string& a, const std::string& b) {
    if (a == b) return true;
    const std::string& shorter = a.size() < b.size() ? a : b;
    const std::string& longer = a.size() < b.size() ? b : a;
    return shorter.size() >= 4 && longer.compare(0, shorter.size(), shorter) == 0;
  };
  std::size_t covered = 0;
  for (const std::string& w : wanted)
    if (std::any_of(have.begin(), have.end(), [&](const std::string& h) { return matches(w, h); }))
      ++covered;
  return static_cast<double>(covered) / static_cast<double>(wanted.size());
}

// The IRIs of the `n` properties among `terms` that score best, best first.
std::vector<std::string> best_properties(const std::vector<Found>& terms, std::size_t n) {
  std::vector<const Found*> properties;
  for (const Found& f : terms)
    if (f.kind == FindKind::Property) properties.push_back(&f);
  std::stable_sort(properties.begin(), properties.end(),
                   [](const Found* a, const Found* b) { return a->score > b->score; });
  std::vector<std::string> out;
  for (std::size_t i = 0; i < properties.size() && i < n; ++i)
    out.push_back(properties[i]->iri);
  return out;
}

double normalized(double score, double best) {
  return best > 0 ? score / best : 0;
}

}  // namespace

std::string_view find_kind_name(FindKind kind) {
  switch (kind) {
    case FindKind::Class:
      return "class";
    case FindKind::Property:
      return "property";
    case FindKind::Entity:
      return "entity";
    case FindKind::Value:
      return "value";
  }
  return "class";
}

SearchService::SearchService(const catalogue::Catalogue& catalogue,
                             std::shared_ptr<const federation::QueryService> queries,
                             void_::VoidService& voids, const std::filesystem::path& index_file,
                             SearchSettings settings)
    : catalogue_(catalogue),
      queries_(std::move(queries)),
      voids_(voids),
      settings_(settings),
      index_(index_file),
      lexicon_(settings_.wordnet),
      entity_cache_(std::make_unique<util::BoundedCache<EntityView>>(16 * 1024 * 1024,
                                                                     std::chrono::seconds(900))) {}

bool SearchService::recently_failed(std::map<std::string, Attempt>& attempts, const std::string& id,
                                    const std::string& fingerprint, std::string* reason) {
  std::lock_guard lock(mutex_);
  auto found = attempts.find(id);
  if (found == attempts.end() || found->second.fingerprint != fingerprint) return false;
  if (Clock::now() - found->second.at > settings_.retry_after) return false;
  *reason = found->second.reason;
  return true;
}

std::vector<std::string> SearchService::prepare_terms(
    const std::vector<const catalogue::Endpoint*>& endpoints, Clock::time_point deadline,
    const CancellationTokenPtr& cancel, std::size_t* requests, const RequestObserver& on_request,
    bool* unlabelled) {
  struct Outcome {
    std::vector<std::string> notes;
    std::size_t requests = 0;
    bool unlabelled = false;
  };
  // Most calls find every endpoint indexed from its current description with its labels: a
  // stat and a look-up each, on this thread. Only the others are prepared, eight at a time.
  std::vector<const catalogue::Endpoint*> stale;
  std::size_t undescribed = 0;
  for (const catalogue::Endpoint* endpoint : endpoints) {
    const void_::CacheLookup cached = voids_.cache().lookup(endpoint->id);
    if (!cached.hit) {
      ++undescribed;
      stale.push_back(endpoint);
      continue;
    }
    const std::string made = std::to_string(cached.hit->made.time_since_epoch().count());
    if (index_.fingerprint(endpoint->id) !=
        fingerprint_of(*cached.hit->description, made) + "|labels")
      stale.push_back(endpoint);
  }
  std::vector<Outcome> outcomes(stale.size());
  // With many endpoints to describe, none is waited for: their searches and computations start
  // and the next call finds them.
  const bool wait_for_descriptions = undescribed <= kParallelEndpoints;
  run_in_parallel(stale.size(), kParallelEndpoints, [&](std::size_t i) {
    if (cancel && cancel->cancelled()) return;
    Outcome& outcome = outcomes[i];
    prepare_endpoint(*stale[i], wait_for_descriptions, deadline, cancel, on_request, outcome.notes,
                     outcome.requests, outcome.unlabelled);
  });
  if (cancel && cancel->cancelled())
    throw Exception(make_error(ErrorKind::Cancelled, "the search was cancelled"));
  std::vector<std::string> notes;
  for (Outcome& outcome : outcomes) {
    if (unlabelled && outcome.unlabelled) *unlabelled = true;
    if (requests) *requests += outcome.requests;
    for (std::string& note : outcome.notes)
      notes.push_back(std::move(note));
  }
  return notes;
}

void SearchService::prepare_endpoint(const catalogue::Endpoint& endpoint, bool wait,
                                     Clock::time_point deadline, const CancellationTokenPtr& cancel,
                                     const RequestObserver& on_request,
                                     std::vector<std::string>& notes, std::size_t& requests,
                                     bool& unlabelled) {
  std::shared_ptr<const void_::Description> description;
  std::string made;
  const void_::CacheLookup cached = voids_.cache().lookup(endpoint.id);
  if (cached.hit) {
    description = cached.hit->description;
    made = std::to_string(cached.hit->made.time_since_epoch().count());
  } else {
    void_::DescribeRequest describe;
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    describe.wait =
        wait ? std::max(std::chrono::milliseconds(0), std::min(settings_.description_wait, left))
             : std::chrono::milliseconds(0);
    describe.cancel = cancel;
    const void_::DescribeResult result = voids_.describe(endpoint, describe);
    description = result.description;
    if (description) made = "partial:" + std::to_string(description->provenance.queries);
  }
  if (!description) {
    notes.push_back("no VoID description of " + endpoint.id +
                    " yet (it is being looked for or computed): its classes and properties are "
                    "not searched; try again shortly, or call get_void_descriptions");
    return;
  }
  const std::string base = fingerprint_of(*description, made);
  const std::optional<std::string> indexed = index_.fingerprint(endpoint.id);
  if (indexed == base + "|labels") return;
  std::string reason;
  if (indexed == base + "|no-labels" &&
      recently_failed(label_failures_, endpoint.id, base, &reason)) {
    unlabelled = true;
    notes.push_back("the labels of " + endpoint.id + "'s terms could not be read (" + reason +
                    "); its terms are found by the words of their IRIs");
    return;
  }
  // Another call building this endpoint's rows: search what the index holds meanwhile.
  const std::shared_ptr<void> claimed = claim(endpoint.id);
  if (!claimed) return;

  std::map<std::string, TermText> texts;
  const std::vector<std::string> terms = terms_to_label(*description, settings_.label_terms);
  bool labelled = false;
  if (!terms.empty()) {
    const Clock::time_point label_deadline =
        std::min(deadline, Clock::now() + settings_.label_wait);
    const EndpointRows rows =
        select_at(*queries_, endpoint, labels_query(terms, settings_.label_rows), label_deadline,
                  cancel, on_request);
    requests += rows.requests;
    if (rows.failure) {
      reason = *rows.failure;
      unlabelled = true;
      std::lock_guard lock(mutex_);
      label_failures_[endpoint.id] = Attempt{base, Clock::now(), reason};
      notes.push_back("the labels of " + endpoint.id + "'s terms could not be read (" + reason +
                      "); its terms are found by the words of their IRIs");
    } else {
      labelled = true;
      for (const auto& row : rows.rows) {
        auto t = row.find("t"), p = row.find("p"), l = row.find("l");
        if (t == row.end() || p == row.end() || l == row.end()) continue;
        take_text(texts[t->second.value], p->second.value, l->second);
      }
    }
  }
  index_.replace(
      term_source(endpoint.id, base + (labelled ? "|labels" : "|no-labels"), *description, texts));
}

std::shared_ptr<void> SearchService::claim(const std::string& key) {
  std::lock_guard lock(mutex_);
  if (!building_.insert(key).second) return nullptr;
  return std::shared_ptr<void>(this, [this, key](void*) {
    std::lock_guard done(mutex_);
    building_.erase(key);
  });
}

std::vector<std::string> SearchService::related_words(const std::string& text) {
  std::vector<std::string> words = text_words(text);
  std::vector<std::string> out;
  for (const std::string& word : words) {
    if (word.size() < 3 || is_function_word(word) ||
        !std::all_of(word.begin(), word.end(), [](char c) { return c >= 'a' && c <= 'z'; }))
      continue;
    for (std::string& related : lexicon_.related(word))
      if (std::find(words.begin(), words.end(), related) == words.end() &&
          std::find(out.begin(), out.end(), related) == out.end())
        out.push_back(std::move(related));
    // A long text has enough words of its own; its query stays short.
    if (out.size() >= kMostRelatedWords) {
      out.resize(kMostRelatedWords);
      break;
    }
  }
  return out;
}

// A question about two classes ("the shop with the most employees") needs the property that
// joins them, which its words seldom name: the properties linking the classes the text names
// best go just below the best match of the words.
void SearchService::add_links(const SearchRequest& request, const std::vector<std::string>& ids,
                              const std::vector<std::string>& related,
                              const std::vector<std::string>& anchors, double best,
                              std::vector<Found>& terms) {
  TermQuery query;
  query.text = request.text;
  query.related = related;
  query.sources = ids;
  query.kind = TermKind::Class;
  query.limit = kLinkedClasses;
  std::vector<std::string> classes;
  for (TermHit& hit : index_.search(query))
    classes.push_back(std::move(hit.iri));
  // "the languages of Aruba" names the class of Aruba by its value, not its name. A property
  // that instances of many classes use (a label, rdf:type) names none of them.
  for (const std::string& property : anchors) {
    std::vector<std::string> users = index_.classes_using(property, ids);
    if (users.size() > kMostClassesOfAnAnchor) continue;
    for (std::string& c : users)
      if (std::find(classes.begin(), classes.end(), c) == classes.end())
        classes.push_back(std::move(c));
  }
  if (classes.size() < 2) return;
  for (ClassLink& link : index_.links_among(classes, ids)) {
    // The closer the classes are to the top, the likelier the link is wanted.
    auto rank = [&](const std::string& c) {
      return static_cast<double>(std::find(classes.begin(), classes.end(), c) - classes.begin());
    };
    const double score = best * 0.9 * (1 - 0.02 * (rank(link.class_iri) + rank(link.object_class)));
    auto it = std::find_if(terms.begin(), terms.end(), [&](const Found& f) {
      return f.kind == FindKind::Property && f.iri == link.property;
    });
    if (it != terms.end()) {
      it->score = std::max(it->score, score);
      continue;
    }
    Found found;
    found.kind = FindKind::Property;
    found.iri = std::move(link.property);
    found.endpoint = std::move(link.source);
    found.count = link.triples;
    found.score = score;
    found.evidence = Evidence::Link;
    found.evidence_terms = {std::move(link.class_iri), std::move(link.object_class)};
    terms.push_back(std::move(found));
  }
}

void SearchService::add_neighbours(const SearchRequest& request,
                                   const std::vector<std::string>& ids, double best,
                                   std::vector<Found>& terms) {
  const auto is_property = [](const Found& f) { return f.kind == FindKind::Property; };
  const auto properties =
      static_cast<std::size_t>(std::count_if(terms.begin(), terms.end(), is_property));
  if (properties == 0 || properties >= request.limit) return;
  const std::string top = best_properties(terms, 1).front();  // a copy: the list grows below
  // Used on many classes (a label), the best match says nothing of the one the text is about.
  const std::vector<std::string> classes = index_.classes_using(top, ids);
  if (classes.size() > kMostClassesOfAnAnchor) return;
  std::size_t added = 0;
  for (const std::string& class_iri : classes)
    for (PropertyUse& use : index_.properties_of_class(class_iri, ids)) {
      if (properties + added >= request.limit) return;
      if (std::any_of(terms.begin(), terms.end(),
                      [&](const Found& f) { return is_property(f) && f.iri == use.property; }))
        continue;
      Found found;
      found.kind = FindKind::Property;
      found.iri = std::move(use.property);
      found.endpoint = std::move(use.source);
      found.evidence = Evidence::Neighbour;
      found.evidence_terms = {top};
      // Below every match, the most used first.
      found.score = best * 0.05 * (1 - 0.001 * static_cast<double>(added));
      terms.push_back(std::move(found));
      ++added;
    }
}

SearchResponse SearchService::search(const SearchRequest& request) {
  SearchResponse response;
  std::vector<const catalogue::Endpoint*> endpoints = request.endpoints;
  if (endpoints.empty())
    for (const catalogue::Endpoint& e : catalogue_.endpoints())
      endpoints.push_back(&e);
  auto wants = [&](FindKind kind) {
    return request.kinds.empty() ||
           std::find(request.kinds.begin(), request.kinds.end(), kind) != request.kinds.end();
  };
  std::vector<std::string> ids;
  if (!request.endpoints.empty())
    for (const catalogue::Endpoint* e : endpoints)
      ids.push_back(e->id);

  std::vector<Found> terms;
  if (wants(FindKind::Class) || wants(FindKind::Property)) {
    bool unlabelled = false;
    for (std::string& note : prepare_terms(endpoints, request.deadline, request.cancel,
                                           &response.requests, request.on_request, &unlabelled))
      response.notes.push_back(std::move(note));
    // Terms whose labels could not be read in time are found by their IRIs only.
    if (unlabelled) response.bounded = true;
    std::vector<std::pair<TermKind, std::optional<std::string>>> asks;
    std::optional<std::set<std::string>> entity_properties;
    if (wants(FindKind::Class) && !request.of) asks.emplace_back(TermKind::Class, std::nullopt);
    if (wants(FindKind::Property)) {
      if (request.of && !index_.has_class_properties(*request.of, ids)) {
        // `of` names no class with known properties: take it as an entity.
        entity_properties.emplace();
        for (const Found& p : properties_of_entity(request, endpoints, response))
          entity_properties->insert(p.iri);
        asks.emplace_back(TermKind::Property, std::nullopt);
      } else {
        asks.emplace_back(TermKind::Property, request.of);
      }
    }
    // Properties are named in more ways than classes ("the youngest" asks for an age); a
    // class is named by its own words, and over a whole catalogue the words related to its
    // name mostly find other datasets' classes (the classes of 83.6% of bench/term_search.mjs's
    // questions found over the catalogue without them, 81.4% with them).
    const std::vector<std::string> related =
        wants(FindKind::Property) ? related_words(request.text) : std::vector<std::string>();
    for (const auto& [kind, of_class] : asks) {
      TermQuery query;
      query.text = request.text;
      if (kind == TermKind::Property) query.related = related;
      query.sources = ids;
      query.kind = kind;
      query.of_class = of_class;
      query.limit =
          entity_properties ? std::max<std::size_t>(request.limit * 20, 200) : request.limit;
      for (TermHit& hit : index_.search(query)) {
        if (entity_properties && kind == TermKind::Property && !entity_properties->count(hit.iri))
          continue;
        Found found;
        found.kind = kind == TermKind::Class ? FindKind::Class : FindKind::Property;
        found.iri = std::move(hit.iri);
        found.label = std::move(hit.label);
        found.endpoint = std::move(hit.source);
        found.count = hit.count;
        found.score = hit.score;
        terms.push_back(std::move(found));
      }
    }
    double best = 0;
    for (const Found& f : terms)
      best = std::max(best, f.score);
    // The properties whose classes the text is about: the best matches of its words ("the
    // model of the car with the most horsepower" is about the class using horsepower) and the
    // properties holding the literals it names.
    std::vector<std::string> anchors = best_properties(terms, kAnchorMatches);
    // A property that holds a literal the text names is what the text asks about ("concerts in
    // 2014" asks about the property holding 2014), whatever its name: the data say so, which
    // no likeness of words does, so it goes to the top, the more such literals the higher.
    if (wants(FindKind::Property) && !entity_properties) {
      for (const auto& [iri, holding] : properties_holding(request, request.endpoints, response)) {
        anchors.push_back(iri);
        const double boosted =
            best > 0 ? best * (1.0 + 0.02 * static_cast<double>(holding.first)) : 1;
        auto it = std::find_if(terms.begin(), terms.end(), [&](const Found& f) {
          return f.kind == FindKind::Property && f.iri == iri;
        });
        if (it != terms.end()) {
          it->score = std::max(it->score, boosted);
        } else if (!request.of) {
          Found found;
          found.kind = FindKind::Property;
          found.iri = iri;
          found.endpoint = holding.second;
          found.score = boosted;
          found.evidence = Evidence::Value;
          terms.push_back(std::move(found));
        }
      }
      for (const Found& f : terms)
        best = std::max(best, f.score);
    }
    if (wants(FindKind::Property) && !entity_properties && !request.of) {
      add_links(request, ids, related, anchors, best, terms);
      add_neighbours(request, ids, best, terms);
    }
    for (Found& f : terms)
      f.score = normalized(f.score, best);
  }
  std::vector<Found> literals;
  if (wants(FindKind::Entity) || wants(FindKind::Value))
    literals = search_literals(request, endpoints, response);
  // Term scores are relative to the best term; literal scores say how much of the text a label
  // or value matches. On one scale, the terms weigh as much of the text as the best term covers
  // ("Nobel prize in physics": a prize property covers a third of it, an entity labelled so all
  // of it). The order among the terms stays.
  if (!terms.empty() && !literals.empty()) {
    const Found& best =
        *std::max_element(terms.begin(), terms.end(),
                          [](const Found& a, const Found& b) { return a.score < b.score; });
    const double covered = text_coverage(request.text, best.iri, best.label);
    for (Found& f : terms)
      f.score *= covered;
  }

  std::vector<Found>& all = response.results;
  all = std::move(terms);
  all.insert(all.end(), std::make_move_iterator(literals.begin()),
             std::make_move_iterator(literals.end()));
  std::stable_sort(all.begin(), all.end(),
                   [](const Found& a, const Found& b) { return a.score > b.score; });
  if (all.size() > request.limit) all.resize(request.limit);
  for (Found& f : all) {
    f.score = std::round(f.score * 1000) / 1000;
    if (seen_)
      for (const std::string* iri : {&f.iri, &f.property, &f.class_iri})
        if (!iri->empty()) seen_->note(*iri);
  }
  return response;
}

}  // namespace sparqlmcp::assist
