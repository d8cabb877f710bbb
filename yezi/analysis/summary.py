"""The numbers of a balance analysis: means with 95% intervals, paired against a baseline.

Intervals of means are Student t (`yezi.core.stats`); proportions have Wilson intervals. A variant
played on the same deal indices as its baseline is compared deal by deal (the paired difference
has its own interval, much narrower than the two separate ones when the deals are the same).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from yezi.analysis.run import DealRecord
from yezi.core.stats import half_width, proportion_ci95


def _mci(xs: Any) -> list[float]:
    """[mean, half-width of the 95% interval] of a numpy vector."""
    n = len(xs)
    m = float(xs.mean()) if n else float("nan")
    h = half_width(float(xs.var(ddof=1)), n) if n > 1 else float("inf")
    return [m, h]


def _prop(k: int, n: int) -> list[float]:
    c, h = proportion_ci95(k, n)
    return [k / n if n else float("nan"), c, h]


def summarise(records: Sequence[DealRecord], num_seats: int, base: Sequence[DealRecord] | None = None,
              rescored: int | None = None) -> dict[str, Any]:
    """Per-seat mean payment, deal length and stake (half the sum of |payments|), each with a 95%
    interval; with `base`, the paired differences from it; `rescored` picks a rescored payment set."""
    import numpy as np

    n = len(records)
    pay = np.array([r.payments if rescored is None else r.rescored[rescored] for r in records], dtype=float)
    length = np.array([r.length for r in records], dtype=float)
    stake = np.abs(pay).sum(axis=1) / 2
    out: dict[str, Any] = {
        "deals": n,
        "seat_payment": [_mci(pay[:, s]) for s in range(num_seats)],
        "length": _mci(length),
        "stake": _mci(stake),
    }
    firsts = [r.facts.get("first") for r in records]
    played = [i for i, f in enumerate(firsts) if f is not None]
    if played:
        out["first_player_payment"] = _mci(pay[played, [firsts[i] for i in played]])
        out["first_player_share"] = [_prop(sum(1 for f in firsts if f == s), n) for s in range(num_seats)]
    if records and "bidder" in records[0].facts:
        bids = [r.facts["bidder"] for r in records]
        out["bid_share"] = [_prop(sum(1 for b in bids if b == s), n) for s in range(num_seats)]
        out["bid_paid"] = [_prop(sum(1 for r in records if r.facts["bidder"] == s and r.facts["bid_paid"]),
                                 sum(1 for b in bids if b == s)) for s in range(num_seats)]
        out["bidder_payment"] = [_mci(pay[[i for i, b in enumerate(bids) if b == s], s])
                                 if sum(1 for b in bids if b == s) > 1 else [float("nan"), float("nan")]
                                 for s in range(num_seats)]
        out["no_bid_share"] = _prop(sum(1 for b in bids if b is None), n)
    if records and "top" in records[0].facts:
        out["top_share"] = [_prop(sum(1 for r in records if s in r.facts["top"]), n) for s in range(num_seats)]
    if base is not None and len(base) == n and len(base[0].payments) == num_seats:
        bpay = np.array([r.payments for r in base], dtype=float)
        blen = np.array([r.length for r in base], dtype=float)
        out["paired"] = {
            "seat_payment": [_mci(pay[:, s] - bpay[:, s]) for s in range(num_seats)],
            "length": _mci(length - blen),
            "stake": _mci(stake - np.abs(bpay).sum(axis=1) / 2),
        }
    return out


__all__ = ["summarise"]
