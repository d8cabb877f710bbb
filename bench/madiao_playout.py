"""Ma Diao random-playout speed on one core: whole hands per second (deal, stake, 8 tricks, settle)."""

from __future__ import annotations

import argparse
import random
import time

from yezi.core.playout import random_playout
from yezi.games.madiao.game import MaDiao


def bench(preset: str, seconds: float, settle: bool = True) -> tuple[int, float, float]:
    """Hands played in about `seconds`; returns (hands, wall seconds, CPU seconds of this process)."""
    game = MaDiao.from_preset(preset)
    rng = random.Random(1)
    n = 0
    t0 = time.perf_counter()
    c0 = time.process_time()
    while time.perf_counter() - t0 < seconds:
        s = game.start(seed=rng.randrange(2**63))
        random_playout(s, rng)
        if settle:
            s.payments()
        n += 1
    return n, time.perf_counter() - t0, time.process_time() - c0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--seconds", type=float, default=3.0)
    args = ap.parse_args()
    for preset in ("feng-1620", "feng-strict", "qing"):
        for settle in (False, True):
            n, dt, cpu = bench(preset, args.seconds, settle)
            label = "play+settle" if settle else "play only"
            print(f"madiao {preset:<12} {label:<12} {n / dt:9.0f} hands/s wall, {n / cpu:9.0f} per CPU second "
                  f"({n} hands, one core)")


if __name__ == "__main__":
    main()
