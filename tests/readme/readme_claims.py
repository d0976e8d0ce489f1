#!/usr/bin/env python3
"""Checks what README.md says about the program against the program (issue 35 item 6: zero
known README drift), beside readme/commands which runs its commands:

- formats: every input format a game's --help names appears in that game's README section
  (in its `Formats` paragraph, as `name`, where the section has one);
- notes on --games: a comment line of an sh block that speaks of leaving out --games sits
  right under the commands it is about (each of them leaves --games out), every experiment
  command that leaves it out has such a note, and the count the note gives is the program's
  default (taxis experiment --help);
- the page's screenshot: made by scripts/readme-screenshot.py (its PNG text chunks say so)
  from a page whose tabs are the program's games, one per game.

    readme_claims.py GAMEOPT SOURCE_DIR
"""
import os
import re
import struct
import subprocess
import sys


def run(gameopt, *args):
    return subprocess.run([gameopt, *args], capture_output=True, text=True, check=True).stdout


def games(gameopt):
    out = run(gameopt, "--help")
    block = out.split("games:\n", 1)[1].split("\n\n", 1)[0]
    return [line.split()[0] for line in block.splitlines() if line.startswith("  ") and line.split()]


def sections(readme):
    """{game: text of its ### section}"""
    out, name = {}, None
    for line in readme.splitlines():
        m = re.match(r"###\s+(\w+)\s*$", line)
        if m:
            name = m.group(1)
            out[name] = ""
        elif line.startswith("## "):
            name = None
        elif name:
            out[name] += line + "\n"
    return out


def check_formats(gameopt, readme, problems):
    secs = sections(readme)
    for game in games(gameopt):
        if game not in secs:
            problems.append(f"README has no section '### {game}'")
            continue
        m = re.search(r"^input formats:(.*)$", run(gameopt, game, "--help"), re.M)
        names = m.group(1).split() if m else []
        text = secs[game]
        para = re.search(r"(?ms)^Formats\b.*?(?=^\s*$)", text)
        for f in names:
            if para:
                if f"`{f}`" not in para.group(0):
                    problems.append(f"{game}: README's Formats paragraph does not name `{f}` (gameopt {game} --help reads it)")
            elif not re.search(rf"(?i)\b{re.escape(f)}", text):
                problems.append(f"{game}: README's section never mentions the format {f}")


def sh_lines(readme):
    out, on = [], False
    for line in readme.splitlines():
        if line.startswith("```"):
            on = line.strip() == "```sh" and not on
            out.append(None)  # a block's edge: nothing above it belongs to what follows
            continue
        if on:
            out.append(line)
    return out


def check_games_notes(gameopt, readme, problems):
    help_text = run(gameopt, "taxis", "experiment", "--help")
    m = re.search(r"(\d+) for sweep", help_text)
    default = int(m.group(1)) if m else None
    lines = sh_lines(readme)
    covered = set()
    for i, line in enumerate(lines):
        if line is None or not line.lstrip().startswith("#") or "--games" not in line:
            continue
        above, k = [], i - 1
        while k >= 0 and lines[k] and "./build/gameopt" in lines[k] and not lines[k].lstrip().startswith("#") \
                and "--games" not in lines[k].split("#")[0]:
            above.append(lines[k])
            k -= 1
        if not above:
            problems.append(f"the note '{line.strip()}' is not right under the commands that leave out --games "
                            f"(the line above it: '{lines[i - 1]}')")
        covered.update(above)
        counts = [int(x.replace(",", "")) for x in re.findall(r"\b\d{1,3}(?:,\d{3})+\b|\b\d{4,}\b", line)]
        if default is not None and default not in counts:
            problems.append(f"the note '{line.strip()}' does not give the default count {default:,} of taxis experiment --help")
    for line in lines:
        if line and re.search(r"gameopt taxis (experiment sweep|tournament)\b", line) and "--games" not in line.split("#")[0] \
                and line not in covered:
            problems.append(f"'{line.strip()}' leaves out --games but no note under it says what that costs")


def png_text(path):
    data = open(path, "rb").read()
    out, at = {}, 8
    while at + 8 <= len(data):
        n, kind = struct.unpack(">I4s", data[at:at + 8])
        if kind == b"tEXt":
            key, _, value = data[at + 8:at + 8 + n].partition(b"\0")
            out[key.decode("latin-1")] = value.decode("latin-1")
        at += 12 + n
    return out


def check_screenshot(gameopt, src, readme, problems):
    for pic in re.findall(r"!\[[^\]]*\]\((docs/[^)]+\.png)\)", readme):
        meta = png_text(os.path.join(src, pic))
        if "readme-screenshot.py" not in meta.get("Software", ""):
            problems.append(f"{pic} was not made by scripts/readme-screenshot.py (run it: scripts/readme-screenshot.py build/gameopt)")
            continue
        tabs, want = meta.get("gameopt-tabs", "").split(), games(gameopt)
        if tabs != want:
            problems.append(f"{pic} shows the tabs {tabs}, the page has {want} (run scripts/readme-screenshot.py build/gameopt)")


def main():
    gameopt, src = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    readme = open(os.path.join(src, "README.md"), encoding="utf-8").read()
    problems = []
    check_formats(gameopt, readme, problems)
    check_games_notes(gameopt, readme, problems)
    check_screenshot(gameopt, src, readme, problems)
    for p in problems:
        print("FAIL:", p)
    print(f"{len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
