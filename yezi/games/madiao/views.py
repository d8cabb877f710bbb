"""The shape of a 馬吊 view (`MaDiaoState.view`), checked against every view in the tests."""

from __future__ import annotations

from typing import Any, Literal, NotRequired

from typing_extensions import TypedDict

from yezi.core.views import BaseView, Seat

Amount = int | str
"""A sum of 注 or chips: an int when whole, else a fraction as text ('1/2')."""

Transfer = TypedDict("Transfer", {"from": int | Literal["pool"], "to": int | Literal["pool"], "zhu": Amount | None, "chips": Amount})


class ItemTexts(TypedDict):
    item: str
    detail: str
    clause: str


ItemI18n = TypedDict("ItemI18n", {"zh-hant": ItemTexts, "zh-hans": ItemTexts, "en": ItemTexts})


class SettlementItem(TypedDict):
    item: str
    en: str
    detail: str
    clause: str
    i18n: ItemI18n
    transfers: list[Transfer]


class MaDiaoSettlement(TypedDict):
    stake: int
    end_reason: str
    items: list[SettlementItem]
    net: list[Amount]
    transfers: list[Amount]
    pool_before: int
    pool_after: Amount
    pool_change: Amount
    next_banker: tuple[str, int]
    status: dict[str, Any]  # the clauses' findings (赤脚, 大活, 百老...), as settle.py names them


class MaDiaoTrick(TypedDict):
    leader: int
    plays: list[tuple[int, int | None, bool]]  # (seat, card or None while face down, face up)
    winner: Seat
    best: int | None


class MaDiaoReveal(TypedDict):
    dealt: list[list[int]]
    face: int
    second: int | None
    stock: list[int] | None


class MaDiaoDealView(TypedDict):
    pool: int


class MaDiaoView(BaseView):
    phase: str
    stake: int | None
    pool: int
    deal: MaDiaoDealView
    # once the stake is set
    tou: NotRequired[int]
    recut: NotRequired[list[int]]
    first_leader: NotRequired[int]
    face: NotRequired[int | None]
    count: NotRequired[int | None]
    hand_sizes: NotRequired[list[int]]
    hand: NotRequired[list[int]]
    dealt: NotRequired[list[int]]
    tricks: NotRequired[list[MaDiaoTrick]]
    won: NotRequired[list[list[int]]]
    trick_counts: NotRequired[list[int]]
    bailao_up: NotRequired[bool]
    # the hand's end
    end_reason: NotRequired[str]
    reveal: NotRequired[MaDiaoReveal]
    settlement: NotRequired[MaDiaoSettlement]


__all__ = ["MaDiaoSettlement", "MaDiaoTrick", "MaDiaoView"]
