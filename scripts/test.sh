#!/usr/bin/env bash
# Builds everything (warnings are errors) and runs the whole test suite through CTest.
# LODESTONE_PRESET picks the CMake preset (dev by default; asan runs it under the sanitizers).
# Extra arguments go to ctest, e.g. `scripts/test.sh -R Config`.
set -euo pipefail
cd "$(dirname "$0")/.."
preset="${LODESTONE_PRESET:-dev}"
bash scripts/install-deps.sh
bash scripts/build.sh "$preset"
ctest --preset "$preset" --parallel "${LODESTONE_TEST_JOBS:-$(nproc)}" "$@"
