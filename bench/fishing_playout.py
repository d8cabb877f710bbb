"""Fishing 釣魚: random-playout games per second on one core, per player count and equipment.

    python bench/fishing_playout.py [--seconds 3]
"""

from __future__ import annotations

import random
import time

try:  # python -m bench.fishing_playout
    from bench._common import seconds_option, timed_games
except ModuleNotFoundError:  # python bench/fishing_playout.py: bench/ is on sys.path, the checkout is not
    from _common import seconds_option, timed_games

from yezi.core.playout import random_playout
from yezi.core.registry import load_game


def bench(preset: str, players: int, seconds: float) -> tuple[int, float]:
    g = load_game("fishing", preset, {"players": str(players)})
    rng = random.Random(0)
    seeds = iter(range(2**63))

    def play() -> None:
        state = g.new_state(g.deal_from_seed(next(seeds)))
        random_playout(state, rng)
        state.payments()

    n, el, _wall = timed_games(play, seconds, clock=time.perf_counter)
    return n, el


def main() -> None:
    seconds = seconds_option()
    print("preset           players  games   games/s  (deal + random playout + classification + settlement)")
    for preset in ("suffocated", "tiu-u"):
        for players in (2, 3):
            n, el = bench(preset, players, seconds)
            print(f"{preset:<16} {players:>7} {n:>6} {n / el:>9.0f}")


if __name__ == "__main__":
    main()
