"""Plain batch simulation on every core: fixed bots in fixed seats, many independent deals.

`yezi simulate` (the lead's) plays on one core; this is the same idea for large runs and for
scripts: each deal's seed comes from (seed, index), so the numbers do not depend on `jobs`.
"""

from __future__ import annotations

import multiprocessing as mp
import os
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from yezi.core.options import parse_overrides
from yezi.core.registry import load_game
from yezi.sim.bots import resolve_bot
from yezi.sim.duplicate import derived_seed, play_with


@dataclass
class DealOutcome:
    index: int
    payments: list[float]
    actions: int
    stats: dict[str, Any]


_W: dict[str, Any] = {}


def _setup(game_name, preset, overrides, specs, seed, stats_fn):
    game = load_game(game_name, preset, overrides)
    active = game.active_seats()
    bots = {s: resolve_bot(game_name, specs[i % len(specs)]) for i, s in enumerate(active)}
    _W.update(game=game, bots=bots, seed=seed, stats=stats_fn)


def _one(index: int) -> DealOutcome:
    game, bots, seed = _W["game"], _W["bots"], _W["seed"]
    deal = game.deal_from_seed(derived_seed("deal", seed, index))
    state = play_with(game, bots, deal, random.Random(derived_seed("bots", seed, index)))
    fn = _W["stats"] or getattr(game, "deal_stats", None)
    return DealOutcome(index, [float(p) for p in state.payments()], len(state.history), fn(state) if fn else {})


def play_many(
    game_name: str,
    specs: Sequence[str],
    deals: int,
    *,
    preset: str | None = None,
    options: Sequence[str] = (),
    seed: int = 0,
    jobs: int | None = None,
    stats: Callable[[Any], dict[str, Any]] | None = None,
    ray: bool = False,
    address: str | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> list[DealOutcome]:
    """Play `deals` deals with `specs[i % len(specs)]` in the i-th active seat; outcomes by index.

    `stats` (state -> dict) runs in the workers; it must be a module-level function. With `ray`
    the deals are played by Ray tasks (`yezi.sim.distributed`; a local cluster of `jobs` CPUs
    unless `address` names one): the outcomes are exactly those of a local run."""
    overrides = parse_overrides(list(options))
    args = (game_name, preset, overrides, list(specs), seed, stats)
    done: dict[int, DealOutcome] = {}
    step = max(1, deals // 100)
    if ray:
        from yezi.sim.distributed import ray_map

        load_game(game_name, preset, overrides)  # a bad name fails here, not in a worker
        for out in ray_map(_setup, args, _one, range(deals), address=address, jobs=jobs):
            done[out.index] = out
            if progress and (len(done) % step == 0 or len(done) == deals):
                progress(len(done), deals)
        return [done[i] for i in range(deals)]
    jobs = max(1, min(jobs or os.cpu_count() or 1, deals or 1))
    if jobs == 1:
        _setup(*args)
        for i in range(deals):
            done[i] = _one(i)
            if progress and ((i + 1) % step == 0 or i + 1 == deals):
                progress(i + 1, deals)
        return [done[i] for i in range(deals)]
    ctx = mp.get_context("fork") if "fork" in mp.get_all_start_methods() else mp.get_context()
    with ctx.Pool(jobs, _setup, args) as pool:
        for out in pool.imap_unordered(_one, range(deals), chunksize=max(1, deals // (8 * jobs))):
            done[out.index] = out
            if progress and (len(done) % step == 0 or len(done) == deals):
                progress(len(done), deals)
    return [done[i] for i in range(deals)]
