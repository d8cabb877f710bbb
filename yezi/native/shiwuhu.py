"""十五胡 on the native engine (native/src/shiwuhu.rs): the deal layout and the heuristic bot's port.
The options cross by yezi/games/shiwuhu/native.toml (`NativeGame.encode_options`)."""

from __future__ import annotations

import ctypes
from typing import Any

from yezi.native.base import I64P, NativeError, NativeGame, _array, bind


class NativeShiwuhu(NativeGame):
    game_name = "shiwuhu"
    trace_capacity = 1 << 16  # a bound: 84 leads of at most ~460 plays, ~260 follows of at most ~20

    def encode_deal(self, deal: Any) -> list[int]:
        return [k for hand in deal["hands"] for k in hand]

    def heuristic_choice(self, state: Any) -> int:
        """The heuristic bot's choice (native port of `bots.HeuristicBot`, without its 1e-6 tie noise)
        for the seat to act."""
        fn = bind(self.lib, "yz_shiwuhu_heuristic_choice", [I64P, ctypes.c_int64, I64P, ctypes.c_int64, I64P,
                                                            ctypes.c_int64])
        deal = self.encode_deal(state.deal)
        rc = fn(self._opts, len(self.options), _array(deal), len(deal), _array(state.history), len(state.history))
        if rc < 0:
            raise NativeError(f"yz_shiwuhu_heuristic_choice returned {rc}")
        return rc
