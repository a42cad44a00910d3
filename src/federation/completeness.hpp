#pragma once
// The one rule that judges whether the rows a source returned are all of a query's rows
// (QueryService, for every face): reached its own LIMIT (complete), returned the extra row a
// window asked for (cut: more follow), or stopped at a limit of the source (possibly
// incomplete: its result cap, declared, announced or assumed; the response byte limit; the
// embedded engine's row cap).

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "sparqlmcp/federation/query_service.hpp"
#include "sparqlmcp/federation/source.hpp"
#include "sparqlmcp/federation/statistics.hpp"

namespace sparqlmcp::federation {

// The LIMIT a request for rows carried and where it came from.
struct RowRequest {
  std::optional<std::uint64_t> limit;  // the LIMIT sent; nullopt: none
  enum class Bound {
    None,       // no LIMIT: the whole answer, as far as the source returns it
    OwnLimit,   // what remains of the query's own LIMIT: reaching it ends the answer
    Probe,      // the window's rows plus one, to learn whether more follow
    SourceCap,  // the rows the source returns at once: reaching it says nothing of the rest
  };
  Bound bound = Bound::None;
};

// The LIMIT to send for `window_rows` rows (nullopt: all) of a query whose own LIMIT leaves
// `own_rows` (nullopt: none) from where the window starts, from a source that returns at most
// `cap` rows at once (0: no known cap). On ties the bound that says most when reached is
// taken: the own LIMIT (its answer is complete whatever cut it), then the probe (reaching it
// proves more rows than the window, whatever cut the rest), then the cap.
RowRequest plan_row_request(std::optional<std::uint64_t> window_rows,
                            std::optional<std::uint64_t> own_rows, std::size_t cap);

// The verdict on `received` rows (triples) from `source` for `request`. `graph`: a CONSTRUCT or
// DESCRIBE answer (only the byte limit and the engine's cap can cut it).
Completeness judge_answer(const SourceAnswer& answer, std::size_t received,
                          const RowRequest& request, const Source& source, bool graph,
                          std::size_t max_response_bytes);

// Adds what a federated evaluation's SERVICE blocks said: answers that may lack rows become
// reasons, failures SERVICE SILENT let pass become warnings.
void add_service_verdicts(const FederationStats& stats, Completeness& completeness,
                          std::vector<std::string>& warnings);

}  // namespace sparqlmcp::federation
