#include "sparqlmcp/assist/seen_terms.hpp"

namespace sparqlmcp::assist {

void SeenTerms::note(std::string_view iri) {
  std::string key(iri);
  std::lock_guard lock(mutex_);
  if (!iris_.insert(key).second) return;
  order_.push_back(std::move(key));
  while (order_.size() > capacity_) {
    iris_.erase(order_.front());
    order_.pop_front();
  }
}

bool SeenTerms::seen(const std::string& iri) const {
  std::lock_guard lock(mutex_);
  return iris_.count(iri) > 0;
}

std::size_t SeenTerms::size() const {
  std::lock_guard lock(mutex_);
  return iris_.size();
}

}  // namespace sparqlmcp::assist
