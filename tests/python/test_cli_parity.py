"""The same verb from the command line (--json) and from Python gives the same answers
(times, memory and the manifest's date aside)."""
import pytest

import gameopt
from conftest import run_cli, strip_volatile

CASES = [
    ("flood", "solve", ["data/flood/ids.txt"], {}),
    ("flow", "solve", ["data/flow/seed_5x5.txt"], {}),
    ("flow", "check", ["data/flow/seed_5x5.txt", "tests/golden/flow/files/seed-wrong.txt"], {}),
    ("country", "solve", ["data/country/seed-10x10.txt"], {"count": 2}),
    ("flood", "generate", [], {"size": (5, 5), "seed": 3, "count": 2}),
    ("taxis", "experiment", ["table1"], {"games": 100, "seed": 5}),
    ("taxis", "tournament", [], {"games": 20, "heuristics": "md,pp"}),
]


def cli_words(game, verb, args, options):
    words = [game, verb] + args
    for k, v in options.items():
        if isinstance(v, tuple):
            v = "%sx%s" % v
        words += ["--" + k.replace("_", "-"), str(v)]
    return words + ["--json"]


@pytest.mark.parametrize("game,verb,args,options", CASES, ids=["%s-%s" % (c[0], c[1]) for c in CASES])
def test_same_answer_as_the_command_line(cli, game, verb, args, options):
    answers, code, _ = run_cli(cli, cli_words(game, verb, args, options))
    r = gameopt.run(game, verb, args=args, manifest=False, check=False, **options)
    assert r.exit == code and answers and len(r.answers) == len(answers)
    assert strip_volatile(r.answers) == strip_volatile(answers)


def test_every_verb_is_reachable():
    """Every verb of every family's table is a verb the entry point knows: asking for it with
    a bad option is a usage error about the option, never an unknown verb."""
    for g in gameopt.games():
        for v in g["verbs"]:
            r = gameopt.run(g["name"], v["name"], check=False, manifest=False, no_such_option=True)
            assert r.exit == 2, (g["name"], v["name"])
            assert "unknown verb" not in r["error"]["text"], (g["name"], v["name"])
