# What `cmake --install` lays out besides the targets (which install themselves: bin/ and
# lib/lodestone/plugins/), and the .deb CPack builds from it (cmake/LodestonePackage.cmake).
#
# The configuration and the systemd unit have absolute destinations (/etc/lodestone and
# /lib/systemd/system): stage an installation with DESTDIR, not --prefix.

# Absolute whatever the prefix: lodestoned and lodestonectl read /etc/lodestone/lodestone.yaml by
# default, and systemd looks for units in its own folders.
set(LODESTONE_CONFIG_DIR /etc/lodestone CACHE PATH "Where the configuration goes")
set(LODESTONE_SYSTEMD_UNIT_DIR /lib/systemd/system CACHE PATH "Where the systemd unit goes")

# The plugin SDK, for plugins built outside this tree: the C ABI and its header-only C++ layer.
install(FILES daemon/include/lodestone/plugin_abi.h daemon/include/lodestone/plugin.hpp
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/lodestone)

install(FILES etc/lodestone.yaml DESTINATION ${LODESTONE_CONFIG_DIR})
install(FILES systemd/lodestone.service DESTINATION ${LODESTONE_SYSTEMD_UNIT_DIR})

file(GLOB lodestone_docs ${PROJECT_SOURCE_DIR}/docs/*.md)
install(FILES README.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(FILES ${lodestone_docs} DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs)

install(FILES packaging/man/lodestoned.8 DESTINATION ${CMAKE_INSTALL_MANDIR}/man8)
install(FILES packaging/man/lodestonectl.1 DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(FILES packaging/completion/lodestonectl
        DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions)
