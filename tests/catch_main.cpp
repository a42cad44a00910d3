// The one Catch2 main, compiled once and linked into every module's test executable.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
