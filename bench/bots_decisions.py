"""Decisions per second of each bot level, per game, on one core (CPU time).

    python bench/bots_decisions.py [--games lukfu,fishing] [--points 12] [--seed 0]

Decision points are real choices (two or more legal actions) met along heuristic self-play; every
bot decides at the same points. Search levels run with their own iteration and time budgets.
"""

from __future__ import annotations

import argparse
import random
import time

from yezi.bots import RandomBot
from yezi.bots.search import LEVELS, SearchBot, heuristic_factory
from yezi.core.registry import GAMES, load_game


def decision_points(game, count: int, seed: int):
    rng = random.Random(seed)
    bot = heuristic_factory(game)()
    out = []
    deal = 0
    while len(out) < count and deal < 50 * count:
        state = game.start(seed=seed * 100_003 + deal)
        deal += 1
        while state.current_player is not None:
            seat = state.current_player
            legal = state.legal_actions()
            if len(legal) > 1 and rng.random() < 0.3:
                out.append(state.clone())
            state.apply(bot.choose(game, state.view(seat), legal, rng))
    return out[:count]


def bench(game, bot, points, seed: int) -> tuple[float, float, float, float]:
    """(decisions per CPU second, mean CPU s, mean wall s, slowest wall s)."""
    times, cpus = [], []
    for i, state in enumerate(points):
        seat = state.current_player
        view, legal = state.view(seat), state.legal_actions()
        t, c = time.perf_counter(), time.process_time()
        bot.choose(game, view, legal, random.Random(seed + i))
        times.append(time.perf_counter() - t)
        cpus.append(time.process_time() - c)
    cpu = sum(cpus)
    rate = len(cpus) / cpu if cpu else float("inf")
    return rate, cpu / len(cpus), sum(times) / len(times), max(times)


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--games", default=",".join(GAMES))
    p.add_argument("--points", type=int, default=12, help="decision points per game (strong uses a third)")
    p.add_argument("--seed", type=int, default=0)
    args = p.parse_args()
    print("decisions per second of CPU time (one core); wall times are longer on a busy machine")
    print(f"{'game':<10}{'bot':<16}{'points':>7}{'decisions/s':>13}{'CPU s':>9}{'wall s':>9}{'max wall':>9}")
    for name in args.games.split(","):
        try:
            game = load_game(name)
        except Exception as e:  # an engine still being written
            print(f"{name:<10}(not available: {e})")
            continue
        points = decision_points(game, args.points, args.seed)
        if not points:
            print(f"{name:<10}(no decision points)")
            continue
        bots = [("random", RandomBot(), points), ("heuristic", heuristic_factory(game)(), points)]
        for level in LEVELS:
            pts = points if level != "strong" else points[: max(2, len(points) // 3)]
            bots.append((f"search-{level}", SearchBot(level), pts))
        for label, bot, pts in bots:
            rate, cpu, wall, worst = bench(game, bot, pts, args.seed)
            print(f"{name:<10}{label:<16}{len(pts):>7}{rate:>13.1f}{cpu:>9.4f}{wall:>9.4f}{worst:>9.3f}", flush=True)


if __name__ == "__main__":
    main()
