"""牌九 on the native engine (native/src/paigow.rs): every option of yezi/games/paigow/options.toml."""

from __future__ import annotations

import ctypes
from typing import Any

from yezi.native.base import I64P, NativeError, NativeGame, Unsupported, _array, bind


class NativePaiGow(NativeGame):
    game_name = "paigow"
    trace_capacity = 1 << 10

    def encode_options(self, rules: Any) -> list[int]:
        """[players, tiles, stakes chosen, dice, count from the banker, tie_break high-tile,
        0-0 ties to the banker, supreme wild, supreme lowest single] (the layout of paigow.rs)."""
        try:
            return [
                int(rules["players"]), int(rules["tiles"]), _choice(rules, "stakes", "choose", "fixed"),
                int(rules["dice"]), _choice(rules, "count_from", "banker", "right"),
                _choice(rules, "tie_break", "high-tile", "none"), _choice(rules, "zero_ties", "banker", "high-tile"),
                int(bool(rules["supreme_wild"])), _choice(rules, "single_rank", "supreme-lowest", "tiengow"),
            ]
        except KeyError as e:
            raise Unsupported(f"paigow option {e} unknown to the native engine") from None

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


def _choice(rules: Any, key: str, yes: str, no: str) -> int:
    """1 for `yes`, 0 for `no`; any other value is an option this module does not know."""
    value = rules[key]
    if value == yes:
        return 1
    if value == no:
        return 0
    raise Unsupported(f"paigow {key}={value!r} is not implemented natively")
