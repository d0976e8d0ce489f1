"""Every function of the gameopt package: tables, calls, short forms, inputs read in Python,
errors, limits, cancel, Ctrl-C, threads, pictures, outputs, rows and the manifest."""
import json
import os
import signal
import subprocess
import sys
import threading
import time

import pytest

import gameopt
from gameopt import _core, _library

URL = "https://puzz.link/p?country/5/5/amda0uf02h12h"
FLOOD = "5x4c3m2:01201120120221001201"


# ---- the library and its tables ----

def test_library_found_and_version():
    path = gameopt.library_path()
    assert path.endswith(".so") or ".so." in path
    assert gameopt.version() == "0.1.0"


def test_library_not_found_says_where_it_looked(root):
    code = ("import gameopt\n"
            "try:\n    gameopt.solve('flood', '%s')\n"
            "except gameopt.LibraryNotFoundError as e:\n    print('MISSING', e)\n" % FLOOD)
    env = dict(os.environ, GAMEOPT_LIB="/nonexistent/libgameopt.so", PYTHONPATH=os.path.join(root, "python"))
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True).stdout
    assert "MISSING gameopt: cannot find the shared library libgameopt.so" in out
    assert "/nonexistent/libgameopt.so" in out and "GAMEOPT_LIB" in out
    # import alone works without a library
    out = subprocess.run([sys.executable, "-c", "import gameopt; print(gameopt.__version__)"], env=env,
                         capture_output=True, text=True).stdout
    assert out.strip() == "0.1.0"


def test_games_verbs_options():
    names = [g["name"] for g in gameopt.games()]
    assert {"country", "flow", "flood", "taxis", "tokens", "routes"} <= set(names)
    assert "solve" in gameopt.verbs("country") and "experiment" in gameopt.verbs("taxis")
    opts = {o["name"]: o for o in gameopt.options("taxis", "experiment")}
    assert opts["games"]["type"] == "int" and opts["games"]["min"] == 1
    assert opts["c"]["type"] == "range"
    assert opts["mc-samples"]["default"] == "512"
    assert opts["threads"]["default"] == "1" and opts["threads"].get("common")
    assert gameopt.game("flow")["methods"][0]
    with pytest.raises(gameopt.InputError) as e:
        gameopt.game("chess")
    assert "unknown game 'chess'" in e.value.message
    with pytest.raises(gameopt.InputError) as e:
        gameopt.options("flow", "fly")
    assert "unknown verb 'fly'" in e.value.message


# ---- calls ----

def test_solve_url_with_count():
    r = gameopt.solve("country", URL, count=2)
    assert r.ok and r.exit == 0 and r.status == "solved"
    assert r.answer["solutions"] == 1 and r.answer["status"] == "solved"
    assert isinstance(r.answers, list) and r.text.startswith("stdin")
    assert repr(r).startswith("<gameopt.Result exit=0 status=solved")


def test_manifest_always_there():
    r = gameopt.solve("flood", FLOOD, threads=2, time_limit=30)
    m = r.manifest
    assert m["gameopt"] == "0.1.0" and m["game"] == "flood" and m["verb"] == "solve"
    assert m["revision"] and m["machine"]["cores"] >= 1 and m["date"].endswith("Z")
    o = m["options"]
    assert o["threads"] == 2 and o["time-limit"] == 30 and o["memory-limit"] == 0
    assert o["manifest"] is True and o["beam-width"] == 400  # every option the verb takes, defaults filled in
    seeded = gameopt.run("taxis", "experiment", args=["table1"], games=50, seed=7, threads=2).manifest
    assert str(seeded["options"]["seed"]) == "7" and seeded["options"]["threads"] == 2 and seeded["args"] == ["table1"]
    assert seeded["options"]["mc-samples"] == 512  # a default, filled in
    # a caller may leave it out
    assert "manifest" not in gameopt.solve("flood", FLOOD, manifest=False).answer


def test_files_are_read_in_python(tmp_path):
    p = tmp_path / "seed.txt"
    p.write_text(open("data/flow/seed_5x5.txt").read())
    by_path = gameopt.solve("flow", p)
    by_str = gameopt.solve("flow", str(p))
    assert by_path.answer["name"] == by_str.answer["name"] == "seed"
    assert by_path.answer["rows"] == by_str.answer["rows"]
    # several files, in args; and a check with its answer file
    two = gameopt.solve("flow", "data/flow/seed_5x5.txt", "data/flow/bridges_5x5.txt")
    assert len(two.answers) == 2
    wrong = gameopt.check("flow", "data/flow/seed_5x5.txt", "tests/golden/flow/files/seed-wrong.txt")
    assert wrong.status == "infeasible" and wrong.answer["ok"] is False and wrong.answer["reason"]
    # named texts without files
    r = gameopt.run("flow", "check", input=open("data/flow/seed_5x5.txt").read(),
                    inputs={"answer": open("tests/golden/flow/files/seed-wrong.txt").read()}, args=["answer"])
    assert r.answer["ok"] is False


def test_request_of_values():
    req = gameopt.request_of("taxis", "experiment", args=["sweep"],
                             options={"c": (4, 6), "dups": 2, "heuristics": ["rs", "pp"], "hist": True,
                                      "csv": False, "mc_samples": 64, "plot": True, "seed": None})
    o = req["options"]
    assert o == {"c": "4..6", "dups": 2, "heuristics": "rs,pp", "hist": True, "mc-samples": 64, "plot": "-"}
    assert req["args"] == ["sweep"] and "input" not in req
    size = gameopt.request_of("flood", "generate", options={"size": (5, 4)})
    assert size["options"]["size"] == "5x4"
    pic = gameopt.request_of("flow", "draw", input="B.B\n", picture=True)
    assert pic["picture"] == "svg" and pic["input"] == "B.B\n"


def test_generate_and_convert():
    g = gameopt.generate("flood", size=(5, 5), count=2, seed=3)
    assert g.ok and len(g.answers) == 2
    c = gameopt.convert("country", "data/country/seed-10x10.txt", to="url")
    assert c.ok and "puzz.link" in c.text


def test_call_with_a_request():
    r = gameopt.call({"game": "flood", "verb": "solve", "input": FLOOD})
    assert r.answer["moves"] and "manifest" not in r.answer


# ---- errors ----

def test_bad_input_raises_with_place():
    with pytest.raises(gameopt.InputError) as e:
        gameopt.solve("country", "https://puzz.link/p?country/5/5/zzz")
    err = e.value
    assert (err.file, err.line, err.column) == ("-", 1, 33)
    assert "expected a border character" in err.message
    assert err.text.startswith("gameopt: -:1:33:")
    assert err.result.exit == 2 and err.result.status == "bad-input"
    assert isinstance(err, ValueError) and isinstance(err, gameopt.GameoptError)


def test_bad_input_in_a_file_names_the_file(tmp_path):
    p = tmp_path / "bad.txt"
    p.write_text("5x4c3m2:0120112012022100120\n")
    with pytest.raises(gameopt.InputError) as e:
        gameopt.solve("flood", p)
    assert e.value.file == str(p) and e.value.line == 1


def test_bad_option_and_usage():
    with pytest.raises(gameopt.InputError) as e:
        gameopt.solve("flood", FLOOD, count=0)
    assert "--count" in e.value.text
    with pytest.raises(gameopt.InputError) as e:
        gameopt.solve("flood", FLOOD, colour_blind=True)
    assert "unknown option" in e.value.text
    with pytest.raises(gameopt.InputError):
        gameopt.run("taxis", "experiment", args=["table9"])


def test_check_false_returns_the_result():
    r = gameopt.run("flood", "solve", input=FLOOD, count=0, check=False)
    assert r.exit == 2 and r["error"]["message"]


def test_internal_error_raises(monkeypatch):
    reply = {"exit": 4, "status": "error", "answers": [], "text": "", "warnings": "", "outputs": [],
             "error": {"text": "gameopt: checker refused", "file": "", "line": 0, "column": 0, "message": "checker refused"}}
    monkeypatch.setattr(_library, "call", lambda body, env: json.dumps(reply).encode())
    monkeypatch.setattr(threading, "main_thread", lambda: None)  # direct call, no worker
    with pytest.raises(gameopt.InternalError) as e:
        gameopt.solve("flood", FLOOD)
    assert "checker refused" in str(e.value) and e.value.result.exit == 4


def test_infeasible_is_an_answer_not_an_error():
    r = gameopt.solve("flow", "data/flow/seed_5x5.txt", method="sat", paths="untouching", check=False)
    assert r.exit in (0, 1)
    assert r.status in ("solved", "infeasible")


# ---- limits ----

@pytest.fixture(scope="module")
def hard_flood():
    return gameopt.generate("flood", size=(30, 30), seed=1).text


def test_time_limit_gives_bounds_not_an_exception(hard_flood):
    r = gameopt.solve("flood", hard_flood, time_limit=0.3)
    assert r.exit == 3 and r.status == "unknown"
    a = r.answer
    assert a["optimal"] is False and a["lower_bound"] <= a["length"] and a["note"] == "time limit reached"
    assert r.manifest["options"]["time-limit"] == 0.3


def test_memory_limit(hard_flood):
    """Under a memory limit the search keeps its frontier within it (peak_mb) and still gives
    the answer with its bounds when it stops (here at the time limit)."""
    r = gameopt.solve("flood", hard_flood, memory_limit=8, time_limit=0.3)
    assert r.exit == 3 and r.status == "unknown" and r.answer["optimal"] is False
    assert r.answer["lower_bound"] <= r.answer["length"] and r.answer["peak_mb"] <= 8
    assert r.manifest["options"]["memory-limit"] == 8


def test_experiment_time_limit_keeps_the_rows():
    r = gameopt.run("taxis", "experiment", args=["sweep"], games=10 ** 9, c=6, dups=2, heuristics="rs", time_limit=0.3)
    assert r.exit == 3 and "partial results" in r.warnings
    rows = r.rows
    assert len(rows) == 1 and rows[0]["heuristic"] == "rs" and rows[0]["mean"] > 1


# ---- cancel, Ctrl-C and threads ----

ENDLESS = dict(games=10 ** 9, heuristics="rs,md")  # a tournament that ends only when stopped


def test_cancel_token_from_another_thread():
    token = gameopt.Cancel()
    timer = threading.Timer(0.3, token.set)
    timer.start()
    r = gameopt.run("taxis", "tournament", cancel=token, **ENDLESS)
    timer.join()
    assert r.cancelled and token.is_set()
    assert r.exit == 3 and "cancelled" in r.warnings
    assert r.rows and all(row["first"] in ("rs", "md") for row in r.rows)
    token.clear()
    assert not token.is_set()


def test_ctrl_c_stops_the_call_and_keeps_what_is_known():
    assert threading.current_thread() is threading.main_thread()
    timer = threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT))
    timer.start()
    r = gameopt.run("taxis", "tournament", **ENDLESS)  # no KeyboardInterrupt escapes
    timer.join()
    assert r.cancelled and r.exit == 3 and r.status == "unknown"
    assert len(r.rows) == 4 and r.answer["games"] > 0
    # the next call works as usual
    assert gameopt.solve("flood", FLOOD).ok


def test_gil_is_released_while_c_runs():
    """The main thread runs Python while an endless call runs on another thread, and stops it:
    with the GIL held by the call, this would hang (the test's timeout would fail it)."""
    token = gameopt.Cancel()
    out = {}
    t = threading.Thread(target=lambda: out.setdefault("r", gameopt.run("taxis", "tournament", cancel=token, **ENDLESS)))
    t.start()
    spins = 0
    while spins < 200000:  # Python work on this thread while C runs on the other
        spins += 1
    assert t.is_alive()
    token.set()
    t.join(60)
    assert not t.is_alive() and out["r"].cancelled


def test_threads_give_the_same_answers():
    cases = [("flow", "data/flow/seed_5x5.txt"), ("country", URL), ("flood", FLOOD), ("flow", "data/flow/bridges_5x5.txt")]
    alone = [gameopt.solve(g, i).answer for g, i in cases]
    results = [None] * (3 * len(cases))

    def work(k):
        g, i = cases[k % len(cases)]
        results[k] = gameopt.solve(g, i).answer

    threads = [threading.Thread(target=work, args=(k,)) for k in range(len(results))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    strip = lambda a: {k: v for k, v in a.items() if k not in ("seconds", "cpu_seconds", "manifest")}
    for k, a in enumerate(results):
        assert strip(a) == strip(alone[k % len(cases)])


def test_progress_callback():
    seen = []
    r = gameopt.run("taxis", "experiment", args=["table1"], games=3000, progress=lambda *a: seen.append(a))
    assert r.ok and seen
    label, done, total, status, final = seen[-1]
    assert final and done == total == 3000 and label.startswith("taxis")


def test_max_threads_caps_the_request():
    r = gameopt.run("taxis", "experiment", args=["table1"], games=200, threads=2, max_threads=1)
    assert r.manifest["options"]["threads"] == 1


# ---- pictures, outputs, rows ----

def test_draw_gives_svg_for_jupyter():
    p = gameopt.draw("flow", "data/flow/seed_5x5.txt")
    assert isinstance(p, gameopt.Picture) and isinstance(p, str)
    assert p._repr_svg_().startswith("<?xml") and "<svg" in p
    assert p.name


def test_picture_metadata_carries_the_manifest():
    import xml.etree.ElementTree as ET
    p = gameopt.draw("flow", "data/flow/seed_5x5.txt")
    meta = ET.fromstring(p.encode()).find("{http://www.w3.org/2000/svg}metadata")
    m = json.loads(meta.text)
    assert m["game"] == "flow" and m["verb"] == "draw" and m["revision"]
    assert "<metadata" not in gameopt.draw("flow", "data/flow/seed_5x5.txt", manifest=False)


def test_rows_to_csv_with_the_manifest(tmp_path):
    rows = gameopt.run("taxis", "experiment", args=["table1"], games=100, seed=5).rows
    rows.to_csv(tmp_path / "t.csv")
    lines = (tmp_path / "t.csv").read_text().splitlines()
    assert lines[0].startswith("# manifest: ")
    assert json.loads(lines[0][len("# manifest: "):])["options"]["games"] == 100
    assert "mean" in lines[1].split(",") and len(lines) == 2 + len(rows)


def test_png_picture(tmp_path):
    r = gameopt.run("flow", "solve", "data/flow/seed_5x5.txt", picture="png")
    png = r.picture
    assert isinstance(png, gameopt.PNG) and png[:8] == b"\x89PNG\r\n\x1a\n" and png._repr_png_() == bytes(png)
    png.save(tmp_path / "x.png")
    assert (tmp_path / "x.png").read_bytes() == bytes(png)


def test_result_shows_its_picture():
    r = gameopt.run("flow", "solve", "data/flow/seed_5x5.txt", picture=True)
    assert r._repr_svg_() == str(r.picture)
    assert gameopt.solve("flow", "data/flow/seed_5x5.txt")._repr_svg_() is None


def test_side_outputs():
    r = gameopt.run("country", "lp", "data/country/seed-10x10.txt")
    lp = gameopt.run("taxis", "ideal", c=6, dups=3, lp=True)
    o = lp.outputs[0]
    assert o["role"] == "lp" and o["ext"] == "lp" and "Maximize" in o.data
    assert r.ok


def test_rows_for_pandas():
    r = gameopt.run("taxis", "experiment", args=["table1"], games=200, seed=5)
    rows = r.rows
    assert isinstance(rows, gameopt.Rows) and len(rows) == 20
    assert rows[0]["seed"] == 5 and rows[0]["games"] == 200 and "mean" in rows[0] and "start" in rows[0]
    assert str(rows.manifest["options"]["seed"]) == "5"
    pandas = pytest.importorskip("pandas")
    frame = rows.to_pandas()
    assert isinstance(frame, pandas.DataFrame) and frame.shape[0] == 20
    assert frame.attrs["manifest"]["options"]["games"] == 200
    t = gameopt.run("taxis", "tournament", games=50, heuristics="md,pp").rows
    assert len(t) == 4 and {"first", "second", "first_wins"} <= set(t[0])


def test_output_save(tmp_path):
    r = gameopt.run("taxis", "ideal", c=6, dups=3, lp=True)
    r.outputs[0].save(tmp_path / "m.lp")
    assert (tmp_path / "m.lp").read_text().startswith("\\") or "Maximize" in (tmp_path / "m.lp").read_text()
    svg = gameopt.draw("flood", "data/flood/ids.txt")
    svg.save(tmp_path / "f.svg")
    assert (tmp_path / "f.svg").read_text() == svg
