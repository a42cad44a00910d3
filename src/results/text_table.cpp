#include "sparqlmcp/results/text_table.hpp"

#include "sparqlmcp/util/text.hpp"
#include "turtle_terms.hpp"

namespace sparqlmcp::results {
namespace {

bool is_ascii_alnum(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

// A simplified PN_LOCAL (SPARQL grammar [169]): letters, digits, '_', '-', '.', ':' and any
// non-ASCII character, not starting with '-' or '.', not ending with '.'. Names that need
// escapes are left as full IRIs rather than escaped.
bool is_plain_local_name(std::string_view local) {
  if (local.empty()) return true;
  if (local.front() == '-' || local.front() == '.' || local.back() == '.') return false;
  for (char c : local) {
    if (!(is_ascii_alnum(c) || c == '_' || c == '-' || c == '.' || c == ':' ||
          static_cast<unsigned char>(c) >= 0x80)) {
      return false;
    }
  }
  return true;
}

std::string compact_iri(const std::string& iri, const TextTableOptions& options) {
  const std::pair<std::string, std::string>* best = nullptr;
  for (const auto& prefix : options.prefixes) {
    if (prefix.second.empty() || iri.compare(0, prefix.second.size(), prefix.second) != 0) {
      continue;
    }
    if (!is_plain_local_name(std::string_view(iri).substr(prefix.second.size()))) continue;
    if (best == nullptr || prefix.second.size() > best->second.size()) best = &prefix;
  }
  if (best != nullptr) return best->first + ":" + iri.substr(best->second.size());
  return "<" + rdf::escape_iri(iri) + ">";
}

std::string render_term(const rdf::Term& term, const TextTableOptions& options) {
  switch (term.kind) {
    case rdf::TermKind::Iri:
      return compact_iri(term.value, options);
    case rdf::TermKind::BlankNode:
      return "_:" + term.value;
    case rdf::TermKind::Literal:
      break;
  }
  if (detail::can_write_bare(term)) return term.value;
  std::string out = "\"" + rdf::escape_string_literal(term.value) + "\"";
  if (!term.language.empty()) {
    out += "@" + term.language;
  } else if (!term.datatype.empty()) {
    out += "^^" + compact_iri(term.datatype, options);
  }
  return out;
}

// Cuts `cell` to at most `max_chars` code points, the last being "…" when something was cut.
void limit_cell(std::string& cell, std::size_t max_chars) {
  std::size_t count = 0;
  std::size_t cut = std::string::npos;  // byte offset after max_chars - 1 code points
  for (std::size_t i = 0; i < cell.size(); ++i) {
    if (util::is_utf8_continuation(cell[i])) continue;
    if (count + 1 == max_chars) cut = i;
    ++count;
  }
  if (count <= max_chars) return;
  if (max_chars == 0) cut = 0;
  cell.resize(cut);
  cell += "…";
}

}  // namespace

std::string render_cell(const rdf::Term& term, const TextTableOptions& options) {
  std::string cell = render_term(term, options);
  if (options.labels && term.is_iri())
    if (auto found = options.labels->find(term.value); found != options.labels->end())
      cell = found->second + " (" + cell + ")";
  limit_cell(cell, options.max_cell_chars);
  return cell;
}

TextTable render_tsv_table(const QueryResults& results, const TextTableOptions& options) {
  TextTable table;
  if (results.kind == QueryResults::Kind::Boolean) {
    table.text = results.boolean ? "true" : "false";
    return table;
  }
  for (std::size_t i = 0; i < results.variables.size(); ++i) {
    if (i) table.text += '\t';
    table.text += '?';
    table.text += results.variables[i];
  }
  table.text += '\n';
  std::string line;
  for (const Row& row : results.rows) {
    if (table.rows_shown >= options.max_rows) break;
    line.clear();
    for (std::size_t i = 0; i < results.variables.size(); ++i) {
      if (i) line += '\t';
      if (i >= row.size() || !row[i]) continue;
      line += render_cell(*row[i], options);
    }
    line += '\n';
    if (table.text.size() + line.size() > options.max_chars) break;
    table.text += line;
    ++table.rows_shown;
  }
  table.truncated = table.rows_shown < results.rows.size();
  return table;
}

}  // namespace sparqlmcp::results
