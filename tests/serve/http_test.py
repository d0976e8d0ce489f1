#!/usr/bin/env python3
"""The HTTP layer of `gameopt serve` as a hostile client sees it (issue 37 items 4 and 6,
issue 35 item 3), with raw sockets on loopback. Each check failed before the fix:

  * a second server on a port in use is refused (exit 2, "in use"), and the first goes on;
  * Content-Type must be application/json itself (parameters allowed): not jsonp, json-seq;
  * a body sent both chunked and with a Content-Length is refused, and so is a transfer
    coding the server does not know (it read such a body until the connection closed);
  * 600 slowloris sockets (headers never finished; the old server took 512 connections and
    left the rest, and every new client, in the listen queue): a new client is answered;
  * 600 idle keep-alive connections after one request each: a new client is answered;
  * a client that trickles a header line now and then is closed after --client-timeout;
  * clients holding unfinished bodies: body memory stays within --body-memory, and a new
    client's POST is answered (the oldest holder gives way);
  * a refusal that leaves the connection usable (415) is followed by the next request.

Nothing is timed beyond "answered (or closed) within a generous wait".

    http_test.py GAMEOPT        (run from the source folder)"""
import json
import os
import resource
import socket
import subprocess
import sys
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
import serve_common  # noqa: E402
from serve_common import check  # noqa: E402

BIN = os.path.abspath(sys.argv[1])
WAIT = 20.0  # seconds: generous, for a loaded machine


class Server(serve_common.Server):
    def __init__(self, *args, port=0):
        super().__init__(BIN, *args, port=port)


def exchange(port, raw, timeout=WAIT, sock=None):
    """Sends raw bytes; the status code of the answer (None: no answer in time)."""
    own = sock is None
    try:
        s = sock or socket.create_connection(("127.0.0.1", port), timeout=timeout)
        s.settimeout(timeout)
        s.sendall(raw)
        data = b""
        while b"\r\n\r\n" not in data:
            chunk = s.recv(65536)
            if not chunk:
                break
            data += chunk
        head, _, rest = data.partition(b"\r\n\r\n")
        length = 0
        for line in head.split(b"\r\n")[1:]:
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value)
        while len(rest) < length:
            chunk = s.recv(65536)
            if not chunk:
                break
            rest += chunk
        if own:
            s.close()
        line = head.split(b"\r\n", 1)[0].split()
        return int(line[1]) if len(line) > 1 else None
    except OSError:
        return None


def post(path, body, content_type="application/json", extra=b""):
    data = body.encode() if isinstance(body, str) else body
    return (b"POST %s HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: %s\r\nContent-Length: %d\r\n%s\r\n" %
            (path.encode(), content_type.encode(), len(data), extra)) + data


FLOW = json.dumps({"input": "B.R..\nG..Y.\n.....\n.BYRG\n.....\n"})
STATUS = b"GET /api/status HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"


def status(port):
    """GET /api/status (its "connections" empty when it does not answer)."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=WAIT) as s:
            s.sendall(b"GET /api/status HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            data = b""
            while True:
                chunk = s.recv(65536)
                if not chunk:
                    break
                data += chunk
        return json.loads(data.partition(b"\r\n\r\n")[2])
    except (OSError, ValueError):
        return {"connections": {}}


def port_in_use():
    """Issue 35 item 3: the old server opened its socket with port reuse, so a second one
    started on the same port and the two split the requests."""
    a = Server()
    b = Server(port=a.port)
    try:
        code = b.proc.wait(timeout=WAIT)
    except subprocess.TimeoutExpired:
        code = "still running"
    err = b.proc.stderr.read() if code != "still running" else ""
    check(code == 2, f"a second server on a port in use exits 2 (got {code})")
    check("in use" in err and str(a.port) in err, f"and says the port is in use: {err!r}")
    check(exchange(a.port, STATUS) == 200, "the first server still answers")
    b.stop()
    a.stop()


def content_type_and_framing(s):
    """Issue 37 item 6: the media type is application/json itself; a body's length is never
    ambiguous."""
    for ctype, want in (("application/json", 200), ("application/json; charset=utf-8", 200),
                        ("Application/JSON;charset=UTF-8", 200), ("application/jsonp", 415),
                        ("application/json-seq", 415), ("application/jsonx; charset=utf-8", 415),
                        ("text/plain", 415)):
        got = exchange(s.port, post("/api/flow/solve", FLOW, ctype))
        check(got == want, f"Content-Type {ctype!r}: HTTP {got}, want {want}")
    body = FLOW.encode()
    chunked = b"%x\r\n%s\r\n0\r\n\r\n" % (len(body), body)
    both = (b"POST /api/flow/solve HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            b"Content-Length: %d\r\nTransfer-Encoding: chunked\r\n\r\n" % len(chunked)) + chunked
    check(exchange(s.port, both) == 400, "chunked with a Content-Length: 400")
    only = (b"POST /api/flow/solve HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            b"Transfer-Encoding: chunked\r\n\r\n") + chunked
    check(exchange(s.port, only) == 200, "chunked alone is read")
    gzip = (b"POST /api/flow/solve HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            b"Transfer-Encoding: gzip\r\n\r\n") + body
    check(exchange(s.port, gzip, timeout=WAIT) == 501, "an unknown transfer coding: 501 (not read until the close)")
    # A refusal told from the headers (415) reads the body and keeps the connection.
    with socket.create_connection(("127.0.0.1", s.port), timeout=WAIT) as c:
        first = exchange(s.port, post("/api/flow/solve", FLOW, "text/plain"), sock=c)
        second = exchange(s.port, post("/api/flow/solve", FLOW), sock=c)
    check((first, second) == (415, 200), f"415 then the next request on the same connection: {first}, {second}")


def open_many(port, n, first):
    """n connections, each sent `first`; the list of sockets."""
    socks = []
    for _ in range(n):
        c = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        c.settimeout(WAIT)
        c.connect(("127.0.0.1", port))
        if first:
            c.sendall(first)
        socks.append(c)
    return socks


def slowloris(s):
    """600 sockets whose headers never end: a new client is still answered (the old server
    took 512 and the rest, with every new client, waited in the listen queue)."""
    socks = open_many(s.port, 600, b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: 1\r\n")
    got = exchange(s.port, STATUS)
    check(got == 200, f"slowloris of 600 sockets: a new client is answered ({got})")
    got = exchange(s.port, post("/api/flow/solve", FLOW))
    check(got == 200, f"slowloris of 600 sockets: a new POST is answered ({got})")
    st = status(s.port)
    check(st["connections"].get("evicted", 0) >= 1, f"slow sockets gave way: {st['connections']}")
    for c in socks:
        c.close()


def idle_burst(s):
    """600 keep-alive connections, one request each, then idle: a new client is answered."""
    socks = open_many(s.port, 600, None)
    for c in socks:
        c.sendall(b"GET /favicon.svg HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    got = exchange(s.port, STATUS)
    check(got == 200, f"after a burst of 600 idle connections: a new client is answered ({got})")
    for c in socks:
        c.close()


def trickle():
    """A client that sends a header line every 0.3 s is closed after --client-timeout 1 (the
    old server's 60 s inactivity timeout never fired for it)."""
    s = Server("--client-timeout", "1")
    c = socket.create_connection(("127.0.0.1", s.port), timeout=WAIT)
    c.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
    closed = False
    end = time.monotonic() + WAIT
    while time.monotonic() < end and not closed:
        try:
            c.sendall(b"X-Trickle: a\r\n")
            c.settimeout(0.3)
            closed = c.recv(4096) == b""
        except socket.timeout:
            pass
        except OSError:
            closed = True
    c.close()
    check(closed, "a trickling client is closed after --client-timeout")
    check(status(s.port)["connections"].get("timed_out", 0) >= 1, "counted as timed out")
    s.stop()


def held_bodies():
    """Clients holding 900 KB of 1000 KB bodies: at most --body-memory 4 MB is held, and a new
    client's POST is answered (the old server held every body: 400 of them took 494 MB)."""
    s = Server("--body-memory", "4")
    socks = []
    for _ in range(8):
        c = socket.create_connection(("127.0.0.1", s.port), timeout=WAIT)
        c.sendall(b"POST /api/flow/solve HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                  b"Content-Length: 1024000\r\n\r\n")
        try:
            c.sendall(b" " * 900 * 1024)
        except OSError:
            pass  # it gave way already
        socks.append(c)
    held = status(s.port)["connections"].get("body_bytes", -1)
    check(0 <= held <= 4 * 1024 * 1024, f"body memory within --body-memory: {held}")
    got = exchange(s.port, post("/api/flow/solve", FLOW))
    check(got == 200, f"a new POST beside held bodies is answered ({got})")
    check(status(s.port)["connections"].get("evicted", 0) >= 1, "the oldest held bodies gave way")
    for c in socks:
        c.close()
    s.stop()


def main():
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < 1400:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(1400, hard), hard))
    port_in_use()
    s = Server()
    content_type_and_framing(s)
    slowloris(s)
    idle_burst(s)
    s.stop()
    trickle()
    held_bodies()
    return serve_common.finish("HTTP")


if __name__ == "__main__":
    sys.exit(main())
