#!/usr/bin/env bash
# Builds the .deb from the build tree it is given, unpacks it into a temporary root and checks
# what an installation gets: the layout, the maintainer scripts and conffiles, stripped
# binaries, and that the unpacked lodestoned runs (--version, --check-config, --list-plugins)
# with the unpacked plugins.
#
# usage: check-deb.sh BUILD_DIR VERSION SANITIZED
set -euo pipefail
build="$1" version="$2" sanitized="$3"

if [ "$sanitized" = ON ]; then
    # Sanitizer-instrumented binaries are not what ships, and ASan's runtime would become a
    # dependency of the package; the dev and release presets check packaging.
    echo "skipped: the asan preset's binaries are not packaged"
    exit 77
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

# cpack installs what the build tree has built (lodestone_service), stripping the copies.
(cd "$work" && cpack --config "$build/CPackConfig.cmake" -B "$work/out" >"$work/cpack.log" 2>&1) ||
    { cat "$work/cpack.log" >&2; fail "cpack failed"; }
deb="$(ls "$work"/out/lodestone_"$version"_*.deb)" || fail "no .deb named lodestone_${version}_*"
root="$work/root"
dpkg-deb -x "$deb" "$root"
dpkg-deb -e "$deb" "$work/control"

# The layout.
for file in usr/bin/lodestoned usr/bin/lodestonectl \
            usr/lib/lodestone/plugins/research-basic.so usr/lib/lodestone/plugins/research-web.so \
            usr/lib/lodestone/plugins/content-template.so usr/lib/lodestone/plugins/webhook-http.so \
            usr/lib/lodestone/plugins/mailer-smtp.so \
            usr/lib/lodestone/plugins/research-web/technologies.json \
            usr/lib/lodestone/plugins/vocabulary.yaml \
            usr/include/lodestone/plugin_abi.h usr/include/lodestone/plugin.hpp \
            etc/lodestone/lodestone.yaml lib/systemd/system/lodestone.service \
            usr/share/doc/lodestone/README.md usr/share/doc/lodestone/docs/operations.md \
            usr/share/man/man8/lodestoned.8 usr/share/man/man1/lodestonectl.1 \
            usr/share/bash-completion/completions/lodestonectl; do
    [ -f "$root/$file" ] || fail "the package lacks /$file"
done

# Maintainer scripts, conffiles and dependencies.
grep -qx /etc/lodestone/lodestone.yaml "$work/control/conffiles" ||
    fail "/etc/lodestone/lodestone.yaml is not a conffile"
for script in postinst prerm postrm; do
    [ -x "$work/control/$script" ] || fail "no executable $script"
done
grep -q "adduser --system" "$work/control/postinst" || fail "postinst creates no system user"
grep -q "/var/lib/lodestone" "$work/control/postinst" || fail "postinst makes no state folder"
depends="$(dpkg-deb -f "$deb" Depends)"
for library in libpoco adduser libyaml-cpp libsqlite3 libgumbo libc6; do
    [[ "$depends" == *"$library"* ]] || fail "Depends lacks $library: $depends"
done

# Stripped: no debugging sections left in any executable or plugin.
for elf in "$root"/usr/bin/* "$root"/usr/lib/lodestone/plugins/*.so; do
    if readelf -S --wide "$elf" | grep -q '\.debug_info'; then fail "$elf is not stripped"; fi
done

# The unpacked daemon runs, with the unpacked plugins.
unset LODESTONE_PLUGIN_DIR LODESTONE_CONFIG
"$root/usr/bin/lodestoned" --version | grep -q "^lodestoned $version (commit " ||
    fail "lodestoned --version"
"$root/usr/bin/lodestonectl" --version | grep -q "^lodestonectl $version (commit " ||
    fail "lodestonectl --version"
# The shipped configuration as it is: its plugins are found beside the unpacked executable.
"$root/usr/bin/lodestoned" --check-config --config "$root/etc/lodestone/lodestone.yaml" ||
    fail "the shipped configuration does not check"
plugins="$root/usr/lib/lodestone/plugins"
cat >"$work/lodestone.yaml" <<YAML
storage:
  path: $work/var/lodestone.db
plugins:
  basic: { library: $plugins/research-basic.so }
  web: { library: $plugins/research-web.so }
  content: { library: $plugins/content-template.so }
  hooks: { library: $plugins/webhook-http.so }
  smtp: { library: $plugins/mailer-smtp.so, config: { host: 127.0.0.1 } }
YAML
"$root/usr/bin/lodestoned" --check-config --config "$work/lodestone.yaml" ||
    fail "--check-config with the unpacked plugins"
listed="$("$root/usr/bin/lodestoned" --list-plugins --config "$work/lodestone.yaml")"
[ "$(grep -c '^[a-z]*: ' <<<"$listed")" -eq 5 ] || fail "--list-plugins: $listed"

echo "OK: $(basename "$deb"), $(du -k "$deb" | cut -f1) KiB"
