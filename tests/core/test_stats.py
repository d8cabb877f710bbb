"""The one interval of a mean (`yezi.core.stats`): Student t, so that "95%" means 95% on a handful of
samples too (a search hint over 8 deals used ±1.96 standard errors, which covers about 91%)."""

from __future__ import annotations

import math
import random

import pytest

from yezi.core.stats import half_width, mean_ci, paired_ci, t_quantile

# Student t quantiles at 0.975 (two-sided 95%) from published tables
KNOWN = {1: 12.706, 2: 4.303, 3: 3.182, 5: 2.571, 7: 2.365, 10: 2.228, 20: 2.086, 30: 2.042,
         60: 2.000, 120: 1.980, 1000: 1.962}


@pytest.mark.parametrize("df", sorted(KNOWN))
def test_t_quantile_matches_the_tables(df):
    assert t_quantile(df) == pytest.approx(KNOWN[df], abs=6e-4)


def test_t_quantile_other_levels_and_the_normal_limit():
    assert t_quantile(7, 0.99) == pytest.approx(3.499, abs=6e-4)
    assert t_quantile(7, 0.90) == pytest.approx(1.895, abs=6e-4)
    assert t_quantile(10**7) == pytest.approx(1.95996, abs=1e-5)
    assert t_quantile(0) == math.inf
    # either side of where the exact series hands over to the expansion
    assert t_quantile(200) == pytest.approx(1.97190, abs=1e-5)
    assert t_quantile(250) == pytest.approx(1.96949, abs=1e-5)


def test_eight_samples_get_the_t_half_width():
    xs = [1.0, 2.0, 4.0, 3.0, 5.0, 2.0, 8.0, 7.0]
    m, h = mean_ci(xs)
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / 7)
    assert m == pytest.approx(4.0)
    assert h == pytest.approx(2.3646 * sd / math.sqrt(8), rel=1e-4)


def test_a_95_percent_interval_on_8_samples_covers_95_percent():
    """The finding itself: with ±1.96 this covers about 91% (the old `mean_ci95`)."""
    rng = random.Random(20251)
    reps, hits = 4000, 0
    for _ in range(reps):
        m, h = mean_ci([rng.gauss(0.0, 1.0) for _ in range(8)])
        hits += abs(m) <= h
    assert 0.935 <= hits / reps <= 0.965, hits / reps


def test_degenerate_samples_and_pairs():
    assert mean_ci([]) == (0.0, pytest.approx(math.nan, nan_ok=True))
    assert mean_ci([3.0]) == (3.0, math.inf)
    assert half_width(4.0, 1) == math.inf
    d, h = paired_ci([3.0, 5.0, 4.0], [1.0, 2.0, 2.0])
    assert (d, h) == mean_ci([2.0, 3.0, 2.0])
    with pytest.raises(ValueError):
        paired_ci([1.0], [1.0, 2.0])


def test_batch_means_use_the_batches_degrees_of_freedom():
    """Four batch totals estimate the variance with 3 degrees of freedom (t 3.182), however many
    deals are in each batch."""
    from yezi.sim.native_batch import batch_means_ci

    totals = [[10.0], [14.0], [6.0], [12.0]]  # 4 batches of 5 deals, one seat
    sizes = [5, 5, 5, 5]
    means, hws = batch_means_ci(totals, sizes)
    m = 42.0 / 20
    var = sum(5 * (t[0] / 5 - m) ** 2 for t in totals) / 3
    assert means == [pytest.approx(m)]
    assert hws == [pytest.approx(3.1824 * math.sqrt(var / 20), rel=1e-4)]
