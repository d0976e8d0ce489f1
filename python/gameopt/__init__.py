"""gameopt from Python: every verb of every game of the gameopt library, in memory.

    import gameopt
    r = gameopt.solve("country", "https://puzz.link/p?country/5/5/amda0uf02h12h", count=2)
    r.answer["solutions"], r.status          # answers as dicts, as `--json` prints them
    gameopt.draw("flow", "board.txt")         # a picture Jupyter shows inline (SVG)
    rows = gameopt.run("taxis", "experiment", args=["table1"], games=1000).rows
    pandas.DataFrame(rows)                    # experiment rows, each with the run's context

A pure-Python package over the shared library libgameopt.so (ctypes, standard library only):
each call is one request to the library's JSON entry point gopt_api_call. See docs/python.md.
"""
from ._core import (Cancel, GameoptError, InputError, InternalError, Output, PNG, Picture, Result, Rows, call,
                    games, request_of, run)
from ._library import LibraryNotFoundError

__version__ = "0.1.0"
__all__ = ["run", "call", "games", "game", "verbs", "options", "solve", "check", "generate", "draw", "convert",
           "library_path", "version", "Result", "Rows", "Picture", "PNG", "Output", "Cancel", "GameoptError",
           "InputError", "InternalError", "LibraryNotFoundError"]


def game(name):
    """One family's table: name, summary, formats, methods, verbs (with their options)."""
    for g in games():
        if g["name"] == name:
            return g
    raise InputError({"text": "gameopt: unknown game '%s'" % name, "file": "", "line": 0, "column": 0,
                      "message": "unknown game '%s' (games: %s)" % (name, ", ".join(g["name"] for g in games()))})


def verbs(name):
    """The verb names of a family."""
    return [v["name"] for v in game(name)["verbs"]]


def options(name, verb):
    """The typed options a verb takes (its own, then the common ones): name, type, arg,
    default, min, max, choices, help."""
    for v in game(name)["verbs"]:
        if v["name"] == verb:
            return v["options"]
    raise InputError({"text": "gameopt: %s: unknown verb '%s'" % (name, verb), "file": "", "line": 0, "column": 0,
                      "message": "%s: unknown verb '%s' (verbs: %s)" % (name, verb, ", ".join(verbs(name)))})


def solve(game, input=None, *more, **options):
    """gameopt GAME solve INPUT... [--options]: input is a puzzle's text, a link or a file;
    more inputs may follow."""
    return run(game, "solve", input, args=list(more) or None, **options)


def check(game, puzzle, answer=None, **options):
    """gameopt GAME check PUZZLE [ANSWER]: the independent checker's verdict."""
    return run(game, "check", puzzle, args=[answer] if answer is not None else None, **options)


def generate(game, **options):
    """gameopt GAME generate [--options]: random puzzles (their texts in result.text)."""
    return run(game, "generate", **options)


def draw(game, input, picture="svg", **options):
    """gameopt GAME draw INPUT --output x.svg: the puzzle as it is, as a Picture."""
    return run(game, "draw", input, picture=picture, **options).picture


def convert(game, input, **options):
    """gameopt GAME convert INPUT [--to FORMAT]."""
    return run(game, "convert", input, **options)


def library_path():
    """The libgameopt.so file in use (loads it; LibraryNotFoundError when there is none)."""
    from . import _library
    return _library.path()


def version():
    """The library's version."""
    from . import _library
    import json
    return json.loads(_library.games())["gameopt"]
