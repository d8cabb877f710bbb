"""Random-playout speed of 牌九 on one core: hands (deals) per CPU-second, per preset.

    python bench/paigow_playout.py [--seconds 3]

A hand is one seeded deal (deal_from_seed + new_state: shuffle, dice, stacks) played to the end
with uniformly random legal actions via `apply_unchecked` — every stake and every setting — and
settled (`payments`), as search rollouts and simulations do. Rates are per second of this
process's CPU time (one core), the wall-clock rate beside. Target (issue 14): ≥ 20,000 hands per
CPU-second.
"""

from __future__ import annotations

import random

try:  # python -m bench.paigow_playout
    from bench._common import seconds_option, timed_games
except ModuleNotFoundError:  # python bench/paigow_playout.py: bench/ is on sys.path, the checkout is not
    from _common import seconds_option, timed_games

from yezi.core.playout import random_playout
from yezi.core.registry import load_game

CASES = [
    ("dapaijiu", {}),
    ("xiaopaijiu", {}),
    ("casino", {}),
    ("dapaijiu", {"players": "8"}),
]
TARGET = 20_000


def bench(preset: str, overrides: dict, seconds: float) -> tuple[float, float, float]:
    game = load_game("paigow", preset, overrides)
    rng = random.Random(1)

    def play() -> None:
        state = game.start(seed=rng.randrange(2**63))
        random_playout(state, rng)
        state.payments()

    n, cpu, wall = timed_games(play, seconds, batch=200)
    comparisons = n * (game.num_seats - 1)
    return n / cpu, n / wall, comparisons / cpu


def main() -> None:
    seconds = seconds_option()
    print(f"{'preset':<12}{'options':<12}{'hands/cpu-s':>12}{'hands/wall-s':>13}{'player-vs-banker/cpu-s':>24}")
    for preset, overrides in CASES:
        rate, wall, cmp = bench(preset, overrides, seconds)
        opts = ",".join(f"{k}={v}" for k, v in overrides.items())
        flag = "" if rate >= TARGET else "  (below the 20,000 target)"
        print(f"{preset:<12}{opts:<12}{rate:>12.0f}{wall:>13.0f}{cmp:>24.0f}{flag}")


if __name__ == "__main__":
    main()
