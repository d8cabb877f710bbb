"""Every play of Luk Fu (single, 各, 順) with its beat relation, precomputed per ruleset.

Play ids are fixed whatever the options (so the action space is fixed): 0..36 are singles (the
card code), then the 45 各 (three or four cards of one number), then the 112 順 (3..9 cards in a
row of one suit). Options only change which plays are legal and what beats what, so each
distinct combination of the options that matter gets one cached `PlayTable`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import combinations

from yezi.components.lukfu_deck import (
    NUMERALS,
    SUIT_ASCII,
    SUIT_NAMES,
    WAN_TSIN,
    card,
    mask_of,
    name,
    number,
    suit,
)

SINGLE, GE, SHUN = 0, 1, 2
KIND_NAMES = {SINGLE: "單張", GE: "各", SHUN: "順"}


@dataclass(frozen=True)
class Play:
    id: int
    kind: int
    mask: int
    size: int
    number: int  # 各: the number; 順: the top number; single: the card's number
    suit: int  # 順 and single: the suit (-1 for 雲綫); 各: -1

    @property
    def cards(self) -> list[int]:
        return [c for c in range(37) if self.mask >> c & 1]


def _all_plays() -> list[Play]:
    plays = [Play(c, SINGLE, 1 << c, 1, number(c), -1 if c == WAN_TSIN else suit(c)) for c in range(37)]
    for n in range(1, 10):
        for size in (3, 4):
            for suits in combinations(range(4), size):
                m = mask_of(card(s, n) for s in suits)
                plays.append(Play(len(plays), GE, m, size, n, -1))
    for s in range(4):
        for length in range(3, 10):
            for low in range(1, 11 - length):
                m = mask_of(card(s, n) for n in range(low, low + length))
                plays.append(Play(len(plays), SHUN, m, length, low + length - 1, s))
    return plays


PLAYS: list[Play] = _all_plays()
NUM_PLAYS = len(PLAYS)  # 194
COMBOS = [p for p in PLAYS if p.kind != SINGLE]


def play_by_mask() -> dict[int, int]:
    return {p.mask: p.id for p in COMBOS}


COMBO_BY_MASK = play_by_mask()


def ge_beats(a: int, b: int, ge_one: str) -> bool:
    """Does 各 of number a beat 各 of number b (same size)?"""
    if ge_one == "guangdong":  # 001: 一 ranks just below 九
        key = {1: 8.5}
        return key.get(a, a) > key.get(b, b)
    if a == 1:
        return False
    if b == 1:
        return a == 9
    return a > b


@dataclass(frozen=True)
class PlayTable:
    """Beat relation and legal combos for one ruleset."""

    max_run: int
    unbeatable: int  # mask of singles nothing beats
    beaters: tuple[tuple[int, ...], ...]  # play id -> ids of plays that beat it
    beater_masks: tuple[tuple[int, ...], ...]  # play id -> masks of combos that beat it
    higher: tuple[int, ...]  # single card -> mask of cards that beat it
    legal_combos: tuple[Play, ...]  # combos a leader may form (run lengths per option)

    def has_beater(self, hand: int, play_id: int) -> bool:
        if play_id < 37:
            return bool(hand & self.higher[play_id])
        return any(m & hand == m for m in self.beater_masks[play_id])

    def beating_plays(self, hand: int, play_id: int) -> list[int]:
        if play_id < 37:
            h = hand & self.higher[play_id]
            return [c for c in range(37) if h >> c & 1]
        return [b for b, m in zip(self.beaters[play_id], self.beater_masks[play_id]) if m & hand == m]

    def combos_in(self, hand: int) -> list[int]:
        """Ids of every 各 and 順 that can be formed from `hand` (this is on the hot path)."""
        out: list[int] = []
        for n in range(9):
            if bin(hand & _NUMBER_MASKS[n]).count("1") >= 3:
                out.extend(p.id for p in _GE_BY_NUMBER[n] if p.mask & hand == p.mask)
        for st in range(4):
            h = hand >> (9 * st) & 511
            if h & h >> 1 & h >> 2:
                out.extend(p.id for p in self.runs_by_suit[st] if p.mask & hand == p.mask)
        return out

    @property
    def runs_by_suit(self) -> tuple[tuple[Play, ...], ...]:
        return _runs_by_suit(self.max_run)


_NUMBER_MASKS = tuple(mask_of(card(s, n) for s in range(4)) for n in range(1, 10))
_GE_BY_NUMBER = tuple(tuple(p for p in COMBOS if p.kind == GE and p.number == n) for n in range(1, 10))


@cache
def _runs_by_suit(max_run: int) -> tuple[tuple[Play, ...], ...]:
    return tuple(tuple(p for p in COMBOS if p.kind == SHUN and p.suit == s and p.size <= max_run) for s in range(4))


@cache
def play_table(straight_lengths: str, ge_one: str, unbeatable_leads: str) -> PlayTable:
    max_run = 9 if straight_lengths == "3-9" else 3
    if unbeatable_leads == "guangdong":
        unbeat = mask_of([0, 9, 18, WAN_TSIN])  # 百子, 一貫, 一索 as written in 001 (雲綫 has no suit)
    else:
        unbeat = mask_of([0, 27, WAN_TSIN])  # 百子, 毛公, 雲綫
    legal = tuple(p for p in COMBOS if p.kind == GE or p.size <= max_run)
    higher = []
    for c in range(37):
        if c == WAN_TSIN or unbeat >> c & 1:
            higher.append(0)
        else:
            higher.append(mask_of(card(suit(c), n) for n in range(number(c) + 1, 10)))
    beaters: list[tuple[int, ...]] = []
    for p in PLAYS:
        if p.kind == SINGLE:
            beaters.append(tuple(c for c in range(37) if higher[p.id] >> c & 1))
        elif p.kind == GE:
            beaters.append(tuple(
                q.id for q in legal if q.kind == GE and q.size == p.size and ge_beats(q.number, p.number, ge_one)
            ))
        else:
            beaters.append(tuple(
                q.id for q in legal
                if q.kind == SHUN and q.size == p.size
                and (q.suit < p.suit or (q.suit == p.suit and q.number > p.number))
            ))
    return PlayTable(
        max_run=max_run,
        unbeatable=unbeat,
        beaters=tuple(beaters),
        beater_masks=tuple(tuple(PLAYS[b].mask for b in bs) for bs in beaters),
        higher=tuple(higher),
        legal_combos=legal,
    )


# ---- notation ---------------------------------------------------------------------------------

def format_play(p: Play, lang: str) -> str:
    if p.kind == SINGLE:
        return name(p.id, lang)
    cards = sorted(p.cards, key=lambda c: (suit(c), -number(c)))
    if lang == "ascii":
        if p.kind == GE:
            return f"{p.number}" + "".join(SUIT_ASCII[suit(c)] for c in cards)
        return "".join(str(number(c)) for c in cards) + SUIT_ASCII[p.suit]
    if lang == "en":
        if p.kind == GE:
            return f"set of {p.number}s (" + ", ".join(SUIT_NAMES["en"][suit(c)] for c in cards) + ")"
        return "run " + "-".join(str(number(c)) for c in cards) + f" {SUIT_NAMES['en'][p.suit]}"
    suits = SUIT_NAMES[lang]
    if p.kind == GE:
        return f"各{NUMERALS[p.number - 1]}(" + "".join(suits[suit(c)] for c in cards) + ")"
    return "".join(NUMERALS[number(c) - 1] for c in cards) + suits[p.suit]
