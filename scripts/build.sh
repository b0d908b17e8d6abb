#!/usr/bin/env bash
# Configures and builds one CMake preset (dev, release or asan; default dev).
set -euo pipefail
cd "$(dirname "$0")/.."
preset="${1:-dev}"
jobs="${LODESTONE_BUILD_JOBS:-$(nproc)}"
cmake --preset "$preset" >/dev/null
cmake --build --preset "$preset" --parallel "$jobs"
