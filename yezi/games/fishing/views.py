"""The shape of a Fishing view (`FishingState.view`), checked against every view in the tests."""

from __future__ import annotations

from typing import NotRequired

from typing_extensions import TypedDict

from yezi.core.views import BaseView, Seat


class FishingDealView(TypedDict):
    """The deal as far as the seat sees it: the face-up lake, what was drawn, its own hand (and
    the stock's last card where the seat may peek at it)."""

    lake: list[int]
    drawn: list[int]
    hand: NotRequired[list[int]]
    tail: NotRequired[int]


class FishingEvent(TypedDict):
    event: str
    seat: int
    kind: NotRequired[int]
    kinds: NotRequired[list[int]]


class FishingResult(TypedDict):
    scores: list[int]
    fish: list[int]
    specials: list[list[str]]
    jun: list[int]
    payments: list[int]


class FishingView(BaseView):
    players: int
    turn: Seat
    phase: str | None
    hand: list[int] | None
    hand_sizes: list[int]
    lake: list[int]
    stacked: list[int]
    catches: list[list[int]]
    stock_left: int
    drawn: int | None
    events: list[FishingEvent]
    deal: FishingDealView
    result: NotRequired[FishingResult]


__all__ = ["FishingDealView", "FishingEvent", "FishingResult", "FishingView"]
