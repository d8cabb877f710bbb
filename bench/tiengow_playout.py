"""打天九 Tien Gow: random-playout games per CPU-second on one core, per preset (target ≥ 2,000).

    python bench/tiengow_playout.py [--seconds 3]
"""

from __future__ import annotations

import argparse
import random
import time

from yezi.core.playout import random_playout
from yezi.core.registry import load_game


def bench(preset: str, seconds: float) -> tuple[int, float]:
    g = load_game("tiengow", preset)
    rng = random.Random(0)
    n = 0
    t0 = time.process_time()
    while (el := time.process_time() - t0) < seconds:
        state = g.new_state(g.deal_from_seed(n))
        random_playout(state, rng)
        state.payments()
        n += 1
    return n, el


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=3.0)
    args = ap.parse_args()
    print("preset        games   games/CPU-s  (deal + random playout + settlement)")
    for preset in ("hongkong", "celko-kam", "culin-1893"):
        n, el = bench(preset, args.seconds)
        print(f"{preset:<12} {n:>6} {n / el:>12.0f}")


if __name__ == "__main__":
    main()
