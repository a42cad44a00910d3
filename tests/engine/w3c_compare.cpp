#include "w3c_compare.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <unordered_map>

#include "sparqlmcp/rdf/reader.hpp"
#include "sparqlmcp/results/parser.hpp"
#include "sparqlmcp/results/serializer.hpp"
#include "sparqlmcp/util/error.hpp"
#include "sparqlmcp/util/text.hpp"
#include "w3c_manifest.hpp"
#include "w3c_rdfxml.hpp"

namespace sparqlmcp::engine::w3c {

namespace {

constexpr std::string_view kRs = "http://www.w3.org/2001/sw/DataAccess/tests/result-set#";
constexpr std::string_view kRdfType = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type";

std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw_error(ErrorKind::InvalidArgument, "cannot read " + path + ": check that the file exists");
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

bool ends_with(const std::string& text, std::string_view suffix) {
  return text.size() >= suffix.size() &&
         text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

bool all_digits(std::string_view text) {
  return !text.empty() && std::all_of(text.begin(), text.end(), [](char c) {
    return std::isdigit(static_cast<unsigned char>(c)) != 0;
  });
}

// A valid xsd:decimal (or, `integer_only`, xsd:integer) lexical form in canonical form: no
// '+', no leading zeros, no trailing fraction zeros, no fraction when it is zero, "0" for
// zero. nullopt when the form is not valid.
std::optional<std::string> canonical_decimal(std::string_view text, bool integer_only) {
  bool negative = false;
  if (!text.empty() && (text[0] == '+' || text[0] == '-')) {
    negative = text[0] == '-';
    text.remove_prefix(1);
  }
  auto dot = text.find('.');
  std::string_view whole = text.substr(0, dot);
  std::string_view fraction = dot == std::string_view::npos ? "" : text.substr(dot + 1);
  if (integer_only && dot != std::string_view::npos) return std::nullopt;
  if ((whole.empty() && fraction.empty()) || (!whole.empty() && !all_digits(whole)) ||
      (!fraction.empty() && !all_digits(fraction)))
    return std::nullopt;
  while (!whole.empty() && whole.front() == '0')
    whole.remove_prefix(1);
  while (!fraction.empty() && fraction.back() == '0')
    fraction.remove_suffix(1);
  if (whole.empty() && fraction.empty()) return "0";
  std::string out = negative ? "-" : "";
  out += whole.empty() ? "0" : std::string(whole);
  if (!fraction.empty()) out += "." + std::string(fraction);
  return out;
}

// A valid xsd:double / xsd:float lexical form as the text of its value (at the type's
// precision); nullopt when not valid.
std::optional<std::string> canonical_floating(const std::string& text, bool is_float) {
  if (text == "INF" || text == "+INF" || text == "-INF" || text == "NaN")
    return text == "+INF" ? "INF" : text;
  if (text.empty() || text.find_first_not_of("0123456789+-.eE") != std::string::npos)
    return std::nullopt;
  char* end = nullptr;
  double value = std::strtod(text.c_str(), &end);
  if (end != text.c_str() + text.size()) return std::nullopt;
  if (value == 0) return "0";
  char buffer[64];
  if (is_float)
    std::snprintf(buffer, sizeof buffer, "%.9g", static_cast<double>(static_cast<float>(value)));
  else
    std::snprintf(buffer, sizeof buffer, "%.17g", value);
  return std::string(buffer);
}

// Numeric literals compare by value within their datatype (see the header for why).
std::optional<std::string> canonical_number(const rdf::Term& literal) {
  std::string_view dt = literal.datatype;
  if (dt.substr(0, rdf::kXsd.size()) != rdf::kXsd) return std::nullopt;
  std::string_view local = dt.substr(rdf::kXsd.size());
  if (local == "decimal") return canonical_decimal(literal.value, false);
  if (local == "double") return canonical_floating(literal.value, false);
  if (local == "float") return canonical_floating(literal.value, true);
  for (const char* integer : {"integer", "nonPositiveInteger", "negativeInteger", "long", "int",
                              "short", "byte", "nonNegativeInteger", "unsignedLong", "unsignedInt",
                              "unsignedShort", "unsignedByte", "positiveInteger"})
    if (local == integer) return canonical_decimal(literal.value, true);
  return std::nullopt;
}

// The term as the comparison sees it: xsd:string / rdf:langString defaults made implicit,
// language tags in lower case, valid numeric literals in a canonical lexical form.
rdf::Term normalise(rdf::Term term, bool numbers_by_value) {
  if (!term.is_literal()) return term;
  if (term.datatype == rdf::kXsdString ||
      (!term.language.empty() && term.datatype == rdf::kRdfLangString))
    term.datatype.clear();
  term.language = util::ascii_lowercase(term.language);
  if (numbers_by_value)
    if (auto canonical = canonical_number(term)) term.value = *canonical;
  return term;
}

// A term's text with blank nodes all alike, for bucketing rows.
std::string blind_key(const std::optional<rdf::Term>& term) {
  if (!term) return "-";
  if (term->is_blank()) return "_";
  return term->to_ntriples();
}

using Rows = std::vector<results::Row>;

std::string row_key(const results::Row& row) {
  std::string key;
  for (const auto& t : row) {
    key += blind_key(t);
    key += '\x1f';
  }
  return key;
}

bool has_blank(const results::Row& row) {
  return std::any_of(row.begin(), row.end(), [](const auto& t) { return t && t->is_blank(); });
}

// Rows of `results` re-laid over `variables` (missing ones unbound), terms normalised.
Rows align(const results::QueryResults& results, const std::vector<std::string>& variables,
           bool numbers_by_value) {
  std::vector<std::optional<std::size_t>> source;
  for (const auto& v : variables) {
    auto it = std::find(results.variables.begin(), results.variables.end(), v);
    source.push_back(it == results.variables.end()
                         ? std::nullopt
                         : std::optional<std::size_t>(it - results.variables.begin()));
  }
  Rows out;
  out.reserve(results.rows.size());
  for (const auto& row : results.rows) {
    results::Row r(variables.size());
    for (std::size_t i = 0; i < variables.size(); ++i)
      if (source[i] && *source[i] < row.size() && row[*source[i]])
        r[i] = normalise(*row[*source[i]], numbers_by_value);
    out.push_back(std::move(r));
  }
  return out;
}

// Backtracking search for a blank-node bijection under which the rows with blank nodes of
// `expected` and `actual` are the same multiset. Rows are only tried against rows of the same
// bucket (same non-blank part).
class BlankMatcher {
 public:
  BlankMatcher(const Rows& expected, const Rows& actual, std::size_t max_steps)
      : expected_(expected), actual_(actual), max_steps_(max_steps), used_(actual.size(), false) {
    for (std::size_t i = 0; i < actual.size(); ++i)
      if (has_blank(actual[i])) buckets_[row_key(actual[i])].push_back(i);
    for (std::size_t i = 0; i < expected.size(); ++i)
      if (has_blank(expected[i])) order_.push_back(i);
    // Rows whose bucket is small first: they constrain the mapping most.
    std::stable_sort(order_.begin(), order_.end(),
                     [&](std::size_t a, std::size_t b) { return bucket_size(a) < bucket_size(b); });
  }

  // true: found; false: none exists; nullopt: gave up.
  std::optional<bool> run() {
    bool found = solve(0);
    if (!found && steps_ > max_steps_) return std::nullopt;
    return found;
  }

 private:
  std::size_t bucket_size(std::size_t expected_row) const {
    auto it = buckets_.find(row_key(expected_[expected_row]));
    return it == buckets_.end() ? 0 : it->second.size();
  }
  bool bind(const results::Row& e, const results::Row& a, std::vector<std::string>& added) {
    for (std::size_t c = 0; c < e.size(); ++c) {
      if (!e[c] || !e[c]->is_blank()) continue;
      const std::string& el = e[c]->value;
      const std::string& al = a[c]->value;
      auto f = forward_.find(el);
      auto b = backward_.find(al);
      if (f != forward_.end() || b != backward_.end()) {
        if (f == forward_.end() || b == backward_.end() || f->second != al || b->second != el)
          return false;
        continue;
      }
      forward_[el] = al;
      backward_[al] = el;
      added.push_back(el);
    }
    return true;
  }
  void unbind(const std::vector<std::string>& added) {
    for (const auto& el : added) {
      backward_.erase(forward_[el]);
      forward_.erase(el);
    }
  }
  bool solve(std::size_t k) {
    if (k == order_.size()) return true;
    if (++steps_ > max_steps_) return false;
    const results::Row& e = expected_[order_[k]];
    auto it = buckets_.find(row_key(e));
    if (it == buckets_.end()) return false;
    for (std::size_t candidate : it->second) {
      if (used_[candidate]) continue;
      std::vector<std::string> added;
      if (bind(e, actual_[candidate], added)) {
        used_[candidate] = true;
        if (solve(k + 1)) return true;
        used_[candidate] = false;
      }
      unbind(added);
      if (steps_ > max_steps_) return false;
    }
    return false;
  }

  const Rows& expected_;
  const Rows& actual_;
  std::size_t max_steps_;
  std::size_t steps_ = 0;
  std::vector<bool> used_;
  std::vector<std::size_t> order_;
  std::unordered_map<std::string, std::vector<std::size_t>> buckets_;
  std::unordered_map<std::string, std::string> forward_, backward_;
};

std::string describe(const std::vector<std::string>& variables, const Rows& rows,
                     const std::vector<std::size_t>& which) {
  std::string out;
  for (std::size_t i = 0; i < which.size() && i < 6; ++i)
    out += "\n    " + describe_row(variables, rows[which[i]]);
  if (which.size() > 6) out += "\n    ... (" + std::to_string(which.size() - 6) + " more)";
  return out;
}

// Rows of `a` not matched by rows of `b` with the same bucket key (multiset difference).
std::vector<std::size_t> difference(const Rows& a, const Rows& b) {
  std::unordered_map<std::string, std::size_t> counts;
  for (const auto& r : b)
    ++counts[row_key(r)];
  std::vector<std::size_t> out;
  for (std::size_t i = 0; i < a.size(); ++i) {
    auto it = counts.find(row_key(a[i]));
    if (it != counts.end() && it->second > 0)
      --it->second;
    else
      out.push_back(i);
  }
  return out;
}

Rows dedupe(const Rows& rows) {
  std::set<std::string> seen;
  Rows out;
  for (const auto& r : rows) {
    std::string exact;
    for (const auto& t : r)
      exact += (t ? t->to_ntriples() : "-") + '\x1f';
    if (seen.insert(exact).second) out.push_back(r);
  }
  return out;
}

// The rows of a DAWG result-set graph (rs: vocabulary).
Expected result_set_from_graph(const std::vector<rdf::Triple>& triples, const std::string& path) {
  std::map<std::string, std::vector<std::pair<std::string, rdf::Term>>> props;
  auto key = [](const rdf::Term& t) { return t.is_blank() ? "_:" + t.value : t.value; };
  std::optional<rdf::Term> result_set;
  for (const auto& t : triples) {
    props[key(t.subject)].emplace_back(t.predicate.value, t.object);
    if (t.predicate.value == kRdfType && t.object.value == std::string(kRs) + "ResultSet")
      result_set = t.subject;
  }
  if (!result_set)
    throw_error(ErrorKind::Syntax, path + " has no rs:ResultSet: not a result-set graph");
  auto objects = [&](const rdf::Term& s, std::string_view local) {
    std::vector<rdf::Term> out;
    auto it = props.find(key(s));
    if (it == props.end()) return out;
    for (const auto& [p, o] : it->second)
      if (p == std::string(kRs) + std::string(local)) out.push_back(o);
    return out;
  };
  Expected expected;
  auto boolean = objects(*result_set, "boolean");
  if (!boolean.empty()) {
    expected.kind = Expected::Kind::Boolean;
    expected.results.kind = results::QueryResults::Kind::Boolean;
    expected.results.boolean = boolean.front().value == "true" || boolean.front().value == "1";
    return expected;
  }
  for (const auto& v : objects(*result_set, "resultVariable"))
    expected.results.variables.push_back(v.value);
  std::vector<std::pair<long, results::Row>> rows;
  bool all_indexed = true;
  for (const auto& solution : objects(*result_set, "solution")) {
    results::Row row(expected.results.variables.size());
    for (const auto& binding : objects(solution, "binding")) {
      auto variable = objects(binding, "variable");
      auto value = objects(binding, "value");
      if (variable.empty() || value.empty()) continue;
      auto it = std::find(expected.results.variables.begin(), expected.results.variables.end(),
                          variable.front().value);
      std::size_t column = it - expected.results.variables.begin();
      if (it == expected.results.variables.end()) {
        expected.results.variables.push_back(variable.front().value);
        for (auto& [index, r] : rows)
          r.emplace_back();
        row.emplace_back();
      }
      row[column] = value.front();
    }
    auto index = objects(solution, "index");
    long position = 0;
    if (index.empty())
      all_indexed = false;
    else
      position = std::stol(index.front().value);
    rows.emplace_back(position, std::move(row));
  }
  if (all_indexed && !rows.empty()) {
    std::stable_sort(rows.begin(), rows.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    expected.ordered = true;
  }
  for (auto& [index, row] : rows) {
    row.resize(expected.results.variables.size());
    expected.results.rows.push_back(std::move(row));
  }
  return expected;
}

}  // namespace

std::string describe_row(const std::vector<std::string>& variables, const results::Row& row) {
  std::string out;
  for (std::size_t i = 0; i < variables.size() && i < row.size(); ++i) {
    if (!row[i]) continue;
    if (!out.empty()) out += ' ';
    out += "?" + variables[i] + "=" + row[i]->to_ntriples();
  }
  return out.empty() ? "(empty row)" : out;
}

std::vector<rdf::Triple> read_graph_file(const std::string& path) {
  std::vector<rdf::Triple> out;
  if (ends_with(path, ".rdf")) return parse_rdfxml(read_text(path), file_iri(path));
  for (auto& q : rdf::parse_rdf_file(path))
    out.push_back({std::move(q.subject), std::move(q.predicate), std::move(q.object)});
  return out;
}

Expected read_expected(const std::string& path, bool graph_form) {
  Expected expected;
  auto as_results = [&](results::ResultsFormat format, bool ordered) {
    expected.results = results::parse_results(read_text(path), format);
    expected.kind = expected.results.kind == results::QueryResults::Kind::Boolean
                        ? Expected::Kind::Boolean
                        : Expected::Kind::Bindings;
    expected.ordered = ordered;
    return expected;
  };
  if (ends_with(path, ".srx")) return as_results(results::ResultsFormat::Xml, true);
  if (ends_with(path, ".srj")) return as_results(results::ResultsFormat::Json, true);
  if (ends_with(path, ".tsv")) return as_results(results::ResultsFormat::Tsv, true);
  if (ends_with(path, ".csv")) return as_results(results::ResultsFormat::Csv, true);
  auto triples = read_graph_file(path);
  if (graph_form) {
    expected.kind = Expected::Kind::Graph;
    expected.graph = std::move(triples);
    return expected;
  }
  return result_set_from_graph(triples, path);
}

std::string compare_solutions(const results::QueryResults& expected_results,
                              const results::QueryResults& actual_results,
                              const CompareOptions& options) {
  using Kind = results::QueryResults::Kind;
  if (expected_results.kind == Kind::Boolean || actual_results.kind == Kind::Boolean) {
    if (expected_results.kind != actual_results.kind)
      return expected_results.kind == Kind::Boolean ? "expected a boolean, got solutions"
                                                    : "expected solutions, got a boolean";
    if (expected_results.boolean != actual_results.boolean)
      return std::string("expected ") + (expected_results.boolean ? "true" : "false") + ", got " +
             (actual_results.boolean ? "true" : "false");
    return {};
  }
  std::vector<std::string> variables = expected_results.variables;
  for (const auto& v : actual_results.variables)
    if (std::find(variables.begin(), variables.end(), v) == variables.end()) variables.push_back(v);
  Rows expected = align(expected_results, variables, options.numbers_by_value);
  Rows actual = align(actual_results, variables, options.numbers_by_value);
  if (options.lax_cardinality) {
    expected = dedupe(expected);
    actual = dedupe(actual);
  }

  auto missing = difference(expected, actual);
  auto unexpected = difference(actual, expected);
  if (expected.size() != actual.size() || !missing.empty() || !unexpected.empty()) {
    std::string out = "expected " + std::to_string(expected.size()) + " solutions, got " +
                      std::to_string(actual.size());
    if (!missing.empty()) out += "; missing:" + describe(variables, expected, missing);
    if (!unexpected.empty()) out += "; unexpected:" + describe(variables, actual, unexpected);
    return out;
  }
  auto found = BlankMatcher(expected, actual, options.max_steps).run();
  if (!found) return "gave up looking for a blank-node mapping (search budget exhausted)";
  if (!*found) return "same rows up to blank nodes, but no consistent blank-node mapping";

  if (options.ordered) {
    std::vector<std::size_t> key_columns;
    bool all_found = options.order_keys.has_value();
    if (options.order_keys) {
      for (const auto& k : *options.order_keys) {
        auto it = std::find(variables.begin(), variables.end(), k);
        if (it == variables.end()) all_found = false;  // not projected: compare whole rows
        key_columns.push_back(it - variables.begin());
      }
    }
    if (!all_found) {
      key_columns.clear();
      for (std::size_t i = 0; i < variables.size(); ++i)
        key_columns.push_back(i);
    }
    for (std::size_t r = 0; r < expected.size(); ++r) {
      for (std::size_t c : key_columns) {
        if (blind_key(expected[r][c]) != blind_key(actual[r][c]))
          return "same solutions, wrong order: at position " + std::to_string(r + 1) +
                 " expected\n    " + describe_row(variables, expected[r]) + "\n  got\n    " +
                 describe_row(variables, actual[r]);
      }
    }
  }
  return {};
}

std::string compare_graphs(const std::vector<rdf::Triple>& expected,
                           const std::vector<rdf::Triple>& actual) {
  auto to_results = [](const std::vector<rdf::Triple>& triples) {
    results::QueryResults r;
    r.variables = {"s", "p", "o"};
    for (const auto& t : triples)
      r.rows.push_back({t.subject, t.predicate, t.object});
    return r;
  };
  CompareOptions options;
  options.lax_cardinality = true;  // a graph is a set
  return compare_solutions(to_results(expected), to_results(actual), options);
}

std::string compare_csv(const std::string& expected_csv_text, const results::QueryResults& actual,
                        const CompareOptions& options) {
  auto expected = results::parse_results(expected_csv_text, results::ResultsFormat::Csv);
  auto ours = results::parse_results(
      results::serialize_results(actual, results::ResultsFormat::Csv), results::ResultsFormat::Csv);
  return compare_solutions(expected, ours, options);
}

}  // namespace sparqlmcp::engine::w3c
