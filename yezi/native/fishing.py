"""Fishing 釣魚 / Tiu U on the native engine (``native/src/fishing/``): the option and deal layouts.

Every option in ``yezi/games/fishing/options.toml`` is implemented natively; ``next_dealer`` only
matters between deals (it is not encoded). The option array's layout is documented at the top of
``native/src/fishing/rules.rs`` and the codes are ``yezi/games/fishing/native.toml``; a deal crosses as the hands (seat by seat), the lake, then the
stock head first — `state.deal` as the Python engine holds it.
"""

from __future__ import annotations

import ctypes
from typing import Any, ClassVar

from yezi.native.base import I64P, NativeError, NativeGame, _array, bind


class NativeFishing(NativeGame):
    game_name = "fishing"
    #: both kinds are written natively (native/src/fishing/vector.rs): `yezi.rl.VectorEnv` steps
    #: Fishing in compiled code for either
    OBSERVATION_KINDS: ClassVar[dict[str, int]] = {"observation": 0, "info_state": 1}

    def decode_deal(self, kinds: list[int]) -> dict[str, Any]:
        """`encode_deal`'s inverse: the Python engine's deal from the native layout."""
        g: Any = self.game
        hs, n = g.hand_size, g.players
        lake_at = n * hs
        stock_at = len(kinds) - g.stock_size
        return {"hands": [list(kinds[s * hs:(s + 1) * hs]) for s in range(n)],
                "lake": list(kinds[lake_at:stock_at]), "stock": list(kinds[stock_at:])}

    def vec_row(self, rows: Any, row: int) -> tuple[dict[str, Any], list[int]]:
        """Row `row` of a native vector's state words: (its deal, the actions taken in it so
        far), for replaying it in the Python engine."""
        fn = bind(self.lib, "yz_fishing_vec_row", [I64P, ctypes.c_int64, I64P, ctypes.c_int64, ctypes.c_int64,
                                                   I64P, ctypes.c_int64])
        cap = 256
        out = (ctypes.c_int64 * cap)()
        got = fn(self._opts, len(self.options), rows.ctypes.data_as(I64P), len(rows), row, out, cap)
        if got < 0:
            raise NativeError(f"yz_fishing_vec_row returned {got}")
        deck = len(self.encode_deal(self.game.deal_from_seed(0)))
        return self.decode_deal(list(out[:deck])), list(out[deck:got])

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
