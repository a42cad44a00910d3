#pragma once
// The store's term dictionary: a TermId for every node of the store's Sord world, whose
// strings it does not copy (views point into Sord's own node buffers).
//
// Two open-addressing tables of 32-bit ids map content -> id (for find()) and SordNode* -> id
// (to turn what a Sord iterator yields into ids); nodes_ maps id -> SordNode*. The dictionary
// holds one Sord reference per node; the world frees them (sord_world_free) after the models.
//
// Sord cannot hold every RDF term as it is, so a few are encoded; view() decodes them, so
// terms round-trip exactly (rdf::Term equality):
// - IRIs without a scheme (relative IRIs, the empty IRI): Sord refuses them, so they (and IRIs
//   that happen to start with the marker) are stored as kRelativeMarker + IRI.
// - Literal languages longer than 15 bytes (Sord keeps at most 15), languages starting with
//   '#', and literals carrying both a language and a datatype: the language field holds
//   "#<n>" and entry n of a side table holds the real language and datatype. '#' cannot start
//   a BCP 47 tag, so the two encodings never meet.
// - Lexical forms containing a NUL byte (Sord compares node strings with strcmp, so "a\0b" and
//   "a\0c" would be one key of its B-trees and the second quad would be dropped as a
//   duplicate), and those starting with kOddValueMark: the node string is kOddValueMark + n and
//   entry n of a side table holds the real lexical form.
//
// intern() is for loading only (one thread); view(), find(), node() and id_of() may be called
// by any number of threads once loading is over.

#include <sord/sord.h>

#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "sparqlmcp/engine/term_dictionary.hpp"

namespace sparqlmcp::engine {

class SordDictionary final : public TermDictionary {
 public:
  static constexpr std::string_view kRelativeMarker = "x-sparqlmcp-relative:";
  static constexpr char kOddValueMark = '\x01';

  explicit SordDictionary(SordWorld* world);
  SordDictionary(const SordDictionary&) = delete;
  SordDictionary& operator=(const SordDictionary&) = delete;

  // The id of `term`, creating its Sord node first if it is new. Throws LimitExceeded when the
  // ids (below kDefaultGraph) run out.
  TermId intern(const TermView& term);
  // Borrowed; valid as long as the world.
  SordNode* node(TermId id) const { return nodes_[id - 1]; }
  // kUnbound when the node has no id (a datatype IRI that is not itself a term).
  TermId id_of(const SordNode* node) const;

  TermView view(TermId id) const override;
  TermId find(const TermView& term) const override;
  std::size_t size() const override { return nodes_.size(); }

  // Bytes of this dictionary's own tables (not Sord's nodes).
  std::size_t memory_bytes() const;
  // Bytes of Sord's nodes for the terms with ids (node, hash entry, string), estimated from
  // the layout of Sord 0.16 and glibc malloc.
  std::size_t sord_node_bytes() const { return sord_node_bytes_; }

 private:
  struct ContentSlot {
    std::uint32_t hash = 0;
    TermId id = kUnbound;
  };
  // The node's pointer is kept beside its id so that id_of() touches one cache line.
  struct NodeSlot {
    const SordNode* node = nullptr;
    TermId id = kUnbound;
  };
  struct LiteralExtra {
    std::string language;
    std::string datatype;
  };

  SordNode* make_node(const TermView& term);
  SordNode* make_iri(std::string_view iri);
  std::string_view decode_iri(const SordNode* node) const;
  void grow_tables();
  void insert_content(std::uint32_t hash, TermId id);
  void insert_node(TermId id);
  static std::size_t pointer_hash(const SordNode* node);

  SordWorld* world_;
  std::vector<SordNode*> nodes_;                              // id - 1 -> node
  std::vector<ContentSlot> by_content_;                       // power-of-two size
  std::vector<NodeSlot> by_node_;                             // power-of-two size
  std::deque<LiteralExtra> extras_;                           // "#<n>" -> real language/datatype
  std::unordered_map<std::string, std::size_t> extra_index_;  // language + '\n' + datatype
  std::deque<std::string> odd_values_;                        // kOddValueMark + n -> lexical
  std::unordered_map<std::string, std::size_t> odd_value_index_;
  std::string scratch_;  // NUL-terminated copies for Sord
  std::size_t sord_node_bytes_ = 0;
};

}  // namespace sparqlmcp::engine
