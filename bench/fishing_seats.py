"""Fishing 釣魚 seat advantage: per-seat mean payment and win rate with 95% intervals.

The sources say the 尾家 (尾魚) is strongest and 二魚 weakest with three players ([S3 FC1]).
Seats are fixed (no dealer rotation) so each seat's figures are that seat's own.

    python bench/fishing_seats.py [--deals 2000] [--bots heuristic] [--preset suffocated] [--players 3]
"""

from __future__ import annotations

import argparse
import random
import time

from yezi.bots import make_bot
from yezi.core.playout import play_deal
from yezi.core.registry import load_game
from yezi.core.stats import mean_ci, proportion_ci95


def run(preset: str, players: int, bots: str, deals: int, seed: int = 0, overrides=None):
    g = load_game("fishing", preset, {"players": str(players), **(overrides or {})})
    rng = random.Random(seed)
    pays: list[list[int]] = [[] for _ in range(players)]
    scores: list[list[int]] = [[] for _ in range(players)]
    wins = [0] * players
    for i in range(deals):
        seat_bots = [make_bot("fishing", bots) for _ in range(players)]
        st = play_deal(g, seat_bots, g.deal_from_seed(seed * 1_000_003 + i), rng)
        ds = st.deciding_scores()
        best = max(ds)
        winners = [s for s in range(players) if ds[s] == best]
        for s in winners:
            wins[s] += 1 / len(winners)
        for s, p in enumerate(st.payments()):
            pays[s].append(p)
            scores[s].append(ds[s])
    return g, pays, scores, wins


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=2000)
    ap.add_argument("--bots", default="heuristic")
    ap.add_argument("--preset", default="suffocated")
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--option", action="append", default=[], help="name=value overrides")
    args = ap.parse_args()
    overrides = dict(o.split("=", 1) for o in args.option)
    t = time.perf_counter()
    g, pays, scores, wins = run(args.preset, args.players, args.bots, args.deals, overrides=overrides)
    el = time.perf_counter() - t
    print(f"{args.preset} {args.players}p {overrides or ''} bots={args.bots} deals={args.deals} "
          f"({args.deals / el:.0f} deals/s)")
    for s in range(args.players):
        m, h = mean_ci(pays[s])
        sm, sh = mean_ci(scores[s])
        w, wh = proportion_ci95(round(wins[s]), args.deals)
        print(f"  {g.seat_name(s, 'en'):<7} {g.seat_name(s):<3} payment {m:+8.1f} ± {h:5.1f}   "
              f"決勝分 {sm:6.1f} ± {sh:4.1f}   top score {100 * w:5.1f}% ± {100 * wh:4.1f}")


if __name__ == "__main__":
    main()
