"""Fishing 釣魚 / Tiu U on the native engine (``native/src/fishing/``): the option and deal layouts.

Every option in ``yezi/games/fishing/options.toml`` is implemented natively; ``next_dealer`` only
matters between deals (it is not encoded). The option array's layout is documented at the top of
``native/src/fishing/rules.rs``; a deal crosses as the hands (seat by seat), the lake, then the
stock head first — `state.deal` as the Python engine holds it.
"""

from __future__ import annotations

import ctypes
from typing import Any

from yezi.games.fishing.settlement import overmountain_for
from yezi.native.base import I64P, NativeError, NativeGame, Unsupported, _array, bind

_COCK = {"self": 0, "big-six": 1, "all-sixes": 2}
_METHOD = {"M1": 0, "M2": 1, "M3": 2, "YL": 3, "plain": 4}


class NativeFishing(NativeGame):
    game_name = "fishing"

    def encode_options(self, rules: Any) -> list[int]:
        r = rules
        try:
            cock, method = _COCK[r["cock"]], _METHOD[r["settlement"]]
        except KeyError as e:
            raise Unsupported(f"fishing: no native engine for {e.args[0]!r}") from None
        players = int(r["players"])
        if players not in (2, 3) or r["equipment"] not in ("cards84", "dominoes64"):
            raise Unsupported(f"fishing: {players} players with {r['equipment']}")
        return [
            players, int(r["equipment"] == "dominoes64"), int(bool(r["peek"])), int(r["first_turn"] == "draw-first"),
            int(bool(r["plum_redten"])), int(bool(r["heaven_earth"])), cock, int(bool(r["one_takes_three"])),
            int(bool(r["fours_to_tail"])), int(r["capture"] == "must"), int(r["unmatched_hand"] == "keep"),
            int(bool(r["stacking"])), int(bool(r["heaven_pair"])), int(r["leftover_lake"] == "tail"),
            int(r["wenwu"] == "strict"), int(bool(r["no_medium"])), int(r["scoring"] == "red-dots"),
            method, overmountain_for(r, players), int(r["di"]), int(r["jun_scale"] == "1-3-5"),
            int(bool(r["di_overmountain"])), int(bool(r["di_second_third"])), int(bool(r["double_both"])),
        ]

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
