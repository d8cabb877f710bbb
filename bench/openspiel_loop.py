"""Deals per CPU-second of a random OpenSpiel loop against a random PettingZoo loop, per game.

Both play uniformly random legal actions to the end of a deal. The OpenSpiel loop is the usual
one: at a chance node it samples `chance_outcomes()` by their probabilities, elsewhere it picks
from `legal_actions()`; the PettingZoo loop reads `last()` (observation and mask) for every
agent, as a PettingZoo agent does. Issue 24's target: OpenSpiel at least half PettingZoo's rate
(the deal was one chance node of 65,536 outcomes, 5-7 ms a visit: ~150 deals a second).
Run: ``python -m bench.openspiel_loop [--seconds 2] [--games fishing,lukfu]``.
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np


def openspiel_rate(name: str, seconds: float, params: dict | None = None) -> float:
    import pyspiel

    import yezi.openspiel  # noqa: F401 - registers yezi_<game>

    game = pyspiel.load_game(f"yezi_{name}", params or {})
    rng = random.Random(0)
    deals = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                action = rng.choices(actions, probs)[0]
            else:
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
            state.apply_action(action)
        state.returns()
        deals += 1
    return deals / (time.process_time() - start)


def pettingzoo_rate(name: str, seconds: float) -> float:
    from yezi import pettingzoo as ypz

    env = ypz.env(name)
    rng = np.random.default_rng(0)
    env.reset(seed=0)
    deals = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for _agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            env.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        env.reset()
        deals += 1
    return deals / (time.process_time() - start)


def main() -> None:
    from yezi.core.registry import available_games

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=2.0)
    ap.add_argument("--games", default=",".join(available_games()))
    args = ap.parse_args()
    print(f"{'game':10} {'OpenSpiel':>10} {'PettingZoo':>11} {'ratio':>6}")
    for name in args.games.split(","):
        o = openspiel_rate(name, args.seconds)
        p = pettingzoo_rate(name, args.seconds)
        print(f"{name:10} {o:10.0f} {p:11.0f} {o / p:6.2f}", flush=True)


if __name__ == "__main__":
    main()
