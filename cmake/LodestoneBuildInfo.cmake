# lodestone_generate_build_info(<template> <output>)
#
# Writes <output> from <template> with PROJECT_VERSION, LODESTONE_GIT_COMMIT and
# LODESTONE_BUILD_DATE filled in, at configure time.
#
# The commit is `git rev-parse --short HEAD` when the source folder is itself the top of a git
# checkout (not a tarball unpacked inside some other repository), else "unknown". The build date
# is $SOURCE_DATE_EPOCH when set (string(TIMESTAMP) honours it: reproducible builds), else the
# time this commit was first configured in this build tree. Keeping that time while the commit
# stays the same leaves the generated file unchanged across reconfigures, so an ordinary rebuild
# recompiles and relinks nothing for it.
function(lodestone_generate_build_info template output)
    set(commit unknown)
    find_package(Git QUIET)
    if(GIT_FOUND)
        execute_process(COMMAND ${GIT_EXECUTABLE} rev-parse --show-toplevel --short HEAD
                        WORKING_DIRECTORY ${PROJECT_SOURCE_DIR}
                        RESULT_VARIABLE status OUTPUT_VARIABLE lines ERROR_QUIET
                        OUTPUT_STRIP_TRAILING_WHITESPACE)
        if(status EQUAL 0)
            string(REPLACE "\n" ";" lines "${lines}")
            list(GET lines 0 top)
            list(GET lines 1 head)
            file(REAL_PATH "${top}" top)
            file(REAL_PATH "${PROJECT_SOURCE_DIR}" source)
            if(top STREQUAL source)
                set(commit ${head})
                # A commit or checkout appends to HEAD's reflog: reconfigure then, so that a plain
                # `cmake --build` picks up the new commit too.
                execute_process(COMMAND ${GIT_EXECUTABLE} rev-parse --git-path logs/HEAD
                                WORKING_DIRECTORY ${PROJECT_SOURCE_DIR}
                                OUTPUT_VARIABLE reflog OUTPUT_STRIP_TRAILING_WHITESPACE
                                ERROR_QUIET)
                cmake_path(ABSOLUTE_PATH reflog BASE_DIRECTORY ${PROJECT_SOURCE_DIR})
                if(EXISTS "${reflog}")
                    set_property(DIRECTORY ${PROJECT_SOURCE_DIR} APPEND
                                 PROPERTY CMAKE_CONFIGURE_DEPENDS ${reflog})
                endif()
            endif()
        endif()
    endif()

    if(DEFINED ENV{SOURCE_DATE_EPOCH} OR NOT "${LODESTONE_BUILD_INFO_COMMIT}" STREQUAL commit
       OR NOT LODESTONE_BUILD_INFO_DATE)
        string(TIMESTAMP date "%Y-%m-%dT%H:%M:%SZ" UTC)
        set(LODESTONE_BUILD_INFO_DATE ${date} CACHE INTERNAL "build date of the configured commit")
        set(LODESTONE_BUILD_INFO_COMMIT ${commit} CACHE INTERNAL "commit the build date is for")
    endif()

    set(LODESTONE_GIT_COMMIT ${commit})
    set(LODESTONE_BUILD_DATE ${LODESTONE_BUILD_INFO_DATE})
    configure_file(${template} ${output} @ONLY)
endfunction()
