#!/usr/bin/env python3
"""What a call from Python costs beyond the same call in C (issue 36's target: at most 50 us).
The same small request (flood solve of a 5x4 board, no manifest) N times three ways, CPU
seconds (process time: user+sys) per call, median of R rounds:
  c       gopt_api_call itself, through a bare ctypes call (the request's bytes prebuilt)
  python  gameopt.call(request): JSON encode/decode, the Result, the cancel token, the worker
  run     gameopt.run(...): the request built from keywords too
Usage: python3 bench/python_overhead.py [N] [R]   (GAMEOPT_LIB picks the library)"""
import json
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "python"))
import gameopt  # noqa: E402
from gameopt import _library  # noqa: E402

N = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
R = int(sys.argv[2]) if len(sys.argv) > 2 else 5
BOARD = "5x4c3m2:01201120120221001201"
REQ = {"game": "flood", "verb": "solve", "input": BOARD}
BODY = json.dumps(REQ).encode()


def per_call(fn):
    rounds = []
    for _ in range(R):
        t = time.process_time()
        for _ in range(N):
            fn()
        rounds.append((time.process_time() - t) / N)
    return statistics.median(rounds)


env = _library.Env(0.0, 0.0, 0, None, None)
c = per_call(lambda: _library.call(BODY, env))
py = per_call(lambda: gameopt.call(REQ))
run = per_call(lambda: gameopt.run("flood", "solve", BOARD, manifest=False))
print("library %s, %d calls x %d rounds, CPU us per call (median)" % (gameopt.library_path(), N, R))
print("c       %8.1f" % (c * 1e6))
print("python  %8.1f   (+%.1f)" % (py * 1e6, (py - c) * 1e6))
print("run     %8.1f   (+%.1f)" % (run * 1e6, (run - c) * 1e6))
