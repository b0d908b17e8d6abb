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
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

KEY = "lsk_bench_status_000000000000000000000000"
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
provision:
  organisations:
    - name: Bench
      initial_credits: 100
      projects:
        - name: Status
      api_keys:
        - {{ name: bench, key: {key} }}
"""


def start_daemon(binary, workdir, threads, server_extra):
    extra = "".join(f"  {line}\n" for line in server_extra)
    with open(os.path.join(workdir, "lodestone.yaml"), "w") as config:
        config.write(CONFIG.format(threads=threads, key=KEY, server_extra=extra))
    os.makedirs(os.path.join(workdir, "var"), exist_ok=True)
    log = open(os.path.join(workdir, "daemon.log"), "w+")
    daemon = subprocess.Popen([binary, "--config", os.path.join(workdir, "lodestone.yaml")],
                              stdout=log, stderr=subprocess.STDOUT)
    deadline = time.time() + 30
    while time.time() < deadline:
        log.seek(0)
        found = re.search(r"listening on http://127\.0\.0\.1:(\d+)", log.read())
        if found:
            return daemon, int(found.group(1))
        if daemon.poll() is not None:
            sys.exit("lodestoned exited during start-up; see " + log.name)
        time.sleep(0.05)
    sys.exit("lodestoned did not start listening within 30 s")


def project_id(binary, workdir):
    ctl = os.path.join(os.path.dirname(binary), "lodestonectl")
    out = subprocess.run([ctl, "--config", os.path.join(workdir, "lodestone.yaml"), "--json",
                          "project", "list"], check=True, capture_output=True, text=True).stdout
    return json.loads(out)["items"][0]["id"]


def create_job(port, project):
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/projects/{project}/generate",
        data=b'{"email":"ada@example.com"}', method="POST",
        headers={"Authorization": "Bearer " + KEY, "Content-Type": "application/json"})
    with urllib.request.urlopen(request) as reply:
        return json.loads(reply.read())["jobId"]


def hold_idle(port, count):
    held = []
    for _ in range(count):
        s = socket.create_connection(("127.0.0.1", port))
        s.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        held.append(s)
    return held


def to_ms(text):
    value, unit = float(re.match(r"([\d.]+)", text).group(1)), re.sub(r"[\d.]", "", text)
    return value * {"us": 0.001, "ms": 1.0, "s": 1000.0}[unit]


def run_wrk(port, job, seconds, connections):
    out = subprocess.run(
        ["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "--latency", "-H",
         "Authorization: Bearer " + KEY, f"http://127.0.0.1:{port}/api/generation/{job}/status"],
        check=True, capture_output=True, text=True).stdout
    if not re.search(r"50%\s+[\d.]+", out):
        sys.exit("wrk measured nothing:\n" + out)
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    p50 = to_ms(re.search(r"50%\s+(\S+)", out).group(1))
    p99 = to_ms(re.search(r"99%\s+(\S+)", out).group(1))
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    socket_errors = re.search(r"Socket errors: (.*)", out)
    return rate, p50, p99, (errors.group(1) if errors else "0"), (socket_errors.group(1) if socket_errors else "none")


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
    daemon, port = start_daemon(os.path.abspath(args.lodestoned), workdir, args.threads,
                                args.server)
    try:
        job = create_job(port, project_id(os.path.abspath(args.lodestoned), workdir))
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
        daemon.terminate()
        daemon.wait(timeout=60)
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
