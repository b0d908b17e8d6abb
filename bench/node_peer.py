"""The Node.js peer lodestoned is compared with by `http-compare.sh --peer node`: bench/node-peer
(Fastify and better-sqlite3, installed by http-compare.sh with npm ci), started fresh for each
route on its own SQLite database with the same API key, asked with the same wrk scripts as
lodestoned. Before it is measured, the same requests (a create, a status GET and the refusals of
both routes) go to both servers, which must answer with the same status codes and the same shapes
(keys in the same order, values of the same JSON types). See bench/README.md ("Node.js peer").
Only 127.0.0.1 is ever contacted.
"""
import json
import os
import subprocess
import sys
import urllib.error
import urllib.request

from httpbench import KEY, cpu_ticks, create_job, start_listening, stop_daemon, track

# (what is checked, method, path with {project} and {job}, Authorization header, body, type)
PARITY = (
    ("status", "GET", "/api/generation/{job}/status", "Bearer " + KEY, None, None),
    ("create", "POST", "/api/projects/{project}/generate", "Bearer " + KEY,
     b'{"email":"ada.parity@example.com","fullName":"Ada Lovelace"}', None),
    ("no key", "GET", "/api/generation/{job}/status", None, None, None),
    ("unknown key", "GET", "/api/generation/{job}/status", "Bearer lsk_unknown", None, None),
    ("unknown job", "GET", "/api/generation/job_unknown/status", "Bearer " + KEY, None, None),
    ("unknown project", "POST", "/api/projects/unknown/generate", "Bearer " + KEY,
     b'{"email":"ada@example.com"}', None),
    ("no email", "POST", "/api/projects/{project}/generate", "Bearer " + KEY,
     b'{"fullName":"Ada Lovelace"}', None),
    ("invalid email", "POST", "/api/projects/{project}/generate", "Bearer " + KEY,
     b'{"email":"ada"}', None),
    ("not JSON", "POST", "/api/projects/{project}/generate", "Bearer " + KEY, b'{"email":',
     None),
    ("form body", "POST", "/api/projects/{project}/generate", "Bearer " + KEY, b"email=ada",
     "application/x-www-form-urlencoded"),
    ("unknown path", "GET", "/api/nothing", "Bearer " + KEY, None, None),
)


def ask(port, method, path, authorization, body, content_type):
    """(status, parsed JSON answer) of one request to 127.0.0.1:port."""
    headers = {"Content-Type": content_type or "application/json"}
    if authorization:
        headers["Authorization"] = authorization
    req = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=body, method=method,
                                 headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=30) as reply:
            return reply.status, json.loads(reply.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


def shape(value):
    """The keys (in order) and JSON types of an answer, without its values."""
    if isinstance(value, dict):
        return {key: shape(item) for key, item in value.items()}
    if isinstance(value, list):
        return [shape(value[0])] if value else []
    if isinstance(value, bool) or value is None:
        return type(value).__name__
    return "number" if isinstance(value, (int, float)) else type(value).__name__


class NodePeer:
    """bench/node-peer's server.js, one process, on 127.0.0.1; a fresh one for each route."""

    name = "node-peer"
    MODES = ("status", "create")

    def __init__(self, peer_dir, workdir, sync):
        self.server = os.path.join(os.path.abspath(peer_dir), "server.js")
        if not os.path.isdir(os.path.join(peer_dir, "node_modules", "better-sqlite3")):
            sys.exit(f"the Node.js peer is not installed in {peer_dir} (http-compare.sh does it)")
        self.workdir, self.sync = workdir, sync
        self.process = None

    def prepare(self, mode, daemon):
        """Starts a peer on a fresh database with the bench key, creates one job, checks that it
        answers as lodestoned does; returns the path to ask on this route and the wrk script."""
        directory = os.path.join(self.workdir, f"peer-{mode}")
        os.makedirs(directory)
        database = os.path.join(directory, "peer.db")
        seeded = subprocess.run(["node", self.server, "seed", "--db", database, "--key", KEY,
                                 "--synchronous", self.sync],
                                check=True, capture_output=True, text=True)
        self.project = json.loads(seeded.stdout)["projectId"]
        self.log = os.path.join(directory, "peer.log")
        self.process, self.port = start_listening(
            ["node", self.server, "--db", database, "--port", "0", "--synchronous", self.sync],
            self.log, "the Node.js peer")
        track(self.workdir, self.process)
        self.job = create_job(self.port, self.project)[0]
        self.check_parity(daemon)
        if mode == "status":
            return f"/api/generation/{self.job}/status", "get"
        return f"/api/projects/{self.project}/generate", "post"

    def check_parity(self, daemon):
        notes = []
        for what, method, path, authorization, body, content_type in PARITY:
            answers = []
            for port, project, job in ((daemon.port, daemon.project, daemon.job),
                                       (self.port, self.project, self.job)):
                answers.append(ask(port, method, path.format(project=project, job=job),
                                   authorization, body, content_type))
            (status, answer), (peer_status, peer_answer) = answers
            if status != peer_status or shape(answer) != shape(peer_answer):
                sys.exit(f"the Node.js peer answers '{what}' unlike lodestoned:\n"
                         f"  lodestoned {status} {json.dumps(answer)}\n"
                         f"  node-peer  {peer_status} {json.dumps(peer_answer)}")
            if status >= 400 and answer != peer_answer:
                notes.append(f"{what} ({status})")
        differ = f"; error texts differ in: {', '.join(notes)}" if notes else ""
        print(f"# node-peer pid {self.process.pid} answers {len(PARITY)} requests with "
              f"lodestoned's status codes and shapes{differ}", flush=True)

    def cpu_ticks(self):
        return cpu_ticks(self.process.pid)

    def done(self, mode):
        """Stops this route's peer; returns 1 when it did not exit cleanly."""
        if self.process is None:
            return 0
        code, self.process = stop_daemon(self.process), None
        if code != 0:
            with open(self.log) as log:
                print(f"the Node.js peer exited with {code}; its log ends:\n{log.read()[-3000:]}",
                      file=sys.stderr)
        return int(code != 0)

    def stop(self):
        if self.process and self.process.poll() is None:
            stop_daemon(self.process)
