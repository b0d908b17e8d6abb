# lodestone_forbid_dependency(<target> LIBRARIES <library>... HEADERS <folder>... REASON <text>)
#
# Keeps a module from depending on another. Every module's headers are reachable from the shared
# include root (daemon/src), so leaving a library out of target_link_libraries proves nothing by
# itself. This fails
#   - at configure time, when one of LIBRARIES is among <target>'s link dependencies, directly or
#     through other libraries;
#   - at build time, before <target> compiles, when a file in <target>'s folder includes a header
#     under one of HEADERS (e.g. `config` forbids #include "config/...").
# REASON says what to do instead; it is part of both messages.
set(LODESTONE_CHECK_INCLUDES_SCRIPT ${CMAKE_CURRENT_LIST_DIR}/CheckIncludes.cmake)

function(lodestone_forbid_dependency target)
    cmake_parse_arguments(ARG "" "REASON" "LIBRARIES;HEADERS" ${ARGN})
    # Other folders may still add links to what <target> links: look once all are read.
    cmake_language(EVAL CODE "
        cmake_language(DEFER DIRECTORY [[${CMAKE_SOURCE_DIR}]] CALL
            _lodestone_check_links [[${target}]] [[${ARG_LIBRARIES}]] [[${ARG_REASON}]])")

    get_target_property(folder ${target} SOURCE_DIR)
    file(GLOB_RECURSE files CONFIGURE_DEPENDS ${folder}/*.hpp ${folder}/*.cpp)
    list(JOIN ARG_HEADERS "|" pattern)
    set(stamp ${CMAKE_CURRENT_BINARY_DIR}/${target}_includes.checked)
    add_custom_command(
        OUTPUT ${stamp}
        COMMAND ${CMAKE_COMMAND} -DTARGET=${target} -DFOLDER=${folder} -DFORBIDDEN=${pattern}
                "-DREASON=${ARG_REASON}" -DROOT=${PROJECT_SOURCE_DIR} -DSTAMP=${stamp}
                -P ${LODESTONE_CHECK_INCLUDES_SCRIPT}
        DEPENDS ${files} ${LODESTONE_CHECK_INCLUDES_SCRIPT}
        COMMENT "Checking that ${target} includes nothing from ${ARG_HEADERS}"
        VERBATIM)
    add_custom_target(${target}_includes DEPENDS ${stamp})
    add_dependencies(${target} ${target}_includes)
endfunction()

function(_lodestone_check_links target forbidden reason)
    set(seen "")
    set(queue ${target})
    while(queue)
        list(POP_FRONT queue current)
        # A static library's private links are recorded as $<LINK_ONLY:name>.
        string(REGEX REPLACE "^\\$<LINK_ONLY:(.*)>$" "\\1" current "${current}")
        if(current IN_LIST seen OR NOT TARGET ${current})
            continue()
        endif()
        list(APPEND seen ${current})
        if(current IN_LIST forbidden)
            message(FATAL_ERROR
                "${target} must not depend on ${current}, but links it (directly or through "
                "another library): ${reason}")
        endif()
        foreach(property LINK_LIBRARIES INTERFACE_LINK_LIBRARIES)
            get_target_property(links ${current} ${property})
            if(links)
                list(APPEND queue ${links})
            endif()
        endforeach()
    endwhile()
endfunction()
