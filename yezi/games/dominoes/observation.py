"""The domino games' numeric observation (`yezi.core.observation`): 0/1 features and counts.

0/1 pieces: the seat, the seat to act, the last placer, the open number at each end. Counts of
the 21 kinds (0..2): the seat's hand, the tiles on the table, each seat's face-down tiles as far
as this seat may see them (its own; everyone's once the hand is over); and per seat the tiles
placed and put face down (what is left in a hand follows: every hand starts full). Which tile another seat put face down stays hidden; how
many it did is public.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from yezi.components import tiengow as tg
from yezi.core.observation import BitObserver, Piece, SeenView

if TYPE_CHECKING:  # pragma: no cover
    from yezi.games.dominoes.chain import DominoGame, DominoState

NK = tg.NUM_KINDS  # (not imported from chain, which imports this module)
_NONE = bytes(NK)


class DominoObserver(BitObserver["DominoState"]):
    def __init__(self, game: DominoGame):
        n, h = game.cfg.seats, float(game.cfg.hand)
        w = float(max(game.set_counts))
        super().__init__(game, [
            Piece("seat", (n,)), Piece("to_act", (n,)), Piece("last_placer", (n,)), Piece("ends", (2, 7)),
        ], [
            Piece("hand", (NK,), 0, w), Piece("table", (NK,), 0, w), Piece("down", (n, NK), 0, w),
            Piece("placed_counts", (n,), 0, h), Piece("down_counts", (n,), 0, h),
        ])
        self._down: dict[tuple[int, ...], bytes] = {}
        at = self.at
        self.seat_bit = [1 << (at["seat"] + s) for s in range(n)]
        self.end_bit = [[1 << (at["ends"] + 7 * e + v) for v in range(7)] for e in range(2)]

    def bits(self, state: DominoState, seat: int) -> int:
        at = self.at
        x = self.seat_bit[seat]
        if state.to_move is not None:
            x |= 1 << (at["to_act"] + state.to_move)
        if state.last_placer is not None:
            x |= 1 << (at["last_placer"] + state.last_placer)
        for bit, v in zip(self.end_bit, state.ends):
            x |= bit[v]
        return x

    def counts(self, state: DominoState, seat: int) -> bytes:
        down = state.down
        if state.to_move is None:
            seen = [self._counts(d) for d in down]
        else:
            seen = [_NONE] * len(down)
            seen[seat] = self._counts(down[seat])
        return b"".join([
            bytearray(state.hands[seat]), bytearray(state.table), *seen,
            bytearray([*state.placed, *map(len, down)]),
        ])

    def _counts(self, tiles: list[int]) -> bytes:
        key = tuple(tiles)
        b = self._down.get(key)
        if b is None:
            b = bytes(tg.counts(tiles))
            if len(self._down) < 1 << 16:
                self._down[key] = b
        return b


class DominoSeen(SeenView):
    """A domino view as `DominoObserver` reads a state: the seat's own hand and face-down tiles;
    another seat's face-down tiles only as their number (until the hand is over and all show)."""

    def __init__(self, game: DominoGame, view: dict[str, Any]):
        super().__init__(view)
        self.to_move: int | None = view["to_act"]
        self.last_placer: int | None = view["last_placer"]
        self.ends: list[int] = view["ends"]
        self.placed: list[int] = view["placed_counts"]
        self.down = [[0] * n if d is None else d for d, n in zip(view["down"], view["down_counts"])]
        self.hands: list[list[int]] = [[]] * len(self.down)
        self.hands[self.seat] = tg.counts(view["hand"])
        self.table = [0] * NK
        for line in view["lines"]:
            for tile in line:
                self.table[tile[2]] += 1


def seen_from_view(game: DominoGame, view: dict[str, Any]) -> DominoSeen:
    return DominoSeen(game, view)


__all__ = ["DominoObserver", "DominoSeen", "seen_from_view"]
