"""Fishing's numeric observation (`yezi.core.observation`): 0/1 features and counts, from the state.

0/1 pieces: the seat, the part of the turn (hand card or drawn card), the seat to act, the card
just drawn, the 尾牌 for the 尾家 who peeked at it, the stacked kinds (Tiu U). Counts of the 21
Tien Gow kinds (0..4): the seat's hand, the lake, each seat's catch; and each hand's size and the
cards left in the stock. Every card played shows face up, so the lake and the catches are the
public history a seat needs; its own hand and the peeked card are all it holds privately.
`seen_from_view` rebuilds what the observer reads from the seat's view alone (`observe_view`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from yezi.core.observation import BitObserver, Piece, SeenView
from yezi.games.fishing.actions import K

if TYPE_CHECKING:  # pragma: no cover
    from yezi.games.fishing.game import Fishing, FishingState


class FishingObserver(BitObserver["FishingState"]):
    game: Fishing

    def __init__(self, game: Fishing):
        n = game.players
        w = float(max(game.deck_counts))
        super().__init__(game, [
            Piece("seat", (n,)), Piece("phase", (2,)), Piece("to_act", (n,)),
            Piece("drawn", (K,)), Piece("peeked_tail", (K,)), Piece("stacked", (K,)),
        ], [
            Piece("hand", (K,), 0, w), Piece("lake", (K,), 0, w), Piece("catches", (n, K), 0, w),
            Piece("hand_sizes", (n,), 0, float(game.hand_size)), Piece("stock_left", (1,), 0, float(game.stock_size)),
        ])
        at = self.at
        self.seat_bit = [1 << (at["seat"] + s) for s in range(n)]
        self.to_act_bit = [1 << (at["to_act"] + s) for s in range(n)]
        self.hand_phase = 1 << at["phase"]
        self.draw_phase = 1 << (at["phase"] + 1)

    def bits(self, state: FishingState, seat: int) -> int:
        at, g = self.at, self.game
        x = self.seat_bit[seat]
        player = state.turn
        if player >= 0:
            x |= self.to_act_bit[player]
            if state.phases[0] == "draw":
                assert state.drawn is not None  # a card is drawn in the draw phase
                x |= self.draw_phase | 1 << (at["drawn"] + state.drawn)
            else:
                x |= self.hand_phase
        if g.peek and seat == g.tail_seat:
            x |= 1 << (at["peeked_tail"] + state.deal["stock"][-1])
        if True in state.stacked:
            x |= sum(1 << k for k, on in enumerate(state.stacked) if on) << at["stacked"]
        return x

    def counts(self, state: FishingState, seat: int) -> bytes:
        hands = state.hands
        return b"".join([
            bytearray(hands[seat]), bytearray(state.lake), *map(bytearray, state.catches),
            bytearray([*map(sum, hands), len(state.deal["stock"]) - state.pos]),
        ])


class FishingSeen(SeenView):
    """A Fishing view as `FishingObserver` reads a state: another seat's hand only as its size
    (all of it counted under kind 0); of the stock only the peeked 尾牌 (its last card), and the
    draw position set so that the cards left are the view's `stock_left`."""

    def __init__(self, game: Fishing, view: dict[str, Any]):
        super().__init__(view)
        self.turn = -1 if view["turn"] is None else view["turn"]
        self.phases = [view["phase"]]
        self.drawn: int | None = view["drawn"]
        self.hands = [[n] + [0] * (K - 1) for n in view["hand_sizes"]]
        self.hands[self.seat] = view["hand"]
        self.lake: list[int] = view["lake"]
        self.catches: list[list[int]] = view["catches"]
        self.stacked = [False] * K
        for k in view["stacked"]:
            self.stacked[k] = True
        tail = view["deal"].get("tail")
        self.deal = {"stock": [] if tail is None else [tail]}
        self.pos = len(self.deal["stock"]) - view["stock_left"]


def seen_from_view(game: Fishing, view: dict[str, Any]) -> FishingSeen:
    return FishingSeen(game, view)


__all__ = ["FishingObserver", "FishingSeen", "seen_from_view"]
