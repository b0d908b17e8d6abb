# lodestone_add_plugin(<kind> <name> SOURCES ... [LIBRARIES ...])
#
# Builds one plugin as a MODULE library named <kind>-<name>.so (no "lib" prefix) in the shared
# plugin directory, with hidden visibility so only lodestone_plugin_entry is exported. Plugins
# see only daemon/include/lodestone/; they may link their own third-party libraries.
set_property(GLOBAL PROPERTY LODESTONE_PLUGIN_TARGETS "")

function(lodestone_add_plugin kind name)
    cmake_parse_arguments(ARG "" "OUTPUT_DIRECTORY" "SOURCES;LIBRARIES" ${ARGN})
    set(target plugin-${kind}-${name})
    add_library(${target} MODULE ${ARG_SOURCES})
    target_include_directories(${target} PRIVATE ${PROJECT_SOURCE_DIR}/daemon/include)
    target_link_libraries(${target} PRIVATE ${ARG_LIBRARIES})
    if(NOT ARG_OUTPUT_DIRECTORY)
        set(ARG_OUTPUT_DIRECTORY ${LODESTONE_PLUGIN_OUTPUT_DIR})
        set_property(GLOBAL APPEND PROPERTY LODESTONE_PLUGIN_TARGETS ${target})
        install(TARGETS ${target} LIBRARY DESTINATION ${LODESTONE_PLUGIN_SUBDIR})
    endif()
    set_target_properties(${target} PROPERTIES
        PREFIX ""
        OUTPUT_NAME ${kind}-${name}
        LIBRARY_OUTPUT_DIRECTORY ${ARG_OUTPUT_DIRECTORY}
        C_VISIBILITY_PRESET hidden
        CXX_VISIBILITY_PRESET hidden
        VISIBILITY_INLINES_HIDDEN ON)
    # Poco::SharedLibrary dlopens with RTLD_LAZY; -z now makes the library bind every symbol at
    # load time anyway, so a missing one fails start-up instead of a run hours later.
    target_link_options(${target} PRIVATE -Wl,--no-undefined -Wl,-z,now)
    lodestone_target_defaults(${target})
endfunction()
