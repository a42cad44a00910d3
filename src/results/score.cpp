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

using Rows = std::vector<RowSignature>;

// The rows sorted, values within each row sorted: signature_of and from_json keep them so (and
// then no copy is made), but a signature built by hand may not.
const Rows& sorted_rows(const ResultSignature& signature, Rows& storage) {
  auto sorted = [](const RowSignature& row) { return std::is_sorted(row.begin(), row.end()); };
  const Rows& rows = signature.rows;
  if (std::is_sorted(rows.begin(), rows.end()) && std::all_of(rows.begin(), rows.end(), sorted))
    return rows;
  storage = rows;
  for (RowSignature& row : storage)
    std::sort(row.begin(), row.end());
  std::sort(storage.begin(), storage.end());
  return storage;
}

// The number of distinct rows of a sorted list.
std::size_t distinct_count(const Rows& rows) {
  std::size_t count = 0;
  for (std::size_t i = 0; i < rows.size(); ++i)
    count += i == 0 || rows[i] != rows[i - 1];
  return count;
}

// The number of distinct rows two sorted lists have in common.
std::size_t common_count(const Rows& a, const Rows& b) {
  std::size_t count = 0;
  auto i = a.begin(), j = b.begin();
  while (i != a.end() && j != b.end()) {
    if (*i < *j) {
      ++i;
    } else if (*j < *i) {
      ++j;
    } else {
      ++count;
      const RowSignature& row = *i;
      while (i != a.end() && *i == row)
        ++i;
      while (j != b.end() && *j == row)
        ++j;
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
      Rows storage;
      return s.kind == Kind::Boolean ? std::size_t{1} : distinct_count(sorted_rows(s, storage));
    };
    result.answer_rows = rows(answer);
    result.gold_rows = rows(gold);
    bool equal = answer.kind == gold.kind && answer.boolean == gold.boolean;
    result.exact_set_match = result.multiset_match = equal;
    result.common_rows = equal ? 1 : 0;
    result.precision = result.recall = result.f1 = equal ? 1 : 0;
    return result;
  }
  Rows answer_storage, gold_storage;
  const Rows& answer_rows = sorted_rows(answer, answer_storage);
  const Rows& gold_rows = sorted_rows(gold, gold_storage);
  result.answer_rows = distinct_count(answer_rows);
  result.gold_rows = distinct_count(gold_rows);
  result.common_rows = common_count(answer_rows, gold_rows);
  result.exact_set_match =
      result.common_rows == result.answer_rows && result.common_rows == result.gold_rows;
  result.multiset_match = answer_rows == gold_rows;
  if (result.answer_rows == 0 && result.gold_rows == 0) {
    // Nothing asked, nothing given: a perfect answer.
    result.precision = result.recall = result.f1 = 1;
    return result;
  }
  // An empty answer has no correct rows (precision 0, not 0/0); an empty gold is fully
  // recalled by any answer (recall 1), but every row given is wrong (precision 0).
  result.precision = result.answer_rows == 0 ? 0
                                             : static_cast<double>(result.common_rows) /
                                                   static_cast<double>(result.answer_rows);
  result.recall = result.gold_rows == 0 ? 1
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
