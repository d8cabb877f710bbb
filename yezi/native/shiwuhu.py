"""十五胡 on the native engine (native/src/shiwuhu.rs): every option of yezi/games/shiwuhu/options.toml
(``next_banker`` changes nothing inside a deal, so it is not sent)."""

from __future__ import annotations

import ctypes
from typing import Any

from yezi.native.base import I64P, NativeError, NativeGame, Unsupported, _array, bind

_TRICK_FORM = {"once": 0, "climbing": 1}
_AFTER_PASS = {"may-return": 0, "out": 1}
_HU = {"trick": 0, "own": 1}
_EMPTY = {"next": 0, "void": 1}
_WENWU = {"any": 0, "both": 1}
_ZA = {"pairs": 0, "none": 1, "same-rank": 2}
_SUPREME = {"none": 0, "lead-only": 1}


class NativeShiwuhu(NativeGame):
    game_name = "shiwuhu"
    trace_capacity = 1 << 16  # a bound: 84 leads of at most ~460 plays, ~260 follows of at most ~20

    def encode_options(self, rules: Any) -> list[int]:
        """[players, climbing, after_pass out, hu_count own, empty_lead void, wenwu_military both,
        za_sets, supreme lead-only] (the layout of shiwuhu.rs)."""
        try:
            players = int(rules["players"])
            if players not in (3, 4):
                raise Unsupported(f"shiwuhu players={players} is not implemented natively")
            return [players, _TRICK_FORM[rules["trick_form"]], _AFTER_PASS[rules["after_pass"]], _HU[rules["hu_count"]],
                    _EMPTY[rules["empty_lead"]], _WENWU[rules["wenwu_military"]], _ZA[rules["za_sets"]],
                    _SUPREME[rules["supreme"]]]
        except KeyError as e:
            raise Unsupported(f"shiwuhu option value {e} is not implemented natively") from None

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
