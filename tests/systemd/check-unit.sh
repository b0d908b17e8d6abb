#!/usr/bin/env bash
# Checks systemd/lodestone.service offline: `systemd-analyze verify` accepts it (with its
# /usr/bin/lodestoned pointed at the built one, since verify needs the executable to exist), and
# `systemd-analyze security --offline=true` rates its exposure 2.5 or better.
#
# usage: check-unit.sh UNIT_FILE LODESTONED
set -euo pipefail
unit="$1" lodestoned="$2"
limit=2.5

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

sed "s|/usr/bin/lodestoned|$lodestoned|g" "$unit" >"$work/lodestone.service"
# --man=no: the man: documentation link is checked by the package test, not here.
if ! systemd-analyze verify --man=no "$work/lodestone.service" >"$work/verify.log" 2>&1; then
    cat "$work/verify.log" >&2
    fail "systemd-analyze verify"
fi
if [ -s "$work/verify.log" ]; then  # warnings (an unknown key, a bad value) count too
    cat "$work/verify.log" >&2
    fail "systemd-analyze verify warned"
fi

systemd-analyze security --offline=true --no-pager "$unit" >"$work/security.log" 2>&1 || true
exposure="$(sed -n 's/.*Overall exposure level for [^:]*: \([0-9.]*\).*/\1/p' "$work/security.log")"
[ -n "$exposure" ] || { cat "$work/security.log" >&2; fail "no overall exposure level"; }
awk -v e="$exposure" -v l="$limit" 'BEGIN { exit !(e <= l) }' ||
    { grep '✗' "$work/security.log" >&2 || true; fail "exposure $exposure is above $limit"; }
echo "OK: verified; exposure $exposure (at most $limit)"
