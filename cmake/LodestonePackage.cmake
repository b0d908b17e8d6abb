# `cpack` in a build tree makes lodestone_<version>_<arch>.deb for Debian 12 from what
# cmake/LodestoneInstall.cmake and the targets install. Binaries and plugins are stripped
# (CPACK_STRIP_FILES); the maintainer scripts and the conffiles list are in packaging/debian/.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME lodestone)
set(CPACK_PACKAGE_VENDOR "Lodestone")
set(CPACK_PACKAGE_CONTACT "Lodestone maintainers <lodestone@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "self-hosted lead-outreach and lead-magnet service")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)  # whatever the build tree's own install prefix
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION net)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
# The runtime libraries the binaries and plugins link, found by dpkg-shlibdeps (dpkg-dev);
# adduser for postinst's system user.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "adduser")
set(CPACK_DEBIAN_PACKAGE_CONTROL_EXTRA
    ${PROJECT_SOURCE_DIR}/packaging/debian/conffiles
    ${PROJECT_SOURCE_DIR}/packaging/debian/postinst
    ${PROJECT_SOURCE_DIR}/packaging/debian/prerm
    ${PROJECT_SOURCE_DIR}/packaging/debian/postrm)
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)  # scripts 0755, conffiles 0644
include(CPack)

# cpack (and `make install`) install what is built, without building `all` first: the package
# needs only lodestone_service, and the package test runs cpack while other tests run.
set(CMAKE_SKIP_INSTALL_ALL_DEPENDENCY ON)
