"""The manifest (issue 36 item 2) on the command line's side: --manifest puts the input
files' checksums in JSON answers, the manifest as the first line of CSV (a comment) and in SVG
pictures' and plots' <metadata>; without --manifest none of it. And Python's results carry the
checksums of the texts they sent."""
import hashlib
import json
import os
import re
import subprocess

import pytest

from conftest import ROOT, have, run_cli

import gameopt

FLOOD = "data/flood/ids.txt"


def sha256(path):
    with open(os.path.join(ROOT, path), "rb") as f:
        data = f.read()
    return hashlib.sha256(data).hexdigest(), len(data)


def test_json_manifest_has_input_checksums(cli):
    answers, code, _ = run_cli(cli, ["flood", "solve", FLOOD, "--json", "--manifest"])
    assert code == 0 and answers
    digest, size = sha256(FLOOD)
    for a in answers:
        assert a["manifest"]["inputs"] == [{"name": FLOOD, "bytes": size, "sha256": digest}]
    answers, code, _ = run_cli(cli, ["flood", "solve", FLOOD, "--json"])
    assert code == 0 and all("manifest" not in a for a in answers)


def test_csv_manifest_is_the_first_line(cli):
    words = ["taxis", "tournament", "--games", "20", "--heuristics", "md,pp", "--csv"]
    p = subprocess.run([cli] + words + ["--manifest"], cwd=ROOT, capture_output=True, text=True)
    assert p.returncode == 0
    first, rest = p.stdout.split("\n", 1)
    assert first.startswith("# manifest: ")
    m = json.loads(first[len("# manifest: "):])
    assert m["game"] == "taxis" and m["verb"] == "tournament" and m["options"]["games"] == 20
    assert m["options"]["csv"] is True and m["machine"]["cores"] >= 1
    digest, size = sha256("data/graphs/thurn-taxis.board")  # bundled data, by its name under data/
    assert m["inputs"] == [{"name": "graphs/thurn-taxis.board", "bytes": size, "sha256": digest}]
    plain = subprocess.run([cli] + words, cwd=ROOT, capture_output=True, text=True).stdout
    assert rest == plain and plain.startswith("first,second,")


def metadata(svg):
    found = re.search(r'<metadata id="gameopt-manifest">(.*?)</metadata>', svg, re.S)
    if not found:
        return None
    text = found.group(1).replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")
    return json.loads(text)


def test_svg_picture_metadata(cli, tmp_path):
    out = tmp_path / "f.svg"
    p = subprocess.run([cli, "flood", "draw", FLOOD, "--output", str(out), "--manifest"], cwd=ROOT,
                       capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    pictures = sorted(tmp_path.glob("f*.svg"))  # one per board of the file: f-1.svg ...
    assert len(pictures) == 3
    svg = pictures[0].read_text()
    m = metadata(svg)
    assert m and m["verb"] == "draw" and m["inputs"][0]["sha256"] == sha256(FLOOD)[0]
    assert svg.index("<svg") < svg.index("<metadata") < svg.index("</svg>")
    subprocess.run([cli, "flood", "draw", FLOOD, "--output", str(out)], cwd=ROOT, check=True)
    assert metadata(pictures[0].read_text()) is None


def test_svg_plot_metadata(cli, tmp_path):
    if not have("gnuplot"):
        pytest.skip("gnuplot is not installed")
    out = tmp_path / "p.svg"
    p = subprocess.run([cli, "taxis", "experiment", "sweep", "--games", "20", "--c", "6", "--dups", "2",
                        "--plot", str(out), "--manifest"], cwd=ROOT, capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    m = metadata(out.read_text())
    assert m and m["verb"] == "experiment" and m["args"] == ["sweep"]


def test_python_results_carry_input_checksums():
    r = gameopt.solve("flood", FLOOD)
    digest, size = sha256(FLOOD)
    assert {"name": FLOOD, "bytes": size, "sha256": digest} in r.manifest["inputs"]
    with open(os.path.join(ROOT, FLOOD)) as f:
        text = [line for line in f if not line.startswith("#")][0]  # one board as a text
    r = gameopt.run("flood", "solve", input=text)
    assert r.manifest["inputs"][0]["sha256"] == hashlib.sha256(text.encode()).hexdigest()
