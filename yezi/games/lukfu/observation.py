"""Luk Fu's numeric observation (`yezi.core.observation`): 0/1 features, built from the state
as one integer of bits (a few microseconds) but holding only what the seat may know.

Pieces (n = seats, cards are the 37 of `yezi.components.lukfu_deck`, plays the 194 of plays.py):
the seat, the phase, the seat to act, bidder and privileged seat, the seat of the best play in
the trick in progress, each hand's size and each seat's 糊 won (one-hot 0..12), the hand, its
老歲 cards (as the ruleset's `laosui` mode finds them: deduced 老歲 is remembered by the state
from one action to the next, and the hand's result until the next action), every face-up card,
the cards each seat played face up, the seat's own face-down discards and its unfinished
discard, and the trick in progress (lead and best play).

`seen_from_view` rebuilds what the observer reads from the seat's view alone (`observe_view`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from yezi.components.lukfu_deck import mask_of
from yezi.core.observation import BitObserver, Piece, SeenView
from yezi.games.lukfu.plays import NUM_PLAYS, PLAYS

if TYPE_CHECKING:  # pragma: no cover
    from yezi.games.lukfu.game import LukFu
    from yezi.games.lukfu.state import LukFuState

PHASES = ("tigers", "bid", "play", "last", "over")
CARDS = 37
COUNT = 13  # hand sizes and 糊 won run 0..12


def pieces(n: int) -> list[Piece]:
    # the small one-hot pieces first: they are built on small integers
    return [
        Piece("seat", (n,)), Piece("phase", (len(PHASES),)), Piece("to_act", (n,)),
        Piece("bidder", (n,)), Piece("privileged", (n,)), Piece("trick_best_seat", (n,)),
        Piece("hand_sizes", (n, COUNT)), Piece("hu_won", (n, COUNT)),
        Piece("hand", (CARDS,)), Piece("laosui", (CARDS,)), Piece("faceup", (CARDS,)),
        Piece("played", (n, CARDS)), Piece("my_discards", (CARDS,)), Piece("pending_discard", (CARDS,)),
        Piece("trick_lead", (NUM_PLAYS,)), Piece("trick_best", (NUM_PLAYS,)),
    ]


class LukFuObserver(BitObserver["LukFuState"]):
    def __init__(self, game: LukFu):
        n = game.num_seats
        super().__init__(game, pieces(n))
        at = self.at
        self.phase_bit = {p: 1 << (at["phase"] + i) for i, p in enumerate(PHASES)}
        # one-hot bits looked up, not shifted: (seat, count) -> bit, for sizes and 糊 won
        self.size_bit = [[1 << (at["hand_sizes"] + s * COUNT + c) for c in range(COUNT)] for s in range(n)]
        self.hu_bit = [[1 << (at["hu_won"] + s * COUNT + c) for c in range(COUNT)] for s in range(n)]
        self.seat_bit = [1 << (at["seat"] + s) for s in range(n)]
        self.to_act_bit = [1 << (at["to_act"] + s) for s in range(n)]
        self.bidder_bit = [1 << (at["bidder"] + s) for s in range(n)]
        self.privileged_bit = [1 << (at["privileged"] + s) for s in range(n)]
        self.best_seat_bit = [1 << (at["trick_best_seat"] + s) for s in range(n)]
        self.played = [at["played"] + s * CARDS for s in range(n)]
        self.cards_at = (at["hand"], at["laosui"], at["faceup"], at["my_discards"], at["pending_discard"])
        self.trick_at = (at["trick_lead"], at["trick_best"])

    def bits(self, state: LukFuState, seat: int) -> int:
        x = self.phase_bit[state.phase] | self.seat_bit[seat]
        player = state.current_player
        if player is not None:
            x |= self.to_act_bit[player]
        if state.bidder is not None:
            x |= self.bidder_bit[state.bidder]
            if state.privileged is not None:
                x |= self.privileged_bit[state.privileged]
        best = state.best_play
        if best >= 0:
            x |= self.best_seat_bit[state.best_seat]
        for sizes, hus, h, won in zip(self.size_bit, self.hu_bit, state.hands, state.hu):
            x |= sizes[h.bit_count()] | hus[won]
        hand_at, old_at, up_at, disc_at, pend_at = self.cards_at
        x |= state.hands[seat] << hand_at | state.faceup << up_at | state.discarded[seat] << disc_at
        if seat != state.dummy:
            x |= state.hand_laosui(seat) << old_at
        for base, m in zip(self.played, state.shown):
            if m:
                x |= m << base
        if seat == player and state.pending:
            x |= state.pending << pend_at
        if best >= 0:
            lead_at, best_at = self.trick_at
            x |= 1 << (lead_at + state.tricks[-1]["lead"]) | 1 << (best_at + best)
        return x


class LukFuSeen(SeenView):
    """A Luk Fu view as `LukFuObserver` reads a state: the seat's own hand, 老歲 and discards;
    another seat's hand only as its size (its low bits set, no card of it known)."""

    def __init__(self, view: dict[str, Any]):
        super().__init__(view)
        seat = self.seat
        self.phase: str = view["phase"]
        self.dummy: int | None = view["dummy"]
        self.bidder: int | None = view["bidder"]
        self.privileged: int | None = view["privileged"]
        self.hands = [(1 << n) - 1 for n in view["hand_sizes"]]
        self.hands[seat] = mask_of(view.get("hand", ()))
        self.hu: list[int] = view["hu_won"]
        self.faceup = mask_of(view["faceup"])
        self.discarded = [0] * len(self.hands)
        self.discarded[seat] = mask_of(c for _, cards in view.get("my_discards", ()) for c in cards)
        self.pending = mask_of(view.get("pending_discard", ()))
        self._laosui = mask_of(view.get("laosui", ()))
        self.tricks: list[dict[str, Any]] = view["tricks"]
        self.shown = [0] * len(self.hands)
        self.best_play = self.best_seat = -1
        for t in self.tricks:
            for p in t["plays"]:
                if "play" in p:
                    self.shown[p["seat"]] |= PLAYS[p["play"]].mask
                    if t["winner"] is None:
                        self.best_play, self.best_seat = p["play"], p["seat"]

    def hand_laosui(self, seat: int) -> int:
        return self._laosui


def seen_from_view(game: LukFu, view: dict[str, Any]) -> LukFuSeen:
    return LukFuSeen(view)


__all__ = ["PHASES", "LukFuObserver", "LukFuSeen", "pieces", "seen_from_view"]
