#include "sparqlmcp/util/random.hpp"

#include <sys/random.h>

#include <cerrno>
#include <cstring>
#include <string>

#include "sparqlmcp/util/error.hpp"
#include "sparqlmcp/util/text.hpp"

namespace sparqlmcp::util {

std::string random_hex(std::size_t bytes) {
  std::string raw(bytes, '\0');
  std::size_t got = 0;
  while (got < bytes) {
    // getrandom may return fewer bytes than asked (a signal), never more.
    const ssize_t n = ::getrandom(raw.data() + got, bytes - got, 0);
    if (n < 0) {
      if (errno == EINTR) continue;
      throw_error(ErrorKind::Internal, std::string("getrandom failed: ") + std::strerror(errno) +
                                           "; cannot make an unguessable id");
    }
    got += static_cast<std::size_t>(n);
  }
  return to_hex(raw, HexCase::Lower);
}

}  // namespace sparqlmcp::util
