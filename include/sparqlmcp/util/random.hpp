#pragma once
// Unguessable identifiers: bytes from the kernel's CSPRNG (getrandom(2)), written as hexadecimal.
// Used where an id is a bearer handle (MCP session ids, task ids), so it must not be guessable
// or enumerable by another client.

#include <cstddef>
#include <string>

namespace sparqlmcp::util {

// 2 * `bytes` lowercase hexadecimal digits from getrandom(2) (blocking until the pool is
// seeded, which happens once at boot). Throws Exception (Internal) when getrandom fails.
std::string random_hex(std::size_t bytes);

}  // namespace sparqlmcp::util
