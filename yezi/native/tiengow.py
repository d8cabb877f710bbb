"""打天九 on the native engine (native/src/tiengow.rs): the deal layout and the heuristic bot's port.
The options cross by yezi/games/tiengow/native.toml (`NativeGame.encode_options`)."""

from __future__ import annotations

import ctypes
from typing import Any, ClassVar

from yezi.native.base import I64P, NativeError, NativeGame, _array, bind


class NativeTienGow(NativeGame):
    game_name = "tiengow"
    trace_capacity = 1 << 14

    #: both kinds are written natively (native/src/tiengow.rs, `vector`)
    OBSERVATION_KINDS: ClassVar[dict[str, int]] = {"observation": 0, "info_state": 1}

    def vec_row(self, rows: Any, row: int) -> tuple[dict[str, Any], list[int]]:
        """Row `row` of a native vector's state words: (its deal, the actions taken so far)."""
        fn = bind(self.lib, "yz_tiengow_vec_row", [I64P, ctypes.c_int64, I64P, ctypes.c_int64, ctypes.c_int64,
                                                   I64P, ctypes.c_int64])
        out = (ctypes.c_int64 * 256)()
        got = fn(self._opts, len(self.options), rows.ctypes.data_as(I64P), len(rows), row, out, 256)
        if got < 0:
            raise NativeError(f"yz_tiengow_vec_row returned {got}")
        seats, nk = 4, 21
        counts = list(out[:seats * nk])
        hands = [[k for k in range(nk) for _ in range(counts[s * nk + k])] for s in range(seats)]
        return {"hands": hands}, list(out[seats * nk:got])

    def encode_deal(self, deal: Any) -> list[int]:
        return [k for hand in deal["hands"] for k in hand]

    def heuristic_choice(self, state: Any) -> int:
        """The heuristic bot's choice (native port of `bots.HeuristicBot`) for the seat to act."""
        fn = bind(self.lib, "yz_tiengow_heuristic_choice", [I64P, ctypes.c_int64, I64P, ctypes.c_int64, I64P,
                                                            ctypes.c_int64])
        deal = self.encode_deal(state.deal)
        rc = fn(self._opts, len(self.options), _array(deal), len(deal), _array(state.history), len(state.history))
        if rc < 0:
            raise NativeError(f"yz_tiengow_heuristic_choice returned {rc}")
        return rc
