"""Fishing 釣魚 / Tiu U on the native engine (``native/src/fishing/``): the option and deal layouts.

Every option in ``yezi/games/fishing/options.toml`` is implemented natively; ``next_dealer`` only
matters between deals (it is not encoded). The option array's layout is documented at the top of
``native/src/fishing/rules.rs`` and the codes are ``yezi/games/fishing/native.toml``; a deal crosses as the hands (seat by seat), the lake, then the
stock head first — `state.deal` as the Python engine holds it.
"""

from __future__ import annotations

import ctypes
from typing import Any

from yezi.native.base import I64P, NativeError, NativeGame, _array, bind


class NativeFishing(NativeGame):
    game_name = "fishing"

    def encode_deal(self, deal: Any) -> list[int]:
        return [k for h in deal["hands"] for k in h] + list(deal["lake"]) + list(deal["stock"])

    # --- Fishing's own exports (beyond the shared trace / playouts) ------------------------------
    def heuristic_choice(self, state: Any) -> int:
        """The native heuristic bot's action for the seat to act in `state`, without tie noise
        (the first of the best actions, as the Python bot picks when ``rng.random()`` is 0)."""
        fn = bind(self.lib, "yz_fishing_heuristic_choice", [I64P, ctypes.c_int64, I64P, ctypes.c_int64, I64P,
                                                            ctypes.c_int64])
        deal = self.encode_deal(state.deal)
        rc = fn(self._opts, len(self.options), _array(deal), len(deal), _array(state.history), len(state.history))
        if rc < 0:
            raise NativeError(f"yz_fishing_heuristic_choice returned {rc}")
        return rc

    def settle(self, catches: list[list[int]]) -> list[int]:
        """Payments for finished catches (count vectors of the 21 kinds, one per seat)."""
        fn = bind(self.lib, "yz_fishing_settle", [I64P, ctypes.c_int64, I64P, ctypes.c_int64, I64P])
        flat = [n for c in catches for n in c]
        out = (ctypes.c_int64 * self.game.num_seats)()
        rc = fn(self._opts, len(self.options), _array(flat), len(flat), out)
        if rc < 0:
            raise NativeError(f"yz_fishing_settle returned {rc}")
        return list(out)
