#include "sparqlmcp/rdf/writer.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

namespace sparqlmcp::rdf {
namespace {

constexpr std::string_view kRdfFirst = "http://www.w3.org/1999/02/22-rdf-syntax-ns#first";
constexpr std::string_view kRdfRest = "http://www.w3.org/1999/02/22-rdf-syntax-ns#rest";
constexpr std::string_view kRdfNil = "http://www.w3.org/1999/02/22-rdf-syntax-ns#nil";

bool is_ascii_alpha(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}
bool is_ascii_digit(char c) {
  return c >= '0' && c <= '9';
}

// Conservative (ASCII) BLANK_NODE_LABEL, Turtle [141s]: (PN_CHARS_U | [0-9]) ((PN_CHARS|'.')*
// PN_CHARS)?
bool is_safe_blank_label(std::string_view label) {
  if (label.empty()) return false;
  for (std::size_t i = 0; i < label.size(); ++i) {
    const char c = label[i];
    const bool ok = is_ascii_alpha(c) || is_ascii_digit(c) || c == '_' ||
                    (i > 0 && (c == '-' || (c == '.' && i + 1 < label.size())));
    if (!ok) return false;
  }
  return true;
}

// Conservative PN_PREFIX, Turtle [167s]: empty or a letter followed by letters, digits, '_' '-'.
bool is_safe_prefix(std::string_view prefix) {
  for (std::size_t i = 0; i < prefix.size(); ++i) {
    const char c = prefix[i];
    if (!(is_ascii_alpha(c) || (i > 0 && (is_ascii_digit(c) || c == '_' || c == '-'))))
      return false;
  }
  return true;
}

// Conservative PN_LOCAL, Turtle [168s]: ASCII letters, digits, '_' anywhere, '-' and '.' inside.
bool is_safe_local(std::string_view local) {
  for (std::size_t i = 0; i < local.size(); ++i) {
    const char c = local[i];
    const bool ok = is_ascii_alpha(c) || is_ascii_digit(c) || c == '_' ||
                    (i > 0 && (c == '-' || (c == '.' && i + 1 < local.size())));
    if (!ok) return false;
  }
  return true;
}

bool matches_integer(std::string_view s) {
  if (!s.empty() && (s[0] == '+' || s[0] == '-')) s.remove_prefix(1);
  if (s.empty()) return false;
  for (char c : s)
    if (!is_ascii_digit(c)) return false;
  return true;
}

bool matches_decimal(std::string_view s) {
  if (!s.empty() && (s[0] == '+' || s[0] == '-')) s.remove_prefix(1);
  const auto dot = s.find('.');
  if (dot == std::string_view::npos || dot + 1 == s.size()) return false;
  return (dot == 0 || matches_integer(s.substr(0, dot))) && matches_integer(s.substr(dot + 1)) &&
         s[dot + 1] != '+' && s[dot + 1] != '-';
}

bool matches_double(std::string_view s) {
  const auto e = s.find_first_of("eE");
  if (e == std::string_view::npos) return false;
  const std::string_view mantissa = s.substr(0, e), exponent = s.substr(e + 1);
  return (matches_integer(mantissa) || matches_decimal(mantissa) ||
          (mantissa.size() > 1 && mantissa.back() == '.' &&
           matches_integer(mantissa.substr(0, mantissa.size() - 1)))) &&
         matches_integer(exponent);
}

// Maps blank node labels to labels every RDF syntax accepts, consistently within one call.
class BlankLabels {
 public:
  template <class Range>
  explicit BlankLabels(const Range& statements) {
    auto note = [&](const Term& t) {
      if (t.is_blank() && is_safe_blank_label(t.value)) used_.insert(t.value);
    };
    for (const auto& s : statements) {
      note(s.subject);
      note(s.object);
    }
  }
  const std::string& label(const std::string& original) {
    if (is_safe_blank_label(original)) return original;
    auto [it, inserted] = renamed_.try_emplace(original);
    if (inserted) {
      std::string candidate;
      do {
        candidate = "b" + std::to_string(++counter_);
      } while (used_.contains(candidate));
      used_.insert(candidate);
      it->second = candidate;
    }
    return it->second;
  }

 private:
  std::unordered_set<std::string> used_;
  std::unordered_map<std::string, std::string> renamed_;
  unsigned long counter_ = 0;
};

std::string ntriples_term(const Term& term, BlankLabels& blanks) {
  if (term.is_blank()) return "_:" + blanks.label(term.value);
  return term.to_ntriples();
}

class TurtleWriter {
 public:
  TurtleWriter(const std::vector<Triple>& triples,
               const std::vector<std::pair<std::string, std::string>>& prefixes)
      : triples_(triples), blanks_(triples) {
    for (const auto& [name, ns] : prefixes)
      if (is_safe_prefix(name) && !ns.empty()) prefixes_.emplace_back(name, ns);
  }

  std::string write() {
    for (const auto& [name, ns] : prefixes_)
      out_ += "@prefix " + name + ": <" + escape_iri(ns) + "> .\n";
    if (!prefixes_.empty() && !triples_.empty()) out_ += "\n";
    group();
    for (std::size_t i = 0; i < subjects_.size(); ++i) {
      const Term& s = *subjects_[i].subject;
      if (s.is_blank() && object_uses_[s.value] == 1) continue;  // nested where it is used
      write_top_level(i);
    }
    // Blank nodes nested only inside each other (a cycle) have no top-level parent: write them
    // with their labels so no triple is lost.
    for (std::size_t i = 0; i < subjects_.size(); ++i)
      if (!emitted_.contains(i)) write_top_level(i);
    return std::move(out_);
  }

 private:
  struct PredicateObjects {
    const Term* predicate;
    std::vector<const Term*> objects;
  };
  struct SubjectGroup {
    const Term* subject;
    std::vector<PredicateObjects> predicates;
  };

  static std::string key(const Term& t) { return t.to_ntriples(); }

  void group() {
    std::unordered_map<std::string, std::size_t> subject_index;
    std::vector<std::unordered_map<std::string, std::size_t>> predicate_index;
    for (const auto& t : triples_) {
      auto [it, inserted] = subject_index.try_emplace(key(t.subject), subjects_.size());
      if (inserted) {
        subjects_.push_back(SubjectGroup{&t.subject, {}});
        predicate_index.emplace_back();
        if (t.subject.is_blank()) blank_subject_[t.subject.value] = it->second;
      }
      SubjectGroup& group = subjects_[it->second];
      auto& preds = predicate_index[it->second];
      auto [pit, pinserted] = preds.try_emplace(key(t.predicate), group.predicates.size());
      if (pinserted) group.predicates.push_back(PredicateObjects{&t.predicate, {}});
      group.predicates[pit->second].objects.push_back(&t.object);
      if (t.object.is_blank()) ++object_uses_[t.object.value];
    }
  }

  void write_top_level(std::size_t index) {
    if (!emitted_.empty()) out_ += "\n";
    emitted_.insert(index);
    const SubjectGroup& group = subjects_[index];
    out_ += term(*group.subject);
    write_predicates(group, 1);
    out_ += " .\n";
  }

  void write_predicates(const SubjectGroup& group, int depth) {
    const std::string indent(static_cast<std::size_t>(depth) * 4, ' ');
    bool first = true;
    for (const auto& po : group.predicates) {
      out_ += first ? "\n" + indent : " ;\n" + indent;
      first = false;
      out_ += po.predicate->is_iri() && po.predicate->value == kRdfType ? "a" : term(*po.predicate);
      bool first_object = true;
      for (const Term* object : po.objects) {
        out_ += first_object ? " " : ", ";
        first_object = false;
        write_object(*object, depth);
      }
    }
  }

  // The subject groups of a well-formed collection starting at `head` (Turtle §2.8): every node
  // blank, used once, with exactly one rdf:first and one rdf:rest, ending in rdf:nil.
  std::optional<std::vector<std::size_t>> list_nodes(const Term& head) {
    std::vector<std::size_t> nodes;
    const Term* node = &head;
    while (!(node->is_iri() && node->value == kRdfNil)) {
      if (!node->is_blank() || object_uses_[node->value] != 1) return std::nullopt;
      auto it = blank_subject_.find(node->value);
      if (it == blank_subject_.end() || emitted_.contains(it->second)) return std::nullopt;
      if (std::find(nodes.begin(), nodes.end(), it->second) != nodes.end()) return std::nullopt;
      const SubjectGroup& group = subjects_[it->second];
      if (group.predicates.size() != 2) return std::nullopt;
      const PredicateObjects* first = nullptr;
      const PredicateObjects* rest = nullptr;
      for (const auto& po : group.predicates) {
        if (po.predicate->value == kRdfFirst) first = &po;
        if (po.predicate->value == kRdfRest) rest = &po;
      }
      if (!first || !rest || first->objects.size() != 1 || rest->objects.size() != 1)
        return std::nullopt;
      nodes.push_back(it->second);
      node = rest->objects[0];
    }
    return nodes;
  }

  void write_object(const Term& object, int depth) {
    if (object.is_blank() && object_uses_[object.value] == 1) {
      if (auto nodes = list_nodes(object)) {
        for (std::size_t index : *nodes)
          emitted_.insert(index);
        out_ += "(";
        for (std::size_t index : *nodes) {
          out_ += " ";
          for (const auto& po : subjects_[index].predicates)
            if (po.predicate->value == kRdfFirst) write_object(*po.objects[0], depth);
        }
        out_ += " )";
        return;
      }
      auto it = blank_subject_.find(object.value);
      if (it == blank_subject_.end()) {
        out_ += "[]";
        return;
      }
      if (!emitted_.contains(it->second)) {
        emitted_.insert(it->second);
        out_ += "[";
        write_predicates(subjects_[it->second], depth + 1);
        out_ += "\n" + std::string(static_cast<std::size_t>(depth) * 4, ' ') + "]";
        return;
      }
    }
    if (object.is_iri() && object.value == kRdfNil) {
      out_ += "()";
      return;
    }
    out_ += term(object);
  }

  std::string iri(const std::string& value) {
    const std::pair<std::string, std::string>* best = nullptr;
    for (const auto& p : prefixes_)
      if (value.starts_with(p.second) && (!best || p.second.size() > best->second.size()) &&
          is_safe_local(std::string_view(value).substr(p.second.size())))
        best = &p;
    if (best) return best->first + ":" + value.substr(best->second.size());
    return "<" + escape_iri(value) + ">";
  }

  std::string term(const Term& t) {
    switch (t.kind) {
      case TermKind::Iri:
        return iri(t.value);
      case TermKind::BlankNode:
        return "_:" + blanks_.label(t.value);
      case TermKind::Literal:
        break;
    }
    const std::string_view dt = t.datatype;
    if (t.language.empty() && dt.starts_with(kXsd)) {
      const std::string_view local = dt.substr(kXsd.size());
      if ((local == "integer" && matches_integer(t.value)) ||
          (local == "decimal" && matches_decimal(t.value)) ||
          (local == "double" && matches_double(t.value)) ||
          (local == "boolean" && (t.value == "true" || t.value == "false")))
        return t.value;
    }
    std::string out = "\"" + escape_string_literal(t.value) + "\"";
    if (!t.language.empty())
      out += "@" + t.language;
    else if (!t.datatype.empty())
      out += "^^" + iri(t.datatype);
    return out;
  }

  const std::vector<Triple>& triples_;
  BlankLabels blanks_;
  std::vector<std::pair<std::string, std::string>> prefixes_;
  std::vector<SubjectGroup> subjects_;
  std::unordered_map<std::string, std::size_t> blank_subject_;
  std::unordered_map<std::string, std::size_t> object_uses_;
  std::set<std::size_t> emitted_;
  std::string out_;
};

}  // namespace

std::string serialize_ntriples(const std::vector<Triple>& triples) {
  BlankLabels blanks(triples);
  std::string out;
  for (const auto& t : triples)
    out += ntriples_term(t.subject, blanks) + " " + ntriples_term(t.predicate, blanks) + " " +
           ntriples_term(t.object, blanks) + " .\n";
  return out;
}

std::string serialize_nquads(const std::vector<Quad>& quads) {
  BlankLabels blanks(quads);
  std::string out;
  for (const auto& q : quads) {
    out += ntriples_term(q.subject, blanks) + " " + ntriples_term(q.predicate, blanks) + " " +
           ntriples_term(q.object, blanks);
    if (!(q.graph.is_iri() && q.graph.value.empty())) out += " " + ntriples_term(q.graph, blanks);
    out += " .\n";
  }
  return out;
}

std::string serialize_turtle(const std::vector<Triple>& triples,
                             const std::vector<std::pair<std::string, std::string>>& prefixes) {
  return TurtleWriter(triples, prefixes).write();
}

}  // namespace sparqlmcp::rdf
