"""Duplicate-deal tournaments: every deal is replayed with the bots rotated through every seat.

With k bots and the game's m active seats, deal d is played k times; in rotation r the active
seat j is held by bot (j + r) mod k. Over the k rotations every bot holds every seat exactly once
(a bot may hold several seats in one rotation when k < m, and sits out some rotations when
k > m). A bot's score for a deal is its mean payment over the m seats it held, so the cards'
luck is shared by all bots and the paired difference between two bots measures only the play.
A seat that never acts (the Luk Fu dummy) is nobody's: its payments are left out.

Deals are drawn from (seed, deal index) alone, and so are the bots' random streams, so a
tournament gives the same numbers on one core or sixteen.
"""

from __future__ import annotations

import math
import multiprocessing as mp
import os
import random
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from yezi.core.match import derived_seed  # the seeds of every match (one scheme: a deal k is deal k everywhere)
from yezi.core.options import parse_overrides
from yezi.core.protocol import Game, State
from yezi.core.registry import load_game
from yezi.sim.bots import TimedBot, resolve_bot
from yezi.sim.stats import BotLine, EloLine, PairLine, bot_lines, elo_lines, pair_lines


def seat_assignment(active: Sequence[int], k: int, rotation: int) -> dict[int, int]:
    """Active seat -> bot index for one rotation."""
    return {s: (j + rotation) % k for j, s in enumerate(active)}


@dataclass
class DealResult:
    index: int
    scores: list[float]  # per bot: mean payment per seat held
    decisions: list[int]  # per bot: decisions with a real choice
    seconds: list[float]
    slowest: list[float]
    outcomes: list[dict[str, Any]] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)  # per bot: CPU seconds of its decisions
    slowest_cpu: list[float] = field(default_factory=list)  # per bot: its slowest decision in CPU seconds


def play_with(game: Game, seat_bots: dict[int, Any], deal: Any, rng: random.Random) -> State:
    state = game.new_state(deal)
    while (seat := state.current_player) is not None:
        legal = state.legal_actions()
        action = seat_bots[seat].choose(game, state.view(seat), legal, rng)
        state.apply(action)
    return state


def play_duplicate_deal(game: Game, bots: Sequence[TimedBot], index: int, seed: int) -> DealResult:
    k = len(bots)
    active = game.active_seats()
    deal = game.deal_from_seed(derived_seed("deal", seed, index))
    totals = [0.0] * k
    counts = [0] * k
    for bot in bots:
        bot.reset()
    outcomes = []
    for r in range(k):
        assign = seat_assignment(active, k, r)
        rng = random.Random(derived_seed("bots", seed, index, r))
        state = play_with(game, {s: bots[b] for s, b in assign.items()}, deal, rng)
        pay = state.payments()
        for s, b in assign.items():
            totals[b] += float(pay[s])
            counts[b] += 1
        outcomes.append({"rotation": r, "payments": [float(p) for p in pay], "actions": len(state.history)})
    stats = [b.reset() for b in bots]
    return DealResult(
        index,
        [t / c if c else 0.0 for t, c in zip(totals, counts)],
        [s[0] for s in stats],
        [s[1] for s in stats],
        [s[2] for s in stats],
        outcomes,
        [s[3] for s in stats],
        [s[4] for s in stats],
    )


# ---- workers -------------------------------------------------------------------------------
_WORKER: dict[str, Any] = {}


def _setup(game_name: str, preset: str | None, overrides: dict[str, Any], specs: Sequence[str],
           engine: str | None = None) -> tuple:
    game = load_game(game_name, preset, overrides)
    bots = [TimedBot(resolve_bot(game_name, s, engine), s) for s in specs]
    for b in bots:  # where search bots roll out: decided (and a missing native engine reported) here, once
        if hasattr(b.bot, "rollout_engine"):
            b.bot.rollout_engine(game)
    return game, bots


def _init_worker(game_name, preset, overrides, specs, seed, engine=None) -> None:
    game, bots = _setup(game_name, preset, overrides, specs, engine)
    _WORKER.update(game=game, bots=bots, seed=seed)


def _work(index: int) -> DealResult:
    return play_duplicate_deal(_WORKER["game"], _WORKER["bots"], index, _WORKER["seed"])


@dataclass
class Tournament:
    game: str
    preset: str
    bots: list[str]
    seed: int
    requested: int
    results: list[DealResult]
    elapsed: float
    jobs: int
    stopped_early: bool = False
    seed_text: str = ""

    @property
    def deals(self) -> int:
        return len(self.results)

    def scores(self) -> list[list[float]]:
        return [r.scores for r in self.results]

    def bot_lines(self) -> list[BotLine]:
        lines = bot_lines(self.bots, self.scores())
        for b, line in enumerate(lines):
            line.decisions = sum(r.decisions[b] for r in self.results)
            line.seconds = sum(r.seconds[b] for r in self.results)
            line.slowest = max((r.slowest[b] for r in self.results), default=0.0)
            line.cpu = sum(r.cpu[b] for r in self.results if r.cpu)
            line.cpu_decisions = sum(r.decisions[b] for r in self.results if r.cpu)
            known = [r.slowest_cpu[b] for r in self.results if r.slowest_cpu and not math.isnan(r.slowest_cpu[b])]
            line.slowest_cpu = max(known, default=float("nan"))  # NaN: runs saved before it was kept
        return lines

    def pair_lines(self) -> list[PairLine]:
        return pair_lines(self.bots, self.scores())

    def elo_lines(self) -> list[EloLine]:
        return elo_lines(self.bots, self.pair_lines())

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "preset": self.preset,
            "bots": self.bots,
            "seed": self.seed,
            "requested": self.requested,
            "deals": self.deals,
            "elapsed": self.elapsed,
            "jobs": self.jobs,
            "stopped_early": self.stopped_early,
            "bot_lines": [vars(b) for b in self.bot_lines()],
            "pairs": [vars(p) for p in self.pair_lines()],
            "elo": [vars(e) for e in self.elo_lines()],
            "scores": self.scores(),
        }


def load_tournaments(datas: Sequence[dict[str, Any]]) -> Tournament:
    """Rebuild one tournament from saved runs (`Tournament.to_json`) of the same game and bots.

    Runs with different seeds hold independent deals, so their per-deal scores pool into one
    sample; a run's decision times are kept as totals."""
    if not datas:
        raise ValueError("no tournament to load")
    first = datas[0]
    results: list[DealResult] = []
    elapsed = 0.0
    for d in datas:
        if d["game"] != first["game"] or d["bots"] != first["bots"] or d["preset"] != first["preset"]:
            raise ValueError("saved tournaments differ in game, preset or bots")
        k = len(d["bots"])
        base = len(results)
        for i, row in enumerate(d["scores"]):
            results.append(DealResult(base + i, list(row), [0] * k, [0.0] * k, [0.0] * k))
        # Spread the run's decision totals over its first deal so that the sums are right.
        if d["scores"]:
            for b, line in enumerate(d["bot_lines"]):
                results[base].decisions[b] = line["decisions"]
                results[base].seconds[b] = line["seconds"]
                results[base].slowest[b] = line["slowest"]
                if all("cpu" in x for x in d["bot_lines"]):  # runs saved before CPU time was kept lack it
                    results[base].cpu = [x["cpu"] for x in d["bot_lines"]]
                if all("slowest_cpu" in x for x in d["bot_lines"]):
                    results[base].slowest_cpu = [x["slowest_cpu"] for x in d["bot_lines"]]
        elapsed += d["elapsed"]
    seeds = ",".join(str(d["seed"]) for d in datas)
    t = Tournament(first["game"], first["preset"], list(first["bots"]), 0, sum(d["requested"] for d in datas),
                   results, elapsed, max(d["jobs"] for d in datas), any(d["stopped_early"] for d in datas))
    t.seed_text = seeds
    return t


def run_tournament(
    game_name: str,
    specs: Sequence[str],
    deals: int,
    *,
    preset: str | None = None,
    options: Iterable[str] = (),
    seed: int = 0,
    jobs: int | None = None,
    time_limit: float | None = None,
    progress: Callable[[int, int, float], None] | None = None,
    ray: bool = False,
    address: str | None = None,
    engine: str | None = None,
) -> Tournament:
    """Play `deals` duplicate deals on `jobs` processes (default: every core), or with `ray` on a
    Ray cluster (a local one of `jobs` CPUs unless `address` names one): the same scores.

    With a time limit, or on Ctrl-C, it stops early and keeps the longest run of finished deals
    from index 0, so that slow deals are not left out selectively.

    `engine` (auto / native / python) is where the search bots roll out; the other bots decide
    move by move in Python whatever it is (a duplicate deal mixes bots in one deal)."""
    overrides = parse_overrides(list(options))
    game, bots = _setup(game_name, preset, overrides, specs, engine)  # fail fast on a bad name
    jobs = max(1, min(jobs or os.cpu_count() or 1, deals or 1))
    start = time.perf_counter()
    done: dict[int, DealResult] = {}
    stopped = False
    try:
        if ray:
            from yezi.sim.distributed import ray_map

            args = (game_name, preset, overrides, list(specs), seed, engine)
            for res in ray_map(_init_worker, args, _work, range(deals), address=address, jobs=jobs):
                done[res.index] = res
                if progress:
                    progress(len(done), deals, start)
                if time_limit is not None and time.perf_counter() - start > time_limit:
                    stopped = len(done) < deals
                    break
        elif jobs == 1:
            for i in range(deals):
                done[i] = play_duplicate_deal(game, bots, i, seed)
                if progress:
                    progress(len(done), deals, start)
                if time_limit is not None and time.perf_counter() - start > time_limit:
                    stopped = i + 1 < deals
                    break
        else:
            ctx = mp.get_context("fork") if "fork" in mp.get_all_start_methods() else mp.get_context()
            with ctx.Pool(jobs, _init_worker, (game_name, preset, overrides, list(specs), seed, engine)) as pool:
                try:
                    for res in pool.imap_unordered(_work, range(deals), chunksize=1):
                        done[res.index] = res
                        if progress:
                            progress(len(done), deals, start)
                        if time_limit is not None and time.perf_counter() - start > time_limit:
                            stopped = len(done) < deals
                            break
                finally:
                    pool.terminate()
    except KeyboardInterrupt:
        stopped = True
    prefix = 0
    while prefix in done:
        prefix += 1
    results = [done[i] for i in range(prefix)]
    return Tournament(
        game_name, game.rules.preset, list(specs), seed, deals, results, time.perf_counter() - start, jobs,
        stopped or prefix < deals,
    )
