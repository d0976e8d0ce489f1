"""Intervals and verdicts for findings stated as means or proportions (issue 36 item 3, the
Python half): a finding is "reproduced", "not reproduced (our interval excludes it)" or
"undecided at this sample size", always with the numbers it was judged by. Standard library
only; the normal approximation (z = 1.96) for means, Wilson's interval for proportions."""
import math

Z95 = 1.959963984540054

REPRODUCED = "reproduced"
NOT_REPRODUCED = "not reproduced (our interval excludes it)"
UNDECIDED = "undecided at this sample size"


def interval(mean, stderr, z=Z95):
    """The 95 % interval of a mean from its standard error."""
    return (mean - z * stderr, mean + z * stderr)


def proportion_interval(p, n, z=Z95):
    """Wilson's 95 % interval of a proportion p observed in n trials."""
    if n <= 0:
        return (0.0, 1.0)
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, centre - half), min(1.0, centre + half))


def value_verdict(paper, lo, hi):
    """A value the paper states, judged by our interval [lo, hi]: inside it is reproduced,
    outside it is not."""
    verdict = REPRODUCED if lo <= paper <= hi else NOT_REPRODUCED
    return {"paper": paper, "low": lo, "high": hi, "verdict": verdict}


def order_verdict(diff, stderr, z=Z95):
    """The paper's claim "A beats B", judged by our difference A - B and its standard error:
    reproduced when the interval lies above 0, not reproduced when it lies below, undecided
    when it holds 0."""
    lo, hi = interval(diff, stderr, z)
    verdict = REPRODUCED if lo > 0 else NOT_REPRODUCED if hi < 0 else UNDECIDED
    return {"difference": diff, "stderr": stderr, "low": lo, "high": hi, "verdict": verdict}


def difference(mean_a, stderr_a, mean_b, stderr_b):
    """A - B of two independent means, with its standard error."""
    return mean_a - mean_b, math.sqrt(stderr_a ** 2 + stderr_b ** 2)
