#include "sord_dictionary.hpp"

#include <serd/serd.h>

#include <charconv>
#include <cstring>

#include "sparqlmcp/util/error.hpp"
#include "sparqlmcp/util/text.hpp"

namespace sparqlmcp::engine {

namespace {

// Sord keeps a literal's language in a char[16].
constexpr std::size_t kSordMaxLanguage = 15;

std::uint32_t fold_hash(std::size_t hash) {
  return static_cast<std::uint32_t>(hash ^ (hash >> 32));
}

// A SerdNode over `text`, which must be followed by a NUL byte (Sord copies n_bytes + 1).
SerdNode serd_node_over(std::string_view text, SerdType type) {
  SerdNode node;
  node.buf = reinterpret_cast<const uint8_t*>(text.data());
  node.n_bytes = text.size();
  node.n_chars = util::code_point_count(text);
  node.flags = 0;  // only Serd's writers read them; every node of this world has 0
  node.type = type;
  return node;
}

std::string_view node_text(const SordNode* node) {
  std::size_t bytes = 0;
  const uint8_t* text = sord_node_get_string_counted(node, &bytes);
  return {reinterpret_cast<const char*>(text), bytes};
}

// Sord's node layout (0.16, sord_internal.h): the node lives inside its hash entry
// (16 bytes of entry header + 64 bytes of node), its string in a malloc of n + 1 bytes, and
// the world's bucket array holds about one pointer per node. glibc adds 8 bytes to every
// allocation and rounds to 16, with 32 bytes at least.
std::size_t malloc_size(std::size_t bytes) {
  std::size_t chunk = (bytes + 8 + 15) & ~std::size_t{15};
  return chunk < 32 ? 32 : chunk;
}

}  // namespace

SordDictionary::SordDictionary(SordWorld* world) : world_(world) {
  by_content_.resize(1024);
  by_node_.resize(1024);
}

std::size_t SordDictionary::pointer_hash(const SordNode* node) {
  auto bits = reinterpret_cast<std::uintptr_t>(node);
  return static_cast<std::size_t>((bits >> 4) * 0x9E3779B97F4A7C15ULL >> 20);
}

SordNode* SordDictionary::make_iri(std::string_view iri) {
  scratch_.assign(iri);
  bool has_scheme = serd_uri_string_has_scheme(reinterpret_cast<const uint8_t*>(scratch_.c_str()));
  if (!has_scheme || iri.starts_with(kRelativeMarker)) {
    scratch_.assign(kRelativeMarker);
    scratch_.append(iri);
  }
  SerdNode node = serd_node_over(scratch_, SERD_URI);
  return sord_node_from_serd_node(world_, nullptr, &node, nullptr, nullptr);
}

std::string_view SordDictionary::decode_iri(const SordNode* node) const {
  std::string_view text = node_text(node);
  if (text.starts_with(kRelativeMarker)) text.remove_prefix(kRelativeMarker.size());
  return text;
}

SordNode* SordDictionary::make_node(const TermView& term) {
  switch (term.kind) {
    case rdf::TermKind::Iri:
      return make_iri(term.value);
    case rdf::TermKind::BlankNode: {
      scratch_.assign(term.value);
      SerdNode node = serd_node_over(scratch_, SERD_BLANK);
      return sord_node_from_serd_node(world_, nullptr, &node, nullptr, nullptr);
    }
    case rdf::TermKind::Literal:
      break;
  }
  std::string language;
  std::string_view datatype = term.datatype;
  if (!term.language.empty()) {
    if (term.language.size() > kSordMaxLanguage || term.language.front() == '#' ||
        !term.datatype.empty()) {
      std::string key = std::string(term.language) + '\n' + std::string(term.datatype);
      auto [it, added] = extra_index_.try_emplace(std::move(key), extras_.size());
      if (added) {
        extras_.push_back(LiteralExtra{std::string(term.language), std::string(term.datatype)});
      }
      language.assign(1, '#');
      language.append(std::to_string(it->second));
      datatype = {};
    } else {
      language.assign(term.language);
    }
  }
  // The datatype IRI, encoded as make_iri() does, in a buffer of its own.
  std::string datatype_text;
  if (!datatype.empty()) {
    datatype_text.assign(datatype);
    bool has_scheme =
        serd_uri_string_has_scheme(reinterpret_cast<const uint8_t*>(datatype_text.c_str()));
    if (!has_scheme || datatype.starts_with(kRelativeMarker)) {
      datatype_text.insert(0, kRelativeMarker);
    }
  }
  if (term.value.find('\0') != std::string_view::npos ||
      (!term.value.empty() && term.value.front() == kOddValueMark)) {
    auto [it, added] = odd_value_index_.try_emplace(std::string(term.value), odd_values_.size());
    if (added) odd_values_.emplace_back(term.value);
    scratch_.assign(1, kOddValueMark);
    scratch_.append(std::to_string(it->second));
  } else {
    scratch_.assign(term.value);
  }
  SerdNode literal = serd_node_over(scratch_, SERD_LITERAL);
  SerdNode datatype_node = serd_node_over(datatype_text, SERD_URI);
  SerdNode language_node = serd_node_over(language, SERD_LITERAL);
  return sord_node_from_serd_node(world_, nullptr, &literal,
                                  datatype.empty() ? nullptr : &datatype_node,
                                  language.empty() ? nullptr : &language_node);
}

void SordDictionary::insert_content(std::uint32_t hash, TermId id) {
  std::size_t mask = by_content_.size() - 1;
  for (std::size_t pos = hash & mask;; pos = (pos + 1) & mask) {
    if (by_content_[pos].id == kUnbound) {
      by_content_[pos] = ContentSlot{hash, id};
      return;
    }
  }
}

void SordDictionary::insert_node(TermId id) {
  std::size_t mask = by_node_.size() - 1;
  const SordNode* node = nodes_[id - 1];
  for (std::size_t pos = pointer_hash(node) & mask;; pos = (pos + 1) & mask) {
    if (by_node_[pos].id == kUnbound) {
      by_node_[pos] = NodeSlot{node, id};
      return;
    }
  }
}

void SordDictionary::grow_tables() {
  std::vector<ContentSlot> old_content(by_content_.size() * 2);
  old_content.swap(by_content_);
  for (const ContentSlot& slot : old_content) {
    if (slot.id != kUnbound) insert_content(slot.hash, slot.id);
  }
  by_node_.assign(by_node_.size() * 2, NodeSlot{});
  for (TermId id = 1; id <= nodes_.size(); ++id)
    insert_node(id);
}

TermId SordDictionary::intern(const TermView& term) {
  std::uint32_t hash = fold_hash(hash_value(term));
  std::size_t mask = by_content_.size() - 1;
  for (std::size_t pos = hash & mask;; pos = (pos + 1) & mask) {
    const ContentSlot& slot = by_content_[pos];
    if (slot.id == kUnbound) break;
    if (slot.hash == hash && view(slot.id) == term) return slot.id;
  }
  if (nodes_.size() + 1 >= kDefaultGraph) {
    throw_error(ErrorKind::LimitExceeded,
                "the store's dictionary is full (2^31 - 2 distinct terms); load less data");
  }
  SordNode* node = make_node(term);
  if (node == nullptr) {
    throw_error(ErrorKind::Internal, "Sord refused the term " + term.to_term().to_ntriples());
  }
  if ((nodes_.size() + 1) * 10 > by_content_.size() * 7) grow_tables();
  nodes_.push_back(node);
  auto id = static_cast<TermId>(nodes_.size());
  insert_content(hash, id);
  insert_node(id);
  sord_node_bytes_ += 96 + malloc_size(term.value.size() + 1) + 12;
  return id;
}

TermId SordDictionary::id_of(const SordNode* node) const {
  std::size_t mask = by_node_.size() - 1;
  for (std::size_t pos = pointer_hash(node) & mask;; pos = (pos + 1) & mask) {
    const NodeSlot& slot = by_node_[pos];
    if (slot.node == node || slot.id == kUnbound) return slot.id;
  }
}

TermView SordDictionary::view(TermId id) const {
  const SordNode* node = nodes_[id - 1];
  switch (sord_node_get_type(node)) {
    case SORD_URI:
      return TermView{rdf::TermKind::Iri, decode_iri(node), {}, {}};
    case SORD_BLANK:
      return TermView{rdf::TermKind::BlankNode, node_text(node), {}, {}};
    case SORD_LITERAL:
      break;
  }
  TermView literal{rdf::TermKind::Literal, node_text(node), {}, {}};
  if (!literal.value.empty() && literal.value.front() == kOddValueMark) {
    std::size_t index = 0;
    std::from_chars(literal.value.data() + 1, literal.value.data() + literal.value.size(), index);
    literal.value = odd_values_[index];
  }
  if (const SordNode* datatype = sord_node_get_datatype(node)) {
    literal.datatype = decode_iri(datatype);
  }
  if (const char* language = sord_node_get_language(node)) {
    if (language[0] == '#') {
      std::size_t index = 0;
      std::from_chars(language + 1, language + std::strlen(language), index);
      const LiteralExtra& extra = extras_[index];
      literal.language = extra.language;
      literal.datatype = extra.datatype;
    } else {
      literal.language = language;
    }
  }
  return literal;
}

TermId SordDictionary::find(const TermView& term) const {
  std::uint32_t hash = fold_hash(hash_value(term));
  std::size_t mask = by_content_.size() - 1;
  for (std::size_t pos = hash & mask;; pos = (pos + 1) & mask) {
    const ContentSlot& slot = by_content_[pos];
    if (slot.id == kUnbound) return kUnbound;
    if (slot.hash == hash && view(slot.id) == term) return slot.id;
  }
}

std::size_t SordDictionary::memory_bytes() const {
  std::size_t bytes = nodes_.capacity() * sizeof(SordNode*) +
                      by_content_.capacity() * sizeof(ContentSlot) +
                      by_node_.capacity() * sizeof(NodeSlot);
  for (const std::string& value : odd_values_)
    bytes += sizeof(std::string) + value.capacity() + 48;  // + its index entry
  for (const LiteralExtra& extra : extras_) {
    bytes += sizeof(LiteralExtra) + extra.language.capacity() + extra.datatype.capacity();
  }
  return bytes;
}

}  // namespace sparqlmcp::engine
