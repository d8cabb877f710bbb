"""What one native call costs from Python, for the calls made one at a time (not batched).

Every export runs behind `catch_unwind` (native/src/ffi.rs) and every function yezi binds behind a
ctypes ``errcheck`` that turns the panic code into `NativeError` (yezi/native/abi.py). This prints
what each costs, on the calls the server and the bots make most:

* ``points``: ``yz_lukfu_points``, the smallest export (four integers in, one out): the call itself;
* ``laosui``: ``yz_lukfu_laosui_steps`` as the server asks it after every Luk Fu action
  (`yezi.server.accel`), twelve actions into a deal;
* ``playouts``: ``yz_lukfu_random_playouts`` of 100 deals, a batch (the guard is paid once).

``raw``: the bare ctypes call (no errcheck): the library's own cost, catch_unwind included;
``bound``: as yezi calls it (`abi.bind`: errcheck). With ``--against OLD.so`` (a library built
without the guard, e.g. from an older commit) the raw calls run on both libraries, interleaved, so
that a busy machine slows both alike; compare the ratio, not the figures.

Run: python -m bench.native_call [--seconds 2] [--against /path/to/old/libyezi_native.so]
"""

from __future__ import annotations

import argparse
import ctypes
import random
import time
from collections.abc import Callable
from typing import Any

from yezi.core.registry import load_game
from yezi.native import library
from yezi.native.abi import bind
from yezi.native.base import I64P, _array
from yezi.native.lukfu import NativeLukFu

I64 = ctypes.c_int64
SIGS: dict[str, list[Any]] = {
    "yz_lukfu_points": [I64] * 4,
    "yz_lukfu_laosui_steps": [I64P, I64, I64P, I64, I64P, I64, I64P, I64],
    "yz_lukfu_random_playouts": [I64P, I64, ctypes.c_uint64, I64, I64P],
}


def rate(fn: Callable[[], object], seconds: float) -> float:
    """Calls per CPU-second over `seconds`."""
    n, start = 0, time.process_time()
    while (elapsed := time.process_time() - start) < seconds:
        for _ in range(20):
            fn()
        n += 20
    return n / elapsed


def raw(lib: ctypes.CDLL, name: str) -> Any:
    fn = lib._FuncPtr((name, lib))  # a function object of its own: no errcheck
    fn.restype, fn.argtypes = I64, SIGS[name]
    return fn


def calls(lib: ctypes.CDLL, nat: NativeLukFu, state: Any, wrap: Callable[[ctypes.CDLL, str], Any]) -> dict[str, Any]:
    deal, hist = nat.encode_deal(state.deal), state.history
    n = nat.game.num_seats
    cap = (len(hist) + 1) * n
    out = (I64 * cap)()
    totals = (I64 * n)()
    d, h, o = _array(deal), _array(hist), nat._opts
    points, laosui, playouts = (wrap(lib, name) for name in SIGS)
    return {
        "points": lambda: points(0, 0, 10, 2),
        "laosui": lambda: laosui(o, len(nat.options), d, len(deal), h, len(hist), out, cap),
        "playouts": lambda: playouts(o, len(nat.options), 1, 100, totals),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per measurement and library")
    ap.add_argument("--rounds", type=int, default=3, help="interleaved rounds (the best of each is kept)")
    ap.add_argument("--against", help="another build of the library to compare the raw calls with")
    args = ap.parse_args()
    lib = library()
    if lib is None:
        raise SystemExit("no native library")
    game = load_game("lukfu", "hakka-hk", {"laosui": "deduce"})
    nat = NativeLukFu(game)
    state, rng = game.start(seed=1), random.Random(1)
    for _ in range(12):
        state.apply(rng.choice(state.legal_actions()))
    runs = {"raw": calls(lib, nat, state, raw), "bound": calls(lib, nat, state, lambda lb, nm: bind(lb, nm, SIGS[nm]))}
    if args.against:
        runs["raw, other"] = calls(ctypes.CDLL(args.against), nat, state, raw)
    best: dict[tuple[str, str], float] = {}
    slice_s = args.seconds / args.rounds
    for _ in range(args.rounds):
        for call in ("points", "laosui", "playouts"):
            for kind, fns in runs.items():
                r = rate(fns[call], slice_s)
                best[kind, call] = max(best.get((kind, call), 0.0), r)
    kinds = list(runs)
    print(f"{'call':<10}" + "".join(f"{k + ' µs':>16}" for k in kinds) + f"{'bound/raw':>11}"
          + (f"{'raw/other':>11}" if args.against else ""))
    for call in ("points", "laosui", "playouts"):
        us = {k: 1e6 / best[k, call] for k in kinds}
        line = f"{call:<10}" + "".join(f"{us[k]:>16.3f}" for k in kinds) + f"{us['bound'] / us['raw']:>11.3f}"
        if args.against:
            line += f"{us['raw'] / us['raw, other']:>11.3f}"
        print(line)


if __name__ == "__main__":
    main()
