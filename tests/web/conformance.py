#!/usr/bin/python3
"""Conformance of the WebAssembly build: the same commands run by the native gameopt and by
the WebAssembly one under Node must give the same answers, exit codes and texts (times and
memory aside). Inputs are our own (data/, tests/web/) or made by `generate` with fixed seeds
(generation is compared too): at least 50 puzzles for each solving family and 26 tokens
upgrade questions.

    conformance.py --native build/gameopt --wasm build/web-build/gameopt-node.js [--node node]
                   [--only country,flood]

Exit 0 passed, 1 failed, 77 skipped (no Node, or the WebAssembly build is missing)."""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
# What may differ between two runs of one build: clocks and memory.
VOLATILE = re.compile(r"(^|_)(seconds|ms|mb)$|^us_per_")


def skip(why):
    print(f"SKIPPED: {why}")
    sys.exit(77)


def scrub(value):
    """A JSON value without its times and memory figures."""
    if isinstance(value, dict):
        return {k: scrub(v) for k, v in value.items() if not VOLATILE.search(k)}
    if isinstance(value, list):
        return [scrub(v) for v in value]
    return value


def normal(text):
    """Output made comparable: JSON lines scrubbed, other lines without their timings."""
    out = []
    for line in text.splitlines():
        try:
            out.append(json.dumps(scrub(json.loads(line)), sort_keys=True))
        except ValueError:
            out.append(re.sub(r"\d+(\.\d+)?\s*(ms|s|µs|MB)\b", "T", line))
    return out


class Runner:
    def __init__(self, native, wasm, node, work):
        self.native, self.wasm, self.node, self.work = native, wasm, node, work
        self.failures = 0
        self.cases = 0

    def run(self, argv, which):
        cmd = [self.native] + argv if which == "native" else [self.node, self.wasm] + argv
        p = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=600)
        return p.returncode, p.stdout, p.stderr

    def same(self, label, argv, expect_exit=None):
        """Runs argv in both builds; returns the native stdout."""
        self.cases += 1
        n = self.run(argv, "native")
        w = self.run(argv, "wasm")
        problems = []
        if n[0] != w[0]:
            problems.append(f"exit {n[0]} native, {w[0]} wasm")
        if expect_exit is not None and n[0] != expect_exit:
            problems.append(f"native exit {n[0]}, expected {expect_exit}")
        a, b = normal(n[1]), normal(w[1])
        if a != b:
            diff = next((i for i in range(min(len(a), len(b))) if a[i] != b[i]), min(len(a), len(b)))
            problems.append(f"stdout differs at line {diff + 1} of {len(a)}/{len(b)}:\n"
                            f"  native: {a[diff] if diff < len(a) else '(end)'}\n"
                            f"  wasm:   {b[diff] if diff < len(b) else '(end)'}")
        if n[0] == 2 and n[2] != w[2]:
            problems.append(f"error differs:\n  native: {n[2].strip()}\n  wasm:   {w[2].strip()}")
        if problems:
            self.failures += 1
            print(f"FAIL {label}: gameopt {' '.join(argv)}")
            for p in problems:
                print("  " + p)
        else:
            results = len([l for l in n[1].splitlines() if l.startswith("{")])
            print(f"ok   {label} ({results} JSON results)" if results else f"ok   {label}")
        return n[1]

    def generated(self, label, argv):
        """Generation compared, then its native output kept as a file for the solves."""
        text = self.same(label, argv, expect_exit=0)
        path = os.path.join(self.work, label.replace(" ", "_") + ".txt")
        with open(path, "w") as f:
            f.write(text)
        return path


def country(r):
    made = r.generated("country generate", ["country", "generate", "--count", "50", "--seed", "29", "--size", "8x8"])
    r.same("country solve 50", ["country", "solve", "--count", "2", "--json", made], 0)
    r.same("country solve bundled", ["country", "solve", "--count", "2", "--json",
                                     "data/country/seed-10x10.txt", "data/country/generated-12x12.txt"], 0)
    r.same("country explain", ["country", "explain", "data/country/seed-10x10.txt"], 0)
    r.same("country convert pzprv3", ["country", "convert", "--to", "pzprv3", made], 0)
    r.same("country convert penpa", ["country", "convert", "--to", "penpa", made], 0)
    r.same("country bad input", ["country", "solve", "tests/web/conformance.py"], 2)


def flood(r):
    made = r.generated("flood generate", ["flood", "generate", "--count", "50", "--seed", "29"])
    r.same("flood solve 50", ["flood", "solve", "--json", made], 0)
    r.same("flood solve bundled", ["flood", "solve", "--json", "data/flood/example.txt", "data/flood/ten.txt"], 0)
    r.same("flood hint", ["flood", "hint", "--json", "data/flood/example.txt"], 0)
    r.same("flood greedy", ["flood", "solve", "--method", "greedy", "--json", made], 0)


def flow(r):
    made = r.generated("flow generate", ["flow", "generate", "--count", "50", "--seed", "29", "--size", "7x7"])
    r.same("flow solve 50", ["flow", "solve", "--json", made], 0)
    bundled = sorted(os.path.join("data/flow", f) for f in os.listdir(os.path.join(ROOT, "data/flow")))
    for f in bundled:
        r.same(f"flow solve {os.path.basename(f)}", ["flow", "solve", "--json", f])
    r.same("flow generate unique", ["flow", "generate", "--unique", "--count", "5", "--seed", "3"], 0)


def taxis(r):
    made = r.generated("taxis generate", ["taxis", "generate", "--count", "50", "--seed", "29"])
    r.same("taxis solve 50", ["taxis", "solve", "--json", made], 0)
    r.same("taxis play", ["taxis", "play", "--heuristic", "pp", "--seed", "7", "--json"], 0)
    r.same("taxis play figure 7", ["taxis", "play", "data/taxis/figure7.setting", "--heuristic", "md", "--json"], 0)
    r.same("taxis ideal", ["taxis", "ideal", "--seed", "1", "--index", "1", "--heuristic", "pp", "--json"], 0)
    r.same("taxis turn", ["taxis", "turn", "--seed", "3", "Munchen", "Ingolstadt"])
    r.same("taxis sweep", ["taxis", "experiment", "sweep", "--c", "6", "--dups", "2", "--games", "200",
                           "--heuristics", "rs,md,pp", "--seed", "1", "--json"], 0)


def tokens(r):
    r.same("tokens upgrades 26", ["tokens", "solve", "--json", "tests/web/tokens_questions.txt"], 0)
    r.same("tokens audit 1867", ["tokens", "audit", "1867", "--json"], 0)
    r.same("tokens show", ["tokens", "show", "1867:X2@1"], 0)


FAMILIES = {"country": country, "flood": flood, "flow": flow, "taxis": taxis, "tokens": tokens}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--native", required=True)
    ap.add_argument("--wasm", required=True, help="the command line built for Node (gameopt-node.js)")
    ap.add_argument("--node", default=shutil.which("node") or shutil.which("nodejs"))
    ap.add_argument("--only", default=",".join(FAMILIES))
    a = ap.parse_args()
    if not a.node:
        skip("no Node (nodejs comes with emscripten: scripts/install-deps.sh)")
    if not os.path.exists(a.wasm):
        skip(f"{a.wasm} is missing (make web builds it)")
    with tempfile.TemporaryDirectory(prefix="gameopt-conformance-") as work:
        r = Runner(os.path.abspath(a.native), os.path.abspath(a.wasm), a.node, work)
        for name in a.only.split(","):
            FAMILIES[name](r)
    print(f"{r.cases - r.failures} of {r.cases} cases agree")
    sys.exit(1 if r.failures else 0)


if __name__ == "__main__":
    main()
