"""What the HTTP benchmarks (http_front.py, http_compare.py, node_peer.py) share: starting
lodestoned (or another server printing the same `listening on` line) in a fresh directory, the
provisioned project and API key, plain requests to it, the processes a bench starts and their CPU
time, and running wrk and reading its output. Only 127.0.0.1 is ever contacted.
"""
import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.request

KEY = "lsk_bench_status_000000000000000000000000"


def provision_yaml(credits):
    """One organisation with one project and the pinned API key."""
    return f"""provision:
  organisations:
    - name: Bench
      initial_credits: {credits}
      projects:
        - name: Status
      api_keys:
        - {{ name: bench, key: {KEY} }}
"""


def start_daemon(binary, workdir, config_text, timeout=30):
    """Writes workdir/lodestone.yaml, starts lodestoned on it (its log in workdir/daemon.log) and
    waits for its `listening on` line. Returns (Popen, port)."""
    with open(os.path.join(workdir, "lodestone.yaml"), "w") as config:
        config.write(config_text)
    os.makedirs(os.path.join(workdir, "var"), exist_ok=True)
    return start_listening([binary, "--config", os.path.join(workdir, "lodestone.yaml")],
                           os.path.join(workdir, "daemon.log"), "lodestoned", timeout)


def start_listening(command, log_path, name, timeout=30):
    """Starts a server (its output in log_path) and waits for the line
    `listening on http://127.0.0.1:PORT` it prints. Returns (Popen, port)."""
    log = open(log_path, "w+")
    server = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
    deadline = time.time() + timeout
    while time.time() < deadline:
        log.seek(0)
        found = re.search(r"listening on http://127\.0\.0\.1:(\d+)", log.read())
        if found:
            return server, int(found.group(1))
        if server.poll() is not None:
            log.seek(0)
            sys.exit(f"{name} exited during start-up:\n" + log.read()[-4000:])
        time.sleep(0.05)
    server.kill()
    sys.exit(f"{name} did not start listening within {timeout} s; see {log.name}")


def stop_daemon(daemon, timeout=60):
    """SIGTERM, then SIGKILL if it does not exit in time. Returns the exit code."""
    if daemon.poll() is None:
        daemon.terminate()
        try:
            daemon.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            daemon.kill()
            daemon.wait()
    return daemon.returncode


def project_id(binary, workdir):
    ctl = os.path.join(os.path.dirname(binary), "lodestonectl")
    out = subprocess.run([ctl, "--config", os.path.join(workdir, "lodestone.yaml"), "--json",
                          "project", "list"], check=True, capture_output=True, text=True).stdout
    return json.loads(out)["items"][0]["id"]


def request(port, path, body=None):
    """One request to 127.0.0.1:port with the bench key (POST when body is given). Returns the
    answer's bytes; an answer other than 200 is an error."""
    req = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}", data=body, method="POST" if body else "GET",
        headers={"Authorization": "Bearer " + KEY, "Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as reply:
        if reply.status != 200:
            sys.exit(f"{path}: HTTP {reply.status}")
        return reply.read()


def create_job(port, project, body=b'{"email":"ada@example.com"}'):
    """Creates a job; returns (jobId, the answer's bytes)."""
    answer = request(port, f"/api/projects/{project}/generate", body)
    return json.loads(answer)["jobId"], answer


# ---- processes ---------------------------------------------------------------------------------

children = []  # every process a bench started through track(), for it to stop at the end


def track(workdir, process):
    """Remembers a started process, also in workdir/pids for http-compare.sh's exit trap."""
    children.append(process)
    with open(os.path.join(workdir, "pids"), "a") as pids:
        pids.write(f"{process.pid}\n")
    return process


def spawn(workdir, command, **kwargs):
    return track(workdir, subprocess.Popen(command, **kwargs))


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def cpu_ticks(pid):
    """utime + stime of a process (all its threads), in clock ticks."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])  # fields 14 and 15 of proc(5)


def status_field(pid, name):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith(name + ":"):
                return int(line.split()[1])
    return 0


def rss_mib(pid):
    return status_field(pid, "VmRSS") / 1024


# ---- wrk ---------------------------------------------------------------------------------------

def to_ms(text):
    value, unit = float(re.match(r"([\d.]+)", text).group(1)), re.sub(r"[\d.]", "", text)
    return value * {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60000.0}[unit]


def wrk_command(url, seconds, connections, threads=2, script=None, script_args=(),
                timeout=None):
    command = ["wrk", f"-t{threads}", f"-c{connections}", f"-d{seconds}s", "--latency",
               "-H", "Authorization: Bearer " + KEY]
    if timeout:
        command += ["--timeout", timeout]
    if script:
        command += ["-s", script]
    command.append(url)
    if script_args:
        command += ["--", *script_args]
    return command


def parse_wrk(out):
    """wrk --latency's output as a dict: rate (req/s), p50 and p99 (ms), requests, non2xx (wrk's
    count of non-2xx/3xx answers), socket_errors (text, "none" without any) and lua_non2xx (the
    count a bench script prints as `lua-non2xx: N`, None without one)."""
    distribution = re.search(r"Latency Distribution\s+50%\s+([\d.]+\w+).*?99%\s+([\d.]+\w+)",
                             out, re.DOTALL)
    if not distribution:
        sys.exit("wrk measured nothing:\n" + out)
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    socket_errors = re.search(r"Socket errors: (.*)", out)
    lua = re.search(r"lua-non2xx: (\d+)", out)
    return {
        "rate": float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1)),
        "p50": to_ms(distribution.group(1)),
        "p99": to_ms(distribution.group(2)),
        "requests": int(re.search(r"(\d+) requests in", out).group(1)),
        "non2xx": int(errors.group(1)) if errors else 0,
        "socket_errors": socket_errors.group(1).strip() if socket_errors else "none",
        "lua_non2xx": int(lua.group(1)) if lua else None,
    }
