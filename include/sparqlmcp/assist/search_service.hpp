#pragma once
// Finding the terms and examples an agent needs over the catalogue's endpoints
// (docs/search.md):
// - classes and properties from the VoID descriptions (cached, published or computed), with
//   the labels and comments each endpoint gives them (one bounded query per endpoint and
//   description), in the on-disk full-text index (term_index.hpp);
// - entities and literal values through the endpoints themselves: their full-text index where
//   the catalogue names one (Virtuoso's bif:contains), else exact and then prefix matches,
//   each with a LIMIT and within the deadline;
// - example queries: those an endpoint publishes in its data (SHACL, fetched once per
//   description and kept in the index), those of a catalogue entry's smcp:exampleQueries
//   files, and those learned from exact submissions.
// Every function may be called from several threads at once.

#include <chrono>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "sparqlmcp/assist/endpoint_query.hpp"
#include "sparqlmcp/assist/lexicon.hpp"
#include "sparqlmcp/assist/seen_terms.hpp"
#include "sparqlmcp/assist/term_index.hpp"
#include "sparqlmcp/catalogue/catalogue.hpp"
#include "sparqlmcp/federation/query_service.hpp"
#include "sparqlmcp/util/bounded_cache.hpp"
#include "sparqlmcp/util/cancellation.hpp"
#include "sparqlmcp/void/service.hpp"

namespace sparqlmcp::assist {

struct SearchSettings {
  // How long one call waits for a description that is not cached (its computation goes on).
  std::chrono::milliseconds description_wait{3000};
  std::chrono::milliseconds label_wait{5000};    // the label query of one endpoint
  std::size_t label_terms = 500;                 // terms (most used first) whose labels it asks
  std::size_t label_rows = 5000;                 // its LIMIT
  std::size_t literal_rows = 200;                // LIMIT of one entity or value search query
  std::chrono::milliseconds example_wait{5000};  // the query for an endpoint's own examples
  // A label or example query that failed is tried again after this.
  std::chrono::seconds retry_after{600};
  // The WordNet database whose related words term search also looks for (lexicon.hpp);
  // empty: none.
  std::filesystem::path wordnet = "/usr/share/wordnet";
};

// What every search call carries: when it must end, how it is cancelled, and who is told of
// its requests (the trace).
struct CallScope {
  std::chrono::steady_clock::time_point deadline;
  CancellationTokenPtr cancel;
  RequestObserver on_request;  // may be empty
};

enum class FindKind { Class, Property, Entity, Value };
std::string_view find_kind_name(FindKind kind);

// Why a property is among the results when its words are not what found it.
enum class Evidence {
  Words,      // its labels or the words of its IRI (or related ones) match the text
  Value,      // it holds a literal the text names
  Link,       // it links two classes the text is about (evidence_terms: the two classes)
  Neighbour,  // nothing matched: the best match's class uses it (evidence_terms: that match)
};

struct Found {
  FindKind kind = FindKind::Class;
  std::string iri;  // class, property, entity; the literal's subject is not shown
  rdf::Term value;  // a value: the literal found
  std::string label;
  std::string endpoint;  // catalogue id
  double score = 0;
  std::optional<std::uint64_t> count;
  std::vector<std::string> classes;         // an entity's classes
  std::string property;                     // a value: the property that holds it
  std::string class_iri;                    // a value: the class of its subjects (one of them)
  Evidence evidence = Evidence::Words;      // a property: what found it
  std::vector<std::string> evidence_terms;  // the IRIs Evidence names
};

struct SearchRequest : CallScope {
  std::string text;
  std::vector<const catalogue::Endpoint*> endpoints;  // empty: the whole catalogue
  std::vector<FindKind> kinds;                        // empty: all
  std::optional<std::string> of;        // properties used by instances of a class / an entity
  std::optional<std::string> property;  // entities and values: objects of this property
  std::size_t limit = 10;
};

struct SearchResponse {
  std::vector<Found> results;
  // One sentence each: an endpoint without a description yet, labels that could not be read,
  // a search that reached its LIMIT or its time (bounded), an endpoint that failed.
  std::vector<std::string> notes;
  // An entity or value search may have missed matches, or the labels of an endpoint's terms
  // could not be read (its terms were searched by their IRIs only).
  bool bounded = false;
  std::size_t requests = 0;
};

struct ExampleRequest : CallScope {
  std::string text;
  std::vector<const catalogue::Endpoint*> endpoints;  // empty: the whole catalogue
  std::size_t limit = 5;
};

struct ExampleResponse {
  std::vector<ExampleHit> examples;
  std::vector<std::string> notes;  // malformed examples left out, endpoints that failed
  std::size_t requests = 0;
};

// One endpoint's view of an entity: its classes, and the properties that lead from it and to
// it, most used first, each with a few example values.
struct Neighbour {
  std::string property;
  std::uint64_t count = 0;
  std::vector<rdf::Term> examples;  // objects (outgoing) or subjects (incoming)
};

struct EntityView {
  std::string endpoint;  // catalogue id
  std::vector<std::string> classes;
  std::vector<Neighbour> outgoing;
  std::vector<Neighbour> incoming;
  std::map<std::string, std::string> labels;  // of the entity, its classes, properties, examples
  bool bounded = false;  // a LIMIT was reached: more properties or values exist
};

struct EntityRequest : CallScope {
  std::string iri;
  std::vector<const catalogue::Endpoint*> endpoints;  // empty: the whole catalogue
  std::size_t limit = 20;                             // properties each way
};

struct EntityResponse {
  std::vector<EntityView> views;  // the endpoints that know the entity
  std::vector<std::string> notes;
  std::size_t requests = 0;
};

class SearchService {
 public:
  // `catalogue`, `voids` must outlive the service. `index_file`: the index in the cache folder
  // (":memory:" for one of this process only).
  SearchService(const catalogue::Catalogue& catalogue,
                std::shared_ptr<const federation::QueryService> queries, void_::VoidService& voids,
                const std::filesystem::path& index_file, SearchSettings settings = {});

  SearchResponse search(const SearchRequest& request);
  ExampleResponse examples(const ExampleRequest& request);
  // The entity's neighbourhood at every endpoint that knows it (probed with ASK first), kept
  // for a while per endpoint and entity.
  EntityResponse describe_entity(const EntityRequest& request);
  // Keeps an exact submission as an example for later searches (--learn-examples).
  void learn_example(const Example& example);

  // Makes sure the endpoints' terms are indexed (their descriptions, their labels); returns the
  // notes of what could not be done. search() calls it.
  std::vector<std::string> prepare_terms(const std::vector<const catalogue::Endpoint*>& endpoints,
                                         std::chrono::steady_clock::time_point deadline,
                                         const CancellationTokenPtr& cancel,
                                         std::size_t* requests = nullptr,
                                         const RequestObserver& on_request = {},
                                         bool* unlabelled = nullptr);

  // The prefixes the examples of an endpoint declare (those it publishes and those of its
  // catalogue files, as far as they were read), first declaration of a name first: what the
  // endpoint's authors call its namespaces. Reads the index only; kept while the examples are
  // unchanged.
  std::vector<std::pair<std::string, std::string>> declared_prefixes(
      const catalogue::Endpoint& endpoint);

  TermIndex& index() { return index_; }
  // Where the IRIs of results, entity descriptions and example queries go, so that validation
  // knows them (seen_terms.hpp). Set before the first call.
  void note_seen_in(std::shared_ptr<SeenTerms> seen) { seen_ = std::move(seen); }
  const catalogue::Catalogue& catalogue() const { return catalogue_; }
  const federation::QueryService& queries() const { return *queries_; }

 private:
  std::shared_ptr<SeenTerms> seen_;
  struct DeclaredPrefixes {
    std::string fingerprint;
    std::uint64_t generation = 0;  // the index's examples_generation() it was read at
    std::chrono::steady_clock::time_point checked;
    std::vector<std::pair<std::string, std::string>> prefixes;
  };
  std::map<std::string, DeclaredPrefixes> declared_;  // by endpoint id, under mutex_
  struct Attempt {
    std::string fingerprint;
    std::chrono::steady_clock::time_point at;
    std::string reason;
  };
  std::vector<std::string> prepare_examples(
      const std::vector<const catalogue::Endpoint*>& endpoints,
      std::chrono::steady_clock::time_point deadline, const CancellationTokenPtr& cancel,
      std::size_t* requests, const RequestObserver& on_request);
  std::vector<Found> search_literals(const SearchRequest& request,
                                     const std::vector<const catalogue::Endpoint*>& endpoints,
                                     SearchResponse& response);
  // The properties that hold the literals the text names (numbers, quoted text, capitalised
  // names), each with the number of such literals it holds; literals several properties hold
  // tell nothing and are left out. One exact-match query per endpoint, at most eight endpoints,
  // and only when endpoints are named. property -> (literals held, the endpoint id).
  std::map<std::string, std::pair<std::size_t, std::string>> properties_holding(
      const SearchRequest& request, const std::vector<const catalogue::Endpoint*>& endpoints,
      SearchResponse& response);
  // The words related to the content words of `text` (lexicon_), none of them a word of the
  // text, at most kMostRelatedWords, those of its first words first.
  std::vector<std::string> related_words(const std::string& text);
  static constexpr std::size_t kMostRelatedWords = 48;
  // Adds the properties that link the classes the text names best (kLinkedClasses of them)
  // and the classes whose instances use `anchors` (the best matches of the text's words and
  // the properties holding the literals it names), among themselves and to each other.
  void add_links(const SearchRequest& request, const std::vector<std::string>& ids,
                 const std::vector<std::string>& related, const std::vector<std::string>& anchors,
                 double best, std::vector<Found>& terms);
  static constexpr std::size_t kLinkedClasses = 2;
  static constexpr std::size_t kAnchorMatches = 3;
  static constexpr std::size_t kMostClassesOfAnAnchor = 3;
  // When fewer properties than asked for match, adds the others that the instances of the
  // best match's classes use, below every match: "the youngest dog" names the weight of pets
  // and, by no word of it, their age.
  void add_neighbours(const SearchRequest& request, const std::vector<std::string>& ids,
                      double best, std::vector<Found>& terms);
  std::vector<Found> properties_of_entity(const SearchRequest& request,
                                          const std::vector<const catalogue::Endpoint*>& endpoints,
                                          SearchResponse& response);
  // Indexes one endpoint's description and labels when they changed; waits for a description
  // that is not cached only with `wait`.
  void prepare_endpoint(const catalogue::Endpoint& endpoint, bool wait,
                        std::chrono::steady_clock::time_point deadline,
                        const CancellationTokenPtr& cancel, const RequestObserver& on_request,
                        std::vector<std::string>& notes, std::size_t& requests, bool& unlabelled);
  // Indexes the example files of a catalogue entry that changed.
  void read_example_files(const catalogue::Endpoint& endpoint, std::vector<std::string>& notes);
  // Asks an endpoint for the examples it publishes and indexes them.
  void fetch_published_examples(const catalogue::Endpoint& endpoint,
                                std::chrono::steady_clock::time_point deadline,
                                const CancellationTokenPtr& cancel,
                                const RequestObserver& on_request, std::vector<std::string>& notes,
                                std::size_t& requests);
  // Marks `key` as being built by this call until the returned handle goes; null when another
  // call is building it (building_).
  std::shared_ptr<void> claim(const std::string& key);
  // Adds the words of the labels the index holds for the terms each example's query uses.
  void add_term_labels(std::vector<Example>& examples);
  bool recently_failed(std::map<std::string, Attempt>& attempts, const std::string& id,
                       const std::string& fingerprint, std::string* reason);

  const catalogue::Catalogue& catalogue_;
  std::shared_ptr<const federation::QueryService> queries_;
  void_::VoidService& voids_;
  SearchSettings settings_;
  TermIndex index_;
  Lexicon lexicon_;
  std::mutex mutex_;
  std::map<std::string, Attempt> label_failures_;    // by catalogue id
  std::map<std::string, Attempt> example_failures_;  // by catalogue id
  // Catalogue ids whose term rows a call is building, "examples\n" + id whose published
  // examples a call is fetching (under mutex_).
  std::set<std::string> building_;
  std::unique_ptr<util::BoundedCache<EntityView>> entity_cache_;
};

}  // namespace sparqlmcp::assist
