"""Playing the deals of a balance analysis: one configuration, many seeded deals, every core or Ray.

Deal `i` of every configuration comes from (seed, i) alone and so do the bots' random streams,
so two configurations of one game play the same deals (where their deals have the same shape)
and differences between them are paired deal by deal; and a Ray run equals a local one.

A *rescored* option is one that changes only the settlement, not what can be played (Fishing's
`settlement`): the deal is played once and its actions replayed, validated, under each of the
option's values. That is exact when the bots do not read the option; yezi's random and heuristic
Fishing bots do not (they choose from the legal actions and the captures' scores).

On the native engine (random bots; `engine`), each deal is still dealt by the reference engine
from (seed, i), and played natively with random choices (``trace``): the same deals, every
action, so the deal length and first player come from the trace. Where facts need the reference
engine's state (Luk Fu's bidder, Fishing's 決勝分) or a rescored ruleset does, the traced
actions are replayed into it without legality checks (they were legal natively; the
differential test holds the two engines to that).
"""

from __future__ import annotations

import multiprocessing as mp
import os
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from yezi.core.protocol import Game, State
from yezi.core.registry import load_game
from yezi.native import registry
from yezi.native.select import native_policy_for
from yezi.sim.bots import resolve_bot
from yezi.sim.duplicate import derived_seed, play_with


@dataclass
class DealRecord:
    """What one deal contributes: payments per seat, actions taken, game-specific facts, and the
    payments under each rescored ruleset."""

    index: int
    payments: list[float]
    length: int
    facts: dict[str, Any]
    rescored: list[list[float]] = field(default_factory=list)


def deal_facts(game: Game, state: State) -> dict[str, Any]:
    """Facts the reports break results down by: who acted first; Luk Fu's bidder (做) and whether
    the bid paid; Fishing's seats with the top 決勝分."""
    facts: dict[str, Any] = {"first": state.actor_of(0) if state.history else None}
    if game.name == "lukfu":
        bidder = getattr(state, "bidder", None)
        facts["bidder"] = bidder
        facts["bid_paid"] = None if bidder is None else state.payments()[bidder] > 0
    elif game.name == "fishing":
        scores = state.deciding_scores()
        facts["top"] = [s for s, v in enumerate(scores) if v == max(scores)]
    return facts


_W: dict[str, Any] = {}


def rescore(other: Game, deal: Any, state: State) -> list:
    """`state`'s payments under `other`'s settlement: the game's own `rescore` where it has one
    (Fishing: settle the same catches), else the actions replayed, validated, under `other`."""
    fn = getattr(other, "rescore", None)
    if fn is not None:
        return fn(state)
    return other.replay(deal, state.history).payments()


# facts that `deal_facts` reads off the reference engine's state beyond the first player
STATE_FACTS = ("lukfu", "fishing")


def setup(game_name: str, preset: str | None, overrides: dict[str, Any], bot: str, seed: int,
          rescore: list[dict[str, Any]], native: bool = False) -> None:
    """Build the game, one bot per active seat and the rescoring games (a worker's initialiser);
    with `native`, the native engine plays the deals (random bots)."""
    game = load_game(game_name, preset, overrides)
    bots = {s: resolve_bot(game_name, bot) for s in game.active_seats()}
    others = [load_game(game_name, preset, {**overrides, **r}) for r in rescore]
    wrapper = registry.native_game(game) if native else None
    if native and wrapper is None:
        raise RuntimeError(f"the native {game_name} engine is unavailable in a worker process")
    _W.update(game=game, bots=bots, seed=seed, rescore=others, native=wrapper)


def _play_native(game: Game, deal: Any, index: int) -> DealRecord:
    state = game.new_state(deal)
    trace = _W["native"].trace(state, derived_seed("bots", _W["seed"], index))
    first = trace.steps[0].actor if trace.steps else None
    if game.name not in STATE_FACTS and not _W["rescore"]:
        return DealRecord(index, [float(p) for p in trace.payments], len(trace.steps), {"first": first})
    for a in trace.actions:
        state.apply_unchecked(a)
    rescored = [[float(p) for p in rescore(other, deal, state)] for other in _W["rescore"]]
    return DealRecord(index, [float(p) for p in trace.payments], len(trace.steps), deal_facts(game, state),
                      rescored)


def play_one(index: int) -> DealRecord:
    """Deal `index`: the same on every process and machine."""
    game, seed = _W["game"], _W["seed"]
    deal = game.deal_from_seed(derived_seed("deal", seed, index))
    if _W.get("native") is not None:
        return _play_native(game, deal, index)
    state = play_with(game, _W["bots"], deal, random.Random(derived_seed("bots", seed, index)))
    rescored = [[float(p) for p in rescore(other, deal, state)] for other in _W["rescore"]]
    return DealRecord(index, [float(p) for p in state.payments()], len(state.history), deal_facts(game, state),
                      rescored)


def play_config(game_name: str, preset: str | None, overrides: dict[str, Any], bot: str, deals: int, *,
                seed: int = 0, rescore: Sequence[dict[str, Any]] = (), jobs: int | None = None,
                ray: bool = False, address: str | None = None, engine: str | None = None,
                progress: Callable[[int, int], None] | None = None) -> list[DealRecord]:
    """Play `deals` deals of one configuration; records in index order (the same whatever runs
    them). `engine` (auto / native / python): native where it can play `bot` (random)."""
    game = load_game(game_name, preset, overrides)  # a bad name or value fails here, not in a worker
    native = native_policy_for(game, engine, [bot], policies=("random",),
                               what="yezi analyze on the native engine") is not None
    args = (game_name, preset, dict(overrides), bot, seed, [dict(r) for r in rescore], native)
    out: dict[int, DealRecord] = {}
    if ray:
        from yezi.sim.distributed import ray_map

        for rec in ray_map(setup, args, play_one, range(deals), address=address, jobs=jobs):
            out[rec.index] = rec
            if progress:
                progress(len(out), deals)
        return [out[i] for i in range(deals)]
    jobs = max(1, min(jobs or os.cpu_count() or 1, deals or 1))
    if jobs == 1:
        setup(*args)
        for i in range(deals):
            out[i] = play_one(i)
            if progress and (i + 1) % 500 == 0:
                progress(i + 1, deals)
        return [out[i] for i in range(deals)]
    ctx = mp.get_context("fork") if "fork" in mp.get_all_start_methods() else mp.get_context()
    with ctx.Pool(jobs, setup, args) as pool:
        for rec in pool.imap_unordered(play_one, range(deals), chunksize=64):
            out[rec.index] = rec
            if progress and len(out) % 500 == 0:
                progress(len(out), deals)
    return [out[i] for i in range(deals)]


__all__ = ["DealRecord", "deal_facts", "play_config", "play_one", "setup"]
