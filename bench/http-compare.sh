#!/usr/bin/env bash
# lodestoned against nginx serving the same bytes, with wrk, on 127.0.0.1 only: the status GET,
# creates (POST generate) with the job engine off, and creates while the daemon runs the jobs with
# no-op plugins. Rounds alternate nginx and lodestoned; each run prints req/s, p50, p99 and, for
# lodestoned, daemon CPU per request, RSS, threads and the lodestoned/nginx ratio; a markdown
# table of the medians ends the output. --soak MINUTES instead runs status GETs and creates at
# once, at a steady pace (--soak-creates and --soak-polls per second at most), against lodestoned
# and reports how its RSS moves. --peer node compares the status and create routes with a Node.js
# service of the same two routes (bench/node-peer) instead of nginx, installed with npm ci into
# --peer-dir (default build/node-peer, kept between runs). See bench/README.md ("HTTP compare",
# "Node.js peer").
#
#   bash bench/http-compare.sh [--lodestoned PATH] [--rounds N] [--seconds S] [--connections C]
#       [--threads T] [--sync normal|full] [--only status|create|create-engine]... [--label TEXT]
#       [--noop-plugins DIR] [--soak MINUTES [--soak-creates N] [--soak-polls N]]
#       [--peer nginx|node [--peer-dir DIR]]
#
# Needs wrk and nginx (or, with --peer node, Node.js 20 or later with npm and a C++ compiler):
# wrk and nginx are installed with apt-get when missing and run as root. The work is done by
# bench/http_compare.py; this script checks the tools, makes the temporary directory and, on any
# exit, stops what was started there and removes it.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"

usage() {
    sed -n '2,22p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

lodestoned="build/release/bin/lodestoned"
peer=nginx
peer_dir="$here/../build/node-peer"
args=()
while (($#)); do
    case "$1" in
        -h | --help) usage 0 ;;
        --lodestoned) lodestoned="${2:?--lodestoned needs a path}"; shift 2 ;;
        --rounds | --seconds | --connections | --threads | --soak-creates | --soak-polls)
            [[ "${2:-}" =~ ^[1-9][0-9]*$ ]] || { echo "$1 needs a whole number" >&2; exit 2; }
            args+=("$1" "$2"); shift 2 ;;
        --soak)
            [[ "${2:-}" =~ ^[0-9]+(\.[0-9]+)?$ ]] || { echo "--soak needs minutes" >&2; exit 2; }
            args+=("$1" "$2"); shift 2 ;;
        --sync)
            [[ "${2:-}" == normal || "${2:-}" == full ]] ||
                { echo "--sync: normal or full" >&2; exit 2; }
            args+=("$1" "$2"); shift 2 ;;
        --only)
            IFS=, read -ra modes <<<"${2:-}"
            ((${#modes[@]})) || { echo "--only: status, create or create-engine" >&2; exit 2; }
            for mode in "${modes[@]}"; do
                case "$mode" in
                    status | create | create-engine) args+=(--only "$mode") ;;
                    *) echo "--only: status, create or create-engine, not '$mode'" >&2; exit 2 ;;
                esac
            done
            shift 2 ;;
        --label | --noop-plugins) args+=("$1" "${2?$1 needs a value}"); shift 2 ;;
        --peer)
            [[ "${2:-}" == nginx || "${2:-}" == node ]] ||
                { echo "--peer: nginx or node" >&2; exit 2; }
            peer="$2"; shift 2 ;;
        --peer-dir) peer_dir="${2:?--peer-dir needs a directory}"; shift 2 ;;
        *) echo "unknown argument: $1" >&2; usage 2 ;;
    esac
done
die() { echo "$*" >&2; exit 2; }
[[ -x "$lodestoned" ]] ||
    die "no lodestoned at $lodestoned (build it: bash scripts/build.sh release lodestone_service)"
[[ -x "$(dirname "$lodestoned")/lodestonectl" ]] || die "no lodestonectl beside $lodestoned"

# nginx is in /usr/sbin, which is not on every user's PATH.
PATH="$PATH:/usr/sbin:/sbin"
missing=()
command -v wrk >/dev/null || missing+=(wrk)
[[ $peer == node ]] || command -v nginx >/dev/null || missing+=(nginx)
if ((${#missing[@]})); then
    if ((EUID != 0)); then
        die "missing: ${missing[*]}. Install them as root (Debian):" \
            "apt-get install --no-install-recommends nginx-light wrk (nginx where there is no" \
            "nginx-light)"
    fi
    echo "installing ${missing[*]} with apt-get" >&2
    apt-get update >&2
    packages=()
    for tool in "${missing[@]}"; do
        if [[ $tool == nginx ]]; then
            # nginx-light is gone from newer Debian releases, where nginx alone is as small.
            if apt-cache policy nginx-light 2>/dev/null | grep -q 'Candidate: [0-9]'; then
                packages+=(nginx-light)
            else
                packages+=(nginx)
            fi
        else
            packages+=("$tool")
        fi
    done
    # Keep the package's own nginx service from starting on port 80 (policy-rc.d: 101 = denied).
    policy=/usr/sbin/policy-rc.d created_policy=""
    if [[ ! -e $policy ]]; then
        printf '#!/bin/sh\nexit 101\n' >"$policy" && chmod +x "$policy" && created_policy=1
    fi
    status=0
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
        "${packages[@]}" >&2 || status=$?
    [[ -z $created_policy ]] || rm -f "$policy"
    ((status == 0)) || die "apt-get install ${packages[*]} failed"
fi

# bench/node-peer's packages as its package-lock.json pins them, from the npm registry, in
# $peer_dir; installed again when the lock file or Node.js changed. better-sqlite3 is compiled
# against the installed Node.js headers: its install script would otherwise download a prebuilt
# binary, and node-gyp the headers, from outside the npm registry.
install_node_peer() {
    local source="$here/node-peer" stamp prefix
    if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
        die "--peer node needs Node.js 20 or later with npm"
    fi
    node -e 'process.exit(Number(process.versions.node.split(".")[0]) >= 20 ? 0 : 1)' ||
        die "--peer node needs Node.js 20 or later, not $(node -v)"
    mkdir -p "$peer_dir"
    peer_dir="$(cd "$peer_dir" && pwd)"
    stamp="$(node -v) $(cat "$source/package.json" "$source/package-lock.json" | sha256sum)"
    if [[ ! -d $peer_dir/node_modules || "$(cat "$peer_dir/.installed" 2>/dev/null)" != "$stamp" ]]
    then
        echo "installing the Node.js peer in $peer_dir (npm ci, compiling better-sqlite3)" >&2
        rm -f "$peer_dir/.installed"
        cp "$source/package.json" "$source/package-lock.json" "$peer_dir/"
        local env=(npm_config_build_from_source=true)
        prefix="$(dirname "$(dirname "$(readlink -f "$(command -v node)")")")"
        if [[ -f $prefix/include/node/node.h ]]; then
            env+=("npm_config_nodedir=$prefix")
        else
            echo "no Node.js headers in $prefix/include/node: node-gyp will try to download" \
                "them (Debian: apt-get install libnode-dev)" >&2
        fi
        (cd "$peer_dir" && env "${env[@]}" npm ci --omit=dev --no-audit --no-fund >&2) ||
            die "npm ci of the Node.js peer failed in $peer_dir"
        echo "$stamp" >"$peer_dir/.installed"
    fi
    cp "$source/server.js" "$peer_dir/"
}

if [[ $peer == node ]]; then
    install_node_peer
    args+=(--peer node --peer-dir "$peer_dir")
fi

workdir="$(mktemp -d "${TMPDIR:-/tmp}/lodestone-http-compare.XXXXXX")"
helper=""
# shellcheck disable=SC2317  # called by the trap
cleanup() {
    local pid
    trap - EXIT INT TERM
    if [[ -n $helper ]] && kill -0 "$helper" 2>/dev/null; then
        kill -TERM "$helper" 2>/dev/null || true
        wait "$helper" 2>/dev/null || true
    fi
    # Whatever the helper started and did not stop (it writes each pid there): only processes
    # whose command line still names this run's directory, so a reused pid is left alone.
    if [[ -f $workdir/pids ]]; then
        while read -r pid; do
            if grep -qF "$workdir" "/proc/$pid/cmdline" 2>/dev/null; then
                kill -TERM "$pid" 2>/dev/null || true
            fi
        done <"$workdir/pids"
        sleep 0.5
    fi
    rm -rf "$workdir"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

echo "# http-compare $(date -u +%FT%TZ) on $(nproc) cores; $(uptime)"
commit="$(git -C "$(dirname "$lodestoned")" rev-parse --short HEAD 2>/dev/null || echo '?')"
if [[ $peer == node ]]; then
    reference="node $(node -v), $(cd "$peer_dir" && node -p \
        '["fastify", "better-sqlite3"].map(p => p + " " + require(p + "/package.json").version)
            .join(", ")')"
else
    reference="$(nginx -v 2>&1)"
fi
echo "# lodestoned $lodestoned ($commit); $reference; $(wrk -v 2>&1 | head -n1)"
status=0
python3 "$here/http_compare.py" --lodestoned "$lodestoned" --workdir "$workdir" "${args[@]}" &
helper=$!
wait "$helper" || status=$?
helper=""
echo "# done; $(uptime)"
exit "$status"
