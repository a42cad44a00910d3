#include "sparqlmcp/sparql/service_wrap.hpp"

#include <optional>

#include "sparqlmcp/sparql/parser.hpp"

namespace sparqlmcp::sparql {
namespace {

using ast::GroupGraphPattern;
using ast::PatternElement;
using Kind = PatternElement::Kind;

class Wrapper {
 public:
  explicit Wrapper(std::string endpoint) : endpoint_(std::move(endpoint)) {}

  GroupGraphPattern group(const GroupGraphPattern& in) {
    GroupGraphPattern out;
    std::optional<std::size_t> open;  // the block this group's plain patterns go to now
    for (const PatternElement& e : in.elements) {
      switch (e.kind) {
        case Kind::Triples:
          // Runs parted only by FILTERs become one block: the endpoint answers them together.
          if (open) {
            out.elements[*open].groups[0].elements.push_back(e);
          } else {
            open = out.elements.size();
            out.elements.push_back(service_around(e));
            ++wrapped;
          }
          continue;
        case Kind::Service:
          out.elements.push_back(e);  // it names its endpoint itself
          break;
        case Kind::Filter: {
          // A FILTER between patterns does not part them: it applies to its whole group.
          PatternElement copy = e;
          copy.expr = expression(e.expr);
          out.elements.push_back(std::move(copy));
          continue;
        }
        case Kind::Bind: {
          // A BIND does: the patterns after it may read what it binds.
          PatternElement copy = e;
          copy.expr = expression(e.expr);
          out.elements.push_back(std::move(copy));
          break;
        }
        case Kind::SubSelect: {
          PatternElement copy = e;
          auto inner = std::make_shared<ast::SelectQuery>(*e.subselect);
          inner->where = group(inner->where);
          copy.subselect = std::move(inner);
          out.elements.push_back(std::move(copy));
          break;
        }
        case Kind::Values:
          out.elements.push_back(e);
          break;
        default: {
          PatternElement copy = e;
          for (GroupGraphPattern& g : copy.groups)
            g = group(g);
          out.elements.push_back(std::move(copy));
        }
      }
      open.reset();
    }
    return out;
  }

  std::size_t wrapped = 0;

 private:
  PatternElement service_around(const PatternElement& triples) {
    PatternElement service;
    service.kind = Kind::Service;
    service.name = VarOrTerm::constant(rdf::Term::iri(endpoint_));
    GroupGraphPattern inner;
    inner.elements.push_back(triples);
    service.groups.push_back(std::move(inner));
    return service;
  }

  // The expression with the patterns of its EXISTS and NOT EXISTS wrapped as well.
  Expr expression(const Expr& e) {
    Expr out = e.without_args();
    for (const Expr& a : e.args)
      out.args.push_back(expression(a));
    if (e.pattern) out.pattern = std::make_shared<const GroupGraphPattern>(group(*e.pattern));
    return out;
  }

  std::string endpoint_;
};

}  // namespace

WrappedQuery wrap_plain_patterns(const Query& query, const std::string& endpoint_iri) {
  Wrapper wrapper(endpoint_iri);
  ast::SelectQuery syntax = query.syntax();
  syntax.where = wrapper.group(syntax.where);
  WrappedQuery out;
  out.wrapped = wrapper.wrapped;
  out.query = out.wrapped ? make_query(query.prologue(), std::move(syntax)) : query;
  return out;
}

}  // namespace sparqlmcp::sparql
