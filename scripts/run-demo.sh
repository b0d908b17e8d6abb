#!/usr/bin/env bash
# Builds lodestoned and runs it in the foreground on 127.0.0.1:8080 with etc/demo.yaml
# (SQLite under ./var/). The first start prints an API key and a curl line to try. Ctrl-C stops.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/build.sh release lodestone_service
mkdir -p var
exec build/release/bin/lodestoned --config etc/demo.yaml
