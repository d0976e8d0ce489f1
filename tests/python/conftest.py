"""pytest setup for the Python package's tests: the package from the source tree (python/),
the library CTest names (GAMEOPT_LIB) or the build tree's, and the command line ($GAMEOPT)."""
import os
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "python"))


@pytest.fixture(scope="session")
def root():
    return ROOT


@pytest.fixture(scope="session")
def cli():
    """The command line to compare with: $GAMEOPT (CTest), else build/gameopt."""
    path = os.environ.get("GAMEOPT") or os.path.join(ROOT, "build", "gameopt")
    if not os.path.exists(path):
        pytest.skip("no gameopt binary (build it first)")
    return path


def run_cli(cli, words, stdin=None):
    """The command line's --json answers (one JSON object a line) and its exit code."""
    import json
    p = subprocess.run([cli] + words, cwd=ROOT, input=stdin, capture_output=True, text=True)
    answers = [json.loads(line) for line in p.stdout.splitlines() if line.startswith("{")]
    return answers, p.returncode, p


def strip_volatile(v):
    """Times, memory and the manifest's date differ between two runs of the same work."""
    if isinstance(v, dict):
        return {k: strip_volatile(x) for k, x in v.items()
                if k not in ("seconds", "cpu_seconds", "peak_mb", "us_per_game", "date")}
    if isinstance(v, list):
        return [strip_volatile(x) for x in v]
    return v


@pytest.fixture(autouse=True)
def _in_root(monkeypatch):
    monkeypatch.chdir(ROOT)


def have(tool):
    return shutil.which(tool) is not None
