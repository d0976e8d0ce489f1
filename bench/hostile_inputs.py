#!/usr/bin/env python3
"""Hostile inputs under 1 MB for the readers of every family (issues 35 and 37): each
kind the outside checks found (huge declared sizes, one enormous token, thousands of copies of
one road, ...) written fresh, read by `gameopt`, and timed in CPU seconds (user + sys of the
child). Issue 35's target: none takes more than 1 s to be refused. Prints one row per input
and exits 1 when one is over the target (a measurement, never part of `make test`).

    python3 bench/hostile_inputs.py [GAMEOPT] [--keep DIR]
"""
import base64
import os
import random
import resource
import subprocess
import sys
import tempfile
import zlib

MB = 1000000
TARGET = 1.0


def penpa(text):
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    data = c.compress(text.encode()) + c.flush()
    return "https://swaroopg92.github.io/penpa-edit/#m=edit&p=" + base64.b64encode(data).decode() + "\n"


def cases():
    rnd = random.Random(35)
    colours = lambda n: "".join(rnd.choice("123456") for _ in range(n))
    # (name, file name, text, arguments before the file)
    flood = ["flood", "solve", "--time-limit", "1"]
    yield "flood 99problems 2048x2048 declared", "a.txt", "2048 2048 6\n1 2 3\n", flood
    yield "flood puchert 2048x2048 declared", "a.txt", "2048 2048\n0 0\nred blue\n", flood
    yield "flood tatham 2048x2048 declared", "a.txt", "2048x2048c6:0123,9\n", flood
    yield "flood 4096x4096 declared", "a.txt", "4096 4096 6\n1\n", flood
    yield "flood one line of 1 MB (not n*n)", "a.txt", colours(MB - 2) + "\n", flood
    yield "flood 36-wide rows, 27000 of them", "a.txt", "".join(colours(36) + "\n" for _ in range(MB // 37)), flood
    yield "flood 20 rows of 36 (ambiguous)", "a.txt", "".join(colours(36) + "\n" for _ in range(20)), flood
    yield "flood rows of different square lengths", "a.txt", "".join(colours(rnd.choice([36, 49, 64])) + "\n" for _ in range(20000)), flood
    yield "flood 99problems cells out of range", "a.txt", "700 700 6\n" + "7 " * (MB // 2 - 10), flood
    yield "flood puchert 300 colours", "a.txt", "600 600\n0 0\n" + " ".join("c%d" % (i % 300) for i in range(MB // 6)), flood
    yield "flood Flow file of 1 MB", "a.txt", ("A" + "." * 998 + "A\n") + ("." * 1000 + "\n") * 997, flood

    country = ["country", "solve", "--time-limit", "1"]
    yield "country penpa header 2^32+10", "a.txt", penpa("square,4294967306,4294967306,38\n[0,0,0,0]\n{}\n{\"lineE\":{\"1,2\":1}}\n{}"), country
    yield "country penpa 3M abbreviations", "a.txt", penpa("square,100,100,38\n[0,0,0,0]\n{}\n" + "zO" * 3000000 + "\n{}"), country
    yield "country penpa 600k border keys", "a.txt", penpa("square,10,10,38\n[0,0,0,0]\n{}\n{\"lineE\":{" + ",".join('"%d,%d":3' % (i, i + 1) for i in range(600000)) + "}}\n{}")[:MB], country
    yield "country penpa 8 MB inflated", "a.txt", penpa("square,10,10,38\n[0,0,0,0]\n{}\n{\"x\":\"" + " " * 8500000 + "\"}\n{}"), country
    yield "country url of 1 MB", "a.txt", "https://puzz.link/p?country/100/100/" + "0" * (MB - 50) + "\n", country
    regions = "\n".join(" ".join(str(r * 100 + c) for c in range(100)) for r in range(100))
    yield "country block 100k clues", "a.txt", ("puzzle x 100 100\nclues " + " ".join("%d:1" % i for i in range(9999)) + " 5:2" * 40000 + "\nregions\n" + regions + "\nend\n")[:MB], country
    yield "country pzprv3 100x100 of junk", "a.txt", "pzprv3\ncountry\n100\n100\n10000\n" + ("x " * 100 + "\n") * 4000, country
    yield "country text one 1 MB line", "a.txt", "A" * (MB - 2) + "\n", country

    taxis = ["taxis", "play", "--graph"]
    nodes = "".join("node n%d\n" % i for i in range(1024))
    yield "taxis board 100k roads", "g.board", (nodes + "".join("edge n%d n%d\n" % (i % 1024, (i // 1024 + i % 1024 + 1) % 1024) for i in range(80000)))[:MB], taxis
    yield "taxis board 120k nodes", "g.board", "".join("node n%d\n" % i for i in range(120000))[:MB], taxis
    yield "taxis board one 1 MB name", "g.board", "node " + "x" * (MB - 10) + "\n", taxis
    yield "taxis ncol 250k copies of a road", "g.ncol", "a b\n" * 250000, taxis
    yield "taxis ncol 100k names", "g.ncol", "".join("a%d b%d\n" % (i, i) for i in range(90000)), taxis
    yield "taxis ncol one 1 MB name", "g.ncol", "a " + "b" * (MB - 5) + "\n", taxis
    yield "taxis gml 70k nodes", "g.gml", ("graph [\n" + "".join("node [ id %d ]\n" % i for i in range(70000)))[:MB - 2] + "]\n", taxis
    yield "taxis gml 36k copies of a road", "g.gml", "graph [\n node [ id 0 ]\n node [ id 1 ]\n" + "edge [ source 0 target 1 ]\n" * 36000 + "]\n", taxis
    yield "taxis gml nested 250k deep", "g.gml", "graph [ " + "a [ " * 249000, taxis
    yield "taxis gml one 1 MB string", "g.gml", 'graph [ node [ id 1 label "' + "y" * (MB - 40) + '" ] ]\n', taxis
    yield "taxis gml node id 2^40", "g.gml", "graph [ node [ id 1099511627776 ] ]\n", taxis
    yield "taxis graphml 60k nodes", "g.graphml", ('<graphml><graph edgedefault="undirected">' + "".join('<node id="n%d"/>' % i for i in range(60000)))[:MB - 20] + "</graph></graphml>", taxis
    yield "taxis graphml one 1 MB name", "g.graphml", '<graphml><key id="d0" for="node" attr.name="name" attr.type="string"/><graph edgedefault="undirected"><node id="a"><data key="d0">' + "z" * (MB - 200) + "</data></node></graph></graphml>", taxis
    yield "taxis graphml 35k copies of a road", "g.graphml", '<graphml><graph edgedefault="undirected"><node id="a"/><node id="b"/>' + '<edge source="a" target="b"/>' * 34000 + "</graph></graphml>", taxis
    yield "taxis edge list node 99999999", "g.txt", "0 1\n1 99999999\n", taxis
    yield "taxis edge list 120k roads", "g.txt", "".join("%d %d\n" % (i % 1024, (i * 7 + 1) % 1024) for i in range(110000)), taxis

    # Issue 35 item 2, session 4: every format of the other families, a small file declaring
    # a huge size (or count) each.
    flow = ["flow", "solve", "--time-limit", "1"]
    yield "flow adc 4096x4096, one line (46 B)", "a.txt", "SIZE 4096x4096\nLINE_NUM 1\nLINE#1 (0,0)-(1,1)\n", flow
    yield "flow adc 64x64x64, one line", "a.txt", "SIZE 64X64X64\nLINE_NUM 1\nLINE#1 (0,0,1)-(1,1,1)\n", flow
    yield "flow adc LINE_NUM 2M, one line", "a.txt", "SIZE 2048x2048\nLINE_NUM 2000000\nLINE#1 (0,0)-(1,1)\n", flow
    yield "flow houston 1000x1000 two colours", "a.txt", "2 1000 1000\n(0, 0) (1, 1)\n(2, 2) (3, 3)\n", flow
    yield "flow houston 2M colours declared", "a.txt", "2000000 2000 2000\n(0, 0) (1, 1)\n", flow
    yield "flow intgrid 2048x2048 declared", "a.txt", "2048 2048\n1 0 1\n", flow + ["--format", "intgrid"]
    yield "flow thomasahle 2048x2048 declared", "a.txt", "2048 2048\nA.A\n", flow + ["--format", "thomasahle"]
    yield "flow json 1 row of 1 MB", "a.txt", "[[" + ",".join(['""'] * (MB // 3 - 4)) + "]]", flow
    yield "flow json 100k empty rows", "a.txt", "[" + ",".join(["[]"] * (MB // 3 - 2)) + "]", flow
    yield "flow samgoldman STANDARD 1 MB row", "a.txt", "STANDARD\n" + "." * (MB - 20) + "\n", flow
    # rows x widest row: 4095 lines, one of 4095 columns (the reader was quadratic in it)
    yield "flow samgoldman 4095 tall, 1 wide row", "a.txt", "STANDARD\nA\n" + "|\n.\n" * 2047 + "." * 4095 + "\n", flow
    yield "flow flow_solver 1 MB of one row", "a.txt", "A" + "." * (MB - 4) + "A\n", flow
    routes = ["routes", "solve", "--time-limit", "1"]
    yield "routes 100k trains", "a.txt", "game 1867\nphase 8\ncompany CPR\ntrains " + " ".join(["8"] * 100000) + "\n", routes
    yield "routes train 999999999", "a.txt", "game 1867\nphase 8\ncompany CPR\ntrains 999999999\n", routes
    yield "routes 60k tile lines", "a.txt", "game 1867\nphase 8\ncompany CPR\ntrains 8\n" + "B6 23@1\n" * 60000, routes
    tokens = ["tokens", "upgrade", "--from"]
    yield "tokens tile 2^31 slots", "-", "", ["tokens", "upgrade", "--from", "city=slots:2147483647", "--tokens", "0:A", "--to", "city=slots:2147483647"]
    yield "tokens 5000 tokens in one city", "-", "", ["tokens", "upgrade", "--from", "city=slots:9999", "--tokens", ",".join("0:T%d" % i for i in range(5000)), "--to", "city=slots:9999"]
    yield "tokens catalog 100k tiles", "c.txt", "".join("t%d green city;path=a:0,b:_0\n" % i for i in range(40000)), ["tokens", "upgrade", "--from", "t1", "--tokens", "0:A", "--catalog"]
    yield "tokens question 1 MB line", "a.txt", "--from " + "city;" * (MB // 5 - 4) + "\n", ["tokens", "draw"]
    yield "taxis setting dups 2^31", "a.setting", "graph thurn-taxis\ndups 2147483647\ninitial Basel\n", ["taxis", "play"]
    yield "taxis setting 100k extension cards", "a.setting", "graph thurn-taxis\ndups 1\ninitial Basel Augsburg Budweis Lodz Mannheim Passau\n" + "extension Freiburg\n" * 60000, ["taxis", "play"]


def main():
    args = sys.argv[1:]
    keep = None
    if "--keep" in args:
        keep = args[args.index("--keep") + 1]
        del args[args.index("--keep"):args.index("--keep") + 2]
    binary = args[0] if args else "./build/gameopt"
    folder = keep or tempfile.mkdtemp(prefix="gameopt-hostile-")
    os.makedirs(folder, exist_ok=True)
    over = 0
    print("%-42s %8s %9s %7s %5s  %s" % ("input", "bytes", "cpu s", "peak MB", "exit", "first line of stderr"))
    for k, (name, file_name, text, command) in enumerate(cases()):
        path = os.path.join(folder, "%02d-%s" % (k, file_name))
        with open(path, "w") as f:
            f.write(text)
        # The child under `ulimit -v` (4 GB) so a reader that allocates for a declared size
        # fails visibly here instead of taking the machine; its own CPU and peak memory (wait4).
        def limit():
            resource.setrlimit(resource.RLIMIT_AS, (4 << 30, 4 << 30))
        argv = [binary] + command + ([path] if file_name != "-" else [])
        child = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, preexec_fn=limit)
        err_bytes = child.stderr.read()
        _, status, usage = os.wait4(child.pid, 0)
        child.returncode = os.waitstatus_to_exitcode(status)
        cpu = usage.ru_utime + usage.ru_stime
        err = err_bytes.decode(errors="replace").splitlines()
        line = (err[0] if err else "").replace(path, "FILE")[:110]
        refused = child.returncode == 2  # the target is for refusals; a text of 27,000 boards is solved
        flag = " OVER" if refused and cpu > TARGET else ""
        over += refused and cpu > TARGET
        print("%-42s %8d %9.3f %7.0f %5d  %s%s" % (name, len(text.encode()), cpu, usage.ru_maxrss / 1024, child.returncode,
                                                  line, flag))
        if not keep:
            os.unlink(path)
    if not keep:
        os.rmdir(folder)
    print("%d of the refused inputs took more than %.0f s of CPU" % (over, TARGET))
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
