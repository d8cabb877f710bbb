"""Fishing 釣魚: random-playout games per second on one core, per player count and equipment.

    python bench/fishing_playout.py [--seconds 3]
"""

from __future__ import annotations

import argparse
import random
import time

from yezi.core.playout import random_playout
from yezi.core.registry import load_game


def bench(preset: str, players: int, seconds: float) -> tuple[int, float]:
    g = load_game("fishing", preset, {"players": str(players)})
    rng = random.Random(0)
    n = 0
    t0 = time.perf_counter()
    while (el := time.perf_counter() - t0) < seconds:
        state = g.new_state(g.deal_from_seed(n))
        random_playout(state, rng)
        state.payments()
        n += 1
    return n, el


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=3.0)
    args = ap.parse_args()
    print("preset           players  games   games/s  (deal + random playout + classification + settlement)")
    for preset in ("suffocated", "tiu-u"):
        for players in (2, 3):
            n, el = bench(preset, players, args.seconds)
            print(f"{preset:<16} {players:>7} {n:>6} {n / el:>9.0f}")


if __name__ == "__main__":
    main()
