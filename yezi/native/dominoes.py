"""The native engines of the three domino games (接龍, 斜釘, 頂牛): one Rust chain core
(native/src/dominoes/) behind three wrappers, one per registry name, as the Python games share
`yezi.games.dominoes.chain`.

Options cross as 13 integers (layout in `native/src/dominoes/mod.rs`, `Config::parse`; the codes in
each game's ``native.toml`` beside its ``options.toml``); a deal as each seat's hand
(`state.deal["hands"]`, seat by seat) followed by the tiles set aside. Every option that changes
play or payment is encoded; `names` only changes text. An option the table does not know raises
`Unsupported`, so a future option falls back to the Python engine.
"""

from __future__ import annotations

import ctypes
from typing import Any, ClassVar

from yezi.core.protocol import State
from yezi.native.base import I64P, NativeError, NativeGame, _array, bind


class NativeDominoes(NativeGame):
    """What the three domino wrappers share: deal encoding, the heuristic bot's choice."""

    def __init__(self, game: Any):
        super().__init__(game)
        self._heuristic_fn = bind(self.lib, f"yz_{self.game_name}_heuristic_choice",
                                  [I64P, ctypes.c_int64, I64P, ctypes.c_int64, I64P, ctypes.c_int64, ctypes.c_uint64,
                                   ctypes.c_int64])

    #: both kinds are written natively (native/src/dominoes/vector.rs)
    OBSERVATION_KINDS: ClassVar[dict[str, int]] = {"observation": 0, "info_state": 1}

    def vec_row(self, rows: Any, row: int) -> tuple[dict[str, Any], list[int]]:
        """Row `row` of a native vector's state words: (its deal as the Python engine holds one:
        each hand's kinds in order, the rest of the set aside; the actions taken so far)."""
        from yezi.components import tiengow as tg

        fn = bind(self.lib, f"yz_{self.game_name}_vec_row", [I64P, ctypes.c_int64, I64P, ctypes.c_int64,
                                                             ctypes.c_int64, I64P, ctypes.c_int64])
        out = (ctypes.c_int64 * 256)()
        got = fn(self._opts, len(self.options), rows.ctypes.data_as(I64P), len(rows), row, out, 256)
        if got < 0:
            raise NativeError(f"yz_{self.game_name}_vec_row returned {got}")
        nk, seats = tg.NUM_KINDS, self.game.num_seats
        counts = list(out[:seats * nk])
        hands = [[k for k in range(nk) for _ in range(counts[s * nk + k])] for s in range(seats)]
        rest = list(self.game.set_counts)  # type: ignore[attr-defined]  # a DominoGame
        for h in hands:
            for k in h:
                rest[k] -= 1
        aside = [k for k in range(nk) for _ in range(rest[k])]
        return {"hands": hands, "aside": aside}, list(out[seats * nk:got])

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
