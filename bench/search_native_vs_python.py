"""Does the native engine make the search bot stronger at the same time cap? A duplicate tournament.

`search-LEVEL` rolling out on the native engine plays `search-LEVEL` rolling out on the Python
reference engine, both under the same per-decision time cap. Every deal is played twice with the
bots swapped (yezi.sim.duplicate), so the cards' luck cancels; the script prints the mean paired
difference per deal (native − python) with its 95% interval, and how many rollouts each side fit
into a decision (the reason for any difference). Issue 16 asks for the interval to lie above zero.

A level is a time cap with a rollout budget; on the native engine the budget is larger
(`Level.native_iterations`), because the cap, not the budget, is what a player waits for.

Run from the checkout: python -m bench.search_native_vs_python --game lukfu --deals 400 --jobs 2
(each decision takes up to the cap, so the run takes about deals × 2 × decisions × cap / jobs).
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import sys
import time
from typing import Any

from yezi.bots.search import LEVELS, SearchBot
from yezi.core.options import parse_overrides
from yezi.core.registry import load_game
from yezi.core.stats import mean_ci
from yezi.sim.bots import TimedBot
from yezi.sim.duplicate import play_duplicate_deal

ENGINES = ("native", "python")


class CountingSearch(TimedBot):
    """A timed search bot that also adds up the rollouts of its searches."""

    def __init__(self, bot: SearchBot, label: str):
        super().__init__(bot, label)
        self.rollouts = 0

    def choose(self, game, view, legal, rng):
        a = super().choose(game, view, legal, rng)
        if len(legal) > 1 and self.bot.last is not None:
            self.rollouts += self.bot.last.rollouts
        return a


_W: dict[str, Any] = {}


def _setup(game_name: str, preset: str | None, overrides: dict[str, Any], level: str, cap: float,
           iterations: int | None, seed: int) -> None:
    game = load_game(game_name, preset, overrides)
    bots = []
    for engine in ENGINES:
        bot = SearchBot(level, time_limit=cap, iterations=iterations, engine=engine)
        bot.rollout_engine(game)  # --engine native where the native engine is missing: fail now
        bots.append(CountingSearch(bot, f"search-{level}:{engine}"))
    _W.update(game=game, bots=bots, seed=seed)


def _deal(index: int) -> tuple[int, float, list[int], list[int]]:
    bots = _W["bots"]
    before = [b.rollouts for b in bots]
    res = play_duplicate_deal(_W["game"], bots, index, _W["seed"])
    return index, res.scores[0] - res.scores[1], res.decisions, [b.rollouts - r for b, r in zip(bots, before)]


def run(game_name: str, deals: int, *, preset: str | None = None, options: list[str] = (), level: str = "normal",
        time_limit: float | None = None, iterations: int | None = None, seed: int = 0,
        jobs: int = 1) -> dict[str, Any]:
    """Play the duplicate deals; the paired difference and each side's rollouts per decision."""
    cap = LEVELS[level].time_limit if time_limit is None else time_limit
    args = (game_name, preset, parse_overrides(list(options)), level, cap, iterations, seed)
    diffs: dict[int, float] = {}
    decisions = [0, 0]
    rollouts = [0, 0]
    start = time.perf_counter()

    def collect(res: tuple[int, float, list[int], list[int]]) -> None:
        i, d, dec, rol = res
        diffs[i] = d
        for k in range(2):
            decisions[k] += dec[k]
            rollouts[k] += rol[k]

    if jobs == 1:
        _setup(*args)
        for i in range(deals):
            collect(_deal(i))
    else:
        _setup(*args)  # fail fast in this process
        ctx = mp.get_context("fork") if "fork" in mp.get_all_start_methods() else mp.get_context()
        with ctx.Pool(jobs, _setup, args) as pool:
            for res in pool.imap_unordered(_deal, range(deals)):
                collect(res)
    mean, half = mean_ci([diffs[i] for i in range(deals)])
    return {
        "game": game_name, "preset": load_game(game_name, preset, parse_overrides(list(options))).rules.preset,
        "level": level, "time_limit": cap, "deals": deals, "mean": mean, "half_width": half,
        "low": mean - half, "high": mean + half,
        "rollouts_per_decision": [r / d if d else 0.0 for r, d in zip(rollouts, decisions)],
        "decisions": decisions, "seconds": time.perf_counter() - start,
    }


def report(r: dict[str, Any]) -> str:
    verdict = ("native better" if r["low"] > 0 else "python better" if r["high"] < 0
               else "no significant difference")
    lines = [
        f"search-{r['level']} native vs python · {r['game']} · preset {r['preset']} · {r['deals']} duplicate deals"
        f" · cap {r['time_limit']} s per decision · {r['seconds']:.0f} s",
        f"{'engine':<8}{'decisions':>10}{'rollouts/decision':>20}",
    ]
    for k, engine in enumerate(ENGINES):
        lines.append(f"{engine:<8}{r['decisions'][k]:>10}{r['rollouts_per_decision'][k]:>20.1f}")
    lines.append(f"native − python per deal: {r['mean']:+.3f}, 95% CI [{r['low']:+.3f}, {r['high']:+.3f}] "
                 f"({verdict})")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="lukfu")
    ap.add_argument("--preset", default=None)
    ap.add_argument("--option", "-o", action="append", default=[], metavar="NAME=VALUE")
    ap.add_argument("--deals", "-n", type=int, default=200)
    ap.add_argument("--level", default="normal", choices=list(LEVELS))
    ap.add_argument("--time-limit", type=float, default=None, help="seconds per decision (default: the level's)")
    ap.add_argument("--iterations", type=int, default=None,
                    help="rollouts per decision on both engines (default: the level's, which is larger on the "
                    "native engine: the cap is what the two share)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", "-j", type=int, default=os.cpu_count() or 1)
    a = ap.parse_args(argv)
    try:
        r = run(a.game, a.deals, preset=a.preset, options=a.option, level=a.level, time_limit=a.time_limit,
                iterations=a.iterations, seed=a.seed, jobs=max(1, a.jobs))
    except RuntimeError as e:  # no native engine for this game: nothing to compare
        print(f"search_native_vs_python: {e}", file=sys.stderr)
        return 2
    print(report(r))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
