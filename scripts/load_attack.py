#!/usr/bin/env python3
"""Hostile clients for scripts/load.sh, on loopback only (standard library). Each run holds
the server's connections or memory the way an attacker would, while a probe opens a fresh
connection every 0.2 s and asks for GET /api/status (or, with --probe-post, a small solve);
it prints how many probes were answered within --probe-timeout seconds and how fast, and the
server's memory (VmRSS of --pid): before, at its peak, and after the run once the server is
quiet. Every run stops by itself after --seconds.

  load_attack.py slowloris --port P --pid PID [--sockets 700] [--seconds 20]
      sockets that send a request's headers one line every --trickle seconds and never end
      them; a socket the server closes is opened again at once
  load_attack.py held-body --port P --pid PID [--clients 400] [--kb 960] [--seconds 20]
      POSTs that declare a body of --kb + 40 KB, send --kb of it and hold; reopened when closed
  load_attack.py burst --port P --pid PID [--connections 512] [--seconds 20]
      --connections keep-alive connections opened at once, each asking for the page once and
      then left open and idle"""
import argparse
import os
import select
import socket
import sys
import threading
import time


def rss_mb(pid):
    try:
        for line in open(f"/proc/{pid}/status"):
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


class Memory(threading.Thread):
    """Samples the server's resident memory every 50 ms for the peak."""

    def __init__(self, pid):
        super().__init__(daemon=True)
        self.pid, self.peak, self.done = pid, rss_mb(pid), False

    def run(self):
        while not self.done:
            self.peak = max(self.peak, rss_mb(self.pid))
            time.sleep(0.05)


def http_request(port, method, path, body=b"", timeout=5.0):
    """One request on a fresh connection; the status code, or None when not answered in time."""
    head = (f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n").encode()
    end = time.monotonic() + timeout
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
            s.sendall(head + body)
            data = b""
            while True:
                s.settimeout(max(0.01, end - time.monotonic()))
                chunk = s.recv(65536)
                if not chunk:
                    break
                data += chunk
        line = data.split(b"\r\n", 1)[0].split()
        return int(line[1]) if len(line) > 1 else None
    except (OSError, ValueError):
        return None


class Probe(threading.Thread):
    """A new client every 0.2 s: how long until it has its whole answer."""

    def __init__(self, port, post, timeout):
        super().__init__(daemon=True)
        self.port, self.post, self.timeout = port, post, timeout
        self.times, self.failed, self.done = [], 0, False

    def run(self):
        while not self.done:
            t = time.monotonic()
            if self.post:
                code = http_request(self.port, "POST", "/api/flow/solve",
                                    b'{"input": "B.R..\\nG..Y.\\n.....\\n.BYRG\\n.....\\n"}', self.timeout)
            else:
                code = http_request(self.port, "GET", "/api/status", timeout=self.timeout)
            if code == 200:
                self.times.append(time.monotonic() - t)
            else:
                self.failed += 1
            time.sleep(max(0.0, 0.2 - (time.monotonic() - t)))


class Holders:
    """n sockets kept open against the server, each fed by `feed(i, sock, step)`; a socket the
    server closed (or reset) is opened again at once, as an attacker would."""

    def __init__(self, port, n, start, feed):
        self.port, self.start, self.feed = port, start, feed
        self.socks = [None] * n
        self.pending = {}  # what each socket still has to send
        self.opened = self.closed_by_server = 0

    def open(self, i):
        try:
            s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            s.setblocking(False)
            s.connect_ex(("127.0.0.1", self.port))
            self.socks[i] = s
            self.pending[i] = self.start
            self.opened += 1
        except OSError:
            self.socks[i] = None

    def pump(self, step):
        """Sends what each socket has to send now; reopens those the server closed."""
        for i, s in enumerate(self.socks):
            if s is None:
                self.open(i)
                continue
            r, _, _ = select.select([s], [], [], 0)
            gone = False
            if r:
                try:
                    gone = s.recv(65536) == b""
                except (BlockingIOError, InterruptedError):
                    pass
                except OSError:
                    gone = True
            if not gone:
                data = self.pending.pop(i, b"") + self.feed(i, step)
                if data:
                    try:
                        sent = s.send(data)
                        if sent < len(data):
                            self.pending[i] = data[sent:]
                    except (BlockingIOError, InterruptedError):
                        self.pending[i] = data
                    except OSError:
                        gone = True
            if gone:
                self.closed_by_server += 1
                s.close()
                self.open(i)

    def held(self):
        return sum(1 for s in self.socks if s is not None)

    def close(self):
        for s in self.socks:
            if s is not None:
                s.close()


def run(args):
    before = rss_mb(args.pid)
    mem = Memory(args.pid)
    mem.start()
    probe = Probe(args.port, args.probe_post, args.probe_timeout)
    what = {}
    if args.run == "slowloris":
        start = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: slow\r\n"
        holders = Holders(args.port, args.sockets, start, lambda i, step: b"X-Trickle-%d: a\r\n" % step)
        count, every = args.sockets, args.trickle
    elif args.run == "held-body":
        size = args.kb * 1024
        start = (b"POST /api/flow/solve HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                 b"Content-Length: %d\r\n\r\n" % (size + 40 * 1024)) + b" " * size
        holders = Holders(args.port, args.clients, start, lambda i, step: b"")
        count, every = args.clients, 1.0
    else:  # burst
        start = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
        holders = Holders(args.port, args.connections, start, lambda i, step: b"")
        count, every = args.connections, 1.0
    for i in range(count):
        holders.open(i)
    probe.start()
    t0 = time.monotonic()
    step = 0
    next_feed = t0
    while time.monotonic() - t0 < args.seconds:
        if time.monotonic() >= next_feed:
            step += 1
            next_feed += every
            holders.pump(step)
        else:
            holders.pump(0)
        time.sleep(0.05)
    what["held at the end"] = holders.held()
    what["closed by the server (reopened)"] = holders.closed_by_server
    probe.done = True
    probe.join()
    holders.close()
    # after the run: the server quiet again (its sockets closed), memory as it settles
    time.sleep(args.settle)
    mem.done = True
    mem.join()
    after = rss_mb(args.pid)
    times = sorted(probe.times)
    n = len(times) + probe.failed
    pct = lambda q: times[min(len(times) - 1, int(len(times) * q))] * 1000 if times else float("nan")
    print(f"run: {args.run}, {count} {'sockets' if args.run == 'slowloris' else 'clients' if args.run == 'held-body' else 'connections'}, "
          f"{args.seconds:g} s")
    print(f"attack: {holders.opened} connections opened, {what['closed by the server (reopened)']} closed by the server, "
          f"{what['held at the end']} held at the end")
    print(f"new clients (a probe every 0.2 s, {'POST solve' if args.probe_post else 'GET /api/status'}): "
          f"{len(times)} of {n} answered within {args.probe_timeout:g} s; "
          f"p50 {pct(0.5):.1f} ms, p99 {pct(0.99):.1f} ms, max {(times[-1] * 1000 if times else float('nan')):.1f} ms")
    print(f"server memory: {before:.1f} MB before, {mem.peak:.1f} MB peak, {after:.1f} MB {args.settle:g} s after "
          f"({(after - before) / before * 100 if before else 0:+.1f} %)")
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("run", choices=["slowloris", "held-body", "burst"])
    ap.add_argument("--port", type=int, required=True)
    ap.add_argument("--pid", type=int, required=True)
    ap.add_argument("--seconds", type=float, default=20)
    ap.add_argument("--sockets", type=int, default=700)
    ap.add_argument("--trickle", type=float, default=5.0)
    ap.add_argument("--clients", type=int, default=400)
    ap.add_argument("--kb", type=int, default=960)
    ap.add_argument("--connections", type=int, default=512)
    ap.add_argument("--probe-post", action="store_true")
    ap.add_argument("--probe-timeout", type=float, default=5.0)
    ap.add_argument("--settle", type=float, default=3.0)
    args = ap.parse_args()
    if not (1 <= args.seconds <= 300):
        sys.exit("load_attack.py: --seconds 1..300")
    import resource
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    need = max(args.sockets, args.clients, args.connections) + 64
    if soft < need:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(need, hard), hard))
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
