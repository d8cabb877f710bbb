"""The native engines of the three domino games (接龍, 斜釘, 頂牛): one Rust chain core
(native/src/dominoes/) behind three wrappers, one per registry name, as the Python games share
`yezi.games.dominoes.chain`.

Options cross as 13 integers (layout in `native/src/dominoes/mod.rs`, `Config::parse`); a deal as
each seat's hand (`state.deal["hands"]`, seat by seat) followed by the tiles set aside. Every
option that changes play or payment is encoded; `names` only changes text. An option the module
does not know raises `Unsupported`, so a future option falls back to the Python engine.
"""

from __future__ import annotations

import ctypes
from typing import Any, ClassVar

from yezi.core.protocol import State
from yezi.native.base import I64P, NativeError, NativeGame, Unsupported, _array, bind

#: the options each game's encoding covers (text-only options included)
KNOWN: dict[str, frozenset[str]] = {
    "jielong": frozenset({"players", "relead", "discard"}),
    "tseding": frozenset({"players", "relead", "discard", "bajue", "bajue_pay", "redeal_doubles", "head_tail",
                          "lone_pass_double", "names"}),
    "dingniu": frozenset({"ends", "ties", "baozhuang", "block_end", "discard", "names"}),
}
_CODES: dict[str, dict[Any, int]] = {
    "bajue_pay": {"hand": 0, "difference": 1},
    "head_tail": {"7-8": 0, "6-7": 1},
    "ties": {"lead": 0, "later": 1},
    "baozhuang": {"dazhuang": 0, "any-loser": 1},
}
_DEFAULTS = {"bajue_pay": "hand", "head_tail": "7-8", "ties": "lead", "baozhuang": "dazhuang"}


class NativeDominoes(NativeGame):
    """What the three domino wrappers share: option and deal encoding, the heuristic bot's choice."""

    def __init__(self, game: Any):
        super().__init__(game)
        self._heuristic_fn = bind(self.lib, f"yz_{self.game_name}_heuristic_choice",
                                  [I64P, ctypes.c_int64, I64P, ctypes.c_int64, I64P, ctypes.c_int64, ctypes.c_uint64,
                                   ctypes.c_int64])

    def encode_options(self, rules: Any) -> list[int]:
        unknown = set(rules) - KNOWN[self.game_name]
        if unknown:
            raise Unsupported(f"{self.game_name}: no native encoding for {', '.join(sorted(unknown))}")
        cfg = self.game.cfg
        codes = []
        for key, table in _CODES.items():
            value = rules.get(key, _DEFAULTS[key])
            if value not in table:
                raise Unsupported(f"{self.game_name}: {key} = {value!r}")
            codes.append(table[value])
        redeal = int(rules.get("redeal_doubles", 0))
        if not 0 <= redeal <= 8:
            raise Unsupported(f"{self.game_name}: redeal_doubles = {redeal}")
        bajue_pay, head_tail, ties, baozhuang = codes
        return [cfg.seats, cfg.hand, int(cfg.two_ends), int(cfg.relead), int(cfg.must_connect),
                int(cfg.others_block), int(bool(rules.get("bajue", False))), bajue_pay, redeal, head_tail,
                int(bool(rules.get("lone_pass_double", True))), ties, baozhuang]

    def encode_deal(self, deal: Any) -> list[int]:
        return [k for hand in deal["hands"] for k in hand] + list(deal.get("aside", []))

    def heuristic_choice(self, state: State, noise: bool = False, seed: int = 0) -> int:
        """The index into `state.legal_actions()` the native heuristic bot picks for the seat to
        move; without `noise` ties go to the first best (the Python bot with ``random() == 0``)."""
        deal = self.encode_deal(state.deal)
        rc = self._heuristic_fn(self._opts, len(self.options), _array(deal), len(deal), _array(state.history),
                                len(state.history), seed & (2**64 - 1), int(noise))
        if rc < 0:
            raise NativeError(f"yz_{self.game_name}_heuristic_choice returned {rc}")
        return rc


class NativeJieLong(NativeDominoes):
    game_name: ClassVar[str] = "jielong"


class NativeTseDing(NativeDominoes):
    game_name: ClassVar[str] = "tseding"


class NativeDingNiu(NativeDominoes):
    game_name: ClassVar[str] = "dingniu"
