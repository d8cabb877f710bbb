"""`Game.observe_view` against `Game.observe` and the older workaround (a world sampled from the view
and replayed, then observed): microseconds per call, per game, over the views of random deals.

    PYTHONPATH=. python3 bench/observe_view.py [game ...]
"""

from __future__ import annotations

import random
import sys
import time

from yezi.core.registry import available_games, load_game


def views(game, deals: int = 20):
    out = []
    for seed in range(deals):
        rng = random.Random(seed)
        st = game.start(seed=seed)
        while st.current_player is not None:
            out.append((st.clone(), st.current_player))
            legal = st.legal_actions()
            st.apply(legal[rng.randrange(len(legal))])
    return out


def per_call(fn, items) -> float:
    t = time.perf_counter()
    for it in items:
        fn(*it)
    return (time.perf_counter() - t) / len(items) * 1e6


def main(names: list[str]) -> None:
    print(f"{'game':10} {'kind':12} {'observe':>9} {'view':>9} {'obs_view':>9} {'resample':>9}  (us a decision)")
    for name in names or available_games():
        game = load_game(name)
        items = views(game)
        vs = [(st.view(seat), seat) for st, seat in items]
        rng = random.Random(0)
        for kind in ("observation", "info_state"):
            a = per_call(lambda st, seat, g=game, k=kind: g.observe(st, seat, k), items)
            v = per_call(lambda st, seat: st.view(seat), items)
            b = per_call(lambda view, seat, g=game, k=kind: g.observe_view(view, k), vs)
            few = vs[:: max(1, len(vs) // 200)]
            c = per_call(lambda view, seat, g=game, k=kind, r=rng: g.observe(g.replay(*g.sample_from_view(view, r)), seat, k),
                         few)
            print(f"{name:10} {kind:12} {a:9.1f} {v:9.1f} {b:9.1f} {c:9.1f}")


if __name__ == "__main__":
    main(sys.argv[1:])
