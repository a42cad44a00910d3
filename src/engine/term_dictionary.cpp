#include "sparqlmcp/engine/term_dictionary.hpp"

#include <functional>

#include "sparqlmcp/util/error.hpp"

namespace sparqlmcp::engine {

namespace {
// Chunks of this size hold the strings; a longer string gets a chunk of its own.
constexpr std::size_t kChunkBytes = 1 << 20;
}  // namespace

rdf::Term TermView::to_term() const {
  rdf::Term term;
  term.kind = kind;
  term.value = std::string(value);
  term.datatype = std::string(datatype);
  term.language = std::string(language);
  return term;
}

std::size_t hash_value(const TermView& term) {
  std::hash<std::string_view> hash;
  std::size_t h = hash(term.value);
  h ^= static_cast<std::size_t>(term.kind) + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
  if (!term.datatype.empty()) h ^= hash(term.datatype) + 0x9e3779b97f4a7c15ULL + (h << 6);
  if (!term.language.empty()) h ^= hash(term.language) * 31 + (h >> 3);
  return h;
}

OwnedDictionary::OwnedDictionary(TermId first_id) : first_id_(first_id) {}

std::string_view OwnedDictionary::store(std::string_view text) {
  if (text.empty()) return {};
  if (text.size() > kChunkBytes / 4) {
    // A long string gets its own chunk so the current chunk's free space is not wasted.
    chunks_.emplace_front(text);
    return chunks_.front();
  }
  if (chunks_.empty() || chunk_used_ + text.size() > kChunkBytes) {
    chunks_.emplace_back();
    chunks_.back().reserve(kChunkBytes);
    chunk_used_ = 0;
  }
  std::string& chunk = chunks_.back();
  // reserve() above guarantees appending never reallocates, so earlier views stay valid.
  chunk.append(text);
  std::string_view stored(chunk.data() + chunk_used_, text.size());
  chunk_used_ += text.size();
  return stored;
}

TermId OwnedDictionary::intern(const TermView& term) {
  if (TermId found = find(term); found != kUnbound) return found;
  TermView stored{term.kind, store(term.value), store(term.datatype), store(term.language)};
  if (terms_.size() >= static_cast<std::size_t>(kLocalBit - 2)) {
    throw_error(ErrorKind::LimitExceeded, "the term dictionary is full (2^31 terms)");
  }
  TermId id = first_id_ + static_cast<TermId>(terms_.size());
  terms_.push_back(stored);
  index_.emplace(hash_value(stored), id);
  return id;
}

TermView OwnedDictionary::view(TermId id) const {
  return terms_[id - first_id_];
}

TermId OwnedDictionary::find(const TermView& term) const {
  auto [begin, end] = index_.equal_range(hash_value(term));
  for (auto it = begin; it != end; ++it) {
    if (terms_[it->second - first_id_] == term) return it->second;
  }
  return kUnbound;
}

std::size_t OwnedDictionary::memory_bytes() const {
  std::size_t bytes = terms_.capacity() * sizeof(TermView);
  for (const std::string& chunk : chunks_)
    bytes += chunk.capacity();
  // One node per entry plus the bucket array, as libstdc++ lays out an unordered_multimap.
  bytes += index_.size() * (sizeof(std::pair<const std::size_t, TermId>) + 2 * sizeof(void*));
  bytes += index_.bucket_count() * sizeof(void*);
  return bytes;
}

QueryTerms::QueryTerms(const TermDictionary* base) : base_(base), local_(kLocalBit | 1) {}

TermView QueryTerms::view(TermId id) const {
  if (is_local(id)) return local_.view(id);
  return base_->view(id);
}

TermId QueryTerms::find(const TermView& term) const {
  if (base_ != nullptr) {
    if (TermId id = base_->find(term); id != kUnbound) return id;
  }
  return local_.find(term);
}

TermId QueryTerms::intern(const TermView& term) {
  if (base_ != nullptr) {
    if (TermId id = base_->find(term); id != kUnbound) return id;
  }
  return local_.intern(term);
}

}  // namespace sparqlmcp::engine
