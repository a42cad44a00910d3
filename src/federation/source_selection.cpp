#include "source_selection.hpp"

#include <algorithm>
#include <functional>
#include <map>
#include <optional>
#include <set>

#include "exists_patterns.hpp"
#include "sparqlmcp/sparql/algebra_vars.hpp"
#include "sparqlmcp/sparql/service_analysis.hpp"
#include "sparqlmcp/util/text.hpp"
#include "vocabulary_learning.hpp"

namespace sparqlmcp::federation {
namespace {

using sparql::Expr;
using sparql::algebra::DistinctOp;
using sparql::algebra::ExtendOp;
using sparql::algebra::Operator;
using sparql::algebra::OpKind;
using sparql::algebra::ProjectOp;
using sparql::algebra::ServiceOp;
using sparql::algebra::SliceOp;
using sparql::algebra::TableOp;
using sparql::algebra::ToMultiSetOp;
using sparql::algebra::UnionOp;

constexpr const char* kProbeVar = "__probe";

bool plain_service(const Operator& op) {
  const auto* service = op.get_if<ServiceOp>();
  return service != nullptr && !service->silent && !service->name.is_var &&
         !sparql::is_endpoint_internal_service(service->name.term.value);
}

void flatten_union(Operator& op, std::vector<Operator*>& out) {
  if (op.kind() == OpKind::Union) {
    for (Operator& child : op.children)
      flatten_union(child, out);
    return;
  }
  out.push_back(&op);
}

// A UNION whose branches send one pattern to several endpoints.
struct Candidate {
  Operator* root = nullptr;
  std::vector<Operator*> branches;
  std::string shape;
  // A merge unit, { SELECT DISTINCT * { branches } } (sparql::spread_plain_patterns): when one
  // branch is left, it replaces the whole unit, since one endpoint's answer to one pattern has
  // no duplicates to remove (its default graph is a set of triples).
  Operator* merge_root = nullptr;
};

std::optional<Candidate> union_candidate(Operator& union_op) {
  Candidate candidate;
  candidate.root = &union_op;
  flatten_union(union_op, candidate.branches);
  const bool all_services = std::all_of(candidate.branches.begin(), candidate.branches.end(),
                                        [](const Operator* b) { return plain_service(*b); });
  if (!all_services) return std::nullopt;
  candidate.shape = pattern_shape(candidate.branches[0]->operand());
  const bool one_pattern = std::all_of(
      candidate.branches.begin(), candidate.branches.end(),
      [&](const Operator* b) { return pattern_shape(b->operand()) == candidate.shape; });
  if (!one_pattern) return std::nullopt;
  return candidate;
}

// The UNION of a merge unit: [ToMultiSet] Distinct [Project of every variable] Union.
Operator* merge_unit_union(Operator& op) {
  Operator* at = &op;
  if (at->is<ToMultiSetOp>()) at = &at->operand();
  if (!at->is<DistinctOp>()) return nullptr;
  at = &at->operand();
  const ProjectOp* project = at->get_if<ProjectOp>();
  if (project != nullptr) at = &at->operand();
  if (!at->is<UnionOp>()) return nullptr;
  if (project != nullptr) {
    const std::vector<std::string> bound = sparql::algebra::bound_vars(*at).maybe;
    for (const std::string& var : bound)
      if (std::find(project->vars.begin(), project->vars.end(), var) == project->vars.end())
        return nullptr;
  }
  return at;
}

void collect(Operator& op, std::vector<Candidate>& out) {
  if (op.kind() == OpKind::Service) return;
  if (Operator* unit = merge_unit_union(op)) {
    if (std::optional<Candidate> candidate = union_candidate(*unit)) {
      candidate->merge_root = &op;
      out.push_back(std::move(*candidate));
      return;
    }
  }
  if (op.kind() == OpKind::Union) {
    if (std::optional<Candidate> candidate = union_candidate(op)) {
      out.push_back(std::move(*candidate));
      return;
    }
  }
  for (Operator& child : op.children)
    collect(child, out);
  for_each_exists_pattern(op, [&](Operator& pattern) { collect(pattern, out); });
}

// SELECT (k AS ?__probe) WHERE { pattern } LIMIT 1
Operator probe_branch(const Operator& pattern, std::size_t k) {
  Expr number =
      Expr::constant(rdf::Term::literal(std::to_string(k), std::string(rdf::kXsdInteger)));
  Operator extend(ExtendOp{kProbeVar, std::move(number)}, {pattern});
  SliceOp slice;
  slice.limit = 1;
  return Operator(std::move(slice), {Operator(ProjectOp{{kProbeVar}}, {std::move(extend)})});
}

// In how many candidate UNIONs each endpoint has a branch (that `counts`, when given).
std::map<std::string, std::size_t> unions_per_endpoint(
    const std::vector<Candidate>& candidates,
    const std::function<bool(const std::string& endpoint, const std::string& shape)>& counts) {
  std::map<std::string, std::size_t> out;
  for (const Candidate& candidate : candidates) {
    std::set<std::string> in_union;
    for (const Operator* branch : candidate.branches) {
      const std::string& endpoint = branch->as<ServiceOp>().name.term.value;
      if (!counts || counts(endpoint, candidate.shape)) in_union.insert(endpoint);
    }
    for (const std::string& endpoint : in_union)
      ++out[endpoint];
  }
  return out;
}

}  // namespace

std::string pattern_shape(const Operator& pattern) {
  // The canonical SSE of the parsed pattern, read token by token: an IRI (<...>) or a literal
  // ("...", escapes included) is copied whole, so a '?' inside one (<http://x/?id=1>) stays
  // part of it; only a '?' that starts a token names a variable.
  const std::string sse = sparql::algebra::to_sse(pattern);
  std::map<std::string, std::string> names;
  std::string out;
  out.reserve(sse.size());
  for (std::size_t i = 0; i < sse.size();) {
    const char c = sse[i];
    if (c == '<') {
      const std::size_t end = sse.find('>', i);
      const std::size_t stop = end == std::string::npos ? sse.size() : end + 1;
      out.append(sse, i, stop - i);
      i = stop;
    } else if (c == '"') {
      std::size_t end = i + 1;
      while (end < sse.size() && sse[end] != '"')
        end += sse[end] == '\\' ? 2 : 1;
      const std::size_t stop = std::min(end + 1, sse.size());
      out.append(sse, i, stop - i);
      i = stop;
    } else if (c == '?') {
      std::size_t end = i + 1;
      while (end < sse.size() && sse[end] != ' ' && sse[end] != ')' && sse[end] != '(')
        ++end;
      auto [it, added] = names.emplace(sse.substr(i, end - i), "?v" + std::to_string(names.size()));
      out += it->second;
      i = end;
    } else {
      out += c;
      ++i;
    }
  }
  return out;
}

namespace {

// The vocabularies of `endpoints`: remembered ones, and those of `worth_asking` asked all at
// once (one request each, with a deadline of their own). nullptr for an endpoint without one.
std::map<std::string, std::shared_ptr<const Vocabulary>> vocabularies_of(
    const std::set<std::string>& endpoints, const std::set<std::string>& worth_asking,
    const SourceLookup& lookup, const RequestContext& context, const FederationSettings& settings,
    EndpointMemory& memory, FederationStats& stats, PruningReport& report) {
  std::map<std::string, std::shared_ptr<const Vocabulary>> out;
  RequestContext short_context = context;
  short_context.deadline = std::min(context.deadline, Clock::now() + settings.vocabulary_timeout);
  short_context.explain = false;
  std::map<std::string, std::unique_ptr<PendingAnswer>> pending;
  for (const std::string& endpoint : endpoints) {
    if (auto remembered = memory.vocabulary(endpoint)) {
      out[endpoint] = *remembered;
      continue;
    }
    if (worth_asking.count(endpoint) == 0) continue;
    Source* source = lookup(endpoint);
    if (source == nullptr) continue;
    try {
      pending[endpoint] = source->start(vocabulary_query(), short_context);
    } catch (const Exception&) {
      // Not asked: probes decide.
    }
  }
  for (auto& [endpoint, answer] : pending) {
    ++report.vocabulary_requests;
    EndpointStats& use = stats.endpoints[endpoint];
    std::shared_ptr<const Vocabulary> vocabulary;
    try {
      SourceAnswer got = answer->wait();
      use.requests += static_cast<std::size_t>(std::max(got.attempts, 1));
      use.bytes += got.bytes;
      if (!got.body_truncated && !got.stopped_at_cap && !got.announced_cap) {
        if (std::optional<Vocabulary> read = read_vocabulary(got.solutions))
          vocabulary = std::make_shared<const Vocabulary>(std::move(*read));
      }
    } catch (const Exception& exception) {
      use.requests += 1;
      // The query's own end is not the endpoint's fault: ask again next time.
      if (exception.error().kind == ErrorKind::Cancelled) continue;
      if (exception.error().kind == ErrorKind::Timeout && Clock::now() >= context.deadline)
        continue;
    }
    memory.remember_vocabulary(endpoint, vocabulary);
    out[endpoint] = std::move(vocabulary);
  }
  return out;
}

}  // namespace

PruningReport prune_sources(Operator& op, const sparql::Prologue& prologue,
                            const SourceLookup& lookup, const RequestContext& context,
                            const FederationSettings& settings, EndpointMemory& memory,
                            FederationStats& stats) {
  PruningReport report;
  std::vector<Candidate> candidates;
  collect(op, candidates);
  if (candidates.empty() || !lookup) return report;

  // Requests pay off for an endpoint that appears in several UNIONs: one request decides all
  // its branches (or the probe asks them all), where an endpoint in one UNION only is asked by
  // its branch itself (whose empty answer is remembered as well).
  std::set<std::string> endpoints, worth_asking;
  for (const auto& [endpoint, unions] : unions_per_endpoint(candidates, nullptr)) {
    endpoints.insert(endpoint);
    if (unions >= 2) worth_asking.insert(endpoint);
  }
  const auto vocabularies =
      vocabularies_of(endpoints, worth_asking, lookup, context, settings, memory, stats, report);

  // What is known of each branch: remembered, or told by the endpoint's vocabulary.
  std::map<std::pair<std::string, std::string>, bool> known;
  std::map<std::pair<std::string, std::string>, std::string> why;
  for (const Candidate& candidate : candidates) {
    for (const Operator* branch : candidate.branches) {
      const std::string& endpoint = branch->as<ServiceOp>().name.term.value;
      const auto key = std::make_pair(endpoint, candidate.shape);
      if (known.count(key) > 0) continue;
      if (std::optional<bool> remembered = memory.has_solutions(endpoint, candidate.shape)) {
        known[key] = *remembered;
        ++report.remembered;
        continue;
      }
      auto vocabulary = vocabularies.find(endpoint);
      if (vocabulary == vocabularies.end() || !vocabulary->second) continue;
      Judgement judgement = judge(*vocabulary->second, branch->children[0]);
      if (judgement.verdict == Verdict::Unknown) continue;
      known[key] = judgement.verdict == Verdict::Has;
      ++report.decided_by_vocabulary;
      if (judgement.verdict == Verdict::Lacks)
        why[key] = "its data has no <" + judgement.missing + ">";
    }
  }

  // The rest is probed, where an endpoint has open questions in several UNIONs.
  struct Probe {
    std::vector<std::string> shapes;
    std::vector<const Operator*> patterns;
    std::unique_ptr<PendingAnswer> pending;
  };
  std::map<std::string, Probe> probes;
  std::map<std::string, std::size_t> open_unions =
      unions_per_endpoint(candidates, [&](const std::string& endpoint, const std::string& shape) {
        return known.count({endpoint, shape}) == 0;
      });
  for (const Candidate& candidate : candidates) {
    for (const Operator* branch : candidate.branches) {
      const std::string& endpoint = branch->as<ServiceOp>().name.term.value;
      if (known.count({endpoint, candidate.shape}) > 0) continue;
      if (open_unions[endpoint] < 2) continue;
      Probe& probe = probes[endpoint];
      if (std::find(probe.shapes.begin(), probe.shapes.end(), candidate.shape) ==
          probe.shapes.end()) {
        probe.shapes.push_back(candidate.shape);
        probe.patterns.push_back(&branch->children[0]);
      }
    }
  }
  // One request per endpoint, all at once.
  for (auto& [endpoint, probe] : probes) {
    Source* source = lookup(endpoint);
    if (source == nullptr) continue;
    PatternQuery query;
    query.prologue = &prologue;
    query.vars = {kProbeVar};
    for (std::size_t k = 0; k < probe.patterns.size(); ++k) {
      Operator branch = probe_branch(*probe.patterns[k], k);
      if (k == 0) {
        query.op = std::move(branch);
        continue;
      }
      query.op = Operator(UnionOp{}, {std::move(query.op), std::move(branch)});
    }
    try {
      probe.pending = source->start(query, context);
    } catch (const Exception&) {
      // Not asked: its branches stay.
    }
  }
  for (auto& [endpoint, probe] : probes) {
    if (!probe.pending) continue;
    try {
      SourceAnswer answer = probe.pending->wait();
      ++report.probes;
      EndpointStats& use = stats.endpoints[endpoint];
      use.requests += static_cast<std::size_t>(std::max(answer.attempts, 1));
      use.bytes += answer.bytes;
      std::set<std::size_t> found;
      const auto& vars = answer.solutions.variables;
      auto column = std::find(vars.begin(), vars.end(), kProbeVar);
      if (column == vars.end() && !answer.solutions.rows.empty()) continue;
      for (const results::Row& row : answer.solutions.rows) {
        const auto& value = row.at(static_cast<std::size_t>(column - vars.begin()));
        if (value) found.insert(static_cast<std::size_t>(std::stoul(value->value)));
      }
      for (std::size_t k = 0; k < probe.shapes.size(); ++k) {
        const bool any = found.count(k) > 0;
        known[{endpoint, probe.shapes[k]}] = any;
        memory.remember_solutions(endpoint, probe.shapes[k], any);
      }
    } catch (const std::exception&) {
      // A failed or unreadable probe keeps its branches (cancellation surfaces at evaluation).
      ++report.probes;
      stats.endpoints[endpoint].requests += 1;
    }
  }
  // Keep the branches that may contribute.
  for (Candidate& candidate : candidates) {
    std::vector<Operator*> kept;
    for (Operator* branch : candidate.branches) {
      const std::string& endpoint = branch->as<ServiceOp>().name.term.value;
      auto it = known.find({endpoint, candidate.shape});
      if (it != known.end() && !it->second) {
        auto reason = why.find(it->first);
        report.pruned.push_back("<" + endpoint + "> for " +
                                util::one_line(sparql::algebra::to_sse(branch->children[0]), 160) +
                                (reason == why.end() ? std::string() : ": " + reason->second));
        continue;
      }
      kept.push_back(branch);
    }
    if (kept.size() == candidate.branches.size()) continue;
    if (candidate.merge_root != nullptr && kept.size() == 1) {
      Operator branch = std::move(*kept[0]);
      *candidate.merge_root = std::move(branch);
      continue;
    }
    Operator replacement;
    if (kept.empty()) {
      replacement = Operator(TableOp{});  // no rows: nothing can match
    } else {
      replacement = std::move(*kept[0]);
      for (std::size_t i = 1; i < kept.size(); ++i) {
        replacement = Operator(UnionOp{}, {std::move(replacement), std::move(*kept[i])});
      }
    }
    *candidate.root = std::move(replacement);
  }
  return report;
}

}  // namespace sparqlmcp::federation
