# One helper sets standard, warnings and includes for every module library and test
# executable, so the modules cannot drift apart in how they are compiled.

function(sparqlmcp_compile_options target)
  target_compile_features(${target} PUBLIC cxx_std_20)
  set_target_properties(${target} PROPERTIES CXX_EXTENSIONS OFF)
  target_compile_options(${target} PRIVATE -Wall -Wextra)
  # GCC 12 at -O3 reports -Wrestrict inside libstdc++'s own std::string concatenation
  # (GCC bug 105329, fixed in GCC 13): a false positive in a system header that no code change
  # here can silence, and it would bury real warnings.
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
    target_compile_options(${target} PRIVATE -Wno-restrict)
  endif()
  if(SPARQLMCP_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()

# sparqlmcp_module(NAME SOURCES a.cpp b.cpp PUBLIC_DEPS x y PRIVATE_DEPS z)
# Creates the static library sparqlmcp_<NAME> from src/<NAME>/. Link PUBLIC only what the
# module's headers expose.
function(sparqlmcp_module name)
  cmake_parse_arguments(ARG "" "" "SOURCES;PUBLIC_DEPS;PRIVATE_DEPS" ${ARGN})
  add_library(sparqlmcp_${name} STATIC ${ARG_SOURCES})
  add_library(sparqlmcp::${name} ALIAS sparqlmcp_${name})
  target_include_directories(sparqlmcp_${name} PUBLIC ${PROJECT_SOURCE_DIR}/include
                                                PRIVATE ${CMAKE_CURRENT_SOURCE_DIR})
  target_link_libraries(sparqlmcp_${name} PUBLIC ${ARG_PUBLIC_DEPS} PRIVATE ${ARG_PRIVATE_DEPS})
  sparqlmcp_compile_options(sparqlmcp_${name})
endfunction()

# sparqlmcp_test(NAME SOURCES a_test.cpp DEPS sparqlmcp::x [LABELS l])
# One Catch2 executable per module, each case registered with CTest.
function(sparqlmcp_test name)
  cmake_parse_arguments(ARG "" "" "SOURCES;DEPS;LABELS" ${ARGN})
  add_executable(${name} ${ARG_SOURCES})
  target_link_libraries(${name} PRIVATE sparqlmcp_catch_main ${ARG_DEPS})
  # Helpers shared by every module's tests: #include "support/error_matchers.hpp".
  target_include_directories(${name} PRIVATE ${PROJECT_SOURCE_DIR}/tests)
  target_compile_definitions(${name} PRIVATE
    SPARQLMCP_SOURCE_DIR="${PROJECT_SOURCE_DIR}"
    SPARQLMCP_SHARED_DIR="${SPARQLMCP_SHARED_DIR}")
  sparqlmcp_compile_options(${name})
  catch_discover_tests(${name} PROPERTIES LABELS "${ARG_LABELS}" TIMEOUT 600)
endfunction()
