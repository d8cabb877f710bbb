"""Per-move cost of a seat's log on long deals: a replay's frames (one per step, every language)
and a live table's frames for every seat after every move.

    python3 bench/seat_log.py [--games madiao lukfu] [--deals 20]

The log is kept and extended (`yezi.core.seatlog.SeatLog`); before it, a replay wrote the whole
log again at every step, so its cost per step grew with the deal's length.
"""

from __future__ import annotations

import argparse
import random
import time

from yezi.core.registry import load_game
from yezi.server.config import Settings
from yezi.server.db import PlayerRow, TableRow
from yezi.server.replays import replay_frames
from yezi.server.tables import LiveTable


def _long_deals(name: str, count: int) -> list[tuple[object, list[int]]]:
    """The `count` longest of 10 × count random deals (seeded)."""
    g = load_game(name)
    out = []
    for seed in range(10 * count):
        deal = g.deal_from_seed(seed)
        st = g.new_state(deal)
        rng = random.Random(seed)
        while st.current_player is not None:
            st.apply(rng.choice(st.legal_actions()))
        out.append((deal, list(st.history)))
    return sorted(out, key=lambda d: -len(d[1]))[:count]


def replay_cost(name: str, deals: list[tuple[object, list[int]]]) -> tuple[float, float]:
    g = load_game(name)
    steps, t0 = 0, time.process_time()
    for deal, actions in deals:
        replay_frames(g.new_state, deal, actions, g, "0")
        steps += len(actions) + 1
    return (time.process_time() - t0) / steps * 1e6, steps / len(deals)


def live_cost(name: str, deals: list[tuple[object, list[int]]]) -> float:
    g = load_game(name)
    moves, spent = 0, 0.0
    for i, (deal, actions) in enumerate(deals):
        row = TableRow(f"t{i}", name, g.rules.preset, {}, 2, 7, "", False, "playing", 0.0)
        t = LiveTable(row, [PlayerRow(s, "human", None, f"P{s}", None, True) for s in range(g.num_seats)], g,
                      store=None, settings=Settings())  # type: ignore[arg-type]
        t.start_deal(0, 0, i, deal)
        st = t.current.state
        for a in [*actions, None]:
            t0 = time.process_time()
            t.frames.invalidate()
            for pos in [None, *range(t.n)]:
                t.frame_text(pos, "en")
            spent += time.process_time() - t0
            if a is not None:
                st.apply(a)
                moves += 1
    return spent / moves * 1e6


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", nargs="+", default=["madiao", "lukfu"])
    p.add_argument("--deals", type=int, default=20)
    args = p.parse_args()
    for name in args.games:
        deals = _long_deals(name, args.deals)
        replay_cost(name, deals[:1])  # warm up: the message catalogs load on first use
        live_cost(name, deals[:1])
        per_step, length = replay_cost(name, deals)
        per_move = live_cost(name, deals)
        print(f"{name}: {length:.0f} actions a deal; replay {per_step:.0f} us a step (3 languages); "
              f"live frames {per_move:.0f} us a move (every seat and a spectator)")


if __name__ == "__main__":
    main()
