# lodestone_add_module(<target> <folder> SOURCES ... [PUBLIC ...] [PRIVATE ...])
#
# One module of the daemon: the folder daemon/src/<folder> as a static library. Its headers are
# included as "<folder>/Name.hpp", and a target sees them only by linking the library: the
# include root it hands on is a folder of the build tree holding a link to this module's folder
# and nothing else, never all of daemon/src. PUBLIC lists what the module's headers include (so
# whoever uses the module gets it too), PRIVATE what only its sources use.
# scripts/check-layering.py checks that every include of another module is linked directly and
# that the links are those README.md draws.
function(lodestone_add_module target folder)
    cmake_parse_arguments(ARG "" "" "SOURCES;PUBLIC;PRIVATE" ${ARGN})
    add_library(${target} STATIC ${ARG_SOURCES})
    set(root ${CMAKE_BINARY_DIR}/module-include/${target})
    get_filename_component(parent ${root}/${folder} DIRECTORY)
    file(MAKE_DIRECTORY ${parent})
    file(CREATE_LINK ${PROJECT_SOURCE_DIR}/daemon/src/${folder} ${root}/${folder} SYMBOLIC)
    target_include_directories(${target} PUBLIC ${root})
    target_link_libraries(${target} PUBLIC ${ARG_PUBLIC} PRIVATE ${ARG_PRIVATE})
    lodestone_target_defaults(${target})
endfunction()
