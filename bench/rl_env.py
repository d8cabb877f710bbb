"""Games per CPU-second: the raw engine, `yezi.rl.Env` and `yezi.rl.VectorEnv`, for every game.

Random play in all three (uniform over the legal actions), each deal to its payments; the
environments also build the seat-to-act's observation and the action mask at every step. Issue 15's target: the envs at
≥ 50% of the raw engine's rate. Run: ``python -m bench.rl_env [--seconds 2] [--envs 64]``.
The native columns (issue 24): ``rand``, the native engine's own random playouts
(``random_playouts``); ``nat vec``, the vector env on the native engine with observations and
masks, actions drawn uniformly from the legal ones with numpy, on one core (Luk Fu: the
one-call `NativeLukFuVectorEnv` with uint8 observations and native deals; the others:
`yezi.native.vector_env.NativeVectorEnv`, rows kept in native memory, uint8 observations; both
draw from each row's legal-action list, `list_policy`; where the library is too old for those,
`VectorEnv(engine="native")` and the draw from the mask, `mask_policy`); ``%`` that as a share of
``rand`` (issue 24's target: ≥ 20% for every game, ≥ 200,000 Luk Fu games). "—" where the
game's native engine has no vector stepping (or no native engine).
"""

from __future__ import annotations

import argparse
import os
import random
import time

# one core: numpy's BLAS threads (unused here) would spin and count as CPU time
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

from yezi.core.registry import available_games, load_game  # noqa: E402  (after the thread settings)
from yezi.rl import Env, VectorEnv  # noqa: E402


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


def mask_policy(mask, rng):
    """A uniformly random legal action per row, drawn from the (N, A) bool mask in numpy: the
    mask's nonzero entries (row-major, so grouped by row) and one uniform draw per row; linear in
    the mask's size, with no random number per entry."""
    import numpy as np

    at = np.flatnonzero(mask)  # one pass over the flat mask (faster than a 2-D nonzero)
    rows = at // mask.shape[1]
    codes = at - rows * mask.shape[1]
    count = np.bincount(rows, minlength=len(mask))
    start = np.cumsum(count) - count
    return codes[start + (rng.random(len(mask)) * count).astype(np.int64)]


def list_policy(count, legal, rows, rng):
    """A uniformly random legal action per row from the legal-action lists (`legal[i, :count[i]]`):
    one uniform draw per row, whatever the size of the action space."""
    import numpy as np

    return legal[rows, (rng.random(len(count)) * count).astype(np.int64)]


def vector_native(game, seconds: float, kind: str | None, n: int) -> float | None:
    """The same on native rows kept in native memory (uint8 observations, actions drawn from the
    legal-action lists); on an older library `VectorEnv`'s native rows and the mask; None where
    there are none."""
    import numpy as np

    from yezi.native.base import Unsupported
    from yezi.native.select import EngineUnavailable
    from yezi.native.vector_env import NativeVectorEnv

    try:
        fast = NativeVectorEnv(game, n, observation=kind, dtype="uint8")
    except (Unsupported, EngineUnavailable):  # no native engine, or a library without rows kept natively
        pass
    else:
        _, info = fast.reset(seed=0)
        count, legal, rows = info["legal_count"], info["legal_actions"], np.arange(n)
        rng = np.random.default_rng(0)
        games = 0
        start = time.process_time()
        while time.process_time() - start < seconds:
            _, _, terminated, _, _ = fast.step(list_policy(count, legal, rows, rng))
            games += int(terminated.sum())
        return games / (time.process_time() - start)
    env = VectorEnv(game, n, observation=kind)
    if env.engine != "native":
        return None
    rng = np.random.default_rng(0)
    _, info = env.reset(seed=0)
    mask = info["action_mask"]
    games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        _, _, terminated, _, _ = env.step(mask_policy(mask, rng))
        games += int(terminated.sum())
    return games / (time.process_time() - start)


def native_random(game, seconds: float) -> float | None:
    """The native engine's batch random playouts (bench.native_playout's measure), or None."""
    from bench.native_playout import native_rate
    from yezi.native.select import native_for

    try:
        nat = native_for(game, "auto")
    except Exception:  # a game without a native engine: no figure
        return None
    return None if nat is None else native_rate(nat, seconds)


def lukfu_fast(game, seconds: float, n: int) -> float:
    """Luk Fu's one-call native step (uint8 observations, native deals), the random policy
    drawn in numpy from each row's legal-action list (the mask's nonzero entries)."""
    import numpy as np

    from yezi.native.lukfu_vector import NativeLukFuVectorEnv

    env = NativeLukFuVectorEnv(game, n, dtype="uint8", deals="native")
    _, info = env.reset(seed=0)
    count, legal = info["legal_count"], info["legal_actions"]
    rows = np.arange(n)
    rng = np.random.default_rng(0)
    games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        _, _, terminated, _, _ = env.step(list_policy(count, legal, rows, rng))
        games += int(terminated.sum())
    return games / (time.process_time() - start)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per measurement")
    ap.add_argument("--envs", type=int, default=64, help="rows of the Python vector env")
    ap.add_argument("--native-envs", type=int, default=1024, help="rows of the native vector env")
    ap.add_argument("--native-only", action="store_true", help="only the native columns and the Python vector env")
    ap.add_argument("--games", nargs="*", default=None)
    args = ap.parse_args()
    if args.native_only:
        print(f"{'game':10} {'py vec':>8} {'rand':>9} {'nat vec':>9} {'%':>5}   games/CPU-s")
    else:
        print(f"{'game':10} {'raw':>8} {'env':>8} {'%':>5} {'vector':>8} {'%':>5} {'env/info':>9} {'%':>5} "
              f"{'rand':>9} {'nat vec':>9} {'%':>5}   games/CPU-s")
    for name in args.games or available_games():
        game = load_game(name)
        v = vector(game, args.seconds, "observation", args.envs)
        nr = native_random(game, args.seconds)
        if name == "lukfu":
            nv: float | None = lukfu_fast(game, args.seconds, args.native_envs)
        else:
            nv = vector_native(game, args.seconds, "observation", args.native_envs)
        nr_text = "—" if nr is None else f"{nr:.0f}"
        nv_text = "—" if nv is None else f"{nv:.0f}"
        share = "—" if nv is None or not nr else f"{100 * nv / nr:.0f}"
        tail = f"{nr_text:>9} {nv_text:>9} {share:>5}"
        if args.native_only:
            print(f"{name:10} {v:8.0f} {tail}", flush=True)
            continue
        r = raw(game, args.seconds)
        s = single(game, args.seconds, "observation")
        i = vector(game, args.seconds, "info_state", args.envs)
        print(f"{name:10} {r:8.0f} {s:8.0f} {100 * s / r:5.0f} {v:8.0f} {100 * v / r:5.0f} {i:9.0f} {100 * i / r:5.0f} "
              f"{tail}", flush=True)


if __name__ == "__main__":
    main()
