"""The sets (牌組) of 打天九 and what beats what (docs/tiengow.md §3–§4).

A play is a multiset of 1–4 tiles. Every multiset the 32-tile set allows is numbered once
(`MULTISETS`, `INDEX`), so an action is ``2 * index + down`` (down = 1: face down, 墊牌). A
multiset that is a legal set has a `Combo`: a *category* (the structure: 文 single, 武 single,
文 pair, 武 pair, 至尊, and the four 文武 shapes) and a *rank* within it (smaller is stronger).
A face-up play beats the trick's highest set only when it has the same category and a strictly
smaller rank; 至尊 is a category of its own that nothing beats and that beats nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from yezi.components import tiengow as tg

K = tg.NUM_KINDS
CAPS = tuple(k.copies32 for k in tg.KINDS)

# categories
SINGLE_C, SINGLE_M, PAIR_C, PAIR_M, SUPREME, WW11, WW21, WW12, WW22, TWO_PAIRS_C, TWO_PAIRS_M = range(11)
NUM_CATEGORIES = 11
MIXED_CATEGORIES = frozenset({WW11, WW21, WW12, WW22})
TWO_PAIR_CATEGORIES = frozenset({TWO_PAIRS_C, TWO_PAIRS_M})
CATEGORY_NAMES = {
    SINGLE_C: {"zh-hant": "文子單張", "zh-hans": "文子单张", "en": "civil single"},
    SINGLE_M: {"zh-hant": "武子單張", "zh-hans": "武子单张", "en": "military single"},
    PAIR_C: {"zh-hant": "文對", "zh-hans": "文对", "en": "civil pair"},
    PAIR_M: {"zh-hant": "武對（雜）", "zh-hans": "武对（杂）", "en": "military pair"},
    SUPREME: {"zh-hant": "至尊", "zh-hans": "至尊", "en": "Supreme pair"},
    WW11: {"zh-hant": "文武對", "zh-hans": "文武对", "en": "civil-military pair"},
    WW21: {"zh-hant": "文武三張（二文一武）", "zh-hans": "文武三张（二文一武）", "en": "two civil + one military"},
    WW12: {"zh-hant": "文武三張（一文二武）", "zh-hans": "文武三张（一文二武）", "en": "one civil + two military"},
    WW22: {"zh-hant": "文武四張", "zh-hans": "文武四张", "en": "two civil + two military"},
    TWO_PAIRS_C: {"zh-hant": "兩對文", "zh-hans": "两对文", "en": "two civil pairs"},
    TWO_PAIRS_M: {"zh-hant": "兩對武", "zh-hans": "两对武", "en": "two military pairs"},
}


@dataclass(frozen=True)
class Combo:
    category: int
    rank: int  # smaller is stronger within the category
    group: str = ""  # 天九 / 地八 / 人七 / 鵝五 for 文武 sets, 雜九 … for 武 pairs


def _all_multisets() -> list[tuple[int, ...]]:
    out: list[tuple[int, ...]] = []

    def rec(start: int, cur: list[int]) -> None:
        if cur:
            out.append(tuple(cur))
        if len(cur) == 4:
            return
        for k in range(start, K):
            if cur.count(k) < CAPS[k]:
                cur.append(k)
                rec(k, cur)
                cur.pop()

    rec(0, [])
    out.sort(key=lambda t: (len(t), t))
    return out


MULTISETS: tuple[tuple[int, ...], ...] = tuple(_all_multisets())
INDEX: dict[tuple[int, ...], int] = {t: i for i, t in enumerate(MULTISETS)}
NUM_MULTISETS = len(MULTISETS)
ACTION_SPACE = 2 * NUM_MULTISETS

_ZA_RANK: dict[tuple[int, ...], int] = {pair: i + 1 for i, pair in enumerate(tg.ZA_PAIRS.values())}  # 雜九 1 … 雜五 4
_ZA_NAME: dict[tuple[int, ...], str] = {pair: name for name, pair in tg.ZA_PAIRS.items()}


def classify(tiles: tuple[int, ...]) -> Combo | None:
    """The set a sorted multiset of kinds forms, or None (it can only go face down)."""
    n = len(tiles)
    kinds = tg.KINDS
    if n == 1:
        k = kinds[tiles[0]]
        return Combo(SINGLE_C if k.civil else SINGLE_M, k.rank)
    civ = [t for t in tiles if kinds[t].civil]
    mil = [t for t in tiles if not kinds[t].civil]
    if n == 2:
        if len(civ) == 2 and civ[0] == civ[1]:
            return Combo(PAIR_C, kinds[civ[0]].rank)
        if tuple(mil) in _ZA_RANK:
            return Combo(PAIR_M, _ZA_RANK[tuple(mil)], _ZA_NAME[tuple(mil)])
        if tuple(mil) == tg.SUPREME:
            return Combo(SUPREME, 0, "至尊")
    if n == 4 and not mil and len(set(civ)) == 2 and civ.count(civ[0]) == 2:
        return Combo(TWO_PAIRS_C, min(kinds[c].rank for c in civ))  # [DR]: ranked by the higher pair
    if n == 4 and not civ and tuple(mil[:2]) in _ZA_RANK and tuple(mil[2:]) in _ZA_RANK:
        return Combo(TWO_PAIRS_M, min(_ZA_RANK[tuple(mil[:2])], _ZA_RANK[tuple(mil[2:])]))
    if not civ or not mil or len(set(civ)) != 1:
        return None
    for gi, g in enumerate(tg.WENWU):
        if civ[0] != g.civil or any(m not in g.military for m in mil) or len(set(mil)) != len(mil):
            continue
        shape = {(1, 1): WW11, (2, 1): WW21, (1, 2): WW12, (2, 2): WW22}.get((len(civ), len(mil)))
        if shape is not None:
            return Combo(shape, gi + 1, g.key)
    return None


COMBOS: tuple[Combo | None, ...] = tuple(classify(t) for t in MULTISETS)
#: index of every multiset that is a legal set, by category
BY_CATEGORY: dict[int, tuple[int, ...]] = {
    c: tuple(i for i, cb in enumerate(COMBOS) if cb is not None and cb.category == c) for c in range(NUM_CATEGORIES)
}


def lead_sets(categories: frozenset[int]) -> tuple[int, ...]:
    """Every multiset that is a set of one of the allowed categories (what a ruleset lets be led)."""
    return tuple(i for i, c in enumerate(COMBOS) if c is not None and c.category in categories)
#: the multiset's count vector, for "is it in this hand" checks
NEED: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((k, t.count(k)) for k in sorted(set(t))) for t in MULTISETS
)

WU_ZUN = INDEX[tuple(sorted(tg.SUPREME))]
WEN_ZUN = INDEX[(tg.MALLET_SIX, tg.MALLET_SIX)]
QIN = INDEX[(tg.LONG_SEVEN, tg.LONG_SEVEN)]  # 擒: the pair of 高腳七 that takes 文尊


def in_hand(index: int, hand: list[int]) -> bool:
    """Whether the hand (count vector) holds the multiset; a plain loop, 3× faster than all() here."""
    for k, c in NEED[index]:  # noqa: SIM110
        if hand[k] < c:
            return False
    return True


def by_first_kind(indices: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """`indices` grouped by their first (strongest) kind: a hand only needs the groups of kinds it holds."""
    return tuple(tuple(i for i in indices if MULTISETS[i][0] == k) for k in range(K))


#: the sets of a category that beat a set of rank r: BETTER[category][r]
BETTER: dict[int, dict[int, tuple[int, ...]]] = {
    c: {r: tuple(i for i in BY_CATEGORY[c] if COMBOS[i].rank < r) for r in range(0, 13)}  # type: ignore[union-attr]
    for c in range(NUM_CATEGORIES)
}


def beats(new: Combo | None, high: Combo) -> bool:
    """Whether a set beats the trick's highest set (same structure, strictly higher; 至尊 never)."""
    return new is not None and new.category == high.category and high.category != SUPREME and new.rank < high.rank


# combinations of positions of a sorted hand list, by hand length and set size
_POS = {(m, n): tuple(combinations(range(m), n)) for m in range(1, 9) for n in range(1, 5) if n <= m}


def sub_multisets(hand: list[int], n: int) -> list[int]:
    """Indices of every distinct multiset of `n` tiles that the hand (a count vector) holds."""
    tiles = [k for k in range(K) for _ in range(hand[k])]
    m = len(tiles)
    if n > m:
        return []
    if n == 1:
        return sorted({INDEX[(k,)] for k in tiles})
    seen = {INDEX[tuple(tiles[i] for i in pos)] for pos in _POS[(m, n)]}
    return sorted(seen)
