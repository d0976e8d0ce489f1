#!/usr/bin/env python3
"""API tests of `gameopt serve`: start the server on an ephemeral loopback port, send
requests with curl, and compare every reply's answers with the command line's --json for the
same input (read from stdin): one mid-end behind both. Then every error class: malformed requests, unknown names, bad
options, bad puzzles (the same located message as the CLI), proven no-solution (422),
size limit (413), content type (415), methods (405), Host (403), a full queue (503),
and that the server stops cleanly on SIGTERM. Times and memory are left out of the
comparison ("seconds", "cpu_seconds", "peak_mb", "us_per_game"), as in the golden tests.

    api_test.py GAMEOPT        (run from the source folder)"""
import json
import os
import socket
import subprocess
import sys
import tempfile
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
import serve_common  # noqa: E402
from serve_common import check  # noqa: E402

BIN = os.path.abspath(sys.argv[1])
VOLATILE = {"seconds", "cpu_seconds", "peak_mb", "us_per_game"}


def normal(v):
    if isinstance(v, dict):
        return {k: normal(x) for k, x in v.items() if k not in VOLATILE}
    if isinstance(v, list):
        return [normal(x) for x in v]
    return v


class Server(serve_common.Server):
    def __init__(self, *args):
        super().__init__(BIN, *args)
        if self.port is None:
            sys.exit(f"FAIL: gameopt serve exited: {self.proc.stderr.read()}")

    def request(self, path, body=None, method=None, headers=(), raw=False, extra=()):
        """(http status, X-Gameopt-Exit or None, parsed JSON or text)."""
        with tempfile.TemporaryDirectory() as tmp:
            out, hdr = os.path.join(tmp, "out"), os.path.join(tmp, "hdr")
            cmd = ["curl", "-s", "--path-as-is", "-o", out, "-D", hdr, "-w", "%{http_code}", *extra]
            if body is not None:
                data = os.path.join(tmp, "body")
                with open(data, "wb") as f:
                    f.write(body if isinstance(body, bytes) else json.dumps(body).encode())
                cmd += ["--data-binary", f"@{data}", "-H", "Content-Type: application/json"]
            if method:
                cmd += ["-X", method]
            for h in headers:
                cmd += ["-H", h]
            code = int(subprocess.run(cmd + [self.url(path)], capture_output=True, text=True).stdout or 0)
            exit_code = None
            for line in open(hdr, errors="replace"):
                if line.lower().startswith("x-gameopt-exit:"):
                    exit_code = int(line.split(":", 1)[1])
            text = open(out, "rb").read().decode("utf-8", "replace") if os.path.exists(out) else ""
            if raw:
                return code, exit_code, text
            try:
                return code, exit_code, json.loads(text)
            except ValueError:
                return code, exit_code, text


def cli(game, text, args=()):
    r = subprocess.run([BIN, game, "solve", "--json", *args, "-"], input=text, capture_output=True, text=True)
    rows = [json.loads(line) for line in r.stdout.splitlines() if line.strip()]
    return r.returncode, rows, r.stderr.strip()


def error_text(a):
    """The reply's error line ("gameopt: ..."), or ""."""
    e = a.get("error") if isinstance(a, dict) else None
    return e.get("text", "") if isinstance(e, dict) else ""


def cli_args(options):
    args = []
    for k, v in options.items():
        if v is True:
            args.append(f"--{k}")
        elif v is not False:
            args += [f"--{k}", str(v)]
    return args


HTTP_OF_EXIT = {0: 200, 1: 422, 2: 400, 3: 200, 4: 500}


def same_as_cli(s, game, text, options, label):
    code, exit_code, answer = s.request(f"/api/{game}/solve", {"input": text, "options": options})
    want_exit, want, _ = cli(game, text, cli_args(options))
    check(exit_code == want_exit, f"{label}: X-Gameopt-Exit {exit_code}, CLI exit {want_exit}")
    check(code == HTTP_OF_EXIT[want_exit], f"{label}: HTTP {code} for exit {want_exit}")
    got = answer.get("answers") if isinstance(answer, dict) else answer
    check(normal(got) == normal(want), f"{label}: API answers differ from the CLI's --json:\n  {got}\n  {want}")


def read(path):
    return open(path).read()


def answers(s):
    seed_url = "https://puzz.link/p?country/10/10/aiqqtlterrenlnbb9a3btscr9ejpeir67nqo4h3g24k3g2i2g421g2h3g31g"
    same_as_cli(s, "country", seed_url + "\n", {"count": 2}, "country seed URL, count 2")
    same_as_cli(s, "country", read("data/country/seed-10x10.txt"), {"method": "mip"}, "country seed text, mip")
    same_as_cli(s, "country", read("data/country/generated-12x12.txt"), {"stats": True}, "country 12x12, stats")
    same_as_cli(s, "flow", read("data/flow/seed_5x5.txt"), {}, "flow seed")
    same_as_cli(s, "flow", read("data/flow/numberlink_8x8.txt"), {"method": "sat", "partial": True}, "flow numberlink, sat, partial")
    same_as_cli(s, "flow", "AB\nBA\n", {}, "flow without solution (422)")
    same_as_cli(s, "flood", read("data/flood/example.txt"), {}, "flood example")
    same_as_cli(s, "flood", read("data/flood/ids.txt"), {"method": "greedy"}, "flood Tatham IDs (a batch: an array)")
    same_as_cli(s, "flood", read("data/flood/example.txt"), {"start": "lr", "method": "ida"}, "flood start lr, ida")

    # A picture when asked; the draw verb; the list of games.
    svg = lambda a: next((o.get("text", "") for o in a.get("outputs", []) if o.get("role") == "picture"), "")
    code, _, a = s.request("/api/flow/solve", {"input": read("data/flow/seed_5x5.txt"), "picture": "svg"})
    check(code == 200 and svg(a).startswith("<?xml") and "<svg" in svg(a), "solve with an SVG picture")
    check(a["outputs"][0]["type"] == "image/svg+xml" and a["outputs"][0]["name"] == "stdin", "the picture's type and name")
    code, _, a = s.request("/api/flood/draw", {"input": read("data/flood/example.txt"), "picture": "svg"})
    check(code == 200 and "<svg" in svg(a) and a["answers"][0].get("text", "").startswith("155332524351\n"),
          "draw: the picture and the board in the first format")
    # Colour is never the only cue in the server's pictures: text labels every flood cell,
    # every flow end, every taxis city.
    labels = lambda text: text.count("<text ")
    check(labels(svg(a)) >= 144, f"every cell of the 12x12 flood board labelled: {labels(svg(a))}")
    code, _, a = s.request("/api/flow/draw", {"input": read("data/flow/seed_5x5.txt"), "picture": "svg"})
    check(code == 200 and labels(svg(a)) >= 8, "both ends of the four flow colours labelled")
    code, _, a = s.request("/api/taxis/play", {"options": {"seed": 3}, "picture": "svg"})
    check(code == 200 and labels(svg(a)) >= 22, "taxis names drawn")
    code, _, a = s.request("/api/flow/lp", {"input": read("data/flow/seed_5x5.txt")})
    lp = next((o.get("text", "") for o in a.get("outputs", []) if o.get("role") == "lp"), "")
    check(code == 200 and "Binaries" in lp, f"flow lp: the model comes in the reply, not on the server's stdout ({a})")
    code, _, g = s.request("/api/games")
    names = [x["name"] for x in g.get("games", [])] if isinstance(g, dict) else []
    check(code == 200 and {"country", "flow", "flood"} <= set(names), f"GET /api/games lists the families: {names}")
    flood = next((x for x in g["games"] if x["name"] == "flood"), {})
    check(flood.get("methods", [None])[0] == "astar" and "tatham" in flood.get("formats", []), "flood's methods and formats")
    solve = next((v for v in flood.get("verbs", []) if v["name"] == "solve"), {})
    check(any(o["name"] == "start" and o["type"] == "string" for o in solve.get("options", [])), "flood's own options")
    country = next((x for x in g["games"] if x["name"] == "country"), {})
    solve = next((v for v in country.get("verbs", []) if v["name"] == "solve"), {})
    check(any(o["name"] == "count" and o["type"] == "int" and o["min"] == 1 for o in solve.get("options", [])),
          "common options with types and ranges")
    check(not any(o["name"] in ("output", "threads", "shard") for o in solve.get("options", [])),
          "options the API refuses are not listed")

    # Declared verbs beyond solve, run as the command line runs them.
    for game, verb, body, args in (
            ("flood", "hint", {"input": "12\n21\n", "args": ["1"]}, ["flood", "hint", "--json", "-", "1"]),
            ("tokens", "upgrade", {"options": {"from": "1867:L12", "tokens": "0:LPS,1:QLS"}},
             ["tokens", "upgrade", "--json", "--from", "1867:L12", "--tokens", "0:LPS,1:QLS"]),
            ("tokens", "show", {"args": ["1867:L12"]}, ["tokens", "show", "--json", "1867:L12"]),
            ("taxis", "play", {"options": {"seed": 3, "heuristic": "md"}}, ["taxis", "play", "--json", "--seed", "3", "--heuristic", "md"]),
            ("taxis", "turn", {"args": ["Munchen", "Ingolstadt"], "options": {"seed": 3, "map": True}},
             ["taxis", "turn", "--json", "--seed", "3", "--map", "Munchen", "Ingolstadt"]),
            ("taxis", "turn", {"args": ["Munchen", "Lodz"], "options": {"seed": 3}},
             ["taxis", "turn", "--json", "--seed", "3", "Munchen", "Lodz"]),
            ("country", "convert", {"input": read("data/country/seed-10x10.txt"), "options": {"to": "url"}},
             ["country", "convert", "--json", "--to", "url", "-"])):
        if game not in names:
            continue
        code, exit_code, a = s.request(f"/api/{game}/{verb}", body)
        r = subprocess.run([BIN, *args], input=body.get("input", ""), capture_output=True, text=True)
        rows = [json.loads(line) for line in r.stdout.splitlines() if line.strip()]
        got = normal(a.get("answers")) if r.returncode != 2 else error_text(a)
        want = normal(rows) if r.returncode != 2 else r.stderr.strip()  # a refused request: the CLI's message
        check(exit_code == r.returncode and got == want, f"{game} {verb}: the API answers as the CLI does:\n  {got}\n  {want}")


def cli_error(game, text, args=()):
    return cli(game, text, args)[2]


def errors(s):
    def error_case(path, body, want_http, label, want_message=None, **kw):
        code, exit_code, a = s.request(path, body, **kw)
        check(code == want_http, f"{label}: HTTP {code}, want {want_http} ({a})")
        msg = error_text(a)
        check(msg.startswith("gameopt: "), f"{label}: a one-line error message ({a})")
        if want_message is not None:
            check(msg == want_message, f"{label}: message {msg!r}, the CLI says {want_message!r}")
        return msg

    bad = "https://puzz.link/p?country/5/5/amda0uf0x2h12h\n"
    error_case("/api/country/solve", {"input": bad}, 400, "bad puzzle", cli_error("country", bad))
    error_case("/api/flood/solve", {"input": "12\n3\n"}, 400, "bad flood board", cli_error("flood", "12\n3\n"))
    error_case("/api/flow/solve", {"input": "\n"}, 400, "no puzzle", cli_error("flow", "\n"))
    error_case("/api/country/solve", {"input": bad, "options": {"method": "nope"}}, 400, "unknown method",
               cli_error("country", bad, ["--method", "nope"]))
    error_case("/api/country/solve", {"input": bad, "options": {"format": "nope"}}, 400, "unknown format",
               cli_error("country", bad, ["--format", "nope"]))
    m = error_case("/api/country/solve", b'{"input": "x",', 400, "malformed JSON")
    check(m.startswith("gameopt: request:1:"), f"malformed JSON is located: {m}")
    error_case("/api/tokens/upgrade", {"input": "x"}, 400, "a verb without input")
    error_case("/api/country/solve", [1, 2], 400, "not an object")
    error_case("/api/country/solve", {"options": {}}, 400, "no input")
    error_case("/api/country/solve", {"input": "x", "file": "/etc/passwd"}, 400, "unknown field")
    error_case("/api/country/check", {"input": "x", "answer": "y"}, 400, "a field the entry point does not know",
               "gameopt: request: unknown field 'answer' (expected game, verb, input, inputs, args, options, picture)")
    # flow check PUZZLE ANSWER: the answer is the second file; its errors name it `answer`.
    flow_seed = "B.R..\nG..Y.\n.....\n.BYRG\n.....\n"
    with_answer = lambda answer: {"input": flow_seed, "inputs": [{"name": "answer", "text": answer}], "args": ["answer"]}
    for answer, want in (("BBRRR\nGBYYR\nGBYRR\nGBYRG\nGGGGG\n", {"name": "stdin", "status": "solved", "method": "check", "ok": True}),
                         ("BBRRR\nGBYYR\nGBYRR\nGBYRG\nGGGGB\n", {"name": "stdin", "status": "infeasible", "method": "check", "ok": False,
                          "reason": "the endpoint at row 4, column 5 has 0 path links (it needs 1)"})):
        code, exit_code, a = s.request("/api/flow/check", with_answer(answer))
        got = normal(a.get("answers", [None])[0])
        check(got == want and exit_code == (0 if want["ok"] else 1), f"flow check with an answer: {got}")
    error_case("/api/flow/check", with_answer("BBRRR\nGBYYR\nGBYRR\nGBYRG\nGGGG\n"), 400,
               "a bad answer is located", "gameopt: answer:5:5: row 5 is shorter than the board (5 cells)")
    error_case("/api/country/solve", {"input": "x", "options": {"nope": 1}}, 400, "unknown option")
    error_case("/api/country/solve", {"input": "x", "options": {"count": 0}}, 400, "option out of range")
    error_case("/api/country/solve", {"input": "x", "options": {"count": "two"}}, 400, "option of the wrong type")
    error_case("/api/country/solve", {"input": "x", "options": {"output": "/tmp/x.svg"}}, 400, "no file names")
    error_case("/api/flow/lp", {"input": "x", "options": {"output": "/tmp/x.lp"}}, 400, "no output names a file")
    error_case("/api/taxis/play", {"options": {"save-setting": "/tmp/x.setting"}}, 400, "no side output names a file")
    error_case("/api/tokens/upgrade", {"options": {"catalog": "/etc/passwd"}}, 400, "no option names a file")
    error_case("/api/tokens/show", {"args": ["/etc/passwd"]}, 400, "no argument names a file")
    error_case("/api/tokens/show", {"args": ["CMakeLists.txt"]}, 400, "no argument names a file, relative either")
    error_case("/api/flood/hint", {"input": "12\n21\n", "options": {"beam-width": 0}}, 400, "a typed option out of range",
               cli("flood", "12\n21\n", ["--beam-width", "0"])[2])
    error_case("/api/country/solve", {"input": "x", "picture": "bmp"}, 400, "unknown picture kind")
    error_case("/api/nogame/solve", {"input": "x"}, 404, "unknown game")
    error_case("/api/country/frobnicate", {"input": "x"}, 404, "unknown verb")
    error_case("/api/country", {"input": "x"}, 404, "API path without a verb")
    error_case("/api/country/solve", None, 405, "GET on a POST path")
    error_case("/api/games", {"input": "x"}, 405, "POST on GET /api/games")
    error_case("/api/country/solve", None, 415, "not JSON", method="POST", extra=["--data-binary", "{}"])
    error_case("/api/country/solve", {"input": "x" * (70 * 1024)}, 413, "body over --max-body")
    error_case("/", None, 403, "a foreign Host header", headers=["Host: example.com"])
    error_case("/../CMakeLists.txt", None, 404, "no path leaves the page's folder")
    error_case("/etc/passwd", None, 404, "no file outside the page")

    code, _, page = s.request("/", raw=True)
    check(code == 200 and "<title>gameopt</title>" in page, "the page")
    code, _, js = s.request("/request.js", raw=True)  # the page's one door to the API
    check(code == 200 and "api/games" in js, "the page's script")


def busy(tmp):
    """One worker, one place in the queue: of three slow requests at once, one gets 503."""
    board = subprocess.run([BIN, "flood", "generate", "--size", "30x30", "--colours", "8", "--seed", "3"],
                           capture_output=True, text=True).stdout
    s = Server("--threads", "1", "--queue", "1", "--time-limit", "1")
    procs = []
    for i in range(3):
        body = os.path.join(tmp, f"slow{i}.json")
        with open(body, "w") as f:
            json.dump({"input": board}, f)
        procs.append(subprocess.Popen(["curl", "-s", "-w", "\n%{http_code}", "-H", "Content-Type: application/json",
                                       "--data-binary", f"@{body}", s.url("/api/flood/solve")],
                                      stdout=subprocess.PIPE, text=True))
        time.sleep(0.15)  # the first is running and the second waiting before the third arrives
    results = [p.communicate()[0].rsplit("\n", 1) for p in procs]
    codes = sorted(int(c) for _, c in results)
    check(codes == [200, 200, 503], f"a full queue answers 503: {codes}")
    for body, c in results:
        if c == "200":
            check(json.loads(body).get("status") == "unknown", "the server's time limit stops a long solve (status unknown)")
        else:
            check("busy" in error_text(json.loads(body)), "503 says the server is busy")
    s.stop()


def no_file_attacks(tmp):
    """Issue 37 items 1-2 as an attacker sent them: a FIFO (it blocked a worker in open() for
    good) and /dev/zero (it grew the server past 2 GB) named in options and arguments, all at
    once on two workers with a plain solve among them. Each is answered with an error that
    says nothing about the file, the plain solve is answered, the server's memory stays small
    and it still answers afterwards."""
    fifo = os.path.join(tmp, "fifo")
    os.mkfifo(fifo)
    s = Server("--threads", "2")
    attacks = [
        ("/api/tokens/upgrade", {"options": {"hex": "/dev/zero:A1", "from": "1867:X2"}}, "tokens --hex /dev/zero"),
        ("/api/tokens/upgrade", {"options": {"from": f"{fifo}:L12", "to": "1867:X2"}}, "tokens --from FIFO"),
        ("/api/tokens/upgrade", {"options": {"from": "/dev/zero:L12", "to": "1867:X2"}}, "tokens --from /dev/zero"),
        ("/api/tokens/upgrade", {"options": {"from": "1867:X2", "to": "1867:X5", "catalog": fifo}}, "tokens --catalog FIFO"),
        ("/api/taxis/play", {"options": {"graph": fifo}}, "taxis --graph FIFO"),
        ("/api/country/solve", {"args": [fifo]}, "country solve FIFO"),
        ("/api/flood/solve", {"args": ["/dev/zero"]}, "flood solve /dev/zero"),
    ]
    plain = ("/api/flow/solve", {"input": read("data/flow/seed_5x5.txt")}, "a plain solve")
    procs = []
    for i, (path, body, label) in enumerate(attacks + [plain]):
        name = os.path.join(tmp, f"attack{i}.json")
        with open(name, "w") as f:
            json.dump(body, f)
        procs.append((label, subprocess.Popen(["curl", "-s", "-m", "120", "-w", "\n%{http_code}", "-H",
                                               "Content-Type: application/json", "--data-binary", f"@{name}",
                                               s.url(path)], stdout=subprocess.PIPE, text=True)))
    for label, p in procs:
        body, code = p.communicate()[0].rsplit("\n", 1)
        try:
            a = json.loads(body)
        except ValueError:
            a = {}
        if label == plain[2]:
            check(code == "200" and a.get("status") == "solved", f"{label} among the attacks: {code} {body[:200]}")
            continue
        check(code == "400" and a.get("exit") == 2, f"{label}: answered 400 / exit 2 (got {code}: {body[:200]})")
        # nothing learnt about the file: the same words as for a path that does not exist
        path, req, _ = attacks[[x[2] for x in attacks].index(label)]
        absent = json.loads(json.dumps(req).replace(fifo, "/no/such/place").replace("/dev/zero", "/no/such/place"))
        same = error_text(s.request(path, absent)[2])
        msg = error_text(a).replace(fifo, "/no/such/place").replace("/dev/zero", "/no/such/place")
        check(msg and msg == same, f"{label}: says what it says of a path that does not exist ({msg!r}, {same!r})")
    rss_kb = int(next(line.split()[1] for line in open(f"/proc/{s.proc.pid}/status") if line.startswith("VmRSS:")))
    check(rss_kb < 200 * 1024, f"the server stays small after /dev/zero requests ({rss_kb} KB resident)")
    code, _, a = s.request("/api/flow/solve", {"input": read("data/flow/seed_5x5.txt")})
    check(code == 200 and a.get("status") == "solved", f"the server still answers after the attacks ({code}, {a})")
    s.stop()


def status(s):
    return s.request("/api/status")[2]


def wait_until(what, cond, limit=60.0):
    """Polls cond() until it holds; a failed check (not a timing assertion) after `limit` s."""
    end = time.monotonic() + limit
    while time.monotonic() < end:
        if cond():
            return True
        time.sleep(0.05)
    check(False, what)
    return False


# For each family, a request that runs for far longer than the test waits (a count of all
# solutions of a puzzle with millions, a large Flood-It board's proof, mc with a million
# samples per move); tokens answers every question in milliseconds, so it has none.
LONG = {
    "country": ("solve", {"input": "pzprv3\ncountry\n12\n12\n1\n" + ("0 " * 12 + "\n") * 12 + (". " * 12 + "\n") * 12,
                          "options": {"count": 100000000}}),
    "flow": ("solve", {"input": ".........\n.........\nA.......A\n.........\n.........\n",
                       "options": {"partial": True, "count": 100000000}}),
    "flood": ("solve", {"input": None, "options": {"format": "grid"}}),
    "taxis": ("play", {"options": {"heuristic": "mc", "mc-samples": 1048576, "seed": 3}}),
}


def hang_up(tmp):
    """A client that hangs up frees its worker: the running solve stops at the game's next
    check of the cancel token (GET /api/status shows the worker idle and the request counted
    as cancelled), long before the request's own time limit."""
    board = subprocess.run([BIN, "flood", "generate", "--size", "40x40", "--seed", "1"], capture_output=True,
                           text=True, check=True).stdout
    s = Server("--threads", "1", "--time-limit", "600")
    for family, (verb, body) in LONG.items():
        body = dict(body)
        if body.get("input", 1) is None:
            body["input"] = board
        body["options"] = dict(body["options"], **({"time-limit": 500} if verb == "solve" else {}))
        before = status(s)
        data = json.dumps(body).encode()
        sock = socket.create_connection(("127.0.0.1", s.port))
        sock.sendall(b"POST /api/%s/%s HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                     b"Content-Length: %d\r\n\r\n%s" % (family.encode(), verb.encode(), len(data), data))
        wait_until(f"{family} {verb}: the long request runs", lambda: status(s).get("running") == 1)
        time.sleep(0.3)  # well into the solve
        check(status(s).get("running") == 1, f"{family} {verb}: still running before the hang-up")
        sock.close()
        wait_until(f"{family} {verb}: the worker is freed after the client hung up",
                   lambda: status(s).get("running") == 0)
        after = status(s)
        check(after.get("cancelled") == before.get("cancelled", 0) + 1, f"{family}: counted as cancelled: {after}")
        code, _, a = s.request("/api/flow/solve", {"input": read("data/flow/seed_5x5.txt")})
        check(code == 200 and a.get("status") == "solved", f"after {family}: the next request is served ({code})")
    s.stop()


def post_raw(s, family, verb, body, headers=()):
    """A POST sent on a socket of its own, left open (the request runs until the socket closes)."""
    data = json.dumps(body).encode()
    sock = socket.create_connection(("127.0.0.1", s.port))
    extra = b"".join(h.encode() + b"\r\n" for h in headers)
    sock.sendall(b"POST /api/%s/%s HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n%s"
                 b"Content-Length: %d\r\n\r\n%s" % (family.encode(), verb.encode(), extra, len(data), data))
    return sock


def progress():
    """A request named by its client (X-Gameopt-Progress) tells what it has proven while it
    runs (GET /api/progress/NAME: a Flood-It proof's bounds and nodes), a second one waiting
    behind it says so, unknown or malformed names are 404/400, and nothing is kept once the
    requests are over."""
    board = subprocess.run([BIN, "flood", "generate", "--size", "30x30", "--colours", "8", "--seed", "5"],
                           capture_output=True, text=True, check=True).stdout
    s = Server("--threads", "1", "--time-limit", "600")
    first, second = "first-" + os.urandom(8).hex(), "second_" + os.urandom(8).hex()
    # a narrow first beam: A* (whose nodes the line counts) starts at once, even under ASan
    body = {"input": board, "options": {"time-limit": 500, "beam-width": 8}}
    socks = [post_raw(s, "flood", "solve", body, [f"X-Gameopt-Progress: {first}"])]
    wait_until("the first request runs", lambda: status(s).get("running") == 1)
    socks.append(post_raw(s, "flood", "solve", body, [f"X-Gameopt-Progress: {second}"]))
    seen = {}

    def proving():
        code, _, p = s.request(f"/api/progress/{first}")
        seen.update(p if isinstance(p, dict) else {"text": p})
        return code == 200 and "nodes" in str(p.get("status"))

    wait_until(f"the proof's progress is told while it runs: {seen}", proving)
    check(seen.get("state") == "running" and seen.get("label") == "flood" and seen.get("total") == 1,
          f"running, one board: {seen}")
    check("at least" in seen.get("status", "") and "at most" in seen.get("status", ""), f"its bounds: {seen}")
    wait_until("the second request waits", lambda: s.request(f"/api/progress/{second}")[2] == {"state": "waiting", "ahead": 0})
    code, exit_code, a = s.request("/api/progress/nobody-" + os.urandom(8).hex())
    check(code == 404 and exit_code == 2 and "no request named" in error_text(a), f"an unknown name: {code} {a}")
    code, _, a = s.request("/api/progress/short")
    check(code == 404, f"a malformed name is no request: {code} {a}")
    code, _, a = s.request(f"/api/progress/{first}", {}, method="POST")
    check(code == 405, f"progress is read with GET: {code}")
    code, exit_code, a = s.request("/api/flood/solve", {"input": "0120\n1201\n"}, headers=["X-Gameopt-Progress: a b"])
    check(code == 400 and exit_code == 2 and "X-Gameopt-Progress must be" in error_text(a),
          f"a malformed name is refused: {code} {a}")
    for sock in socks:
        sock.close()
    wait_until("both requests end when their clients hang up",
               lambda: status(s).get("running") == 0 and status(s).get("waiting") == 0)
    for name in (first, second):
        check(s.request(f"/api/progress/{name}")[0] == 404, f"nothing kept of {name} once it is over")
    s.stop()


def out_of_memory():
    """A request that runs out of memory is answered 503 and the server goes on. Fault
    injection (GOPT_FAIL_ALLOC_OVER, core/alloc.c) makes every allocation over 2 MB fail, which
    a large Flood-It board's search reaches within a second."""
    board = subprocess.run([BIN, "flood", "generate", "--size", "40x40", "--seed", "1"], capture_output=True,
                           text=True, check=True).stdout
    saved = dict(os.environ)
    os.environ["GOPT_FAIL_ALLOC_OVER"] = "2000000"
    # what the abandoned request held is lost by design: LeakSanitizer must not fail the stop
    os.environ["ASAN_OPTIONS"] = os.environ.get("ASAN_OPTIONS", "") + ":detect_leaks=0"
    try:
        s = Server("--threads", "1")
    finally:
        os.environ.clear()
        os.environ.update(saved)
    code, exit_code, a = s.request("/api/flood/solve", {"input": board, "options": {"memory-limit": 1000}})
    check(code == 503 and exit_code == 3 and "ran out of memory" in error_text(a),
          f"out of memory: 503 with a message ({code}, {a})")
    check(status(s).get("out_of_memory") == 1, f"counted: {status(s)}")
    code, _, a = s.request("/api/flow/solve", {"input": read("data/flow/seed_5x5.txt")})
    check(code == 200 and a.get("status") == "solved", f"the server still answers ({code}, {a})")
    s.stop()


def main():
    s = Server("--max-body", "64")
    answers(s)
    errors(s)
    s.stop()
    with tempfile.TemporaryDirectory() as tmp:
        busy(tmp)
        hang_up(tmp)
        no_file_attacks(tmp)
    progress()
    out_of_memory()
    return serve_common.finish("API")


if __name__ == "__main__":
    sys.exit(main())
