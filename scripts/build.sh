#!/usr/bin/env bash
# Configures and builds one CMake preset (dev, release or asan; default dev). Further arguments
# name the targets to build (all of them by default), e.g. `scripts/build.sh release
# lodestone_service` for the daemon, lodestonectl and the shipped plugins only.
set -euo pipefail
cd "$(dirname "$0")/.."
preset="${1:-dev}"
shift || true
jobs="${LODESTONE_BUILD_JOBS:-$(nproc)}"
targets=()
for target in "$@"; do targets+=(--target "$target"); done
# ccache (when installed) keys on paths relative to the checkout, so a fresh clone elsewhere hits the
# cache a previous clone filled.
export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$PWD}" CCACHE_NOHASHDIR="${CCACHE_NOHASHDIR:-1}"
cmake --preset "$preset" >/dev/null
cmake --build --preset "$preset" --parallel "$jobs" "${targets[@]}"
