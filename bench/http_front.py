#!/usr/bin/env python3
"""HTTP front benchmark: GET /api/generation/{jobId}/status with wrk, alone and with idle clients.

Starts the given lodestoned on 127.0.0.1 (port 0) with a fresh SQLite database, creates one job,
then for each round runs `wrk -t2 -c64 --latency` against its status route: first with nothing
else connected, then while --idle clients each hold a connection with half a request head sent
(what a slow or malicious client does). Prints one line per run: requests/s, p50 and p99.
Only 127.0.0.1 is ever contacted. Needs wrk (Debian package `wrk`).

    python3 bench/http_front.py --lodestoned build/release/bin/lodestoned [--idle 500] \
        [--server 'max_connections_per_address: 2000']
"""
import argparse
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time

from httpbench import KEY, create_job, parse_wrk, project_id, provision_yaml, start_daemon, \
    stop_daemon, wrk_command

CONFIG = """server:
  listen: "127.0.0.1:0"
  threads: {threads}
{server_extra}storage:
  path: var/bench.db
  synchronous: normal
limits:
  status_per_minute: 1000000
  generate_per_minute: 1000000
jobs:
  run: false
"""


def hold_idle(port, count):
    held = []
    for _ in range(count):
        s = socket.create_connection(("127.0.0.1", port))
        s.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        held.append(s)
    return held


def run_wrk(port, job, seconds, connections):
    out = subprocess.run(wrk_command(f"http://127.0.0.1:{port}/api/generation/{job}/status",
                                     seconds, connections),
                         check=True, capture_output=True, text=True).stdout
    result = parse_wrk(out)
    return (result["rate"], result["p50"], result["p99"], str(result["non2xx"]),
            result["socket_errors"])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lodestoned", required=True)
    parser.add_argument("--label", default="")
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--connections", type=int, default=64)
    parser.add_argument("--idle", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--threads", type=int, default=32, help="server.threads")
    parser.add_argument("--server", action="append", default=[], metavar="KEY: VALUE",
                        help="another server: setting, e.g. 'max_connections_per_address: 2000' "
                             "(every client here is 127.0.0.1)")
    args = parser.parse_args()
    if not shutil.which("wrk"):
        sys.exit("wrk is missing: apt-get install wrk")

    workdir = tempfile.mkdtemp(prefix="lodestone-http-bench.")
    extra = "".join(f"  {line}\n" for line in args.server)
    daemon, port = start_daemon(os.path.abspath(args.lodestoned), workdir,
                                CONFIG.format(threads=args.threads, server_extra=extra) +
                                provision_yaml(100))
    try:
        job, _ = create_job(port, project_id(os.path.abspath(args.lodestoned), workdir))
        for round_number in range(1, args.rounds + 1):
            for idle in (0, args.idle):
                held = hold_idle(port, idle) if idle else []
                try:
                    rate, p50, p99, non2xx, socket_errors = run_wrk(port, job, args.seconds, args.connections)
                finally:
                    for s in held:
                        s.close()
                print(f"{args.label:8} round {round_number} idle {idle:4}: {rate:9.0f} req/s  "
                      f"p50 {p50:7.2f} ms  p99 {p99:8.2f} ms  non-2xx {non2xx}  socket errors {socket_errors}",
                      flush=True)
                time.sleep(1)
    finally:
        stop_daemon(daemon)
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
