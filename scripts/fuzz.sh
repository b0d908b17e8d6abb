#!/usr/bin/env bash
# Builds the libFuzzer targets of tests/fuzz with clang, AddressSanitizer and UBSan in build/fuzz,
# then runs every target that has a seed corpus (tests/fuzz/corpus/<target>/) for a fixed number
# of inputs. Exits non-zero on any finding (a crash, a sanitizer report, a leak, a timeout) and
# leaves the input that caused it in build/fuzz/findings/<target>/: turn it into a regression
# test and add it to the corpus. Needs root (or sudo) for the Debian packages it installs.
#
#   bash scripts/fuzz.sh               # every target, FUZZ_RUNS inputs each
#   bash scripts/fuzz.sh json_body     # one target
#
# FUZZ_RUNS (default 20000) sets the inputs per target, FUZZ_SECONDS (default 120) the most time
# one target may take however few inputs it has run (a slow target, such as html_page's whole
# page reading, keeps CI's run short); LODESTONE_BUILD_JOBS the build's jobs.
# New inputs libFuzzer finds interesting are kept in build/fuzz/corpus/<target>/ (not in the
# repository), so later runs start from them.
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${FUZZ_RUNS:-20000}"
seconds="${FUZZ_SECONDS:-120}"
jobs="${LODESTONE_BUILD_JOBS:-$(nproc)}"

# clang, and libFuzzer's runtime (libclang_rt.fuzzer), which Debian 12 ships in
# libclang-rt-14-dev next to the sanitizers' runtimes.
bash scripts/install-deps.sh clang libclang-rt-14-dev

export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$PWD}" CCACHE_NOHASHDIR="${CCACHE_NOHASHDIR:-1}"
CC=clang CXX=clang++ cmake -S . -B build/fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DLODESTONE_FUZZ=ON -DLODESTONE_BUILD_TESTS=OFF >/dev/null
cmake --build build/fuzz --parallel "$jobs" --target lodestone_fuzzers

targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    for corpus in tests/fuzz/corpus/*/; do targets+=("$(basename "$corpus")"); done
fi
for target in "${targets[@]}"; do
    seeds="tests/fuzz/corpus/$target"
    [ -d "$seeds" ] || { echo "fuzz: no seed corpus $seeds" >&2; exit 2; }
    work="build/fuzz/corpus/$target"
    findings="build/fuzz/findings/$target"
    mkdir -p "$work" "$findings"
    options=(-runs="$runs" -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=2048
             -artifact_prefix="$findings/" -print_final_stats=1)
    [ -f "tests/fuzz/$target.dict" ] && options+=(-dict="tests/fuzz/$target.dict")
    echo "fuzz: $target, $runs inputs"
    # The first folder receives new inputs; the seeds are only read.
    "build/fuzz/bin/fuzz_$target" "${options[@]}" "$work" "$seeds"
done
echo "fuzz: ${#targets[@]} target(s), no findings"
