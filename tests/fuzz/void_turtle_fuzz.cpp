// Fuzz target: a VoID document, read by read_void_turtle as a cache file or a published VoID
// file is read. It must parse or fail with Syntax (nothing in a file may make the reader
// throw otherwise, or loop); a description it returns must survive write_turtle and a second
// read unchanged, since that is what the cache does with it.

#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz_check.hpp"
#include "sparqlmcp/util/error.hpp"
#include "sparqlmcp/void/turtle.hpp"

using namespace sparqlmcp;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::optional<void_::Description> read;
  try {
    read = void_::read_void_turtle(fuzz::as_text(data, size), "", "input");
  } catch (const Exception& e) {
    fuzz::check(e.error().kind == ErrorKind::Syntax,
                std::string("read_void_turtle failed with kind ") +
                    std::to_string(static_cast<int>(e.error().kind)) + ": " + e.what());
    return 0;
  }
  if (!read) return 0;
  const std::string written = void_::write_turtle(*read);
  std::optional<void_::Description> again;
  try {
    again = void_::read_void_turtle(written, "", "written");
  } catch (const Exception& e) {
    fuzz::fail(std::string("write_turtle wrote Turtle that does not parse: ") + e.what() + "\n" +
               written);
  }
  fuzz::check(again.has_value(), "write_turtle wrote no VoID:\n" + written);
  fuzz::check(*again == *read, "the description changed through write_turtle:\n" + written);
  return 0;
}
