"""The shape of a domino game's view (接龍, 斜釘, 頂牛: `DominoState.view`), checked against
every view in the tests."""

from __future__ import annotations

from typing import NotRequired

from typing_extensions import TypedDict

from yezi.core.views import BaseView, Seat

LangText = TypedDict("LangText", {"zh-hant": str, "zh-hans": str, "en": str})


class DominoNote(TypedDict):
    """What the game noted about an action (頂牛: 算帳 / 死砸), shown to its seat, to all at the end."""

    seat: int
    kind: str
    action: int
    free: list[int]
    text: LangText


class DominoResult(TypedDict):
    scores: list[int]
    payments: list[int]
    winner: int
    pairs: list[list[int]]
    reason: NotRequired[str]
    tags: NotRequired[list[str]]  # 斜釘
    head_tail: NotRequired[str]
    bajue_pay: NotRequired[str]
    ranks: NotRequired[list[int]]  # 頂牛
    suanzhang: NotRequired[list[int]]
    rule: NotRequired[str]
    payer: NotRequired[int | None]
    ties: NotRequired[str]


class DominoDealView(TypedDict):
    hands: list[list[int] | None]  # None: another seat's, until the deal is over
    aside: list[int] | None


class DominoView(BaseView):
    seats: int
    dealer: int
    two_ends: bool
    hand: list[int] | None
    hand_counts: list[int]
    placed_counts: list[int]
    down: list[list[int] | None]
    down_counts: list[int]
    lines: list[list[tuple[int, int, int, int]]]  # each tile: (high-side pip, low-side pip, kind, seat)
    ends: list[int]
    last_placer: Seat
    deal: DominoDealView
    notes: dict[str, DominoNote]
    result: DominoResult | None
    hands_left: NotRequired[list[list[int]]]


__all__ = ["DominoNote", "DominoResult", "DominoView"]
