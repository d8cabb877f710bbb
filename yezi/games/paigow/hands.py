"""Two-tile hands of 牌九: their rank under a ruleset, their names, and the splits of four tiles.

Every comparison in the game is one of two-tile hands, so a ruleset is compiled once into a table
``keys[a * 21 + b]`` of integers (larger = better) for every pair of kinds. A key is
``category * 1000 + detail``:

* 5000 至尊 (Gee Joon, [4:2] + [2:1]); under ``supreme_rank=third`` 雙天 and 雙地 move above it
  (5002, 5001), the Wenzhou order;
* 4000 + 16 … 4001: the 16 pairs, civil in Tien Gow order then 雜九, 雜八, 雜七, 雜五;
* 3002 天王, 3001 地王 (天 or 地 with a nine; no 地王 under ``earth_king=no``: 地 + a nine is 1 point);
* 2002 天槓, 2001 地槓 (天 or 地 with an eight, 人 [4:4] included);
* 1992 天高九, 1991 地高九 (天 or 地 with a seven, nine points) under ``high_nines=yes``;
* 1000 + points * 100 + high tile: point hands, the units digit of the pips; the highest single
  tile breaks ties of equal points (option ``tie_break``), except 0-0 under ``zero_ties=banker``.

Equal keys are a tie, which the banker wins. Sources and variant ids: docs/paigow.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from yezi.components import tiengow as tg

K = tg.NUM_KINDS
NINES = (tg.BLACK_NINE, tg.RED_NINE)
EIGHTS = (tg.FLAT_EIGHT, tg.BENT_EIGHT, tg.MAN)  # 人 [4:4] is an eight for 槓 [NP-PG], [WP-PG]
WILD = (tg.BIG_SIX, tg.LITTLE_THREE)

#: The 16 pairs, highest first: 11 civil pairs, then the four 雜 pairs.
PAIRS: tuple[tuple[int, int], ...] = tuple((k, k) for k in tg.CIVIL) + tuple(
    tg.ZA_PAIRS[n] for n in ("雜九", "雜八", "雜七", "雜五")
)

SUPREME_KEY = 5000
PAIR_BASE = 4000
WONG_BASE = 3000
GONG_BASE = 2000
HIGH_NINE_BASE = 1990  # above every point hand (at most 1930), below 地槓
POINTS_BASE = 1000
SEVENS = (tg.LONG_SEVEN, tg.BLACK_SEVEN, tg.RED_SEVEN)

_PAIR_NAMES = {
    "zh-hant": ("雙天", "雙地", "雙人", "雙鵝", "雙梅", "雙長", "雙板凳", "雙斧頭", "雙紅頭", "雙高腳七", "雙伶冧六",
                "雜九", "雜八", "雜七", "雜五"),
    "zh-hans": ("双天", "双地", "双人", "双鹅", "双梅", "双长", "双板凳", "双斧头", "双红头", "双高脚七", "双伶冧六",
                "杂九", "杂八", "杂七", "杂五"),
    "en": ("pair of Heavens", "pair of Earths", "pair of Men", "pair of Geese", "pair of Plums",
           "pair of Long Threes", "pair of Benches", "pair of Hatchets", "pair of Red-head Tens",
           "pair of Long-leg Sevens", "pair of Red Mallet Sixes", "Mixed Nines", "Mixed Eights", "Mixed Sevens",
           "Mixed Fives"),
}
_SPECIAL_NAMES = {
    "zh-hant": {SUPREME_KEY: "至尊", WONG_BASE + 2: "天王", WONG_BASE + 1: "地王", GONG_BASE + 2: "天槓",
                GONG_BASE + 1: "地槓", HIGH_NINE_BASE + 2: "天高九", HIGH_NINE_BASE + 1: "地高九"},
    "zh-hans": {SUPREME_KEY: "至尊", WONG_BASE + 2: "天王", WONG_BASE + 1: "地王", GONG_BASE + 2: "天杠",
                GONG_BASE + 1: "地杠", HIGH_NINE_BASE + 2: "天高九", HIGH_NINE_BASE + 1: "地高九"},
    "en": {SUPREME_KEY: "Supreme (Gee Joon)", WONG_BASE + 2: "Heaven King (Wong)", WONG_BASE + 1: "Earth King (Wong)",
           GONG_BASE + 2: "Heaven Gong", GONG_BASE + 1: "Earth Gong", HIGH_NINE_BASE + 2: "Heaven High Nine",
           HIGH_NINE_BASE + 1: "Earth High Nine"},
}
_DIGITS = "零一二三四五六七八九"


@dataclass(frozen=True)
class HandRules:
    """The options that change how two-tile hands rank (V-PG2 … V-PG5)."""

    tie_break: bool = True  # equal points decided by the highest single tile
    zero_to_banker: bool = False  # 0-0 is always a tie (the banker wins)
    wild: bool = True  # [4:2] / [2:1] count 3 or 6
    supreme_lowest: bool = False  # [4:2] / [2:1] below every other single tile
    supreme_third: bool = False  # 雙天 > 雙地 > 至尊 (V-PG10)
    earth_king: bool = True  # 地 + a nine is 地王 (V-PG11)
    high_nines: bool = False  # 天 / 地 + a seven is 天高九 / 地高九, above the point hands (V-PG12)

    @classmethod
    def from_rules(cls, rules: Mapping[str, Any]) -> HandRules:
        return cls(
            tie_break=rules["tie_break"] == "high-tile",
            zero_to_banker=rules["zero_ties"] == "banker",
            wild=bool(rules["supreme_wild"]),
            supreme_lowest=rules["single_rank"] == "supreme-lowest",
            supreme_third=rules["supreme_rank"] == "third",
            earth_king=bool(rules["earth_king"]),
            high_nines=bool(rules["high_nines"]),
        )


def single_order(supreme_lowest: bool) -> list[int]:
    """Rank class of each kind as a single tile (0 = highest); the two tiles of a 雜 pair share one."""
    classes: list[tuple[int, ...]] = [(k,) for k in tg.CIVIL]
    military: list[tuple[int, ...]] = [NINES, (tg.FLAT_EIGHT, tg.BENT_EIGHT), (tg.BLACK_SEVEN, tg.RED_SEVEN)]
    fives = (tg.RED_FIVE, tg.BLACK_FIVE)
    if supreme_lowest:
        military += [fives, (tg.BIG_SIX,), (tg.LITTLE_THREE,)]
    else:
        military += [(tg.BIG_SIX,), fives, (tg.LITTLE_THREE,)]
    classes += military
    order = [0] * K
    for i, ks in enumerate(classes):
        for k in ks:
            order[k] = i
    return order


def points(a: int, b: int, wild: bool = True) -> int:
    """The units digit of the pips; a lone [4:2] or [2:1] counts 3 or 6 when wild ([NP-GG])."""
    pa, pb = tg.PIPS[a], tg.PIPS[b]
    if wild:
        if a in WILD and b not in WILD:
            return max((pb + 3) % 10, (pb + 6) % 10)
        if b in WILD and a not in WILD:
            return max((pa + 3) % 10, (pa + 6) % 10)
    return (pa + pb) % 10


def hand_key(a: int, b: int, hr: HandRules, order: Sequence[int] | None = None) -> int:
    """The rank of the hand {a, b} (larger is better); equal keys tie (the banker wins)."""
    lo, hi = min(a, b), max(a, b)
    if (lo, hi) == (tg.BIG_SIX, tg.LITTLE_THREE):
        return SUPREME_KEY
    for i, p in enumerate(PAIRS):
        if (lo, hi) == p:
            if hr.supreme_third and i < 2:  # 雙天, 雙地 above 至尊
                return SUPREME_KEY + 2 - i
            return PAIR_BASE + len(PAIRS) - i
    plus = 2 if lo == tg.HEAVEN else 1
    if hi in NINES and (lo == tg.HEAVEN or (lo == tg.EARTH and hr.earth_king)):
        return WONG_BASE + plus
    if lo in (tg.HEAVEN, tg.EARTH) and hi in EIGHTS:
        return GONG_BASE + plus
    if hr.high_nines and lo in (tg.HEAVEN, tg.EARTH) and hi in SEVENS:
        return HIGH_NINE_BASE + plus
    pts = points(a, b, hr.wild)
    high = 0
    if hr.tie_break and not (pts == 0 and hr.zero_to_banker):
        if order is None:
            order = single_order(hr.supreme_lowest)
        high = 30 - min(order[a], order[b])
    return POINTS_BASE + pts * 100 + high


@cache
def key_table(hr: HandRules) -> tuple[int, ...]:
    """``table[a * 21 + b]`` = `hand_key(a, b)` for every ordered pair of kinds. Cached per rule set: 128
    combinations at most, and building one was most of the cost of loading the game (0.7 ms) for every
    table."""
    order = single_order(hr.supreme_lowest)
    return tuple(hand_key(a, b, hr, order) for a in range(K) for b in range(K))


def hand_name(a: int, b: int, hr: HandRules, lang: str = "zh-hant") -> str:
    """What the hand is called: 至尊, 雙天 … 雜五, 天王, 地槓, 天高九, or its points (九點 / 9 points)."""
    key = hand_key(a, b, hr)
    lang = "en" if lang == "ascii" else lang
    if key in _SPECIAL_NAMES[lang]:
        return _SPECIAL_NAMES[lang][key]
    if key > SUPREME_KEY:  # 雙天, 雙地 above 至尊 (supreme_rank=third)
        return _PAIR_NAMES[lang][SUPREME_KEY + 2 - key]
    if key > PAIR_BASE:
        idx = len(PAIRS) - (key - PAIR_BASE)
        return _PAIR_NAMES[lang][idx]
    pts = points(a, b, hr.wild)
    if lang == "en":
        return f"{pts} point" + ("" if pts == 1 else "s")
    return f"{_DIGITS[pts]}點" if lang == "zh-hant" else f"{_DIGITS[pts]}点"


def splits(hand: Sequence[int], table: Sequence[int]) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """The distinct ways to set four tiles as (front, back), front never higher than back.

    A split whose two hands rank equal is listed once, with the lower (kind-wise) pair in front.
    """
    t = sorted(hand)
    out: list[tuple[tuple[int, int], tuple[int, int]]] = []
    for i, j, k, m in ((0, 1, 2, 3), (0, 2, 1, 3), (0, 3, 1, 2)):
        x, y = (t[i], t[j]), (t[k], t[m])
        kx, ky = table[x[0] * K + x[1]], table[y[0] * K + y[1]]
        front, back = (x, y) if (kx, x) <= (ky, y) else (y, x)
        if (front, back) not in out:
            out.append((front, back))
    return out
