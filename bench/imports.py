#!/usr/bin/env python3
"""Lists-in benchmark: a CSV file of N leads imported into a campaign (docs/lists.md).

For each size in --rows, generates a file of that many distinct leads and imports it twice into
a fresh lodestoned (SQLite, 127.0.0.1, port 0):

- engine off: `lodestonectl campaign import` on the database with no lodestoned running (an
  import is the engine's work in a daemon): the rows are read, checked and added by lodestonectl
  alone, and nothing is researched.
- engine on: POST /api/campaigns/{id}/leads/import to a lodestoned running the no-op research
  plugin (bench/plugins), then polled until the import completes and every prospect is scored.

Prints per run: the upload's time, rows added per second, the time until every prospect was
scored (engine on), and the peak RSS (VmHWM) of the process that did the work, which should not
grow with the file. Only 127.0.0.1 is ever contacted.

    python3 bench/imports.py --lodestoned build/release/bin/lodestoned --rows 10000 100000
"""
import argparse
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

from httpbench import KEY, start_daemon, status_field, stop_daemon

CAMPAIGN = "Imports"


def config_yaml(noop_research):
    return f"""server:
  listen: "127.0.0.1:0"
  max_body_bytes: 1048576
storage:
  path: var/bench.db
plugins:
  research:
    library: {noop_research}
pipeline:
  research: {{ plugin: research, concurrency: 4 }}
limits:
  campaign_leads_per_minute: 1000000
  status_per_minute: 1000000
provision:
  organisations:
    - name: Bench
      initial_credits: 0
      campaigns:
        - name: {CAMPAIGN}
      api_keys:
        - {{ name: bench, key: {KEY} }}
"""


def write_csv(path, rows):
    industries = ["Software", "Logistics", "Healthcare", "Retail", "Manufacturing"]
    with open(path, "w", newline="") as out:
        out.write("companyName,contactName,email,title,company.industry,"
                  "company.employeeCount,custom.crmId\r\n")
        for i in range(rows):
            out.write(f"\"Company {i}, Ltd\",Person {i},person{i}@company{i}.example,"
                      f"Head of Operations,{industries[i % 5]},{10 + i % 900},CRM-{i}\r\n")


def ctl(binary, workdir, *args):
    command = [os.path.join(os.path.dirname(binary), "lodestonectl"), "--config",
               os.path.join(workdir, "lodestone.yaml"), "--json", *args]
    return subprocess.run(command, check=True, capture_output=True, text=True).stdout


def peak_rss_mib(pid):
    return status_field(pid, "VmHWM") / 1024


def database(workdir):
    return sqlite3.connect(f"file:{os.path.join(workdir, 'var', 'bench.db')}?mode=ro", uri=True)


def api(port, path, body=None, content_type="application/json"):
    req = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=body,
                                 method="POST" if body is not None else "GET",
                                 headers={"Authorization": "Bearer " + KEY,
                                          "Content-Type": content_type})
    with urllib.request.urlopen(req, timeout=600) as reply:
        return reply.status, json.loads(reply.read())


def run_ctl(binary, noop, rows, csv_path):
    """The import by lodestonectl alone: no daemon. Returns seconds and peak RSS."""
    workdir = tempfile.mkdtemp(prefix="lodestone-import-bench-")
    try:
        daemon, _ = start_daemon(binary, workdir, config_yaml(noop))  # provisions, then stops
        stop_daemon(daemon)
        campaign = json.loads(ctl(binary, workdir, "campaign", "list"))["items"][0]["id"]
        command = [os.path.join(os.path.dirname(binary), "lodestonectl"), "--config",
                   os.path.join(workdir, "lodestone.yaml"), "--json", "campaign", "import",
                   campaign, csv_path]
        started = time.monotonic()
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        peak = 0.0
        while process.poll() is None:
            try:
                peak = max(peak, peak_rss_mib(process.pid))
            except (FileNotFoundError, ProcessLookupError):
                break
            time.sleep(0.05)
        out, err = process.communicate()
        seconds = time.monotonic() - started
        if process.returncode != 0:
            sys.exit("lodestonectl campaign import failed: " + err.decode())
        result = json.loads(out)
        if result["added"] != rows:
            sys.exit(f"lodestonectl added {result['added']} of {rows} rows")
        return seconds, peak
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


def run_daemon(binary, noop, rows, csv_path):
    """The import uploaded to lodestoned. Returns (upload s, import s, scored s, peak RSS)."""
    workdir = tempfile.mkdtemp(prefix="lodestone-import-bench-")
    daemon = None
    try:
        daemon, port = start_daemon(binary, workdir, config_yaml(noop))
        campaign = json.loads(ctl(binary, workdir, "campaign", "list"))["items"][0]["id"]
        peak = [0.0]
        watching = [True]

        def watch():
            while watching[0]:
                peak[0] = max(peak[0], peak_rss_mib(daemon.pid))
                time.sleep(0.05)

        watcher = threading.Thread(target=watch)
        watcher.start()
        with open(csv_path, "rb") as file:
            body = file.read()
        started = time.monotonic()
        status, answer = api(port, f"/api/campaigns/{campaign}/leads/import", body, "text/csv")
        uploaded = time.monotonic() - started
        if status != 202:
            sys.exit(f"the upload answered {status}: {answer}")
        import_id = answer["importId"]
        del body
        while True:
            _, shown = api(port, f"/api/imports/{import_id}")
            if shown["import"]["status"] in ("completed", "failed"):
                break
            time.sleep(0.1)
        imported = time.monotonic() - started
        if shown["import"]["added"] != rows:
            sys.exit(f"the import added {shown['import']['added']} of {rows} rows")
        with database(workdir) as db:
            while True:
                left = db.execute("SELECT COUNT(*) FROM jobs WHERE kind = 'prospect' AND "
                                  "status NOT IN ('completed', 'failed')").fetchone()[0]
                if left == 0:
                    break
                time.sleep(0.2)
        scored = time.monotonic() - started
        watching[0] = False
        watcher.join()
        return uploaded, imported, scored, peak[0]
    finally:
        if daemon:
            stop_daemon(daemon)
        shutil.rmtree(workdir, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--lodestoned", required=True)
    parser.add_argument("--rows", type=int, nargs="+", default=[10000, 100000])
    args = parser.parse_args()
    binary = os.path.abspath(args.lodestoned)
    noop = os.path.join(os.path.dirname(os.path.dirname(binary)), "bench", "plugins",
                        "research-noop.so")
    if not os.path.exists(noop):
        sys.exit(f"no {noop}: build the benchmarks (scripts/build.sh release lodestone_benchmarks)")
    scratch = tempfile.mkdtemp(prefix="lodestone-import-csv-")
    try:
        for rows in args.rows:
            csv_path = os.path.join(scratch, f"leads-{rows}.csv")
            write_csv(csv_path, rows)
            size_mib = os.path.getsize(csv_path) / 1024 / 1024
            seconds, peak = run_ctl(binary, noop, rows, csv_path)
            print(f"{rows} rows ({size_mib:.1f} MiB), lodestonectl alone: {seconds:.1f} s, "
                  f"{rows / seconds:,.0f} rows/s, peak RSS {peak:.0f} MiB", flush=True)
            uploaded, imported, scored, peak = run_daemon(binary, noop, rows, csv_path)
            print(f"{rows} rows ({size_mib:.1f} MiB), lodestoned: upload {uploaded:.1f} s, "
                  f"all added {imported:.1f} s ({rows / imported:,.0f} rows/s), all scored "
                  f"{scored:.1f} s, peak RSS {peak:.0f} MiB", flush=True)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
