#include "sparqlmcp/assist/diagnosis.hpp"

#include <algorithm>
#include <map>

#include "sparqlmcp/sparql/algebra_vars.hpp"
#include "sparqlmcp/sparql/parser.hpp"
#include "sparqlmcp/sparql/serializer.hpp"

namespace sparqlmcp::assist {
namespace {

using sparql::algebra::Operator;
using sparql::algebra::OpKind;
using sparql::algebra::TriplePattern;

// How the query would write an IRI: prefix:local with one of its prefixes, else <iri>.
std::string shown(const std::string& iri, const sparql::Prologue& prologue) {
  std::string best;
  for (const auto* list : {&prologue.prefixes, &prologue.implicit_prefixes})
    for (const auto& [prefix, ns] : *list) {
      if (iri.size() <= ns.size() || iri.compare(0, ns.size(), ns)) continue;
      const std::string local = iri.substr(ns.size());
      if (!std::all_of(local.begin(), local.end(), [](char c) {
            return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-';
          }))
        continue;
      std::string candidate = prefix + ":" + local;
      if (best.empty() || candidate.size() < best.size()) best = std::move(candidate);
    }
  return best.empty() ? "<" + iri + ">" : best;
}

std::string term_text(const sparql::VarOrTerm& v, const sparql::Prologue& prologue) {
  if (v.is_var) return "?" + v.var;
  if (v.term.is_iri()) return shown(v.term.value, prologue);
  if (v.term.is_blank()) return "[]";
  return v.term.to_ntriples();
}

std::string triple_text(const TriplePattern& t, const sparql::Prologue& prologue) {
  const bool type = !t.predicate.is_var && t.predicate.term.is_iri() &&
                    t.predicate.term.value == "http://www.w3.org/1999/02/22-rdf-syntax-ns#type";
  return term_text(t.subject, prologue) +
         (type ? " a " : " " + term_text(t.predicate, prologue) + " ") +
         term_text(t.object, prologue);
}

// The IRIs a pattern operator names.
void iris_of(const Operator& op, std::vector<std::string>& out) {
  if (const auto* bgp = op.get_if<sparql::algebra::BgpOp>()) {
    for (const TriplePattern& t : bgp->triples)
      for (const sparql::VarOrTerm* v : {&t.subject, &t.predicate, &t.object})
        if (!v->is_var && v->term.is_iri()) out.push_back(v->term.value);
  }
  if (const auto* path = op.get_if<sparql::algebra::PathOp>();
      path != nullptr && path->path.kind == sparql::Path::Kind::Link)
    out.push_back(path->path.iri);
  for (const Operator& c : op.children)
    iris_of(c, out);
}

std::string pattern_text(const Operator& op, const sparql::Prologue& prologue) {
  switch (op.kind()) {
    case OpKind::Bgp: {
      std::string out;
      for (const TriplePattern& t : op.as<sparql::algebra::BgpOp>().triples)
        out += (out.empty() ? "" : " . ") + triple_text(t, prologue);
      return out;
    }
    case OpKind::Path: {
      const auto& path = op.as<sparql::algebra::PathOp>();
      return term_text(path.subject, prologue) + " " + sparql::algebra::to_sse(path.path) + " " +
             term_text(path.object, prologue);
    }
    case OpKind::Join:
      return pattern_text(op.left(), prologue) + " . " + pattern_text(op.right(), prologue);
    default:
      return "{ ... }";
  }
}

// The parts a pattern joins: Join flattened; the required side of OPTIONAL and MINUS; what a
// FILTER, a BIND, a grouping or a sub-select reads. A part of another kind is one part.
void required_parts(const Operator& op, std::vector<const Operator*>& out) {
  switch (op.kind()) {
    case OpKind::Join:
      required_parts(op.left(), out);
      required_parts(op.right(), out);
      return;
    case OpKind::LeftJoin:
    case OpKind::Minus:
    case OpKind::Filter:
    case OpKind::Extend:
    // A sub-select, a grouping or a slice of nothing is nothing: what it reads is the part.
    case OpKind::Group:
    case OpKind::Project:
    case OpKind::Distinct:
    case OpKind::Reduced:
    case OpKind::Slice:
    case OpKind::OrderBy:
    case OpKind::ToMultiSet:
      required_parts(op.children.front(), out);
      return;
    case OpKind::Bgp:
      if (op.as<sparql::algebra::BgpOp>().triples.empty())
        return;  // the empty group joins with anything
      out.push_back(&op);
      return;
    case OpKind::Table:
      if (op.is_unit()) return;
      out.push_back(&op);
      return;
    default:
      out.push_back(&op);
  }
}

void union_branches(const Operator& op, std::vector<const Operator*>& out) {
  if (op.kind() == OpKind::Union) {
    union_branches(op.left(), out);
    union_branches(op.right(), out);
  } else {
    out.push_back(&op);
  }
}

// A SERVICE block's patterns, one triple each.
std::vector<Operator> block_patterns(const Operator& op) {
  std::vector<Operator> out;
  std::vector<const Operator*> parts;
  required_parts(op, parts);
  for (const Operator* p : parts) {
    if (const auto* bgp = p->get_if<sparql::algebra::BgpOp>()) {
      for (const TriplePattern& t : bgp->triples)
        out.emplace_back(sparql::algebra::BgpOp{{t}});
    } else {
      out.push_back(*p);
    }
  }
  return out;
}

std::vector<std::string> shared_variables(const Operator& a, const Operator& b) {
  const auto x = sparql::algebra::bound_vars(a).maybe;
  const auto y = sparql::algebra::bound_vars(b).maybe;
  std::vector<std::string> both;
  std::set_intersection(x.begin(), x.end(), y.begin(), y.end(), std::back_inserter(both));
  return both;
}

class Diagnoser {
 public:
  Diagnoser(const federation::QueryService& service, const sparql::Query& query,
            const DiagnosisRequest& request)
      : service_(service), prologue_(query.prologue()), request_(request) {
    number_services(query.algebra());
  }

  Diagnosis run(const Operator& root) {
    const Operator* pattern = &root;
    while (is_modifier(pattern->kind()))
      pattern = &pattern->operand();
    analyse(*pattern);
    if (out_.message.empty()) {
      if (!out_.empty.empty())
        out_.message = out_.empty[0].message;
      else if (out_.join)
        out_.message = out_.join->message;
      else if (out_.bounded)
        out_.message = "not found within the time and the " + std::to_string(request_.max_probes) +
                       " probes allowed";
      else
        out_.message =
            "every part of the query has rows, and so does each join of two; the FILTER "
            "conditions or all parts together leave nothing";
    }
    return std::move(out_);
  }

 private:
  static bool is_modifier(OpKind kind) {
    return kind == OpKind::Project || kind == OpKind::Distinct || kind == OpKind::Reduced ||
           kind == OpKind::Slice || kind == OpKind::OrderBy || kind == OpKind::Group;
  }

  void number_services(const Operator& op) {
    if (op.kind() == OpKind::Service) services_.emplace(&op, services_.size() + 1);
    for (const Operator& c : op.children)
      number_services(c);
  }

  // Whether `op` has a row; nothing when it could not be asked (time, probes, a failure).
  std::optional<bool> probe(const Operator& op) {
    if (out_.probes >= request_.max_probes ||
        std::chrono::steady_clock::now() >= request_.deadline) {
      out_.bounded = true;
      return std::nullopt;
    }
    ++out_.probes;
    const Operator limited(sparql::algebra::SliceOp{std::nullopt, 1}, {op});
    try {
      const sparql::Query q = sparql::parse_query(sparql::serialize_algebra(limited, prologue_));
      federation::Window window;
      window.rows = 1;
      federation::RequestContext context;
      context.deadline = request_.deadline;
      context.cancellation = request_.cancel;
      context.on_request = request_.on_request;
      const federation::Answer answer = service_.answer(q, window, context);
      return !answer.solutions.rows.empty();
    } catch (const Exception& e) {
      if (e.error().kind == ErrorKind::Cancelled) throw;
      if (e.error().kind == ErrorKind::Timeout) out_.bounded = true;
      return std::nullopt;
    }
  }

  // A SERVICE's number and endpoint, for an operator that is one.
  std::pair<std::size_t, std::string> service_of(const Operator& op) const {
    auto it = services_.find(&op);
    if (it == services_.end()) return {0, ""};
    const sparql::VarOrTerm& name = op.as<sparql::algebra::ServiceOp>().name;
    return {it->second, name.is_var ? "?" + name.var : name.term.value};
  }

  std::string what_it_has(const Operator& pattern, std::size_t service) const {
    if (!request_.validation) return "";
    std::vector<std::string> iris;
    iris_of(pattern, iris);
    const Finding* best = nullptr;
    for (const Finding& f : request_.validation->findings) {
      if (f.alternatives.empty() || std::find(iris.begin(), iris.end(), f.term) == iris.end())
        continue;
      if (!best || (f.service == service && best->service != service)) best = &f;
    }
    if (!best) return "";
    return " (the endpoint has " + shown(best->alternatives[0], prologue_) + ")";
  }

  void analyse(const Operator& op) {
    std::vector<const Operator*> parts;
    required_parts(op, parts);
    bool all_rows = true;
    for (const Operator* part : parts) {
      const std::optional<bool> has = probe(*part);
      if (!has) {
        all_rows = false;
        continue;
      }
      if (*has) continue;
      all_rows = false;
      explain_empty(*part);
    }
    if (!all_rows || !out_.empty.empty()) return;
    // Every part has rows: the join of two of them is empty.
    for (std::size_t i = 0; i < parts.size() && !out_.join; ++i)
      for (std::size_t j = i + 1; j < parts.size() && !out_.join; ++j) {
        const std::vector<std::string> shared = shared_variables(*parts[i], *parts[j]);
        if (shared.empty()) continue;
        const std::optional<bool> has =
            probe(Operator(sparql::algebra::JoinOp{}, {*parts[i], *parts[j]}));
        if (!has || *has) continue;
        std::string names;
        for (const std::string& v : shared)
          names += (names.empty() ? "?" : ", ?") + v;
        EmptyJoin join;
        join.left = part_name(*parts[i]);
        join.right = part_name(*parts[j]);
        join.variables = shared;
        join.message = name_part(*parts[i]) + " and " + name_part(*parts[j]) +
                       " each have rows, but no value of " + names + " in common";
        out_.join = std::move(join);
      }
  }

  PartName part_name(const Operator& op) const {
    PartName name;
    if (const auto [number, endpoint] = service_of(op); number) {
      name.services = {number};
      name.pattern = pattern_text(op.operand(), prologue_);
    } else if (op.kind() == OpKind::Union) {
      std::vector<const Operator*> branches;
      union_branches(op, branches);
      for (const Operator* b : branches)
        if (const auto [n, e] = service_of(*b); n) name.services.push_back(n);
      const Operator* first = branches.front();
      name.pattern =
          pattern_text(first->kind() == OpKind::Service ? first->operand() : *first, prologue_);
    } else {
      name.pattern = pattern_text(op, prologue_);
    }
    return name;
  }

  std::string name_part(const Operator& op) const {
    const PartName name = part_name(op);
    const auto [number, endpoint] = service_of(op);
    if (number) return "SERVICE #" + std::to_string(number) + " <" + endpoint + ">";
    std::string where;
    if (name.services.size() == 1) where = " (SERVICE #" + std::to_string(name.services[0]) + ")";
    if (name.services.size() > 1)
      where = " (SERVICE #" + std::to_string(name.services.front()) + " to #" +
              std::to_string(name.services.back()) + ")";
    return "the pattern " + name.pattern + where;
  }

  void explain_empty(const Operator& part) {
    if (part.kind() == OpKind::Service) {
      explain_block(part);
    } else if (part.kind() == OpKind::Union) {
      std::vector<const Operator*> branches;
      union_branches(part, branches);
      for (const Operator* b : branches) {
        if (b->kind() == OpKind::Service)
          explain_block(*b);
        else
          analyse(*b);
      }
    } else {
      out_.empty.push_back(
          {0, "", pattern_text(part, prologue_), name_part(part) + " matches nothing"});
    }
  }

  void explain_block(const Operator& block) {
    const auto [number, endpoint] = service_of(block);
    const std::string where = "SERVICE #" + std::to_string(number) + " <" + endpoint + ">";
    const std::vector<Operator> patterns = block_patterns(block.operand());
    auto inside = [&](std::vector<Operator> ops) {
      Operator s = block;
      s.children = {ops.size() == 1 ? std::move(ops[0])
                                    : Operator(sparql::algebra::JoinOp{}, std::move(ops))};
      return s;
    };
    std::size_t found = 0;
    if (patterns.size() > 1) {
      for (const Operator& p : patterns) {
        const std::optional<bool> has = probe(inside({p}));
        if (!has || *has) continue;
        ++found;
        const std::string text = pattern_text(p, prologue_);
        out_.empty.push_back(
            {number, endpoint, text,
             where + ": the pattern " + text + " matches nothing there" + what_it_has(p, number)});
      }
      // Each pattern matches: two of them do not match together.
      for (std::size_t i = 0; i < patterns.size() && !found; ++i)
        for (std::size_t j = i + 1; j < patterns.size() && !found; ++j) {
          if (shared_variables(patterns[i], patterns[j]).empty()) continue;
          const std::optional<bool> has = probe(inside({patterns[i], patterns[j]}));
          if (!has || *has) continue;
          ++found;
          const std::string text =
              pattern_text(patterns[i], prologue_) + " . " + pattern_text(patterns[j], prologue_);
          out_.empty.push_back(
              {number, endpoint, text,
               where + ": the patterns " + text + " each match, but not together"});
        }
    } else if (patterns.size() == 1) {
      const std::string text = pattern_text(patterns[0], prologue_);
      out_.empty.push_back({number, endpoint, text,
                            where + ": the pattern " + text + " matches nothing there" +
                                what_it_has(patterns[0], number)});
      found = 1;
    }
    if (!found)
      out_.empty.push_back(
          {number, endpoint, pattern_text(block.operand(), prologue_), where + " returns nothing"});
  }

  const federation::QueryService& service_;
  const sparql::Prologue& prologue_;
  const DiagnosisRequest& request_;
  std::map<const Operator*, std::size_t> services_;
  Diagnosis out_;
};

}  // namespace

Diagnosis diagnose_empty(const federation::QueryService& service, const sparql::Query& query,
                         const DiagnosisRequest& request) {
  return Diagnoser(service, query, request).run(query.algebra());
}

}  // namespace sparqlmcp::assist
