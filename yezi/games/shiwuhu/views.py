"""The shape of a 十五胡 view (`ShiwuhuState.view`), checked against every view in the tests."""

from __future__ import annotations

from typing import NotRequired

from typing_extensions import TypedDict

from yezi.core.views import BaseView, Seat


class ShiwuhuResult(TypedDict):
    winner: Seat
    units: int
    hu: list[int]
    payments: list[int]
    void: bool


class ShiwuhuView(BaseView):
    players: int
    phase: str
    hand: list[int] | None
    hand_sizes: list[int]
    played: list[list[int]]
    hu: list[int]
    need: list[int]
    leader: int
    best: int
    best_seat: Seat
    trick: list[tuple[int, int]]
    tricks: int
    last_winner: Seat
    result: NotRequired[ShiwuhuResult]


__all__ = ["ShiwuhuResult", "ShiwuhuView"]
