"""`yezi simulate` on the native engine: the same per-seat means and 95% intervals, far faster.

Two ways, by the bots asked for (`yezi.native.select.bots_policy`):

* random bots everywhere: the native engine deals and plays whole batches itself
  (``random_playouts``), so only each batch's payment totals cross into Python. The interval
  comes from the *batch means* (deals are independent, so the per-deal variance is estimated
  by the spread of the batch means scaled by the batch sizes); with at most 1,000 batches and
  at least one deal each, a run of up to 1,000 deals has one deal per batch and so exactly the
  reference engine's per-deal interval. The native deals are drawn by the native generator
  from (seed, batch index): not the reference engine's deals, the same distribution.
* heuristic bots everywhere: each deal is dealt by the reference engine from (seed, i), as
  `yezi.sim.batch` deals it, and played to the end natively with the heuristic policy
  (``playout``): the same deals, per-deal payments, the reference engine's interval.

Batches (or deals) go to a process pool with ``jobs`` > 1; the numbers do not depend on it.
"""

from __future__ import annotations

import multiprocessing as mp
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from yezi.core.options import parse_overrides
from yezi.core.registry import load_game
from yezi.core.stats import half_width, mean_ci
from yezi.native import registry
from yezi.sim.duplicate import derived_seed

MAX_BATCHES = 1000


@dataclass
class NativeRun:
    """Per-seat mean payment and 95% half-width over `deals` deals, and how they were played."""

    deals: int
    means: list[float]
    half_widths: list[float]
    policy: str
    decisions: int | None = None  # random playouts count the decisions made


def batch_sizes(n: int, batches: int = MAX_BATCHES) -> list[int]:
    """`n` deals split into min(n, batches) batches whose sizes differ by at most one."""
    b = max(1, min(n, batches))
    q, r = divmod(n, b)
    return [q + (i < r) for i in range(b)]


def batch_means_ci(totals: list[list[float]], sizes: list[int]) -> tuple[list[float], list[float]]:
    """Per seat: the mean over all deals and its 95% half-width from batch totals.

    A batch of m independent deals has a mean with variance σ²/m, so Σ m_b (ȳ_b − ȳ)² / (B − 1)
    estimates the per-deal σ² with B − 1 degrees of freedom, and the overall mean's half-width is
    t(B − 1) √(σ²/n) (`yezi.core.stats.half_width`). With one deal per batch this is exactly `mean_ci`
    of the deals."""
    n = sum(sizes)
    seats = len(totals[0]) if totals else 0
    means, hws = [], []
    for s in range(seats):
        m = sum(t[s] for t in totals) / n
        if len(sizes) < 2:
            means.append(m)
            hws.append(float("inf"))
            continue
        var = sum(k * (t[s] / k - m) ** 2 for t, k in zip(totals, sizes)) / (len(sizes) - 1)
        means.append(m)
        hws.append(half_width(var, n, df=len(sizes) - 1))
    return means, hws


_W: dict[str, Any] = {}


def _setup(game_name: str, preset: str | None, overrides: dict[str, Any], policy: str, seed: int,
           sizes: list[int]) -> None:
    game = load_game(game_name, preset, overrides)
    wrapper = registry.native_game(game)
    if wrapper is None:  # checked by the caller; a worker that cannot load the library says so
        raise RuntimeError(f"the native {game_name} engine is unavailable in a worker process")
    _W.update(game=game, native=wrapper, policy=policy, seed=seed, sizes=sizes)


def _random_batch(b: int) -> tuple[int, list[float], int]:
    totals, decisions = _W["native"].random_playouts(_W["sizes"][b], derived_seed("native-deal", _W["seed"], b))
    return b, [float(x) for x in totals], decisions


def _policy_deal(i: int) -> tuple[int, list[float], int]:
    game, seed = _W["game"], _W["seed"]
    state = game.new_state(game.deal_from_seed(derived_seed("deal", seed, i)))
    pays = _W["native"].playout(state, _W["policy"], derived_seed("bots", seed, i), 1)
    return i, [float(x) for x in pays], 0


def simulate_native(game_name: str, policy: str, deals: int, *, preset: str | None = None,
                    options: list[str] | tuple[str, ...] = (), seed: int = 0, jobs: int = 1, ray: bool = False,
                    address: str | None = None, progress: Callable[[int, int], None] | None = None) -> NativeRun:
    """Play `deals` deals with `policy` (``random`` or ``heuristic``) in every seat, natively
    (on `jobs` processes, or Ray tasks: the same numbers)."""
    overrides = parse_overrides(list(options))
    if policy == "random":
        sizes = batch_sizes(deals)
        work, items = _random_batch, range(len(sizes))
    else:
        sizes = [1] * deals
        work, items = _policy_deal, range(deals)
    args = (game_name, preset, overrides, policy, seed, sizes)
    done: dict[int, tuple[list[float], int]] = {}
    played = 0
    step = max(1, len(items) // 100)

    def collect(res: tuple[int, list[float], int]) -> None:
        nonlocal played
        done[res[0]] = (res[1], res[2])
        played += sizes[res[0]]
        if progress and (len(done) % step == 0 or len(done) == len(items)):
            progress(played, deals)

    jobs = max(1, min(jobs, len(items)))
    if ray:
        from yezi.sim.distributed import ray_map

        for res in ray_map(_setup, args, work, items, address=address, jobs=jobs):
            collect(res)
    elif jobs == 1:
        _setup(*args)
        for i in items:
            collect(work(i))
    else:
        ctx = mp.get_context("fork") if "fork" in mp.get_all_start_methods() else mp.get_context()
        with ctx.Pool(jobs, _setup, args) as pool:
            for res in pool.imap_unordered(work, items, chunksize=max(1, len(items) // (8 * jobs))):
                collect(res)
    totals = [done[i][0] for i in items]
    if policy == "random":
        means, hws = batch_means_ci(totals, sizes)
        return NativeRun(deals, means, hws, policy, sum(done[i][1] for i in items))
    seats = len(totals[0])
    per_seat = [mean_ci([t[s] for t in totals]) for s in range(seats)]
    return NativeRun(deals, [m for m, _ in per_seat], [h for _, h in per_seat], policy)


__all__ = ["MAX_BATCHES", "NativeRun", "batch_means_ci", "batch_sizes", "simulate_native"]
