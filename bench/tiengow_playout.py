"""打天九 Tien Gow: random-playout games per CPU-second on one core, per preset (target ≥ 2,000).

    python bench/tiengow_playout.py [--seconds 3]
"""

from __future__ import annotations

import random

try:  # python -m bench.tiengow_playout
    from bench._common import seconds_option, timed_games
except ModuleNotFoundError:  # python bench/tiengow_playout.py: bench/ is on sys.path, the checkout is not
    from _common import seconds_option, timed_games

from yezi.core.playout import random_playout
from yezi.core.registry import load_game


def bench(preset: str, seconds: float) -> tuple[int, float]:
    g = load_game("tiengow", preset)
    rng = random.Random(0)
    seeds = iter(range(2**63))

    def play() -> None:
        state = g.new_state(g.deal_from_seed(next(seeds)))
        random_playout(state, rng)
        state.payments()

    n, el, _wall = timed_games(play, seconds)
    return n, el


def main() -> None:
    seconds = seconds_option()
    print("preset        games   games/CPU-s  (deal + random playout + settlement)")
    for preset in ("hongkong", "celko-kam", "culin-1893"):
        n, el = bench(preset, seconds)
        print(f"{preset:<12} {n:>6} {n / el:>12.0f}")


if __name__ == "__main__":
    main()
