"""The domino games' numeric observation (`yezi.core.observation`): 0/1 features from the state.

Tile counts of the 21 kinds are unary groups (two wide: the set holds each kind at most twice):
the seat's hand, the tiles on the table and its own face-down tiles (everyone's once the hand is
over). One-hots: the seat, the seat to act, the last placer, the open number at each end, and
per seat the tiles left in hand, placed and put face down. Which tile another seat put face down
stays hidden; how many it did is public.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from yezi.components import tiengow as tg
from yezi.core.observation import BitObserver, Piece, unary_code
from yezi.games.dominoes.chain import NK

if TYPE_CHECKING:  # pragma: no cover
    from yezi.games.dominoes.chain import DominoGame, DominoState


class DominoObserver(BitObserver):
    def __init__(self, game: DominoGame):
        n, h = game.cfg.seats, game.cfg.hand
        self.width = w = max(game.set_counts)
        super().__init__(game, [
            Piece("seat", (n,)), Piece("to_act", (n,)), Piece("last_placer", (n,)), Piece("ends", (2, 7)),
            Piece("hand_counts", (n, h + 1)), Piece("placed_counts", (n, h + 1)), Piece("down_counts", (n, h + 1)),
            Piece("hand", (NK, w)), Piece("table", (NK, w)), Piece("down", (n, NK, w)),
        ])
        at = self.at
        self.per_seat = [(at["hand_counts"] + s * (h + 1), at["placed_counts"] + s * (h + 1),
                          at["down_counts"] + s * (h + 1), at["down"] + s * NK * w) for s in range(n)]

    def bits(self, state: DominoState, seat: int) -> int:
        at, w = self.at, self.width
        x = 1 << (at["seat"] + seat)
        player = state.to_move
        if player is not None:
            x |= 1 << (at["to_act"] + player)
        if state.last_placer is not None:
            x |= 1 << (at["last_placer"] + state.last_placer)
        for e, num in enumerate(state.ends[:2]):
            x |= 1 << (at["ends"] + 7 * e + num)
        over = player is None
        for s, (hc, pc, dc, down) in enumerate(self.per_seat):
            d = state.down[s]
            x |= 1 << (hc + sum(state.hands[s])) | 1 << (pc + state.placed[s]) | 1 << (dc + len(d))
            if d and (over or s == seat):
                x |= unary_code(tg.counts(d), w) << down
        x |= unary_code(state.hands[seat], w) << at["hand"] | unary_code(state.table, w) << at["table"]
        return x


__all__ = ["DominoObserver"]
