#!/usr/bin/env python3
"""lodestoned against nginx serving the same bytes: what the daemon's HTTP path costs on top of
the cheapest possible server. Run through bench/http-compare.sh, which installs nginx and wrk,
makes the work directory and cleans up; see bench/README.md ("HTTP compare").

Modes (each on a fresh lodestoned and database):
  status         GET /api/generation/{jobId}/status (jobs.run: false, so the answer is fixed)
  create         POST /api/projects/{id}/generate with a new email each request (jobs.run: false)
  create-engine  the same POST while the daemon runs the jobs it creates (no-op research and
                 content plugins, as bench/PipelineBench.cpp)
nginx serves, to GET, a static file holding exactly lodestoned's answer: its status answer for
`status`, a create answer for the two create modes. Rounds alternate nginx and lodestoned on one
route with the same wrk settings. `--peer node` compares with a Node.js service of the status and
create routes instead (bench/node-peer, see node_peer.py), asked the same way as lodestoned.
`--soak MINUTES` runs status GETs and creates at once against lodestoned (engine on) and watches
its RSS instead. Only 127.0.0.1 is ever contacted.
"""
import argparse
import os
import signal
import sqlite3
import statistics
import subprocess
import sys
import time
import urllib.request

from httpbench import children, cpu_ticks, create_job, free_port, parse_wrk, project_id, \
    provision_yaml, request, rss_mib, spawn, start_daemon, status_field, stop_daemon, track, \
    wrk_command
from node_peer import NodePeer

MODES = ("status", "create", "create-engine")
ROUTES = {"status": "GET status", "create": "POST generate", "create-engine": "POST generate+jobs"}
CLK_TCK = os.sysconf("SC_CLK_TCK")  # getconf CLK_TCK
CREDITS = 100_000_000
WRK_TIMEOUT = "10s"  # wrk's default 2 s would drop slow creates from the latency figures

# Counts answers outside 2xx in every thread and prints the sum (`lua-non2xx: N`). With POST
# set (the create runs), each request is a new lead: ada+<prefix>.<thread>.<n>@example.com.
WRK_SCRIPT = """
local threads, next_id = {}, 1
function setup(thread)
  thread:set("id", next_id)
  next_id = next_id + 1
  table.insert(threads, thread)
end
function init(args)
  prefix, n, bad = args[1] or "r", 0, 0
  wrk.headers["Content-Type"] = "application/json"
end
%s
function response(status, headers, body)
  if status < 200 or status > 299 then bad = bad + 1 end
end
function done(summary, latency, requests)
  local total = 0
  for _, thread in ipairs(threads) do total = total + thread:get("bad") end
  io.write(string.format("lua-non2xx: %%d\\n", total))
end
"""
POST_REQUEST = """function request()
  n = n + 1
  return wrk.format("POST", nil, nil, string.format(
    '{"email":"ada+%s.%d.%d@example.com","fullName":"Ada Lovelace"}', prefix, id, n))
end"""

NGINX_CONFIG = """{user}worker_processes 2;
pid {d}/nginx.pid;
error_log {d}/error.log warn;
events {{ worker_connections 4096; }}
http {{
    access_log off;
    sendfile on;
    keepalive_requests 1000000;
    keepalive_timeout 65s;
    client_body_temp_path {d}/temp/body;
    proxy_temp_path {d}/temp/proxy;
    fastcgi_temp_path {d}/temp/fastcgi;
    uwsgi_temp_path {d}/temp/uwsgi;
    scgi_temp_path {d}/temp/scgi;
    default_type application/json;
    server {{
        listen 127.0.0.1:{port};
        root {d}/www;
    }}
}}
"""

def get(port, path):
    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=5) as reply:
        return reply.read()


# ---- servers -----------------------------------------------------------------------------------

def children_of(pid):
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    if int(stat.read().rsplit(")", 1)[1].split()[1]) == pid:
                        found.append(int(entry))
            except OSError:
                pass
    return found


class Nginx:
    """nginx on 127.0.0.1 serving workdir/nginx/www, from a config in workdir/nginx. As every
    reference server lodestoned is compared with (node_peer.NodePeer is the other): name, port,
    prepare(mode, daemon), cpu_ticks(), done(mode) and stop()."""

    name = "nginx"

    def __init__(self, workdir):
        self.dir = os.path.join(workdir, "nginx")
        for sub in ("www", "temp"):
            os.makedirs(os.path.join(self.dir, sub), exist_ok=True)
        with open(os.path.join(self.dir, "www", "ready"), "w") as ready:
            ready.write("ok")
        for _ in range(5):  # the free port may be taken between finding and binding it
            self.port = free_port()
            with open(os.path.join(self.dir, "nginx.conf"), "w") as conf:
                # As root nginx would run its workers as nobody, who cannot read the temp dir.
                conf.write(NGINX_CONFIG.format(d=self.dir, port=self.port,
                                               user="user root;\n" if os.geteuid() == 0 else ""))
            self.process = spawn(workdir, ["nginx", "-p", self.dir, "-e",
                                           os.path.join(self.dir, "error.log"), "-c",
                                           os.path.join(self.dir, "nginx.conf"), "-g",
                                           "daemon off;"],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            deadline = time.time() + 10
            while time.time() < deadline and self.process.poll() is None:
                try:
                    if get(self.port, "/ready") == b"ok":
                        self.workers = children_of(self.process.pid)
                        return
                except OSError:
                    time.sleep(0.05)
            self.stop()
        with open(os.path.join(self.dir, "error.log")) as log:
            sys.exit("nginx did not start:\n" + log.read()[-4000:])

    def serve(self, path, body):
        """Serves body at path (to GET)."""
        file = os.path.join(self.dir, "www", path.lstrip("/"))
        os.makedirs(os.path.dirname(file), exist_ok=True)
        with open(file, "wb") as out:
            out.write(body)
        if get(self.port, path) != body:
            sys.exit(f"nginx does not serve the same bytes at {path}")

    def prepare(self, mode, daemon):
        """Serves lodestoned's answer to GET on the path lodestoned is asked on; returns that path
        and the wrk script to ask it with."""
        if mode == "status":
            path, answer = daemon.status_path, daemon.status_answer
        else:
            path, answer = daemon.create_path, daemon.create_answer
        self.serve(path, answer)
        return path, "get"

    def done(self, mode):
        """One nginx serves every mode; it stops at the end. Returns failures (none)."""
        return 0

    def cpu_ticks(self):
        return sum(cpu_ticks(pid) for pid in self.workers + [self.process.pid])

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=30)


class Daemon:
    """lodestoned on a bench config in a fresh directory, with one project and one job."""

    def __init__(self, args, workdir, name, engine):
        self.binary = os.path.abspath(args.lodestoned)
        self.dir = os.path.join(workdir, name)
        os.makedirs(self.dir)
        config = ("server:\n  listen: \"127.0.0.1:0\"\n  max_connections_per_address: 4096\n"
                  f"storage:\n  path: var/bench.db\n  synchronous: {args.sync}\n"
                  "limits: { status_per_minute: 1000000, generate_per_minute: 1000000 }\n")
        if engine:
            plugins = os.path.abspath(args.noop_plugins)
            config += ("plugins:\n"
                       f"  research:\n    library: {plugins}/research-noop.so\n"
                       f"  content:\n    library: {plugins}/content-noop.so\n"
                       "pipeline:\n  research: { plugin: research }\n"
                       "  content: { plugin: content }\n"
                       "jobs:\n  poll_interval: 200ms\n")
        else:
            config += "jobs:\n  run: false\n"
        self.process, self.port = start_daemon(self.binary, self.dir,
                                               config + provision_yaml(CREDITS))
        track(workdir, self.process)
        self.pid = self.process.pid
        self.project = project_id(self.binary, self.dir)
        self.create_path = f"/api/projects/{self.project}/generate"
        self.job, self.create_answer = create_job(self.port, self.project)
        self.status_path = f"/api/generation/{self.job}/status"
        self.status_answer = request(self.port, self.status_path)
        self.database = os.path.join(self.dir, "var", "bench.db")

    def unfinished_jobs(self):
        """(jobs neither completed nor failed, failed jobs), read from the database read-only."""
        with sqlite3.connect(f"file:{self.database}?mode=ro", uri=True, timeout=10) as db:
            return db.execute("SELECT COALESCE(SUM(status NOT IN ('completed', 'failed')), 0), "
                              "COALESCE(SUM(status = 'failed'), 0) FROM jobs").fetchone()

    def drain(self, limit=600):
        """Waits until every job has finished; returns the seconds it took."""
        start = time.time()
        while self.unfinished_jobs()[0]:
            if time.time() - start > limit:
                sys.exit(f"jobs still unfinished after {limit} s")
            time.sleep(0.2)
        return time.time() - start

    def stop(self):
        code = stop_daemon(self.process)
        if code != 0:
            with open(os.path.join(self.dir, "daemon.log")) as log:
                print(f"lodestoned exited with {code}; its log ends:\n{log.read()[-3000:]}",
                      file=sys.stderr)
        return code


# ---- wrk ---------------------------------------------------------------------------------------

def write_scripts(workdir, paces=None):
    """wrk scripts: "get" and "post" as fast as answers come; with `paces` ({name: ms}), also
    "<name>-paced", each connection waiting that long before each request."""
    scripts = {}
    for name, request_function in (("get", ""), ("post", POST_REQUEST)):
        scripts[name] = os.path.join(workdir, f"{name}.lua")
        with open(scripts[name], "w") as script:
            script.write(WRK_SCRIPT % request_function)
        if paces and name in paces:
            paced = f"{name}-paced"
            scripts[paced] = os.path.join(workdir, f"{paced}.lua")
            with open(scripts[paced], "w") as script:
                script.write(WRK_SCRIPT % (request_function +
                                           f"\nfunction delay() return {paces[name]} end"))
    return scripts


def wrk(workdir, args, url, script, prefix, seconds=None, connections=None, threads=None):
    command = wrk_command(url, seconds or args.seconds, connections or args.connections,
                          threads or args.threads, script, (prefix,), WRK_TIMEOUT)
    return spawn(workdir, command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def finish(process):
    out = process.communicate()[0]
    if process.returncode != 0:
        sys.exit(f"wrk failed ({process.returncode}):\n{out}")
    result = parse_wrk(out)
    result["bad"] = max(result["non2xx"], result["lua_non2xx"] or 0)
    return result


def describe(result):
    text = ""
    if result["bad"]:
        text += f"  NON-2XX {result['bad']}"
    if result["socket_errors"] != "none":
        text += f"  socket errors: {result['socket_errors']}"
    return text


# ---- the comparison ----------------------------------------------------------------------------

def compare(args, workdir, scripts, reference, mode, rows):
    """Rounds of wrk against the reference server, then lodestoned, on one route."""
    daemon = Daemon(args, workdir, mode, engine=(mode == "create-engine"))
    failures = 0
    try:
        if mode == "status":
            path, answer, lodestoned_script = daemon.status_path, daemon.status_answer, "get"
        else:
            path, answer, lodestoned_script = daemon.create_path, daemon.create_answer, "post"
        reference_path, reference_script = reference.prepare(mode, daemon)
        if mode == "create-engine":
            daemon.drain()
        threads = len(os.listdir(f"/proc/{daemon.pid}/task"))
        print(f"# {mode}: lodestoned pid {daemon.pid}, port {daemon.port}, {threads} threads; "
              f"{reference.name} port {reference.port}; answer {len(answer)} bytes", flush=True)
        for round_number in range(1, args.rounds + 1):
            row = {"mode": mode, "round": round_number}
            before = reference.cpu_ticks()
            url = f"http://127.0.0.1:{reference.port}{reference_path}"
            result = finish(wrk(workdir, args, url, scripts[reference_script], f"n{round_number}"))
            cpu = (reference.cpu_ticks() - before) / CLK_TCK * 1e6 / max(result["requests"], 1)
            failures += result["bad"]
            row["ref"] = dict(result, cpu=cpu)
            print(f"{args.label:10} {reference.name:10} {mode:13} round {round_number}: "
                  f"{result['rate']:9.0f} req/s  p50 {result['p50']:7.2f} ms  "
                  f"p99 {result['p99']:8.2f} ms  cpu {cpu:7.1f} us/req{describe(result)}",
                  flush=True)
            time.sleep(1)
            # lodestoned
            before = cpu_ticks(daemon.pid)
            result = finish(wrk(workdir, args, f"http://127.0.0.1:{daemon.port}{path}",
                                scripts[lodestoned_script], f"r{round_number}"))
            after = cpu_ticks(daemon.pid)
            cpu = (after - before) / CLK_TCK * 1e6 / max(result["requests"], 1)
            failures += result["bad"]
            extra = ""
            row["drain"] = row["cpu_job"] = None
            if mode == "create-engine":
                row["drain"] = daemon.drain()
                row["cpu_job"] = ((cpu_ticks(daemon.pid) - before) / CLK_TCK * 1e6 /
                                  max(result["requests"], 1))
                unfinished, failed = daemon.unfinished_jobs()
                failures += failed
                extra = (f"  drain {row['drain']:5.1f} s  cpu incl. drain "
                         f"{row['cpu_job']:7.1f} us/job  failed jobs {failed}")
            rss = rss_mib(daemon.pid)
            threads = status_field(daemon.pid, "Threads")
            ratio = result["rate"] / row["ref"]["rate"] if row["ref"]["rate"] else 0.0
            row["lodestoned"] = dict(result, cpu=cpu, rss=rss, threads=threads)
            row["ratio"] = ratio
            print(f"{args.label:10} {'lodestoned':10} {mode:13} round {round_number}: "
                  f"{result['rate']:9.0f} req/s  p50 {result['p50']:7.2f} ms  "
                  f"p99 {result['p99']:8.2f} ms  cpu {cpu:7.1f} us/req  rss {rss:6.1f} MiB  "
                  f"threads {threads}  ratio {ratio:.3f}{extra}{describe(result)}", flush=True)
            rows.append(row)
            time.sleep(1)
    finally:
        if daemon.stop() != 0:
            failures += 1
        failures += reference.done(mode)
    return failures


def summary(args, reference, rows):
    def median(mode, pick):
        values = [pick(row) for row in rows if row["mode"] == mode]
        values = [v for v in values if v is not None]
        return statistics.median(values) if values else None

    def cell(value, fmt):
        return "-" if value is None else format(value, fmt)

    print(f"\n## Summary: median of {args.rounds} rounds (label {args.label or '-'}, "
          f"sync {args.sync}, wrk -t{args.threads} -c{args.connections} -d{args.seconds}s)\n")
    ref = reference.name
    print(f"| route | {ref} req/s | {ref} p50 / p99 ms | {ref} CPU us/req | lodestoned req/s | "
          f"lodestoned p50 / p99 ms | lodestoned / {ref} | daemon CPU us/req | "
          "incl. jobs us/req | daemon RSS MiB | daemon threads |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for mode in MODES:
        if not any(row["mode"] == mode for row in rows):
            continue
        n = lambda key: median(mode, lambda row: row["ref"][key])  # noqa: E731
        d = lambda key: median(mode, lambda row: row["lodestoned"][key])  # noqa: E731
        print(f"| {mode} | {n('rate'):,.0f} | {n('p50'):.2f} / {n('p99'):.2f} | "
              f"{n('cpu'):.1f} | {d('rate'):,.0f} | {d('p50'):.2f} / {d('p99'):.2f} | "
              f"{median(mode, lambda row: row['ratio']):.3f} | {d('cpu'):.1f} | "
              f"{cell(median(mode, lambda row: row['cpu_job']), '.1f')} | {d('rss'):.1f} | "
              f"{d('threads'):.0f} |")


# ---- the soak ----------------------------------------------------------------------------------

def soak(args, workdir, scripts):
    seconds = int(args.soak * 60)
    warmup = 60 if seconds > 60 else seconds // 2
    daemon = Daemon(args, workdir, "soak", engine=True)
    failures = 0
    try:
        create_connections = max(1, args.connections // 8)
        # A steady load, not a flood: creates faster than the engine finishes jobs would grow the
        # backlog (and with it the database) for as long as the soak lasts, and polls past
        # limits.status_per_minute would be refused.
        paces = {"get": max(1, args.connections * 1000 // args.soak_polls),
                 "post": max(1, create_connections * 1000 // args.soak_creates)}
        scripts = write_scripts(workdir, paces)
        print(f"# soak {args.soak} min: lodestoned pid {daemon.pid} (sync {args.sync}); status "
              f"GETs on {args.connections} connections (at most {args.soak_polls}/s) and creates "
              f"on {create_connections} (at most {args.soak_creates}/s) at once; RSS sampled "
              f"every 10 s, warm-up {warmup} s", flush=True)
        base = f"http://127.0.0.1:{daemon.port}"
        status = wrk(workdir, args, base + daemon.status_path, scripts["get-paced"], "s", seconds)
        creates = wrk(workdir, args, base + daemon.create_path, scripts["post-paced"], "soak",
                      seconds, create_connections, 1)
        start, samples = time.time(), []
        last_ticks, last_time = cpu_ticks(daemon.pid), start
        while status.poll() is None or creates.poll() is None:
            time.sleep(10 - (time.time() - start) % 10)
            now, ticks = time.time(), cpu_ticks(daemon.pid)
            if now - start > seconds + 5:
                break
            rss = rss_mib(daemon.pid)
            unfinished, failed = daemon.unfinished_jobs()
            samples.append((now - start, rss))
            print(f"{args.label:10} soak t={now - start:6.0f} s  rss {rss:7.1f} MiB  threads "
                  f"{status_field(daemon.pid, 'Threads')}  cpu "
                  f"{(ticks - last_ticks) / CLK_TCK / (now - last_time) * 100:5.0f}%  "
                  f"unfinished jobs {unfinished}  failed {failed}", flush=True)
            last_ticks, last_time = ticks, now
        for name, process in (("status", status), ("create", creates)):
            result = finish(process)
            failures += result["bad"]
            print(f"{args.label:10} soak {name:6}: {result['rate']:9.0f} req/s  "
                  f"p50 {result['p50']:7.2f} ms  p99 {result['p99']:8.2f} ms  requests "
                  f"{result['requests']}{describe(result)}", flush=True)
        end_rss = rss_mib(daemon.pid)
        warm = next((rss for t, rss in samples if t >= warmup), samples[0][1] if samples else 0)
        change = (end_rss - warm) / warm * 100 if warm else 0.0
        print(f"{args.label:10} soak RSS after warm-up ({warmup} s) {warm:.1f} MiB, at the end "
              f"{end_rss:.1f} MiB: {change:+.1f}%", flush=True)
        drained = daemon.drain(limit=1800)
        unfinished, failed = daemon.unfinished_jobs()
        failures += failed
        print(f"{args.label:10} soak jobs drained {drained:.1f} s after the load (failed "
              f"{failed}); RSS then {rss_mib(daemon.pid):.1f} MiB", flush=True)
    finally:
        if daemon.stop() != 0:
            failures += 1
    return failures


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lodestoned", required=True)
    parser.add_argument("--noop-plugins", help="folder with research-noop.so and content-noop.so "
                        "(default: bench/plugins beside the build's bin/)")
    parser.add_argument("--workdir", required=True)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--connections", type=int, default=64)
    parser.add_argument("--threads", type=int, default=2, help="wrk threads")
    parser.add_argument("--sync", choices=("normal", "full"),
                        help="storage.synchronous (default full; normal with --peer node)")
    parser.add_argument("--peer", choices=("nginx", "node"), default="nginx",
                        help="what lodestoned is compared with")
    parser.add_argument("--peer-dir", help="with --peer node: bench/node-peer installed (npm ci)")
    parser.add_argument("--only", action="append", choices=MODES)
    parser.add_argument("--label", default="")
    parser.add_argument("--soak", type=float, metavar="MINUTES")
    parser.add_argument("--soak-creates", type=int, default=500, metavar="PER_SECOND",
                        help="the soak's create rate, at most (default 500)")
    parser.add_argument("--soak-polls", type=int, default=5000, metavar="PER_SECOND",
                        help="the soak's status poll rate, at most (default 5000)")
    args = parser.parse_args()
    if args.sync is None:
        # The Node.js peer as commonly deployed (and measured against) runs synchronous = NORMAL.
        args.sync = "normal" if args.peer == "node" else "full"
    modes = MODES if args.peer == "nginx" else NodePeer.MODES
    if args.only and not set(args.only) <= set(modes):
        sys.exit(f"--peer {args.peer} measures only: {', '.join(modes)}")
    if args.peer == "node" and not args.peer_dir:
        sys.exit("--peer node needs --peer-dir (http-compare.sh installs the peer there)")
    if args.noop_plugins is None:
        args.noop_plugins = os.path.join(os.path.dirname(os.path.abspath(args.lodestoned)),
                                         "..", "bench", "plugins")
    for plugin in ("research-noop.so", "content-noop.so"):
        if (args.soak or "create-engine" in (args.only or modes)) and \
                not os.path.exists(os.path.join(args.noop_plugins, plugin)):
            sys.exit(f"{plugin} is not in {args.noop_plugins}: build the plugin-research-noop "
                     "and plugin-content-noop targets, or give --noop-plugins DIR")

    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    scripts = write_scripts(args.workdir)
    failures, reference = 0, None
    try:
        if args.soak:
            failures = soak(args, args.workdir, scripts)
        else:
            if args.peer == "node":
                reference = NodePeer(args.peer_dir, args.workdir, args.sync)
            else:
                reference = Nginx(args.workdir)
            rows = []
            for mode in modes:
                if mode in (args.only or modes):
                    failures += compare(args, args.workdir, scripts, reference, mode, rows)
            summary(args, reference, rows)
    finally:
        if reference:
            reference.stop()
        for process in children:
            if process.poll() is None:
                process.terminate()
                try:
                    process.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    process.kill()
    if failures:
        sys.exit(f"FAILED: {failures} non-2xx answers, failed jobs or unclean daemon exits")


if __name__ == "__main__":
    main()
