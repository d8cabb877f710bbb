"""Shared helpers for the Ma Diao tests: build deals with chosen hands, fake a finished hand."""

from __future__ import annotations

import random

from yezi.components.madiao_deck import NUM_CARDS, count_value
from yezi.games.madiao.game import MaDiao, MaDiaoState, first_receiver, stake_code


def positions(tou: int, seat: int) -> list[int]:
    k = (seat - tou) % 4
    return [*range(4 * k, 4 * k + 4), *range(4 * (k + 4), 4 * (k + 4) + 4)]


def build_deal(hands: dict[int, list[int]], face: int, second: int | None = None, stock=(), seed: int = 0):
    """A deal whose seats hold the given cards (others filled at random), with this face card."""
    tou = first_receiver(count_value(face))
    cards: list[int | None] = [None] * NUM_CARDS
    cards[39] = face
    if second is not None:
        cards[38] = second
    for i, c in enumerate(stock):
        cards[32 + i] = c
    for seat, h in hands.items():
        for p, c in zip(positions(tou, seat), h):
            cards[p] = c
    used = {c for c in cards if c is not None}
    rest = [c for c in range(NUM_CARDS) if c not in used]
    random.Random(seed).shuffle(rest)
    free = [i for i, c in enumerate(cards) if c is None]
    for i, c in zip(free, rest):
        cards[i] = c
    assert sorted(cards) == list(range(NUM_CARDS))
    return {"cards": cards, "pool": 0}


def start(game: MaDiao, deal, stake: int = 2) -> MaDiaoState:
    s = game.new_state(deal)
    if s.phase == "stake":
        s.apply(stake_code(stake))
    return s


def fake_played(game: MaDiao, deal, won: list[list[int]], winners: list[int] | None = None, stake: int = 2):
    """A state 'played out' with the given 上卓 cards per seat, for settlement tests.

    The pre-play checks are bypassed; the play log is empty, so no liability can arise.
    """
    s = game.new_state(deal)
    s.stake = stake
    s.won = [list(w) for w in won]
    if winners is None:
        winners = [seat for seat in range(4) for _ in won[seat]]
    s.trick_winners = list(winners)
    s.tricks = [{"leader": 0, "plays": [], "best": None, "best_seat": w} for w in winners]
    for i, w in enumerate(winners):
        s.tricks[i]["best"] = s.won[w][[x for x in winners[: i + 1]].count(w) - 1]
    s.phase = "over"
    s.end_reason = "played"
    s.to_act = None
    s._settlement = None
    return s


def zhu(state) -> list:
    from fractions import Fraction

    return [Fraction(p) / state.stake for p in state.payments()]


def item_zhu(state, name: str) -> list:
    """Net per seat in 注 from the items called `name`."""
    from fractions import Fraction

    net = [Fraction(0)] * 4
    for it in state.settlement()["items"]:
        if it["item"] != name:
            continue
        for a, b, z in it["pairs"]:
            if a != "pool":
                net[a] -= z
            if b != "pool":
                net[b] += z
    return net
