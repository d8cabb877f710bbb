"""Small statistics for simulation reports (no numpy needed)."""

from __future__ import annotations

import math
from collections.abc import Sequence


def mean_ci95(xs: Sequence[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% confidence interval (normal approximation)."""
    n = len(xs)
    if n == 0:
        return 0.0, float("nan")
    m = sum(xs) / n
    if n < 2:
        return m, float("inf")
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    return m, 1.96 * math.sqrt(var / n)


def proportion_ci95(k: int, n: int) -> tuple[float, float]:
    """Wilson interval centre and half-width for k successes in n trials."""
    if n == 0:
        return 0.0, float("nan")
    z = 1.96
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return centre, half
