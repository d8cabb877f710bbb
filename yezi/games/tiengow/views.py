"""The shape of a 打天九 view (`TienGowState.view`), checked against every view in the tests."""

from __future__ import annotations

from typing import NotRequired

from typing_extensions import TypedDict

from yezi.core.views import BaseView, Seat


class TienGowPlay(TypedDict):
    seat: int
    down: bool
    count: int
    tiles: list[int] | None  # None: face down, and not the viewer's own


class TienGowTrick(TypedDict):
    leader: Seat
    n: int
    last: bool
    wenzun: bool
    high_seat: Seat
    plays: list[TienGowPlay]


class TienGowPast(TypedDict):
    leader: int
    winner: int
    n: int
    plays: list[TienGowPlay]


class TienGowSpecial(TypedDict):
    kind: str
    seat: int
    trick: int


class TienGowLine(TypedDict):
    payer: int
    payee: int
    amount: int
    mult: NotRequired[int]  # a deal's payment; a 尊錢 line (why: its special) has neither
    tricks: NotRequired[int]
    why: str


class TienGowResult(TypedDict):
    winner: int
    payments: list[int]
    lines: list[TienGowLine]


class TienGowDealView(TypedDict):
    hand: NotRequired[list[int]]


class TienGowView(BaseView):
    banker: int
    hand: list[int] | None
    hand_sizes: list[int]
    won: list[int]
    tricks_won: list[int]
    trick: TienGowTrick
    past: list[TienGowPast]
    specials: list[TienGowSpecial]
    deal: TienGowDealView
    sizes: list[int]
    entered_rule: bool
    result: NotRequired[TienGowResult]


__all__ = ["TienGowPlay", "TienGowResult", "TienGowTrick", "TienGowView"]
