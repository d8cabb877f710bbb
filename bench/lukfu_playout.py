"""Random-playout speed of Luk Fu on one core.

Prints games/s and actions/s for hakka-hk with laosui=visible and laosui=deduce, with and
without computing every seat's view after each action (what a server or an RL environment
does). Run: python bench/lukfu_playout.py [--seconds S] [--preset P]
"""

from __future__ import annotations

import argparse
import random
import time

from yezi.core.registry import load_game


def run(game, seconds: float, views: bool) -> tuple[float, float]:
    rng = random.Random(1)
    games = actions = 0
    seats = range(game.num_seats)
    start = time.perf_counter()
    cpu0 = time.process_time()
    deadline = start + seconds
    seed = 0
    while time.perf_counter() < deadline:
        state = game.start(seed=seed)
        seed += 1
        while state.current_player is not None:
            legal = state.legal_actions()
            state.apply_unchecked(legal[rng.randrange(len(legal))])
            actions += 1
            if views:
                for s in seats:
                    state.view(s)
        games += 1
    # CPU seconds of this process: on a shared machine wall time also counts waiting for a core
    elapsed = time.process_time() - cpu0
    return games / elapsed, actions / elapsed


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--preset", default="hakka-hk")
    args = ap.parse_args()
    print(f"Luk Fu random playouts, preset {args.preset}, one core, {args.seconds:.0f} s per figure "
          "(rates per CPU-second of this process)")
    print(f"{'laosui':<10}{'views':<8}{'games/s':>10}{'actions/s':>12}")
    for laosui in ("visible", "deduce"):
        game = load_game("lukfu", args.preset, {"laosui": laosui})
        for views in (False, True):
            g, a = run(game, args.seconds, views)
            print(f"{laosui:<10}{'all' if views else 'none':<8}{g:>10,.0f}{a:>12,.0f}")


if __name__ == "__main__":
    main()
