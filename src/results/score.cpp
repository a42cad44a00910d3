// Scoring an answer's signature against the gold answer's: exact set match, multiset match,
// and precision, recall and F1 over distinct rows (the measures of the FKGQA paper).
#include <algorithm>

#include "sparqlmcp/results/signature.hpp"
#include "sparqlmcp/util/error.hpp"

namespace sparqlmcp::results {

namespace {

void require_complete(const ResultSignature& signature, const char* whose) {
  if (signature.complete) return;
  throw_error(ErrorKind::InvalidArgument,
              std::string("cannot score: ") + whose + " signature keeps only " +
                  std::to_string(signature.rows.size()) + " of its " +
                  std::to_string(signature.row_count) +
                  " rows (the rest were cut when it was written); score it from a signature "
                  "that kept all its rows");
}

// The rows sorted, values within each row sorted: signature_of and from_json keep them so,
// but a signature built by hand may not.
std::vector<RowSignature> sorted_rows(const ResultSignature& signature) {
  std::vector<RowSignature> rows = signature.rows;
  for (RowSignature& row : rows)
    std::sort(row.begin(), row.end());
  std::sort(rows.begin(), rows.end());
  return rows;
}

std::vector<RowSignature> distinct(std::vector<RowSignature> sorted) {
  sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
  return sorted;
}

std::size_t common_count(const std::vector<RowSignature>& a, const std::vector<RowSignature>& b) {
  std::size_t count = 0;
  auto i = a.begin(), j = b.begin();
  while (i != a.end() && j != b.end()) {
    if (*i < *j) {
      ++i;
    } else if (*j < *i) {
      ++j;
    } else {
      ++count, ++i, ++j;
    }
  }
  return count;
}

void set_f1(Score& score) {
  double sum = score.precision + score.recall;
  score.f1 = sum == 0 ? 0 : 2 * score.precision * score.recall / sum;
}

}  // namespace

Score score(const ResultSignature& answer, const ResultSignature& gold) {
  require_complete(answer, "the answer's");
  require_complete(gold, "the gold answer's");
  using Kind = ResultSignature::Kind;
  Score result;
  if (answer.kind == Kind::Boolean || gold.kind == Kind::Boolean) {
    // A boolean is one row holding its value; against bindings nothing is in common.
    auto rows = [](const ResultSignature& s) {
      return s.kind == Kind::Boolean ? std::size_t{1} : distinct(sorted_rows(s)).size();
    };
    result.answer_rows = rows(answer);
    result.gold_rows = rows(gold);
    bool equal = answer.kind == gold.kind && answer.boolean == gold.boolean;
    result.exact_set_match = result.multiset_match = equal;
    result.common_rows = equal ? 1 : 0;
    result.precision = result.recall = result.f1 = equal ? 1 : 0;
    return result;
  }
  std::vector<RowSignature> answer_all = sorted_rows(answer), gold_all = sorted_rows(gold);
  std::vector<RowSignature> answer_set = distinct(answer_all), gold_set = distinct(gold_all);
  result.answer_rows = answer_set.size();
  result.gold_rows = gold_set.size();
  result.common_rows = common_count(answer_set, gold_set);
  result.exact_set_match = answer_set == gold_set;
  result.multiset_match = answer_all == gold_all;
  if (answer_set.empty() && gold_set.empty()) {
    // Nothing asked, nothing given: a perfect answer.
    result.precision = result.recall = result.f1 = 1;
    return result;
  }
  // An empty answer has no correct rows (precision 0, not 0/0); an empty gold is fully
  // recalled by any answer (recall 1), but every row given is wrong (precision 0).
  result.precision = answer_set.empty() ? 0
                                        : static_cast<double>(result.common_rows) /
                                              static_cast<double>(result.answer_rows);
  result.recall = gold_set.empty() ? 1
                                   : static_cast<double>(result.common_rows) /
                                         static_cast<double>(result.gold_rows);
  set_f1(result);
  return result;
}

nlohmann::json Score::to_json() const {
  return nlohmann::json{{"exact_set_match", exact_set_match},
                        {"multiset_match", multiset_match},
                        {"precision", precision},
                        {"recall", recall},
                        {"f1", f1},
                        {"answer_rows", answer_rows},
                        {"gold_rows", gold_rows},
                        {"common_rows", common_rows}};
}

}  // namespace sparqlmcp::results
