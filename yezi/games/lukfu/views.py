"""The shape of a Luk Fu view (`LukFuState.view`), checked against every view in the tests."""

from __future__ import annotations

from typing import Literal, NotRequired

from typing_extensions import TypedDict

from yezi.core.views import BaseView, LangLines, Seat


class LukFuPlay(TypedDict):
    """One entry of a trick: a play face up, or a discard of `discard` cards face down."""

    seat: int
    play: NotRequired[int]
    discard: NotRequired[int]
    against: NotRequired[int]


class LukFuTrick(TypedDict):
    leader: int
    lead: int
    exempt: bool
    plays: list[LukFuPlay]
    winner: Seat


class LukFuRevealed(TypedDict):
    """What the end of a deal shows: the dummy's hand and 老歲 cards, or the five tigers of a
    五虎下山 declared (the deal then ends before any play)."""

    tigers: NotRequired[list[int]]
    dummy: NotRequired[int]
    hand: NotRequired[list[int]]
    laosui: NotRequired[list[int]]


class LukFuView(BaseView):
    dummy: Seat
    phase: str
    bidder: Seat
    privileged: Seat
    hand_sizes: list[int]
    tricks: list[LukFuTrick]
    won: list[list[int]]
    hu_won: list[int]
    faceup: list[int]
    # the deal's end
    outcome: NotRequired[Literal["win", "tigers", "draw", "void"]]
    winner: NotRequired[Seat]
    revealed: NotRequired[LukFuRevealed]
    payments: NotRequired[list[int]]
    settlement: NotRequired[list[str]]
    settlement_i18n: NotRequired[LangLines]
    winner_hu: NotRequired[int]
    dummy_hu: NotRequired[int]
    # a seat's own
    hand: NotRequired[list[int]]
    deal: NotRequired[list[int]]
    my_discards: NotRequired[list[tuple[int, list[int]]]]
    pending_discard: NotRequired[list[int]]
    laosui: NotRequired[list[int]]
    hu: NotRequired[int]


__all__ = ["LukFuPlay", "LukFuRevealed", "LukFuTrick", "LukFuView"]
