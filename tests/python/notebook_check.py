"""The numbers a results notebook reported (its GAMEOPT_NOTEBOOK_RESULTS file) against the
command line's for the same seeds and sample sizes. Standard library only.
    notebook_check.py NOTEBOOK RESULTS.json GAMEOPT GAMES"""
import csv
import json
import subprocess
import sys

name, results_path, cli, games = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
with open(results_path) as f:
    nb = json.load(f)


def answers(*words):
    p = subprocess.run([cli] + list(words) + ["--json"], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    return [json.loads(line) for line in p.stdout.splitlines() if line.startswith("{")]


def close(a, b):
    return abs(a - b) <= 1e-6


def check_taxis():
    assert nb["games"] == {"table1": int(games), "sweep": int(games), "tournament": int(games)}
    t1 = answers("taxis", "experiment", "table1", "--games", games, "--seed", "1", "--threads", "2")[0]["rows"]
    assert len(t1) == len(nb["table1"]) == 20
    for ours, cli_row in zip(nb["table1"], t1):
        assert (ours["start"], ours["extension"]) == (cli_row["start"], cli_row["extension"])
        assert close(ours["mean"], cli_row["mean"]) and close(ours["stderr"], cli_row["stderr"]), (ours, cli_row)
    sweep = answers("taxis", "experiment", "sweep", "--games", games, "--c", "5..8", "--dups", "1..3",
                    "--heuristics", "rs,md,mt,lcc,pp,ideal", "--seed", "1", "--threads", "2")[0]["rows"]
    key = lambda r: (r["c"], r["dups"], r["heuristic"])
    got = {key(r): r for r in nb["sweep"]}
    assert len(got) == len(sweep) == 72
    for r in sweep:
        assert close(got[key(r)]["mean"], r["mean"]), (r, got[key(r)])
    md_mt = answers("taxis", "experiment", "sweep", "--games", games, "--c", "5..8", "--dups", "1..3",
                    "--heuristics", "md,mt", "--seed", "1", "--threads", "2")[0]["rows"]
    want = [(r["c"], r["dups"], r["diff"]) for r in md_mt if r["heuristic"] == "mt"]
    assert [(r["c"], r["dups"], r["diff"]) for r in nb["md_mt"]] == want
    hist = answers("taxis", "experiment", "sweep", "--games", games, "--c", "7", "--dups", "1",
                   "--heuristics", "ideal", "--hist", "--seed", "1")[0]["rows"]
    assert nb["ideal_22_at_7_1"] == hist[0]["hist"][21]
    tour = answers("taxis", "tournament", "--games", games, "--seed", "1", "--threads", "2")[0]
    assert [(m["first"], m["second"], m["first_wins"], m["second_wins"]) for m in tour["matrix"]] == \
        [(m["first"], m["second"], m["first_wins"], m["second_wins"]) for m in nb["tournament"]]
    assert nb["tournament_findings"] == {f["finding"]: f["verdict"] for f in tour["findings"]}
    verdicts = {"reproduced", "not reproduced (our interval excludes it)", "undecided at this sample size",
                "not judged (timing)"}
    assert len(nb["findings"]) >= 15 and all(f["verdict"] in verdicts for f in nb["findings"])


def check_flood():
    for s, summary in nb["sets"].items():
        with open("data/flood/proven/%s.tsv" % s) as f:
            rows = list(csv.reader([l for l in f if l.strip() and not l.startswith("#")], delimiter="\t"))
        assert summary["boards"] == len(rows)
        assert summary["optimum_sum"] == sum(int(r[1]) for r in rows)
        assert summary["nodes_max"] == max(int(r[3]) for r in rows)
    solved = answers("flood", "solve", "data/flood/ten.txt", "--stats")[:int(games)]
    assert [(h["board"], h["optimum"], h["optimal"], h["nodes"]) for h in nb["here"]] == \
        [(a["index"] + 1, a["length"], a["optimal"], a["stats"]["nodes"]) for a in solved]
    for s, r in nb.get("replayed", {}).items():  # only where the sets are on this machine
        assert r["ok"] == r["boards"] and r["exit"] == 0, (s, r)


{"taxis-paper": check_taxis, "flood-proofs": check_flood}[name]()
print("notebook_check: %s ok" % name)
