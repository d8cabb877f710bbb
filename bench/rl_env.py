"""Games per CPU-second: the raw engine, `yezi.rl.Env` and `yezi.rl.VectorEnv`, for every game.

Random play in all three (uniform over the legal actions), each deal to its payments; the
environments also build the seat-to-act's observation and the action mask at every step. Issue 15's target: the envs at
≥ 50% of the raw engine's rate. Run: ``python -m bench.rl_env [--seconds 2] [--envs 64]``.
The last column is the vector env on the native engine (issue 16's target: ≥ 20,000 Luk Fu
games per CPU-second with observations), "—" where the game's native engine has no vector stepping.
"""

from __future__ import annotations

import argparse
import random
import time

from yezi.core.registry import available_games, load_game
from yezi.rl import Env, VectorEnv


def raw(game, seconds: float) -> float:
    rng = random.Random(0)
    games, seed = 0, 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.start(seed=seed)
        seed += 1
        while state.current_player is not None:
            legal = state.legal_actions()
            state.apply_unchecked(legal[rng.randrange(len(legal))])
        state.payments()
        games += 1
    return games / (time.process_time() - start)


def single(game, seconds: float, kind: str | None) -> float:
    env = Env(game, observation=kind)
    rng = random.Random(0)
    games = 0
    _, info = env.reset(seed=0)
    start = time.process_time()
    while time.process_time() - start < seconds:
        while not info["terminal"]:
            legal = info["legal_actions"]
            _, _, _, _, info = env.step(legal[rng.randrange(len(legal))])
        games += 1
        _, info = env.reset()
    return games / (time.process_time() - start)


def vector(game, seconds: float, kind: str | None, n: int) -> float:
    env = VectorEnv(game, n, observation=kind, engine="python")
    rng = random.Random(0)
    env.reset(seed=0)
    games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        actions = [legal[rng.randrange(len(legal))] for legal in env.legal]
        _, _, terminated, _, _ = env.step(actions)
        games += int(terminated.sum())
    return games / (time.process_time() - start)


def vector_native(game, seconds: float, kind: str | None, n: int) -> float | None:
    """The same on native rows (actions drawn from the mask with numpy), or None where there are none."""
    import numpy as np

    env = VectorEnv(game, n, observation=kind)
    if env.engine != "native":
        return None
    rng = np.random.default_rng(0)
    _, info = env.reset(seed=0)
    mask = info["action_mask"]
    games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        # uniform over each row's legal actions (float32 draws: half the cost of the policy itself)
        actions = np.argmax(mask * rng.random(mask.shape, dtype=np.float32), axis=1)
        _, _, terminated, _, _ = env.step(actions)
        games += int(terminated.sum())
    return games / (time.process_time() - start)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per measurement")
    ap.add_argument("--envs", type=int, default=64, help="rows of the vector env")
    ap.add_argument("--games", nargs="*", default=None)
    args = ap.parse_args()
    print(f"{'game':10} {'raw':>8} {'env':>8} {'%':>5} {'vector':>8} {'%':>5} {'env/info':>9} {'%':>5} "
          f"{'native vec':>10}   games/CPU-s")
    for name in args.games or available_games():
        game = load_game(name)
        r = raw(game, args.seconds)
        s = single(game, args.seconds, "observation")
        v = vector(game, args.seconds, "observation", args.envs)
        i = vector(game, args.seconds, "info_state", args.envs)
        nv = vector_native(game, args.seconds, "observation", args.envs)
        nv_text = "—" if nv is None else f"{nv:.0f}"
        print(f"{name:10} {r:8.0f} {s:8.0f} {100 * s / r:5.0f} {v:8.0f} {100 * v / r:5.0f} {i:9.0f} {100 * i / r:5.0f} "
              f"{nv_text:>10}", flush=True)


if __name__ == "__main__":
    main()
