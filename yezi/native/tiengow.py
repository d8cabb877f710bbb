"""打天九 on the native engine (native/src/tiengow.rs): every option of yezi/games/tiengow/options.toml
(``next_banker`` changes nothing inside a deal, so it is not sent)."""

from __future__ import annotations

import ctypes
from typing import Any

from yezi.native.base import I64P, NativeError, NativeGame, Unsupported, _array, bind

_MIXED = {"all": 0, "pairs": 1, "none": 2}
_SCORING = {"flat": 0, "tricks": 1}
_SHUTOUT = {"five": 0, "double-all": 1, "none": 2}
_LAST = {"open": 0, "entered": 1}
_BANKER = {"none": 0, "double": 1}


class NativeTienGow(NativeGame):
    game_name = "tiengow"
    trace_capacity = 1 << 14

    def encode_options(self, rules: Any) -> list[int]:
        """[mixed, two_pairs, last_trick entered, scoring tricks, shutout, banker double, specials,
        zun_money] (the layout of tiengow.rs)."""
        try:
            zun = int(rules["zun_money"])
            if zun < 0:
                raise Unsupported(f"tiengow zun_money={zun} is not implemented natively")
            return [_MIXED[rules["mixed"]], int(bool(rules["two_pairs"])), _LAST[rules["last_trick"]],
                    _SCORING[rules["scoring"]], _SHUTOUT[rules["shutout"]], _BANKER[rules["banker"]],
                    int(bool(rules["specials"])), zun]
        except KeyError as e:
            raise Unsupported(f"tiengow option value {e} is not implemented natively") from None

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
