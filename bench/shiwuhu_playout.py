"""十五胡: random-playout games per CPU-second on one core, per preset (target ≥ 2,000 for the default).

    python bench/shiwuhu_playout.py [--seconds 3]

Each game is a fresh seeded deal (deal_from_seed + new_state) played to the end with uniformly
random legal actions via `apply_unchecked`, as search bots and simulations do, then paid. Rates
are per second of this process's CPU time, so a busy machine does not skew them; the wall-clock
rate, the actions per game and the share of deals someone declared (the rest are void) are
printed beside.
"""

from __future__ import annotations

import random

try:  # python -m bench.shiwuhu_playout
    from bench._common import seconds_option, timed_games
except ModuleNotFoundError:  # python bench/shiwuhu_playout.py: bench/ is on sys.path, the checkout is not
    from _common import seconds_option, timed_games

from yezi.core.playout import random_playout
from yezi.core.registry import load_game

CASES = [
    ("provisional", {}),
    ("tiengow-turns", {}),
    ("pagat-3p", {}),
    ("provisional", {"za_sets": "same-rank", "wenwu_military": "any"}),
]


def bench(preset: str, overrides: dict, seconds: float) -> tuple[float, float, float, float]:
    game = load_game("shiwuhu", preset, overrides)
    rng = random.Random(1)
    actions = won = 0

    def play() -> None:
        nonlocal actions, won
        state = game.start(seed=rng.randrange(2**63))
        random_playout(state, rng)
        state.payments()
        actions += len(state.history)
        won += state.winner is not None

    n, cpu, wall = timed_games(play, seconds, batch=50)
    return n / cpu, n / wall, actions / n, won / n


def main() -> None:
    seconds = seconds_option()
    print(f"{'preset':<15}{'options':<38}{'games/cpu-s':>12}{'games/wall-s':>13}{'actions/game':>14}{'declared':>10}")
    for preset, overrides in CASES:
        rate, wall, per, won = bench(preset, overrides, seconds)
        opts = ",".join(f"{k}={v}" for k, v in overrides.items())
        print(f"{preset:<15}{opts:<38}{rate:>12.0f}{wall:>13.0f}{per:>14.1f}{won:>10.0%}")


if __name__ == "__main__":
    main()
