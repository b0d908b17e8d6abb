#!/usr/bin/python3
# A real SMTP server for tests and benchmarks (aiosmtpd), on 127.0.0.1 only, that keeps every
# message it accepts as a file and refuses what it is told to.
#
# Debian's python3-aiosmtpd is installed for /usr/bin/python3, hence that interpreter rather
# than whichever python3 comes first on PATH.
#
#   /usr/bin/python3 tests/support/smtp_sink.py --dir /tmp/mail --port 2525 \
#       --fail-rcpt 'bounce@' --tempfail-rcpt 'later@:2' --starttls cert.pem key.pem
#
# The first line on standard output is "PORT <n>" (the port chosen when --port is 0), written
# once the server accepts connections; then a line "DATA <peer>" each time a message's data has
# arrived in full (before any --delay-data wait), so a test knows the client now waits for the
# verdict. Each accepted message becomes <dir>/<seq>.json (the
# envelope: mailFrom, rcptTos, peer, tls, authUser, seq) and then <dir>/<seq>.eml (the message
# as received after DATA, CRLF line ends), each written to a temporary name and renamed, so a
# reader that sees an .eml file sees it whole and its .json beside it. <seq> counts from
# 000001. SIGTERM or SIGINT stops the server and the process exits 0.
import argparse
import asyncio
import json
import os
import re
import signal
import socket
import ssl
import sys
import threading

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword


def parse_args():
    parser = argparse.ArgumentParser(description="An SMTP sink for Lodestone's tests.")
    parser.add_argument("--dir", required=True, help="where accepted messages are written")
    parser.add_argument("--port", type=int, default=0, help="port on 127.0.0.1; 0: pick one")
    parser.add_argument("--fail-rcpt", action="append", default=[], metavar="REGEX",
                        help="550 5.1.1 for recipients matching REGEX")
    parser.add_argument("--tempfail-rcpt", action="append", default=[], metavar="REGEX:N",
                        help="451 4.3.0 for the first N attempts of each matching recipient")
    parser.add_argument("--fail-data", action="append", default=[], metavar="REGEX",
                        help="554 after DATA when a recipient matches REGEX")
    parser.add_argument("--starttls", nargs=2, metavar=("CERT", "KEY"), help="offer STARTTLS")
    parser.add_argument("--require-tls", action="store_true",
                        help="refuse mail (and AUTH) before STARTTLS")
    parser.add_argument("--implicit-tls", nargs=2, metavar=("CERT", "KEY"),
                        help="TLS from the first byte")
    parser.add_argument("--auth", metavar="USER:PASS", help="require AUTH PLAIN or LOGIN")
    parser.add_argument("--auth-mechanisms", default="PLAIN,LOGIN",
                        help="the AUTH mechanisms offered (default PLAIN,LOGIN)")
    parser.add_argument("--delay-data", type=float, default=0.0, metavar="SECONDS",
                        help="wait this long before answering the end of DATA")
    parser.add_argument("--hostname", default="sink.lodestone.test", help="name in the greeting")
    args = parser.parse_args()
    if args.starttls and args.implicit_tls:
        parser.error("--starttls and --implicit-tls exclude each other")
    if args.require_tls and not args.starttls:
        parser.error("--require-tls needs --starttls")
    tempfail = []
    for spec in args.tempfail_rcpt:
        pattern, _, count = spec.rpartition(":")
        if not pattern or not count.isdigit():
            parser.error(f"--tempfail-rcpt {spec!r}: expected REGEX:N")
        tempfail.append((re.compile(pattern), int(count)))
    args.tempfail_rcpt = tempfail
    args.fail_rcpt = [re.compile(p) for p in args.fail_rcpt]
    args.fail_data = [re.compile(p) for p in args.fail_data]
    return args


def server_tls(cert_key):
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert_key[0], cert_key[1])
    return context


def write_atomically(path, data):
    folder, name = os.path.split(path)
    temporary = os.path.join(folder, "." + name + ".tmp")
    with open(temporary, "wb") as out:
        out.write(data)
    os.rename(temporary, path)


class Sink:
    """The handler: aiosmtpd calls handle_RCPT and handle_DATA on its event loop thread."""

    def __init__(self, args):
        self.args = args
        self.seq = 0
        self.attempts = {}  # recipient (lower case) -> RCPT attempts seen by --tempfail-rcpt

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if any(p.search(address) for p in self.args.fail_rcpt):
            return f"550 5.1.1 <{address}>: user unknown"
        for pattern, count in self.args.tempfail_rcpt:
            if pattern.search(address):
                seen = self.attempts.get(address.lower(), 0) + 1
                self.attempts[address.lower()] = seen
                if seen <= count:
                    return f"451 4.3.0 <{address}>: try again later (attempt {seen} of {count})"
        envelope.rcpt_tos.append(address)
        return "250 2.1.5 OK"

    async def handle_DATA(self, server, session, envelope):
        print("DATA %s:%d" % tuple(session.peer[:2]), flush=True)
        if self.args.delay_data > 0:
            await asyncio.sleep(self.args.delay_data)
        if any(p.search(r) for p in self.args.fail_data for r in envelope.rcpt_tos):
            return "554 5.7.1 message refused"
        self.seq += 1
        name = f"{self.seq:06d}"
        transport = server.transport
        sidecar = {
            "seq": self.seq,
            "mailFrom": envelope.mail_from,
            "rcptTos": list(envelope.rcpt_tos),
            "peer": "%s:%d" % tuple(session.peer[:2]),
            "tls": transport is not None and transport.get_extra_info("ssl_object") is not None,
            "authUser": session.auth_data.login.decode("utf-8", "replace")
            if isinstance(session.auth_data, LoginPassword) else None,
        }
        write_atomically(os.path.join(self.args.dir, name + ".json"),
                         json.dumps(sidecar).encode())
        write_atomically(os.path.join(self.args.dir, name + ".eml"), envelope.original_content)
        return f"250 2.0.0 Ok: queued as {name}"


class SinkController(Controller):
    """Listens on a socket bound before start, so port 0 works (aiosmtpd's own Controller
    connects to the port it was given to check that the server is up)."""

    def __init__(self, handler, listener, **kwargs):
        self.listener = listener
        super().__init__(handler, hostname="127.0.0.1", port=listener.getsockname()[1], **kwargs)

    def _create_server(self):
        return self.loop.create_server(self._factory_invoker, sock=self.listener,
                                       ssl=self.ssl_context)


def main():
    args = parse_args()
    os.makedirs(args.dir, exist_ok=True)
    # IPPROTO_TCP named, not left 0: asyncio sets TCP_NODELAY only on sockets whose proto is
    # IPPROTO_TCP, and accepted connections inherit the listener's. Without it, Nagle holds back
    # the second line of each multi-line reply (aiosmtpd writes EHLO's lines one by one) until
    # the client's delayed ACK, 40 ms a conversation.
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", args.port))
    listener.listen(64)

    options = {"server_hostname": args.hostname, "ident": "lodestone smtp_sink"}
    if args.starttls:
        options["tls_context"] = server_tls(args.starttls)
        options["require_starttls"] = args.require_tls
    if args.implicit_tls:
        options["ssl_context"] = server_tls(args.implicit_tls)
    if args.auth:
        user, _, password = args.auth.partition(":")
        offered = {m.strip().upper() for m in args.auth_mechanisms.split(",") if m.strip()}

        def authenticator(server, session, envelope, mechanism, auth_data):
            ok = (isinstance(auth_data, LoginPassword) and
                  auth_data.login.decode() == user and auth_data.password.decode() == password)
            # handled=False: aiosmtpd then answers a failure with 535 itself.
            return AuthResult(success=ok, handled=False, auth_data=auth_data if ok else None)

        options["authenticator"] = authenticator
        options["auth_required"] = True
        options["auth_require_tls"] = args.require_tls
        options["auth_exclude_mechanism"] = [m for m in ("PLAIN", "LOGIN") if m not in offered]

    controller = SinkController(Sink(args), listener, **options)
    stop = threading.Event()
    for signo in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signo, lambda *_: stop.set())
    controller.start()
    print(f"PORT {listener.getsockname()[1]}", flush=True)
    while not stop.wait(3600):
        pass
    controller.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
