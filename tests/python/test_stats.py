"""gameopt.stats: intervals and the three verdicts, on numbers worked by hand."""
import pytest

from gameopt import stats


def test_interval():
    lo, hi = stats.interval(4.0, 0.5)
    assert lo == pytest.approx(4.0 - 0.98, abs=1e-3) and hi == pytest.approx(4.98, abs=1e-3)


def test_wilson():
    lo, hi = stats.proportion_interval(0.5, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    assert stats.proportion_interval(0.0, 10)[0] == 0.0
    assert stats.proportion_interval(0.3, 0) == (0.0, 1.0)


def test_verdicts():
    assert stats.value_verdict(4.5, 4.0, 5.0)["verdict"] == stats.REPRODUCED
    assert stats.value_verdict(5.5, 4.0, 5.0)["verdict"] == stats.NOT_REPRODUCED
    assert stats.order_verdict(0.3, 0.1)["verdict"] == stats.REPRODUCED
    assert stats.order_verdict(-0.3, 0.1)["verdict"] == stats.NOT_REPRODUCED
    v = stats.order_verdict(0.1, 0.1)
    assert v["verdict"] == stats.UNDECIDED and v["low"] < 0 < v["high"]
    d, se = stats.difference(5.0, 0.3, 4.0, 0.4)
    assert d == 1.0 and se == pytest.approx(0.5)


def test_on_an_experiment():
    import gameopt
    rows = gameopt.run("taxis", "experiment", args=["table1"], games=400, seed=5).rows
    a, b = rows[0], rows[-1]
    d, se = stats.difference(b["mean"], b["stderr"], a["mean"], a["stderr"])
    v = stats.order_verdict(d, se)
    assert v["verdict"] in (stats.REPRODUCED, stats.NOT_REPRODUCED, stats.UNDECIDED)
    assert v["low"] < d < v["high"]


def test_tournament_intervals_pairs_and_findings():
    """The tournament's statistics from C: Wilson intervals agree with stats.proportion_interval,
    and every finding's verdict with stats.order_verdict on the same difference and error."""
    import gameopt
    r = gameopt.run("taxis", "tournament", games=3000, threads=2)
    matrix = r.table("matrix")
    assert len(matrix) == 25
    for cell in matrix:
        lo, hi = stats.proportion_interval(cell["first_wins"], cell["games"])
        assert cell["first_wins_low"] == pytest.approx(lo, abs=2e-6)
        assert cell["first_wins_high"] == pytest.approx(hi, abs=2e-6)
    pairs = r.table("pairs")
    assert len(pairs) == 10 and {"a", "b", "a_wins", "b_wins", "diff", "low", "high"} <= set(pairs[0])
    findings = {f["finding"]: f for f in r.table("findings")}
    assert sorted(findings) == ["1", "2", "3a", "3b", "4"]
    for f in findings.values():
        verdicts = set()
        for c in f["comparisons"]:
            assert c["diff"] == pytest.approx(c["rate_value"] - c["vs_value"], abs=2e-6)
            assert stats.order_verdict(c["diff"], c["stderr"])["verdict"] == c["verdict"]
            verdicts.add(c["verdict"])
        expect = (stats.NOT_REPRODUCED if stats.NOT_REPRODUCED in verdicts
                  else stats.UNDECIDED if stats.UNDECIDED in verdicts else stats.REPRODUCED)
        assert f["verdict"] == expect
    # 3,000 settings (seed 1): (2) and (4) hold; the gaps of (3a) and (3b) are within the noise
    assert findings["2"]["verdict"] == stats.REPRODUCED
    assert findings["3a"]["verdict"] == stats.UNDECIDED
