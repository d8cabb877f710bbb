"""The shape of a 牌九 view (`PaiGowState.view`), checked against every view in the tests."""

from __future__ import annotations

from typing import NotRequired

from typing_extensions import TypedDict

from yezi.core.views import BaseView, LangLines


class PaiGowDealView(TypedDict):
    dice: list[int] | None
    hands: list[list[int] | None]  # None: not thrown yet, or another seat's before the showdown


class PaiGowResult(TypedDict):
    outcomes: list[list[bool]]
    payments: list[int]
    names: list[LangLines]


class PaiGowView(BaseView):
    seats: int
    banker: int
    tiles: int
    phase: str | None
    stakes: list[int | None]
    dice: list[int] | None
    first: int | None
    hand: list[int] | None
    set_done: list[bool]
    fronts: list[list[int] | None]
    backs: list[list[int] | None]
    deal: PaiGowDealView
    result: NotRequired[PaiGowResult]


__all__ = ["PaiGowResult", "PaiGowView"]
