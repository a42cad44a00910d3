#include "sparqlmcp/assist/term_index.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>

#include "sparqlmcp/assist/words.hpp"
#include "sparqlmcp/util/error.hpp"

namespace sparqlmcp::assist {
namespace {

// Bumped whenever the tables or what goes into them change: an older file is emptied and
// rebuilt from the VoID cache, never misread.
constexpr const char* kSchemaVersion = "6";

// The porter stemmer over unicode61: "singers" finds "singer", accents are folded ("Sao" finds
// "São"). Its stemming is English; labels in other languages still match word for word.
constexpr const char* kTokenizer = "tokenize='porter unicode61 remove_diacritics 2'";

// Column weights of BM25: a term's labels and the words of its local name say what it is, the
// path before the local name says where it belongs, a comment mentions other things too, and
// so do the terms it goes with.
constexpr const char* kTermRank = "bm25(terms_fts, 4.0, 4.0, 1.5, 0.5, 1.0)";
// An example's question is what an agent's text paraphrases; the words of the terms its query
// uses and the query's own text help when the question is short or missing.
constexpr const char* kExampleRank = "bm25(examples_fts, 4.0, 2.0, 1.0)";

// How much a word found inside a longer name counts against one found as a word.
constexpr double kInsideWeight = 0.3;

// What the trigram table holds of a term: its local name as written, lower-case.
std::string gram_name(const std::string& iri) {
  std::string name(local_name(iri));
  for (char& c : name)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return name;
}

// The words of five letters or more (shorter ones are inside too many names to tell anything),
// each a substring to find inside names, joined with OR.
std::string trigram_query(std::string_view text) {
  std::vector<std::string> words = text_words(text);
  std::sort(words.begin(), words.end());
  words.erase(std::unique(words.begin(), words.end()), words.end());
  std::string out;
  for (const std::string& word : words) {
    if (word.size() < 5 || is_function_word(word)) continue;
    if (!out.empty()) out += " OR ";
    out += '"' + word + '"';
  }
  return out;
}

std::string placeholders(std::size_t n, int first) {
  std::string out;
  for (std::size_t i = 0; i < n; ++i) {
    if (i) out += ',';
    out += '?' + std::to_string(first + static_cast<int>(i));
  }
  return out;
}

// `sql`, a query whose ?1 is `first`, restricted to rows of `sources` (every one when empty),
// followed by `tail`.
Statement among_sources(Database& db, std::string sql, const std::string& first,
                        const std::vector<std::string>& sources, std::string_view tail) {
  if (!sources.empty()) sql += " AND source IN (" + placeholders(sources.size(), 2) + ")";
  sql += tail;
  Statement stmt = db.prepare(sql);
  stmt.bind(1, first);
  int at = 2;
  for (const std::string& source : sources)
    stmt.bind(at++, source);
  return stmt;
}

void create_schema(Database& db) {
  db.execute(std::string(R"(
    CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS term_sources(name TEXT PRIMARY KEY, fingerprint TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS terms(id INTEGER PRIMARY KEY, source TEXT NOT NULL,
      kind INTEGER NOT NULL, iri TEXT NOT NULL, label TEXT, comment TEXT, count INTEGER,
      labels TEXT, words TEXT, context TEXT, related TEXT, name TEXT);
    CREATE INDEX IF NOT EXISTS terms_by_source ON terms(source);
    CREATE INDEX IF NOT EXISTS terms_by_iri ON terms(iri);
    CREATE TABLE IF NOT EXISTS class_properties(source TEXT NOT NULL, class TEXT NOT NULL,
      property TEXT NOT NULL, triples INTEGER);
    CREATE INDEX IF NOT EXISTS class_properties_by_class ON class_properties(class, source);
    CREATE INDEX IF NOT EXISTS class_properties_by_source ON class_properties(source);
    CREATE TABLE IF NOT EXISTS class_links(source TEXT NOT NULL, class TEXT NOT NULL,
      property TEXT NOT NULL, object_class TEXT NOT NULL, triples INTEGER);
    CREATE INDEX IF NOT EXISTS class_links_by_class ON class_links(class, source);
    CREATE INDEX IF NOT EXISTS class_links_by_source ON class_links(source);
    CREATE TABLE IF NOT EXISTS example_sources(name TEXT PRIMARY KEY, fingerprint TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS examples(id INTEGER PRIMARY KEY, source TEXT NOT NULL,
      question TEXT, query TEXT NOT NULL, endpoints TEXT, origin TEXT, iri TEXT, term_words TEXT);
    CREATE INDEX IF NOT EXISTS examples_by_source ON examples(source);
    CREATE VIRTUAL TABLE IF NOT EXISTS terms_fts USING fts5(labels, words, context, comment,
      related, content='terms', content_rowid='id', )") +
             kTokenizer + R"();
    CREATE VIRTUAL TABLE IF NOT EXISTS terms_grams USING fts5(name, content='terms',
      content_rowid='id', tokenize='trigram');
    CREATE VIRTUAL TABLE IF NOT EXISTS examples_fts USING fts5(question, terms, query, )" +
             kTokenizer + ");");
}

void drop_schema(Database& db) {
  db.execute(R"(
    DROP TABLE IF EXISTS term_sources; DROP TABLE IF EXISTS terms;
    DROP TABLE IF EXISTS class_properties; DROP TABLE IF EXISTS class_links;
    DROP TABLE IF EXISTS example_sources;
    DROP TABLE IF EXISTS examples; DROP TABLE IF EXISTS terms_fts;
    DROP TABLE IF EXISTS examples_fts; DROP TABLE IF EXISTS terms_grams;
    DROP TABLE IF EXISTS meta;)");
}

std::optional<std::string> stored_fingerprint(Database& db, const char* table,
                                              const std::string& source) {
  Statement stmt = db.prepare(std::string("SELECT fingerprint FROM ") + table + " WHERE name = ?1");
  stmt.bind(1, source);
  if (stmt.step()) return stmt.text(0);
  return std::nullopt;
}

void set_fingerprint(Database& db, const char* table, const std::string& source,
                     const std::string& fingerprint) {
  db.prepare(std::string("INSERT OR REPLACE INTO ") + table + "(name, fingerprint) VALUES(?1, ?2)")
      .bind(1, source)
      .bind(2, fingerprint)
      .run();
}

std::string joined_lines(const std::vector<std::string>& items) {
  std::string out;
  for (const std::string& item : items) {
    if (!out.empty()) out += '\n';
    out += item;
  }
  return out;
}

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> out;
  std::size_t at = 0;
  while (at < text.size()) {
    std::size_t end = text.find('\n', at);
    if (end == std::string::npos) end = text.size();
    out.push_back(text.substr(at, end - at));
    at = end + 1;
  }
  return out;
}

void insert_example(Database& db, Statement& row, Statement& fts, const std::string& source,
                    const Example& example) {
  row.reset();
  row.bind(1, source)
      .bind(2, example.question)
      .bind(3, example.query)
      .bind(4, joined_lines(example.endpoints))
      .bind(5, example.origin)
      .bind(6, example.iri)
      .bind(7, example.term_words)
      .run();
  fts.reset();
  fts.bind(1, db.last_insert_rowid())
      .bind(2, join_words(text_words(example.question)))
      .bind(3, example.term_words)
      .bind(4, join_words(text_words(example.query)))
      .run();
}

}  // namespace

double usage_factor(std::optional<std::uint64_t> count) {
  return 1.0 + 0.03 * std::log10(1.0 + static_cast<double>(count.value_or(0)));
}

std::string_view term_kind_name(TermKind kind) {
  return kind == TermKind::Class ? "class" : "property";
}

std::string fts_query(std::string_view text, bool prefixes, bool compounds) {
  std::vector<std::string> words = text_words(text);
  if (compounds) {
    // Names often join words with no separator ("lifeexpectancy", "governmentform"): two
    // adjacent words of the text are also looked for as one. They shorten them as often, to
    // the first letter of the first word ("fname" for "first name") or to the initials of
    // three ("mpg" for "miles per gallon", "dob" for "date of birth").
    const std::size_t n = words.size();
    auto alphabetic = [](const std::string& w, std::size_t least) {
      return w.size() >= least && std::all_of(w.begin(), w.end(), [](unsigned char c) {
               return std::isalpha(c) || c >= 0x80;
             });
    };
    auto ascii_letter = [](const std::string& w) {
      return !w.empty() && std::isalpha(static_cast<unsigned char>(w[0]));
    };
    std::vector<std::string> joined;
    for (std::size_t i = 0; i + 1 < n; ++i) {
      const std::string& a = words[i];
      const std::string& b = words[i + 1];
      if (alphabetic(a, 3) && alphabetic(b, 3) && !is_function_word(a) && !is_function_word(b)) {
        joined.push_back(a + b);
        if (ascii_letter(a)) joined.push_back(a.substr(0, 1) + b);
      }
      if (i + 2 < n && alphabetic(a, 2) && alphabetic(b, 2) && alphabetic(words[i + 2], 2) &&
          ascii_letter(a) && ascii_letter(b) && ascii_letter(words[i + 2]) &&
          !is_function_word(a) && !is_function_word(words[i + 2]))
        joined.push_back(std::string{a[0], b[0], words[i + 2][0]});
    }
    // Function words go, unless they are all the text has.
    if (!std::all_of(words.begin(), words.end(),
                     [](const std::string& w) { return is_function_word(w); }))
      words.erase(std::remove_if(words.begin(), words.end(),
                                 [](const std::string& w) { return is_function_word(w); }),
                  words.end());
    words.insert(words.end(), std::make_move_iterator(joined.begin()),
                 std::make_move_iterator(joined.end()));
  }
  std::sort(words.begin(), words.end());
  words.erase(std::unique(words.begin(), words.end()), words.end());
  std::string out;
  for (const std::string& word : words) {
    if (!out.empty()) out += " OR ";
    // Words are letters and digits only (text_words splits at everything else), so quoting
    // them cannot break the query. A word of four letters or more also finds longer words it
    // begins ("birth" -> "birthday"), as an agent's text is often shorter than a label.
    out += '"' + word + '"';
    if (prefixes && word.size() >= 4) out += " OR \"" + word + "\"*";
  }
  return out;
}

TermIndex::TermIndex(const std::filesystem::path& file)
    : db_(file, std::chrono::milliseconds(10000)) {
  create_schema(db_);
  Statement version = db_.prepare("SELECT value FROM meta WHERE key = 'schema'");
  const bool has_version = version.step();
  const std::string found = has_version ? version.text(0) : std::string();
  if (has_version && found == kSchemaVersion) return;
  Transaction transaction(db_);
  if (has_version) {  // another version: start again
    drop_schema(db_);
    create_schema(db_);
  }
  db_.prepare("INSERT OR REPLACE INTO meta(key, value) VALUES('schema', ?1)")
      .bind(1, std::string_view(kSchemaVersion))
      .run();
  transaction.commit();
}

TermIndex::~TermIndex() = default;

std::optional<std::string> TermIndex::fingerprint(const std::string& source) {
  std::lock_guard lock(mutex_);
  return stored_fingerprint(db_, "term_sources", source);
}

void TermIndex::replace(const TermSource& source) {
  std::lock_guard lock(mutex_);
  Transaction transaction(db_);
  // Checked inside the write lock: an instance sharing the file may have built it meanwhile.
  if (stored_fingerprint(db_, "term_sources", source.id) == source.fingerprint) return;
  db_.prepare("DELETE FROM terms_fts WHERE rowid IN (SELECT id FROM terms WHERE source = ?1)")
      .bind(1, source.id)
      .run();
  db_.prepare("DELETE FROM terms_grams WHERE rowid IN (SELECT id FROM terms WHERE source = ?1)")
      .bind(1, source.id)
      .run();
  db_.prepare("DELETE FROM terms WHERE source = ?1").bind(1, source.id).run();
  db_.prepare("DELETE FROM class_properties WHERE source = ?1").bind(1, source.id).run();
  db_.prepare("DELETE FROM class_links WHERE source = ?1").bind(1, source.id).run();

  // The full-text tables index the terms table's own columns (external content): the text is
  // written once, not again as each table's copy.
  Statement row = db_.prepare(
      "INSERT INTO terms(source, kind, iri, label, comment, count, labels, words, context, "
      "related, name) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)");
  Statement grams = db_.prepare("INSERT INTO terms_grams(rowid, name) VALUES(?1, ?2)");
  Statement fts = db_.prepare(
      "INSERT INTO terms_fts(rowid, labels, words, context, comment, related) "
      "VALUES(?1, ?2, ?3, ?4, ?5, ?6)");
  for (const IndexedTerm& term : source.terms) {
    const std::string& labels = term.labels.empty() ? term.label : term.labels;
    const std::string words = join_words(iri_words(term.iri));
    const std::string context = join_words(iri_context_words(term.iri));
    const std::string name = gram_name(term.iri);
    row.reset();
    row.bind(1, source.id)
        .bind(2, static_cast<std::int64_t>(term.kind))
        .bind(3, term.iri)
        .bind(4, term.label)
        .bind(5, term.comment);
    if (term.count)
      row.bind(6, static_cast<std::int64_t>(*term.count));
    else
      row.bind_null(6);
    row.bind(7, labels).bind(8, words).bind(9, context).bind(10, term.related).bind(11, name);
    row.run();
    const std::int64_t id = db_.last_insert_rowid();
    fts.reset();
    fts.bind(1, id)
        .bind(2, labels)
        .bind(3, words)
        .bind(4, context)
        .bind(5, term.comment)
        .bind(6, term.related)
        .run();
    grams.reset();
    grams.bind(1, id).bind(2, name).run();
  }
  Statement uses = db_.prepare(
      "INSERT INTO class_properties(source, class, property, triples) VALUES(?1, ?2, ?3, ?4)");
  for (const ClassProperty& use : source.class_properties) {
    uses.reset();
    uses.bind(1, source.id).bind(2, use.class_iri).bind(3, use.property);
    if (use.triples)
      uses.bind(4, static_cast<std::int64_t>(*use.triples));
    else
      uses.bind_null(4);
    uses.run();
  }
  Statement links = db_.prepare(
      "INSERT INTO class_links(source, class, property, object_class, triples) "
      "VALUES(?1, ?2, ?3, ?4, ?5)");
  for (const ClassProperty& use : source.class_properties)
    for (const std::string& object_class : use.object_classes) {
      links.reset();
      links.bind(1, source.id).bind(2, use.class_iri).bind(3, use.property).bind(4, object_class);
      if (use.triples)
        links.bind(5, static_cast<std::int64_t>(*use.triples));
      else
        links.bind_null(5);
      links.run();
    }
  set_fingerprint(db_, "term_sources", source.id, source.fingerprint);
  transaction.commit();
}

std::vector<TermHit> TermIndex::search(const TermQuery& query) {
  std::string match = fts_query(query.text, true, true);
  if (match.empty() || query.limit == 0) return {};
  // Words related in meaning weigh as the text's own, in the same query: BM25 adds up what each
  // word finds, and one pass over the index costs less than two (bench/term_search.mjs: 80.1%
  // of gold properties among the first 5 so, 79.7% at half weight).
  if (!query.related.empty()) match += " OR " + fts_query(join_words(query.related), false);
  // The usage factor reorders within a margin; ask enough candidates for it, and for the
  // same term found at several endpoints, which becomes one hit.
  const std::size_t candidates = std::max<std::size_t>(query.limit * 8, 64);

  // Rows of one full-text table that match, with the same filters, as (row id -> score).
  auto ranked = [&](const char* table, const std::string& rank, const std::string& text) {
    std::string sql = "SELECT t.id, " + rank + " AS r FROM " + table +
                      " JOIN terms t ON t.id = " + table + ".rowid WHERE " + table + " MATCH ?1";
    int next = 2;
    if (query.kind) sql += " AND t.kind = ?" + std::to_string(next++);
    if (query.of_class)
      sql += " AND EXISTS(SELECT 1 FROM class_properties c WHERE c.class = ?" +
             std::to_string(next++) + " AND c.source = t.source AND c.property = t.iri)";
    if (!query.sources.empty()) {
      sql += " AND t.source IN (" + placeholders(query.sources.size(), next) + ")";
      next += static_cast<int>(query.sources.size());
    }
    sql += " ORDER BY r LIMIT ?" + std::to_string(next);
    Statement stmt = db_.prepare(sql);
    int at = 1;
    stmt.bind(at++, text);
    if (query.kind) stmt.bind(at++, static_cast<std::int64_t>(*query.kind));
    if (query.of_class) stmt.bind(at++, *query.of_class);
    for (const std::string& source : query.sources)
      stmt.bind(at++, source);
    stmt.bind(at, static_cast<std::int64_t>(candidates));
    std::vector<std::pair<std::int64_t, double>> out;
    while (stmt.step())
      out.emplace_back(stmt.integer(0), -stmt.real(1));
    return out;
  };

  std::lock_guard lock(mutex_);
  // Words and their stems first; then the same words inside longer names written without
  // separators ("official" in "isofficial", "expectancy" in "lifeexpectancy"), which the
  // trigram table finds, at a fraction of the weight.
  std::map<std::int64_t, double> scores;
  for (const auto& [id, score] : ranked("terms_fts", kTermRank, match))
    scores[id] += score;
  // Only when the words alone found too few: the trigram table is the slower one.
  if (const std::string inside = trigram_query(query.text);
      !inside.empty() && scores.size() < candidates)
    for (const auto& [id, score] : ranked("terms_grams", "bm25(terms_grams)", inside))
      scores[id] += kInsideWeight * score;

  Statement row =
      db_.prepare("SELECT kind, iri, label, comment, source, count FROM terms WHERE id = ?1");
  std::vector<TermHit> hits;
  std::map<std::pair<int, std::string>, std::size_t> seen;  // (kind, iri) -> hit
  for (const auto& [id, score] : scores) {
    row.reset();
    row.bind(1, id);
    if (!row.step()) continue;
    TermHit hit;
    hit.kind = static_cast<TermKind>(row.integer(0));
    hit.iri = row.text(1);
    hit.label = row.text(2);
    hit.comment = row.text(3);
    hit.source = row.text(4);
    if (!row.is_null(5)) hit.count = static_cast<std::uint64_t>(row.integer(5));
    hit.score = score;
    auto key = std::make_pair(static_cast<int>(hit.kind), hit.iri);
    if (auto found = seen.find(key); found != seen.end()) {
      // One term at several endpoints: one hit, its uses added up, named after the endpoint
      // that uses it most.
      TermHit& first = hits[found->second];
      if (hit.count.value_or(0) > first.count.value_or(0)) {
        first.source = hit.source;
        if (first.label.empty()) first.label = hit.label;
      }
      if (hit.count) first.count = first.count.value_or(0) + *hit.count;
      first.score = std::max(first.score, hit.score);
      continue;
    }
    seen.emplace(std::move(key), hits.size());
    hits.push_back(std::move(hit));
  }
  for (TermHit& hit : hits)
    hit.score *= usage_factor(hit.count);
  std::stable_sort(hits.begin(), hits.end(), [](const TermHit& a, const TermHit& b) {
    return a.score != b.score ? a.score > b.score : a.iri < b.iri;
  });
  if (hits.size() > query.limit) hits.resize(query.limit);
  return hits;
}

bool TermIndex::has_class_properties(const std::string& iri,
                                     const std::vector<std::string>& sources) {
  std::lock_guard lock(mutex_);
  return among_sources(db_, "SELECT 1 FROM class_properties WHERE class = ?1", iri, sources,
                       " LIMIT 1")
      .step();
}

std::vector<std::string> TermIndex::classes_using(const std::string& property,
                                                  const std::vector<std::string>& sources) {
  std::lock_guard lock(mutex_);
  Statement stmt = among_sources(
      db_, "SELECT class, SUM(triples) AS n FROM class_properties WHERE property = ?1", property,
      sources, " GROUP BY class ORDER BY n DESC, class");
  std::vector<std::string> out;
  while (stmt.step())
    out.push_back(stmt.text(0));
  return out;
}

std::vector<PropertyUse> TermIndex::properties_of_class(const std::string& class_iri,
                                                        const std::vector<std::string>& sources) {
  std::lock_guard lock(mutex_);
  Statement stmt =
      among_sources(db_, "SELECT property, source, triples FROM class_properties WHERE class = ?1",
                    class_iri, sources, " ORDER BY triples DESC, property");
  std::vector<PropertyUse> out;
  while (stmt.step()) {
    PropertyUse use{stmt.text(0), stmt.text(1), std::nullopt};
    if (!stmt.is_null(2)) use.triples = static_cast<std::uint64_t>(stmt.integer(2));
    out.push_back(std::move(use));
  }
  return out;
}

std::vector<ClassLink> TermIndex::links_among(const std::vector<std::string>& classes,
                                              const std::vector<std::string>& sources) {
  if (classes.empty()) return {};
  const int n = static_cast<int>(classes.size());
  std::string sql =
      "SELECT class, property, object_class, source, triples FROM class_links WHERE class IN (" +
      placeholders(classes.size(), 1) + ") AND object_class IN (" +
      placeholders(classes.size(), n + 1) + ")";
  if (!sources.empty()) sql += " AND source IN (" + placeholders(sources.size(), 2 * n + 1) + ")";
  std::lock_guard lock(mutex_);
  Statement stmt = db_.prepare(sql);
  int at = 1;
  for (int round = 0; round < 2; ++round)
    for (const std::string& c : classes)
      stmt.bind(at++, c);
  for (const std::string& source : sources)
    stmt.bind(at++, source);
  std::vector<ClassLink> out;
  while (stmt.step()) {
    ClassLink link{stmt.text(0), stmt.text(1), stmt.text(2), stmt.text(3), std::nullopt};
    if (!stmt.is_null(4)) link.triples = static_cast<std::uint64_t>(stmt.integer(4));
    out.push_back(std::move(link));
  }
  return out;
}

std::optional<std::string> TermIndex::example_fingerprint(const std::string& source) {
  std::lock_guard lock(mutex_);
  return stored_fingerprint(db_, "example_sources", source);
}

void TermIndex::replace_examples(const std::string& source, const std::string& fingerprint,
                                 const std::vector<Example>& examples) {
  std::lock_guard lock(mutex_);
  Transaction transaction(db_);
  if (stored_fingerprint(db_, "example_sources", source) == fingerprint) return;
  db_.prepare("DELETE FROM examples_fts WHERE rowid IN (SELECT id FROM examples WHERE source = ?1)")
      .bind(1, source)
      .run();
  db_.prepare("DELETE FROM examples WHERE source = ?1").bind(1, source).run();
  Statement row = db_.prepare(
      "INSERT INTO examples(source, question, query, endpoints, origin, iri, term_words) "
      "VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7)");
  Statement fts =
      db_.prepare("INSERT INTO examples_fts(rowid, question, terms, query) VALUES(?1, ?2, ?3, ?4)");
  for (const Example& example : examples)
    insert_example(db_, row, fts, source, example);
  set_fingerprint(db_, "example_sources", source, fingerprint);
  transaction.commit();
  examples_generation_.fetch_add(1, std::memory_order_acq_rel);
}

void TermIndex::add_example(const std::string& source, const Example& example) {
  std::lock_guard lock(mutex_);
  Transaction transaction(db_);
  Statement same = db_.prepare(
      "SELECT 1 FROM examples WHERE source = ?1 AND query = ?2 AND question = ?3 LIMIT 1");
  same.bind(1, source).bind(2, example.query).bind(3, example.question);
  if (same.step()) return;
  Statement row = db_.prepare(
      "INSERT INTO examples(source, question, query, endpoints, origin, iri, term_words) "
      "VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7)");
  Statement fts =
      db_.prepare("INSERT INTO examples_fts(rowid, question, terms, query) VALUES(?1, ?2, ?3, ?4)");
  insert_example(db_, row, fts, source, example);
  if (!stored_fingerprint(db_, "example_sources", source))
    set_fingerprint(db_, "example_sources", source, "added");
  transaction.commit();
  examples_generation_.fetch_add(1, std::memory_order_acq_rel);
}

std::vector<std::string> TermIndex::example_queries(const std::string& source) {
  std::lock_guard lock(mutex_);
  Statement stmt = db_.prepare("SELECT query FROM examples WHERE source = ?1 ORDER BY id");
  stmt.bind(1, source);
  std::vector<std::string> out;
  while (stmt.step())
    out.push_back(stmt.text(0));
  return out;
}

std::vector<ExampleHit> TermIndex::search_examples(const ExampleQuery& query) {
  // Whole words only: a question's paraphrase shares words with it, and prefixes would weigh
  // long words twice.
  const std::string match = fts_query(query.text, true);
  if (match.empty() || query.limit == 0) return {};
  std::string sql = std::string(
                        "SELECT e.source, e.question, e.query, e.endpoints, e.origin, e.iri, "
                        "e.term_words, ") +
                    kExampleRank +
                    " AS r FROM examples_fts JOIN examples e ON e.id = examples_fts.rowid "
                    "WHERE examples_fts MATCH ?1";
  if (!query.sources.empty())
    sql += " AND e.source IN (" + placeholders(query.sources.size(), 2) + ")";
  sql += " ORDER BY r LIMIT ?" + std::to_string(2 + static_cast<int>(query.sources.size()));
  std::lock_guard lock(mutex_);
  Statement stmt = db_.prepare(sql);
  stmt.bind(1, match);
  int at = 2;
  for (const std::string& source : query.sources)
    stmt.bind(at++, source);
  stmt.bind(at, static_cast<std::int64_t>(query.limit));
  std::vector<ExampleHit> hits;
  while (stmt.step()) {
    ExampleHit hit;
    hit.source = stmt.text(0);
    hit.example.question = stmt.text(1);
    hit.example.query = stmt.text(2);
    hit.example.endpoints = split_lines(stmt.text(3));
    hit.example.origin = stmt.text(4);
    hit.example.iri = stmt.text(5);
    hit.example.term_words = stmt.text(6);
    hit.score = -stmt.real(7);
    hits.push_back(std::move(hit));
  }
  return hits;
}

std::map<std::string, std::string> TermIndex::labels_of(const std::vector<std::string>& iris) {
  std::map<std::string, std::string> out;
  if (iris.empty()) return out;
  std::lock_guard lock(mutex_);
  Statement stmt = db_.prepare(
      "SELECT label FROM terms WHERE iri = ?1 AND label IS NOT NULL AND label <> '' LIMIT 1");
  for (const std::string& iri : iris) {
    stmt.reset();
    stmt.bind(1, iri);
    if (stmt.step()) out.emplace(iri, stmt.text(0));
  }
  return out;
}

std::size_t TermIndex::example_count(const std::vector<std::string>& sources) {
  std::string sql = "SELECT COUNT(*) FROM examples";
  if (!sources.empty()) sql += " WHERE source IN (" + placeholders(sources.size(), 1) + ")";
  std::lock_guard lock(mutex_);
  Statement stmt = db_.prepare(sql);
  int at = 1;
  for (const std::string& source : sources)
    stmt.bind(at++, source);
  stmt.step();
  return static_cast<std::size_t>(stmt.integer(0));
}

}  // namespace sparqlmcp::assist
