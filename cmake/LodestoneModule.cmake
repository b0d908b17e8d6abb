# lodestone_add_module(<target> <folder> SOURCES ... [PUBLIC ...] [PRIVATE ...])
#
# One module of the daemon: the folder daemon/src/<folder> as a static library. Its headers are
# included as "<folder>/Name.hpp", and a target sees them only by linking the library: the
# include root it hands on is a folder of the build tree holding links to this module's headers
# and nothing else, never all of daemon/src (nor a sub-folder that is a module of its own, such
# as outreach/icp inside outreach). PUBLIC lists what the module's headers include (so whoever
# uses the module gets it too), PRIVATE what only its sources use.
# scripts/check-layering.py checks that every include of another module is linked directly and
# that the links are those README.md draws.
function(lodestone_add_module target folder)
    cmake_parse_arguments(ARG "" "" "SOURCES;PUBLIC;PRIVATE" ${ARGN})
    add_library(${target} STATIC ${ARG_SOURCES})

    set(source ${PROJECT_SOURCE_DIR}/daemon/src/${folder})
    set(root ${CMAKE_BINARY_DIR}/module-include/${target})
    file(REMOVE_RECURSE ${root})  # a header removed since the last configure goes too
    file(GLOB_RECURSE headers RELATIVE ${source} CONFIGURE_DEPENDS ${source}/*.hpp)
    file(GLOB_RECURSE children RELATIVE ${source} ${source}/*/CMakeLists.txt)
    list(TRANSFORM children REPLACE "/CMakeLists.txt$" "/")
    foreach(header IN LISTS headers)
        set(own TRUE)
        foreach(child IN LISTS children)
            string(FIND "${header}" "${child}" at)
            if(at EQUAL 0)
                set(own FALSE)
            endif()
        endforeach()
        if(own)
            get_filename_component(parent ${root}/${folder}/${header} DIRECTORY)
            file(MAKE_DIRECTORY ${parent})
            file(CREATE_LINK ${source}/${header} ${root}/${folder}/${header} SYMBOLIC)
        endif()
    endforeach()

    target_include_directories(${target} PUBLIC ${root})
    target_link_libraries(${target} PUBLIC ${ARG_PUBLIC} PRIVATE ${ARG_PRIVATE})
    lodestone_target_defaults(${target})
endfunction()
