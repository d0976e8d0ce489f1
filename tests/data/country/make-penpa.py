#!/usr/bin/env python3
"""Writes two Country Road puzzles of our own (made by `gameopt country generate`) as
penpa-edit links, built the way the editor stores a board, independently of gameopt's own
penpa writer: header line, hidden margins, modes, the problem layer with room borders as
Edge-mode lines (lineE) and numbers, the answer layer (a loop in `line` for the first),
centre list; penpa's key abbreviations; raw deflate; base64. The outputs are pasted into
the golden tests (penpa-*.cmd); this script documents how they were made."""
import base64, json, zlib

ABBR = [('"qa"', "z9"), ('"pu_q"', "zQ"), ('"pu_a"', "zA"), ('"grid"', "zG"), ('"edit_mode"', "zM"),
        ('"surface"', "zS"), ('"line"', "zL"), ('"lineE"', "zE"), ('"wall"', "zW"), ('"cage"', "zC"),
        ('"number"', "zN"), ('"symbol"', "zY"), ('"special"', "zP"), ('"board"', "zB"),
        ('"command_redo"', "zR"), ('"command_undo"', "zU"), ('"command_replay"', "z8"),
        ('"numberS"', "z1"), ('"freeline"', "zF"), ('"freelineE"', "z2"), ('"thermo"', "zT"),
        ('"arrows"', "z3"), ('"direction"', "zD"), ('"squareframe"', "z0"), ('"polygon"', "z5"),
        ('"deletelineE"', "z4"), ('"killercages"', "z6"), ('"nobulbthermo"', "z7"), ('"__a"', "z_"),
        ("null", "zO")]


def layer():
    return {"surface": {}, "number": {}, "numberS": {}, "symbol": {}, "freeline": {}, "freelineE": {},
            "thermo": [], "arrows": [], "direction": [], "squareframe": [], "polygon": [], "line": {},
            "lineE": {}, "wall": {}, "cage": {}, "special": {}, "deletelineE": {}, "killercages": [],
            "nobulbthermo": [], "command_redo": {"__a": []}, "command_undo": {"__a": []},
            "command_replay": {"__a": []}}


def link(rows, numbers, margins, loop=None, frame=False):
    h, w = len(rows), len(rows[0])
    top, bottom, left, right = margins
    nx, ny = w + left + right, h + top + bottom
    W, H = nx + 4, ny + 4

    def pt(cat, r, c):  # category 0: centre of cell (r, c); 1: the corner below-right of it
        return cat * W * H + (r + 2 + top) * W + c + 2 + left

    q, a = layer(), layer()
    for r in range(-1, h):
        for c in range(-1, w):
            inside = 0 <= r < h and 0 <= c < w
            # the vertical side right of (r, c) and the horizontal side below it
            if 0 <= r < h and (inside and c + 1 < w and rows[r][c] != rows[r][c + 1] or frame and c in (-1, w - 1)):
                q["lineE"]["%d,%d" % (pt(1, r - 1, c), pt(1, r, c))] = 2
            if 0 <= c < w and (inside and r + 1 < h and rows[r][c] != rows[r + 1][c] or frame and r in (-1, h - 1)):
                q["lineE"]["%d,%d" % (pt(1, r, c - 1), pt(1, r, c))] = 2
    seen = set()
    for r in range(h):
        for c in range(w):
            room = rows[r][c]
            if room in numbers and room not in seen:
                seen.add(room)
                q["number"][str(pt(0, r, c))] = [str(numbers[room]), 1, "1"]
    for r, row in enumerate(loop or []):
        for c, tok in enumerate(row.split()):
            if "e" in tok:
                a["line"]["%d,%d" % (pt(0, r, c), pt(0, r, c + 1))] = 3
            if "s" in tok:
                a["line"]["%d,%d" % (pt(0, r, c), pt(0, r + 1, c))] = 3
    centres = [pt(0, r, c) for r in range(h) for c in range(w)]
    deltas = [centres[0]] + [centres[i] - centres[i - 1] for i in range(1, len(centres))]
    mode = {"qa": "pu_q", "grid": ["1", "2", "1"], "pu_q": {"edit_mode": "lineE", "lineE": ["2", 2]}}
    text = "\n".join([
        "square,%d,%d,38,0,1,1,%d,%d,%d,%d,0,0,0,0,Title: ,Author: gameopt,,,1,false" % (
            nx, ny, 38 * (nx + 1), 38 * (ny + 1), pt(0, h // 2, w // 2), pt(0, h // 2, w // 2)),
        json.dumps(list(margins), separators=(",", ":")),
        json.dumps(mode, separators=(",", ":")),
        json.dumps(q, separators=(",", ":")),
        json.dumps(a, separators=(",", ":")),
        json.dumps(deltas, separators=(",", ":")),
        "[]", "{}", "", "", "[3,1,3]"])
    for long, short in ABBR:
        text = text.replace(long, short)
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    data = c.compress(text.encode()) + c.flush()
    return "https://swaroopg92.github.io/penpa-edit/#m=edit&p=" + base64.b64encode(data).decode()


# gameopt country generate --size 6x6 --seed 7: unique, 26 loop cells; with its loop.
print(link(["ABCCCC", "ABBBBD", "AAEBBD", "FFGHDD", "HFFHDD", "HHHHHH"], {"B": 3, "H": 5}, (0, 0, 0, 0),
           loop=["- se ew ew ew sw", "- ne sw - - ns", "se ew nw - - ns", "ne sw se sw se nw",
                 "- ne nw ns ne sw", "- - - ne ew nw"], frame=True))
# gameopt country generate --size 7x5 --seed 11, with '?' in room E, hidden margins.
print(link(["ABBCCCC", "AADCCEE", "AFDCGEE", "FFDCGGG", "FHGGGGG"], {"A": 1, "C": 4, "G": 9, "E": "?"},
           (1, 0, 2, 1)))
