# lodestone_embed(<target> NAME <function> NAMESPACE <c++ namespace> BASE <folder> FILES ...)
#
# Data the program carries inside itself (page templates, styles, migrations): kept as ordinary
# files in the tree, so that editing copy or SQL needs no C++, and compiled into <target> at build
# time, so that an installation cannot lose or mismatch them. The generated header
# "embedded/<function>.hpp" declares, in <namespace>:
#
#     std::span<const lodestone::embedded::File> <function>();   // every file, in FILES order
#     std::string_view <function>(std::string_view path);         // one, by its path under BASE
#
# The second throws std::out_of_range naming the path when no such file was embedded. Editing a
# file regenerates its source at the next build; adding one is a line in FILES.
set(LODESTONE_EMBED_SCRIPT ${CMAKE_CURRENT_LIST_DIR}/LodestoneEmbedScript.cmake)

function(lodestone_embed target)
    cmake_parse_arguments(ARG "" "NAME;NAMESPACE;BASE" "FILES" ${ARGN})
    if(NOT ARG_NAME OR NOT ARG_NAMESPACE OR NOT ARG_BASE OR NOT ARG_FILES)
        message(FATAL_ERROR "lodestone_embed(${target}): NAME, NAMESPACE, BASE and FILES are needed")
    endif()
    cmake_path(ABSOLUTE_PATH ARG_BASE BASE_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR} NORMALIZE)
    set(folder ${CMAKE_CURRENT_BINARY_DIR}/embedded-${target})
    set(header ${folder}/embedded/${ARG_NAME}.hpp)
    set(source ${folder}/${ARG_NAME}.cpp)
    set(inputs)
    foreach(file IN LISTS ARG_FILES)
        cmake_path(ABSOLUTE_PATH file BASE_DIRECTORY ${ARG_BASE} NORMALIZE OUTPUT_VARIABLE path)
        if(NOT EXISTS ${path})
            message(FATAL_ERROR "lodestone_embed(${target}): ${path} does not exist")
        endif()
        list(APPEND inputs ${path})
    endforeach()
    string(REPLACE ";" "|" files "${ARG_FILES}")
    add_custom_command(
        OUTPUT ${header} ${source}
        COMMAND ${CMAKE_COMMAND} -DNAME=${ARG_NAME} -DNAMESPACE=${ARG_NAMESPACE}
                -DBASE=${ARG_BASE} "-DFILES=${files}" -DHEADER=${header} -DSOURCE=${source}
                -P ${LODESTONE_EMBED_SCRIPT}
        DEPENDS ${inputs} ${LODESTONE_EMBED_SCRIPT}
        COMMENT "Embedding ${ARG_NAME} (${CMAKE_CURRENT_SOURCE_DIR})"
        VERBATIM)
    target_sources(${target} PRIVATE ${source} ${header})
    target_include_directories(${target} PRIVATE ${folder})
endfunction()
