"""Fishing's numeric observation (`yezi.core.observation`): 0/1 features from the state.

Counts of the 21 Tien Gow kinds are unary groups as wide as the set's largest count (hand,
lake, each seat's catch); the rest is one-hots: the seat, the part of the turn (hand card or
drawn card), the seat to act, the card just drawn, the 尾牌 for the 尾家 who peeked at it, each
hand's size and the cards left in the stock. Every card played shows face up, so the lake and
the catches are the public history a seat needs; its own hand and the peeked card are all it
holds privately.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from yezi.core.observation import BitObserver, Piece, unary_code
from yezi.games.fishing.actions import K

if TYPE_CHECKING:  # pragma: no cover
    from yezi.games.fishing.game import Fishing, FishingState


class FishingObserver(BitObserver):
    def __init__(self, game: Fishing):
        n = game.players
        self.width = w = max(game.deck_counts)
        super().__init__(game, [
            Piece("seat", (n,)), Piece("phase", (2,)), Piece("to_act", (n,)),
            Piece("drawn", (K,)), Piece("peeked_tail", (K,)),
            Piece("hand_sizes", (n, game.hand_size + 1)), Piece("stock_left", (game.stock_size + 1,)),
            Piece("stacked", (K,)),
            Piece("hand", (K, w)), Piece("lake", (K, w)), Piece("catches", (n, K, w)),
        ])
        at = self.at
        self.sizes = [at["hand_sizes"] + s * (game.hand_size + 1) for s in range(n)]
        self.catches = [at["catches"] + s * K * w for s in range(n)]

    def bits(self, state: FishingState, seat: int) -> int:
        at, g, w = self.at, self.game, self.width
        x = 1 << (at["seat"] + seat)
        player = state.current_player
        if player is not None:
            x |= 1 << (at["to_act"] + player)
            if state.phases[0] == "draw":
                x |= 1 << (at["phase"] + 1) | 1 << (at["drawn"] + state.drawn)
            else:
                x |= 1 << at["phase"]
        stock = state.deal["stock"]
        if g.peek and seat == g.tail_seat:
            x |= 1 << (at["peeked_tail"] + stock[-1])
        for base, h in zip(self.sizes, state.hands):
            x |= 1 << (base + sum(h))
        x |= 1 << (at["stock_left"] + len(stock) - state.pos)
        st = state.stacked
        if any(st):
            x |= sum(1 << k for k in range(K) if st[k]) << at["stacked"]
        x |= unary_code(state.hands[seat], w) << at["hand"] | unary_code(state.lake, w) << at["lake"]
        for base, c in zip(self.catches, state.catches):
            x |= unary_code(c, w) << base
        return x


__all__ = ["FishingObserver"]
