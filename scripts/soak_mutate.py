#!/usr/bin/env python3
"""Writes N mutated copies of seed files for scripts/soak.sh: OUT/<i>.<ext of its seed>.
   soak_mutate.py OUT N SEED FILE..."""
import os
import random
import sys

out, n, seed, files = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4:]
rng = random.Random(seed * 7919 + len(out))
seeds = [(f, open(f, "rb").read()) for f in files]
os.makedirs(out, exist_ok=True)

NASTY = [b"\x00", b"\xef\xbb\xbf", b"\xe9", b"\xff\xfe", b"99999999", b"-1", b"4294967296",
         b"9" * 40, b"\r\n", b"\n\n\n", b"(", b")", b",", b"#", b" ", b"\t", b"..", b"x", b"0"]


def mutate(data: bytes) -> bytes:
    b = bytearray(data)
    for _ in range(rng.randint(1, 6)):
        op = rng.randrange(9)
        pos = rng.randint(0, len(b)) if b else 0
        if op == 0 and b:  # flip a byte
            b[min(pos, len(b) - 1)] = rng.randrange(256)
        elif op == 1:  # insert something nasty
            b[pos:pos] = rng.choice(NASTY)
        elif op == 2 and b:  # delete a run
            del b[pos:pos + rng.randint(1, 16)]
        elif op == 3:  # cut short
            b = b[:pos]
        elif op == 4 and b:  # repeat a line
            lines = bytes(b).split(b"\n")
            k = rng.randrange(len(lines))
            lines.insert(k, lines[k])
            b = bytearray(b"\n".join(lines))
        elif op == 5 and b:  # drop a line
            lines = bytes(b).split(b"\n")
            del lines[rng.randrange(len(lines))]
            b = bytearray(b"\n".join(lines))
        elif op == 6:  # random bytes
            b[pos:pos] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 32)))
        elif op == 7:  # a byte-order mark first
            b[0:0] = b"\xef\xbb\xbf"
        elif op == 8 and b:  # a digit becomes a large number
            digits = [i for i, c in enumerate(b) if 48 <= c <= 57]
            if digits:
                i = rng.choice(digits)
                b[i:i + 1] = str(rng.choice([0, 99999999, 2**31, 10**30])).encode()
    return bytes(b)


for i in range(n):
    name, data = rng.choice(seeds)
    ext = os.path.splitext(name)[1] or ".txt"
    if rng.random() < 0.03:
        body = b""  # empty
    elif rng.random() < 0.03:
        body = bytes(rng.randrange(256) for _ in range(rng.randint(1, 4096)))  # garbage
    else:
        body = mutate(data)
    with open(os.path.join(out, f"{i}{ext}"), "wb") as f:
        f.write(body)
