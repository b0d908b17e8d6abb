# libFuzzer targets (tests/fuzz), built when LODESTONE_FUZZ is ON: clang only, in a build
# directory of their own (scripts/fuzz.sh uses build/fuzz), since every module they link is
# compiled with coverage instrumentation and the sanitizers.
option(LODESTONE_FUZZ "Build the libFuzzer targets of tests/fuzz (clang only; scripts/fuzz.sh)" OFF)

if(LODESTONE_FUZZ)
    if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
        message(FATAL_ERROR "LODESTONE_FUZZ needs clang (libFuzzer ships with it): configure with "
                            "CC=clang CXX=clang++, as scripts/fuzz.sh does")
    endif()
    # Coverage for everything a fuzzer links, so libFuzzer sees into the daemon's modules; the
    # sanitizers turn silent memory errors and undefined behaviour into findings.
    add_compile_options(-fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer
                        -fno-sanitize-recover=undefined)
    add_link_options(-fsanitize=address,undefined)
    add_custom_target(lodestone_fuzzers)
endif()

# lodestone_add_fuzzer(<name> SOURCES ... [LIBRARIES ...])
#
# One libFuzzer executable, bin/fuzz_<name>, defining LLVMFuzzerTestOneInput. Its seed corpus is
# tests/fuzz/corpus/<name>/ (and an optional dictionary tests/fuzz/<name>.dict): scripts/fuzz.sh
# runs every target that has a corpus folder.
function(lodestone_add_fuzzer name)
    cmake_parse_arguments(ARG "" "" "SOURCES;LIBRARIES" ${ARGN})
    set(target fuzz_${name})
    add_executable(${target} ${ARG_SOURCES})
    target_link_libraries(${target} PRIVATE ${ARG_LIBRARIES})
    target_link_options(${target} PRIVATE -fsanitize=fuzzer)
    lodestone_target_defaults(${target})
    add_dependencies(lodestone_fuzzers ${target})
endfunction()
