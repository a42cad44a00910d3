// The set functions of 18.5.1 (Count, Sum, Avg, Min, Max, GroupConcat, Sample) as
// accumulators, one per group.
//
// Errors: a plain variable that is unbound in a solution contributes nothing (it is not in the
// multiset), an expression error makes SUM, AVG, MIN, MAX and GROUP_CONCAT an error (the
// aggregate is then unbound); COUNT counts only values without error and SAMPLE takes the
// first value without error.
#include <set>
#include <unordered_set>

#include "expression_node.hpp"
#include "sparqlmcp/util/error.hpp"

namespace sparqlmcp::engine {

enum class AggregateKind { Count, Sum, Avg, Min, Max, GroupConcat, Sample };

struct AggregateFactory::Spec {
  AggregateKind kind = AggregateKind::Count;
  bool distinct = false;
  bool star = false;
  std::string separator = " ";
  CompiledExpression::Node arg;
};

namespace {

using expr::Type;
using expr::Value;

class Accumulator final : public Aggregator {
 public:
  explicit Accumulator(std::shared_ptr<const AggregateFactory::Spec> spec)
      : spec_(std::move(spec)) {
    sum_ = Value::of_integer(0);
  }

  void add(RowView row, ExpressionContext& context) override {
    const AggregateFactory::Spec& spec = *spec_;
    if (spec.star) {
      if (spec.distinct && !rows_.insert(Row(row.begin(), row.end())).second) return;
      ++count_;
      return;
    }
    if (error_) return;
    const CompiledExpression::Node& arg = spec.arg;
    if (arg.op == Op::Var) {
      if (arg.slot >= row.size() || row[arg.slot] == kUnbound) return;
      // COUNT, MIN, MAX and SAMPLE of a plain variable need only its term id, not its value
      // (COUNT(DISTINCT ?s) over millions of rows is what VoID statistics ask).
      if (add_id(row[arg.slot], context)) return;
    }
    Value v = evaluate_node(arg, row, context);
    if (v.is_error()) {
      if (spec.kind != AggregateKind::Count && spec.kind != AggregateKind::Sample) error_ = true;
      return;
    }
    if (spec.distinct || spec.kind == AggregateKind::Min || spec.kind == AggregateKind::Max ||
        spec.kind == AggregateKind::Sample) {
      TermId id = expr::to_term_id(v, *context.terms);
      if (spec.distinct && !seen_.insert(id).second) return;
      v.id = id;
    }
    switch (spec.kind) {
      case AggregateKind::Count:
        ++count_;
        break;
      case AggregateKind::Sum:
      case AggregateKind::Avg:
        sum_ = expr::add(sum_, v);
        ++count_;
        if (sum_.is_error()) error_ = true;
        break;
      case AggregateKind::Min:
      case AggregateKind::Max: {
        if (best_ == kUnbound) {
          best_ = v.id;
          break;
        }
        int c = compare_for_order(v.id, best_, *context.terms);
        if ((spec.kind == AggregateKind::Min && c < 0) ||
            (spec.kind == AggregateKind::Max && c > 0))
          best_ = v.id;
        break;
      }
      case AggregateKind::Sample:
        if (best_ == kUnbound) best_ = v.id;
        break;
      case AggregateKind::GroupConcat: {
        Value s = expr::fn_str(v);
        if (s.is_error()) {
          error_ = true;
          break;
        }
        if (count_ > 0) text_ += spec.separator;
        text_ += s.str.get();
        ++count_;
        break;
      }
    }
  }

  TermId result(ExpressionContext& context) override {
    QueryTerms& terms = *context.terms;
    if (error_) return kUnbound;
    switch (spec_->kind) {
      case AggregateKind::Count:
        return expr::to_term_id(Value::of_integer(static_cast<expr::Int>(count_)), terms);
      case AggregateKind::Sum:
        return expr::to_term_id(sum_, terms);
      case AggregateKind::Avg:
        if (count_ == 0) return expr::to_term_id(Value::of_integer(0), terms);
        return expr::to_term_id(
            expr::divide(sum_, Value::of_integer(static_cast<expr::Int>(count_))), terms);
      case AggregateKind::Min:
      case AggregateKind::Max:
      case AggregateKind::Sample:
        return best_;
      case AggregateKind::GroupConcat:
        // A simple literal even when every value has the same language tag (W3C
        // agg-groupconcat-04/06 expect GROUP_CONCAT("1"@en, "2"@en) = "1 2").
        return expr::to_term_id(Value::of_string(expr::Text::own(text_)), terms);
    }
    return kUnbound;
  }

 private:
  // The aggregates that only look at terms: true when `id` was taken care of.
  bool add_id(TermId id, ExpressionContext& context) {
    const AggregateFactory::Spec& spec = *spec_;
    switch (spec.kind) {
      case AggregateKind::Count:
      case AggregateKind::Min:
      case AggregateKind::Max:
      case AggregateKind::Sample:
        break;
      default:
        return false;
    }
    if (spec.distinct && !seen_.insert(id).second) return true;
    if (spec.kind == AggregateKind::Count) {
      ++count_;
    } else if (best_ == kUnbound) {
      best_ = id;
    } else if (spec.kind != AggregateKind::Sample) {
      int c = compare_for_order(id, best_, *context.terms);
      if ((spec.kind == AggregateKind::Min && c < 0) || (spec.kind == AggregateKind::Max && c > 0))
        best_ = id;
    }
    return true;
  }

  struct RowHash {
    std::size_t operator()(const Row& row) const {
      std::size_t h = row.size();
      for (TermId id : row)
        h = h * 1000003u ^ id;
      return h;
    }
  };

  std::shared_ptr<const AggregateFactory::Spec> spec_;
  bool error_ = false;
  std::uint64_t count_ = 0;
  Value sum_;
  TermId best_ = kUnbound;
  std::string text_;
  std::unordered_set<TermId> seen_;
  std::unordered_set<Row, RowHash> rows_;
};

}  // namespace

AggregateFactory::AggregateFactory() = default;
AggregateFactory::~AggregateFactory() = default;
AggregateFactory::AggregateFactory(AggregateFactory&&) noexcept = default;
AggregateFactory& AggregateFactory::operator=(AggregateFactory&&) noexcept = default;

AggregateFactory AggregateFactory::compile(const sparql::Expr& aggregate, VariableTable& variables,
                                           QueryTerms& terms) {
  if (aggregate.kind != sparql::Expr::Kind::Aggregate)
    throw_error(ErrorKind::Unsupported,
                "custom aggregate functions (" + aggregate.name +
                    ") are not supported; use COUNT, SUM, AVG, MIN, MAX, GROUP_CONCAT or SAMPLE");
  auto spec = std::make_shared<Spec>();
  const std::string& name = aggregate.name;
  if (name == "count") {
    spec->kind = AggregateKind::Count;
  } else if (name == "sum") {
    spec->kind = AggregateKind::Sum;
  } else if (name == "avg") {
    spec->kind = AggregateKind::Avg;
  } else if (name == "min") {
    spec->kind = AggregateKind::Min;
  } else if (name == "max") {
    spec->kind = AggregateKind::Max;
  } else if (name == "group_concat") {
    spec->kind = AggregateKind::GroupConcat;
  } else if (name == "sample") {
    spec->kind = AggregateKind::Sample;
  } else {
    throw_error(ErrorKind::Unsupported, "unknown aggregate " + name +
                                            "; use COUNT, SUM, AVG, MIN, MAX, GROUP_CONCAT or "
                                            "SAMPLE");
  }
  spec->distinct = aggregate.distinct;
  spec->star = aggregate.star;
  if (aggregate.separator) spec->separator = *aggregate.separator;
  if (!spec->star) {
    if (aggregate.args.size() != 1)
      throw_error(ErrorKind::InvalidArgument,
                  "the aggregate " + name + " takes exactly one expression");
    spec->arg = compile_node(aggregate.args[0], variables, terms);
  }
  AggregateFactory factory;
  factory.spec_ = std::move(spec);
  return factory;
}

std::unique_ptr<Aggregator> AggregateFactory::make() const {
  if (!spec_) throw_error(ErrorKind::Internal, "make() on an AggregateFactory never compiled");
  return std::make_unique<Accumulator>(spec_);
}

}  // namespace sparqlmcp::engine
