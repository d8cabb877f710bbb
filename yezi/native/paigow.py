"""牌九 on the native engine (native/src/paigow.rs): the deal layout and the house way's port.
The options cross by yezi/games/paigow/native.toml (`NativeGame.encode_options`)."""

from __future__ import annotations

import ctypes
from typing import Any, ClassVar

from yezi.native.base import I64P, NativeError, NativeGame, _array, bind


class NativePaiGow(NativeGame):
    game_name = "paigow"
    trace_capacity = 1 << 10
    #: both kinds are written natively (native/src/paigow.rs, `vector`)
    OBSERVATION_KINDS: ClassVar[dict[str, int]] = {"observation": 0, "info_state": 1}

    def vec_row(self, rows: Any, row: int) -> tuple[dict[str, list[int]], list[int]]:
        """Row `row` of a native vector's state words: (its deal, the actions taken so far)."""
        fn = bind(self.lib, "yz_paigow_vec_row", [I64P, ctypes.c_int64, I64P, ctypes.c_int64, ctypes.c_int64, I64P,
                                                  ctypes.c_int64])
        out = (ctypes.c_int64 * 128)()
        got = fn(self._opts, len(self.options), rows.ctypes.data_as(I64P), len(rows), row, out, 128)
        if got < 0:
            raise NativeError(f"yz_paigow_vec_row returned {got}")
        nd = out[0]
        return {"dice": list(out[1:1 + nd]), "woodpile": list(out[1 + nd:33 + nd])}, list(out[33 + nd:got])

    def encode_deal(self, deal: Any) -> list[int]:
        return [len(deal["dice"]), *deal["dice"], *deal["woodpile"]]

    def heuristic_choice(self, state: Any) -> int:
        """The house way's choice (native port of `bots.HouseWayBot`) for the seat to act in `state`."""
        fn = bind(self.lib, "yz_paigow_heuristic_choice", [I64P, ctypes.c_int64, I64P, ctypes.c_int64, I64P,
                                                           ctypes.c_int64])
        deal = self.encode_deal(state.deal)
        rc = fn(self._opts, len(self.options), _array(deal), len(deal), _array(state.history), len(state.history))
        if rc < 0:
            raise NativeError(f"yz_paigow_heuristic_choice returned {rc}")
        return rc

