// Fuzz target: a catalogue Turtle file, read by the real loader (catalogue::load_catalogue, which
// reads files: each input is written to one file in a private temporary folder). A file that
// loads must give entries with valid ids whose JSON (what resources/read and list_endpoints
// send) serializes; a file that does not load must fail with Syntax or InvalidArgument.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include <spdlog/spdlog.h>
#include <nlohmann/json.hpp>

#include "fuzz_check.hpp"
#include "sparqlmcp/catalogue/catalogue.hpp"
#include "sparqlmcp/util/error.hpp"

using namespace sparqlmcp;

namespace {

std::filesystem::path catalogue_file;

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  spdlog::set_level(spdlog::level::off);  // the loader warns about entries without a title
  std::string folder = (std::filesystem::temp_directory_path() / "sparqlmcp-fuzz-XXXXXX").string();
  if (!mkdtemp(folder.data())) fuzz::fail("cannot create a temporary folder");
  catalogue_file = std::filesystem::path(folder) / "catalogue.ttl";
  std::atexit([] {
    std::error_code ignored;
    std::filesystem::remove_all(catalogue_file.parent_path(), ignored);
  });
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  {
    std::ofstream out(catalogue_file, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
    fuzz::check(static_cast<bool>(out), "cannot write " + catalogue_file.string());
  }
  catalogue::Catalogue loaded;
  try {
    loaded = catalogue::load_catalogue({catalogue_file});
  } catch (const Exception& e) {
    const auto kind = e.error().kind;
    fuzz::check(kind == ErrorKind::Syntax || kind == ErrorKind::InvalidArgument,
                std::string("load_catalogue failed with kind ") +
                    std::to_string(static_cast<int>(kind)) + ": " + e.what());
    return 0;
  }
  for (const auto& endpoint : loaded.endpoints()) {
    fuzz::check(catalogue::is_valid_id(endpoint.id), "invalid id '" + endpoint.id + "'");
    fuzz::check(loaded.find(endpoint.id) == &endpoint, "id '" + endpoint.id + "' finds another");
    try {
      (void)catalogue::endpoint_to_json(endpoint).dump(2);
    } catch (const nlohmann::json::exception& e) {
      fuzz::fail("entry '" + endpoint.id + "' has no JSON form: " + e.what());
    }
  }
  return 0;
}
