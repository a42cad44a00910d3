// The set functions of 18.5.1 (Count, Sum, Avg, Min, Max, GroupConcat, Sample) as
// accumulators, one per group.
//
// Errors (an unbound variable is one too: it has no value) follow the definitions of 18.5.1:
// COUNT removes them; SUM adds them in, so one makes the sum an error, and so does
// GROUP_CONCAT's CONCAT; AVG is 0 when COUNT is 0 (every value an error, or none) and
// Sum/Count otherwise, an error when any value was one; MIN and MAX take the first value in
// ORDER BY order, where "no value" sorts lowest, so an error makes MIN an error and MAX ignores
// it; SAMPLE may return any value and takes the first that is not an error. An aggregate that
// is an error leaves its variable unbound.
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

// One per group and aggregate, so it stays small: what only some aggregates need (a running
// sum, the text of GROUP_CONCAT, the values seen by DISTINCT) lives in Extras, allocated on
// first use.
class Accumulator final : public Aggregator {
 public:
  explicit Accumulator(const AggregateFactory::Spec& spec) : spec_(spec) {}

  void add(RowView row, ExpressionContext& context) override {
    const AggregateFactory::Spec& spec = spec_;
    if (spec.star) {
      if (spec.distinct && !extras().rows.insert(Row(row.begin(), row.end())).second) return;
      ++count_;
      return;
    }
    if (error_) return;
    const CompiledExpression::Node& arg = spec.arg;
    if (arg.op == Op::Var) {
      if (arg.slot >= row.size() || row[arg.slot] == kUnbound) return add_error();
      // COUNT, MIN, MAX and SAMPLE of a plain variable need only its term id, not its value
      // (COUNT(DISTINCT ?s) over millions of rows is what VoID statistics ask).
      if (add_id(row[arg.slot], context)) return;
    }
    Value v = evaluate_node(arg, row, context);
    if (v.is_error()) return add_error();
    if (spec.distinct || spec.kind == AggregateKind::Min || spec.kind == AggregateKind::Max ||
        spec.kind == AggregateKind::Sample) {
      TermId id = expr::to_term_id(v, *context.terms);
      if (spec.distinct && !extras().seen.insert(id).second) return;
      v.id = id;
    }
    switch (spec.kind) {
      case AggregateKind::Count:
        ++count_;
        break;
      case AggregateKind::Sum:
      case AggregateKind::Avg: {
        ++count_;
        if (avg_error_) break;  // the average is an error unless no value counts
        // Integers (the common case) add up in int_sum_; another type, or an overflow, moves
        // the sum to the general addition of 17.3 for good.
        if (!extras_ || !extras_->general_sum) {
          expr::Int total = 0;
          if (v.type == Type::Integer && !__builtin_add_overflow(int_sum_, v.integer, &total)) {
            int_sum_ = total;
            break;
          }
          extras().sum = Value::of_integer(int_sum_);
          extras_->general_sum = true;
        }
        Value& sum = extras_->sum;
        sum = expr::add(sum, v);
        if (sum.is_error()) error_ = true;
        break;
      }
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
        std::string& text = extras().text;
        if (count_ > 0) text += spec.separator;
        text += s.str.get();
        ++count_;
        break;
      }
    }
  }

  TermId result(ExpressionContext& context) override {
    QueryTerms& terms = *context.terms;
    if (error_) return kUnbound;
    switch (spec_.kind) {
      case AggregateKind::Count:
        return expr::to_term_id(Value::of_integer(static_cast<expr::Int>(count_)), terms);
      case AggregateKind::Sum:
        return expr::to_term_id(sum(), terms);
      case AggregateKind::Avg:
        if (count_ == 0) return expr::to_term_id(Value::of_integer(0), terms);
        if (avg_error_) return kUnbound;
        return expr::to_term_id(
            expr::divide(sum(), Value::of_integer(static_cast<expr::Int>(count_))), terms);
      case AggregateKind::Min:
      case AggregateKind::Max:
      case AggregateKind::Sample:
        return best_;
      case AggregateKind::GroupConcat:
        // A simple literal even when every value has the same language tag (W3C
        // agg-groupconcat-04/06 expect GROUP_CONCAT("1"@en, "2"@en) = "1 2").
        return expr::to_term_id(Value::of_string(expr::Text::own(count_ ? extras().text : "")),
                                terms);
    }
    return kUnbound;
  }

 private:
  // An element of the multiset that is an error (see the top of the file).
  void add_error() {
    switch (spec_.kind) {
      case AggregateKind::Sum:
      case AggregateKind::Min:
      case AggregateKind::GroupConcat:
        error_ = true;
        break;
      case AggregateKind::Avg:
        avg_error_ = true;
        break;
      case AggregateKind::Count:
      case AggregateKind::Max:
      case AggregateKind::Sample:
        break;
    }
  }

  // The aggregates that only look at terms: true when `id` was taken care of.
  bool add_id(TermId id, ExpressionContext& context) {
    const AggregateFactory::Spec& spec = spec_;
    switch (spec.kind) {
      case AggregateKind::Count:
      case AggregateKind::Min:
      case AggregateKind::Max:
      case AggregateKind::Sample:
        break;
      default:
        return false;
    }
    if (spec.distinct && !extras().seen.insert(id).second) return true;
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

  Value sum() const {
    return extras_ && extras_->general_sum ? extras_->sum : Value::of_integer(int_sum_);
  }

  struct Extras {
    bool general_sum = false;               // SUM, AVG: a value that is not an xsd:integer came
    Value sum;                              // the sum then
    std::string text;                       // GROUP_CONCAT
    std::unordered_set<TermId> seen;        // DISTINCT
    std::unordered_set<Row, RowHash> rows;  // COUNT(DISTINCT *)
  };
  Extras& extras() {
    if (!extras_) extras_ = std::make_unique<Extras>();
    return *extras_;
  }

  const AggregateFactory::Spec& spec_;
  std::uint64_t count_ = 0;
  expr::Int int_sum_ = 0;
  TermId best_ = kUnbound;
  bool error_ = false;
  bool avg_error_ = false;  // AVG saw an error: its result unless COUNT stays 0
  std::unique_ptr<Extras> extras_;
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
  return std::make_unique<Accumulator>(*spec_);
}

}  // namespace sparqlmcp::engine
