#!/usr/bin/env python3
"""Runs the README's commands (issue 35 item 6: zero known README drift).

Every line of every ```sh block of README.md that runs ./build/gameopt is run in order, in a
scratch folder that sees the source tree's data/ (so a command's output file is there for the
next one, as a reader's would be), with ./build/gameopt being the binary under test. Each must
exit 0, or the code its comment names ("exit 1"); its --output files must be written; where a
command's comment promises a number or word, or the table below knows what it must print, the
output holds it. Not run, each with its reason printed: lines with placeholders (<game>),
external data that is not here (../shared/data), files the reader is to bring (a half-done
grid), the long experiments (LONG below: minutes of CPU), and other programs (make, node,
mpirun). A command that needs more than 30 s fails: the README's quick commands are quick.
Skipped (77) in the sanitizer build.

    readme_commands.py GAMEOPT SOURCE_DIR [--list]
"""
import os
import re
import shlex
import subprocess
import sys
import tempfile
import time

# Run by the tests of their own (taxis experiments: golden and property tests at smaller
# sizes), too long here: tens of seconds to minutes of CPU each.
LONG = [
    "taxis experiment table1 --games 10000",
    "taxis experiment sweep --c 4..8 --dups 1..3",
    "taxis experiment sweep --c 6..7 --hist",
    "taxis tournament --games 100000",
    "taxis tournament --games 20000",
    "taxis experiment sweep --c 6 --dups 2 --games 10000",
    "taxis experiment sweep --graph thurn-taxis-extended",
    "taxis experiment sweep --heuristics pp,mc,ideal",
    "country generate --size 30x30",
    "flood solve ../shared/data/flood/99problems/16_16_08_002 --method dfbnb",
]

# What a command must print (a regular expression searched in stdout), beyond its exit code.
EXPECT = {
    "flood solve data/flood/example.txt": r"example: 16 moves, optimal",
    "routes solve data/routes/1867-late.txt": r"1490",
    "country generate --size 10x10 --count 3": r"(?s)(https://puzz\.link/p\?country/10/10/.*){3}",
    "flow generate --size 8x8 --count 3": r"\S",
    "country solve --count 2 data/country/seed-10x10.txt": r"unique",
    "tokens upgrade --from 1867:L12 --tokens 0:LPS,1:QLS --to 1867:X2 --json": r'"status"',
    "country check solved.pzprv3": r"ok",
    "flow check data/flow/seed_5x5.txt answer.txt": r"ok",
    "flood hint data/flood/example.txt 5 2 3": r"\S",
}

BRING = (".txt", ".pzprv3", ".json", ".setting", ".board", ".gml", ".ncol", ".graphml")


def commands(readme):
    """(block number, line) for each gameopt command of the sh blocks, continuations joined."""
    out, block, on, pending = [], 0, False, ""
    for raw in open(readme, encoding="utf-8"):
        line = raw.rstrip("\n")
        if line.startswith("```"):
            on = line.strip() == "```sh" and not on
            block += on
            continue
        if not on:
            continue
        if line.endswith("\\"):
            pending += line[:-1] + " "
            continue
        line, pending = pending + line, ""
        if "./build/gameopt" in line:
            out.append((block, line.strip()))
    return out


def split_comment(line):
    """The command and its comment (a # outside quotes, after a space)."""
    quote = None
    for i, c in enumerate(line):
        if quote:
            quote = None if c == quote else quote
        elif c in "'\"":
            quote = c
        elif c == "#" and (i == 0 or line[i - 1] == " "):
            return line[:i].strip(), line[i + 1:].strip()
    return line.strip(), ""


def why_not(cmd, here, shared):
    words = shlex.split(cmd)
    if "<" in cmd and re.search(r"<[a-z]+>", cmd):
        return "a placeholder"
    if not words or words[0] not in ("./build/gameopt", "echo"):
        return "another program"
    body = cmd.replace("./build/gameopt ", "")
    for long in LONG:
        if body.startswith(long.replace("../shared/", shared + "/")):
            return "long (LONG)"
    for k, w in enumerate(words):
        if "/shared/data/" in w and not os.path.exists(w):
            return f"external data not here ({w})"
        prev = words[k - 1] if k else ""
        if w.endswith(BRING) and not w.startswith("-") and prev not in (">", "--output", "--lp", "--plot") \
                and not prev.startswith("--output") and not os.path.exists(os.path.join(here, w)):
            return f"a file the reader brings ({w})"
    return None


def main():
    gameopt, src = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    if os.environ.get("GOPT_SANITIZED"):
        print("skipped: the routes proofs take minutes under the sanitizers (the goldens run these verbs there)")
        return 77
    listing = "--list" in sys.argv
    failed, ran, skipped = 0, 0, 0
    with tempfile.TemporaryDirectory() as here:
        os.symlink(os.path.join(src, "data"), os.path.join(here, "data"))
        os.makedirs(os.path.join(here, "build"))
        os.symlink(gameopt, os.path.join(here, "build", "gameopt"))
        os.makedirs(os.path.join(here, "out"))
        shared = os.path.normpath(os.path.join(src, "..", "shared"))  # the README's ../shared, beside the tree
        for block, line in commands(os.path.join(src, "README.md")):
            cmd, comment = split_comment(line)
            cmd = cmd.replace("../shared/", shared + "/")
            reason = why_not(cmd, here, shared)
            if reason:
                skipped += 1
                print(f"not run ({reason}): {cmd}")
                continue
            m = re.search(r"\bexits? (\d)\b", comment)
            want = int(m.group(1)) if m else 0
            t0 = time.monotonic()
            try:
                p = subprocess.run(["sh", "-c", cmd], cwd=here, capture_output=True, text=True, timeout=30)
                code, out, err = p.returncode, p.stdout, p.stderr
            except subprocess.TimeoutExpired:
                code, out, err = "timeout (30 s)", "", ""
            took = time.monotonic() - t0
            ran += 1
            problems = []
            if code != want:
                problems.append(f"exit {code}, expected {want}")
            body = cmd.split("./build/gameopt ", 1)[-1]
            for key, pattern in EXPECT.items():
                if body.startswith(key) and not re.search(pattern, out):
                    problems.append(f"stdout lacks /{pattern}/")
            words = shlex.split(cmd)
            for k, w in enumerate(words[:-1]):
                if w in ("--output", "--plot", "--lp") and words[k + 1] != "-":
                    f = os.path.join(here, words[k + 1])
                    if not os.path.isfile(f) or os.path.getsize(f) == 0:
                        problems.append(f"{words[k + 1]} not written")
            print(f"{'FAIL' if problems else 'ok'} ({took:.1f} s): {cmd}")
            if listing or problems:
                for pr in problems:
                    print(f"    {pr}")
            if problems:
                failed += 1
                print("    stderr: " + err.strip()[:600].replace("\n", "\n            "))
    print(f"{ran} commands run, {failed} failed, {skipped} not run")
    return 1 if failed or not ran else 0


if __name__ == "__main__":
    sys.exit(main())
