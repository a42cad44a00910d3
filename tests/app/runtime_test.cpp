#include "runtime.hpp"

#include <catch2/catch.hpp>
#include <cstdlib>
#include <optional>
#include <string>

using namespace sparqlmcp;

namespace {

// Sets an environment variable for a scope, then restores it.
class ScopedVariable {
 public:
  ScopedVariable(const char* name, const char* value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    if (value) {
      setenv(name, value, 1);
    } else {
      unsetenv(name);
    }
  }
  ~ScopedVariable() {
    if (old_) {
      setenv(name_, old_->c_str(), 1);
    } else {
      unsetenv(name_);
    }
  }

 private:
  const char* name_;
  std::optional<std::string> old_;
};

}  // namespace

TEST_CASE("the default VoID cache is the user's cache folder, never the source checkout", "[app]") {
  {
    ScopedVariable xdg("XDG_CACHE_HOME", "/tmp/xdg-cache");
    CHECK(app::default_void_cache() == "/tmp/xdg-cache/sparql-mcp/void");
  }
  {
    ScopedVariable xdg("XDG_CACHE_HOME", nullptr);
    ScopedVariable home("HOME", "/home/agent");
    CHECK(app::default_void_cache() == "/home/agent/.cache/sparql-mcp/void");
  }
  {
    // The specification ignores a relative XDG_CACHE_HOME.
    ScopedVariable xdg("XDG_CACHE_HOME", "relative/cache");
    ScopedVariable home("HOME", "/home/agent");
    CHECK(app::default_void_cache() == "/home/agent/.cache/sparql-mcp/void");
  }
}
