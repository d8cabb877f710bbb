"""Random-playout speed of the domino games on one core: games per second, per game and preset.

    python bench/dominoes_playout.py [--seconds 3]

Each game is a fresh seeded deal (deal_from_seed + new_state) played to the end with uniformly
random legal actions via `apply_unchecked`, as search bots and simulations do. Rates are per
second of this process's CPU time (one core), so a busy machine does not skew them; the wall-
clock rate is printed beside.
"""

from __future__ import annotations

import random

try:  # python -m bench.dominoes_playout
    from bench._common import seconds_option, timed_games
except ModuleNotFoundError:  # python bench/dominoes_playout.py: bench/ is on sys.path, the checkout is not
    from _common import seconds_option, timed_games

from yezi.core.playout import random_playout
from yezi.core.registry import load_game

CASES = [
    ("jielong", "wikipedia", {}),
    ("jielong", "wikipedia", {"players": "2"}),
    ("jielong", "wikipedia", {"players": "3"}),
    ("tseding", "pairwise", {}),
    ("dingniu", "recommended", {}),
    ("dingniu", "wikipedia", {}),
]


def bench(name: str, preset: str, overrides: dict, seconds: float) -> tuple[float, float, float]:
    game = load_game(name, preset, overrides)
    rng = random.Random(1)
    actions = 0

    def play() -> None:
        nonlocal actions
        state = game.start(seed=rng.randrange(2**63))
        random_playout(state, rng)
        actions += len(state.history)

    n, cpu, wall = timed_games(play, seconds, batch=50)
    return n / cpu, n / wall, actions / n


def main() -> None:
    seconds = seconds_option()
    print(f"{'game':<10}{'preset':<13}{'options':<12}{'games/cpu-s':>12}{'games/wall-s':>13}{'actions/game':>14}")
    for name, preset, overrides in CASES:
        rate, wall, per = bench(name, preset, overrides, seconds)
        opts = ",".join(f"{k}={v}" for k, v in overrides.items())
        print(f"{name:<10}{preset:<13}{opts:<12}{rate:>12.0f}{wall:>13.0f}{per:>14.1f}")


if __name__ == "__main__":
    main()
