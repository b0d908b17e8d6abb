# Run by lodestone_forbid_dependency at build time: fails naming every file under FOLDER that
# includes a header under a forbidden folder (FORBIDDEN: "config" or "config|outreach"), else
# touches STAMP so the check runs again only when a file changes.
file(GLOB_RECURSE files ${FOLDER}/*.hpp ${FOLDER}/*.cpp)
set(found "")
foreach(file IN LISTS files)
    file(STRINGS ${file} includes REGEX "^[ \t]*#[ \t]*include[ \t]*[\"<](${FORBIDDEN})/")
    file(RELATIVE_PATH shown ${ROOT} ${file})
    foreach(include IN LISTS includes)
        string(STRIP "${include}" include)
        string(APPEND found "\n  ${shown}: ${include}")
    endforeach()
endforeach()
if(found)
    message(FATAL_ERROR "${TARGET} must not include headers of ${FORBIDDEN}: ${REASON}${found}")
endif()
file(TOUCH ${STAMP})
