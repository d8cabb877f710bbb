"""The Luk Fu action space (237 codes) and its notation.

    0 唔做 pass            1 做 bid               2 食糊 declare
    3 不食 decline (after the last trick)      4 五虎下山    5 不報 (keep quiet)
    6 .. 199   play: PLAY_BASE + play id (37 singles, 45 各, 112 順; see plays.py)
    200 .. 236 discard one card face down: DISCARD_BASE + card

A multi-card discard is chosen one card per action, so the space stays small and a mask over
it says exactly what is legal at every step.
"""

from __future__ import annotations

import re

from yezi.components.lukfu_deck import (
    CASH,
    CASH_VARIANTS,
    NUMERALS,
    SUIT_ASCII,
    SUIT_NAMES,
    WAN_TSIN,
    card,
    name,
    parse_card,
)
from yezi.core.errors import NotationError
from yezi.games.lukfu.plays import COMBO_BY_MASK, NUM_PLAYS, PLAYS, format_play

PASS, BID, DECLARE, DECLINE, TIGERS, NO_TIGERS = range(6)
PLAY_BASE = 6
DISCARD_BASE = PLAY_BASE + NUM_PLAYS
SIZE = DISCARD_BASE + 37

WORDS = {
    PASS: {"zh-hant": "唔做", "zh-hans": "唔做", "en": "pass", "ascii": "pass"},
    BID: {"zh-hant": "做", "zh-hans": "做", "en": "bid", "ascii": "bid"},
    DECLARE: {"zh-hant": "食糊", "zh-hans": "食糊", "en": "declare", "ascii": "win"},
    DECLINE: {"zh-hant": "不食", "zh-hans": "不食", "en": "decline", "ascii": "nowin"},
    TIGERS: {"zh-hant": "五虎下山", "zh-hans": "五虎下山", "en": "five tigers", "ascii": "tigers"},
    NO_TIGERS: {"zh-hant": "不報", "zh-hans": "不报", "en": "keep quiet", "ascii": "quiet"},
}
DISCARD_WORD = {"zh-hant": "墊", "zh-hans": "垫", "en": "discard ", "ascii": "d"}

_WORD_LOOKUP = {}
for _code, _names in WORDS.items():
    for _w in _names.values():
        _WORD_LOOKUP[_w.lower()] = _code
_WORD_LOOKUP.update({"不做": PASS, "唔食": DECLINE, "过": NO_TIGERS, "過": NO_TIGERS, "declare win": DECLARE,
                     "食胡": DECLARE, "食和": DECLARE})


def format_action(a: int, lang: str = "zh-hant") -> str:
    if a in WORDS:
        return WORDS[a][lang]
    if a >= DISCARD_BASE:
        return DISCARD_WORD[lang] + name(a - DISCARD_BASE, lang)
    return format_play(PLAYS[a - PLAY_BASE], lang)


_SUIT_CHARS = {ch: s for lang in ("zh-hant", "zh-hans") for s, ch in enumerate(SUIT_NAMES[lang])}
_SUIT_CHARS.update({ch: s for s, ch in enumerate(SUIT_ASCII)})
_SUIT_CHARS.update({ch: CASH for ch in CASH_VARIANTS})
_DIGITS = {**{ch: i + 1 for i, ch in enumerate(NUMERALS)}, **{str(i): i for i in range(1, 10)}}


def parse_action(text: str) -> int:
    t = text.strip()
    low = t.lower()
    if low in _WORD_LOOKUP:
        return _WORD_LOOKUP[low]
    for prefix in ("墊", "垫", "discard ", "discard", "d:", "d"):
        if low.startswith(prefix) and len(low) > len(prefix):
            try:
                return DISCARD_BASE + parse_card(t[len(prefix):])
            except NotationError:
                break
    try:
        c = parse_card(t)
        return PLAY_BASE + c
    except NotationError:
        pass
    combo = _parse_combo(t)
    if combo is not None:
        return PLAY_BASE + combo
    raise NotationError(
        f"cannot read {text!r} as a Luk Fu action; expected 做/唔做/食糊/不食/五虎下山/不報, a card (九貫, 9M), "
        "a run (九八七貫, 987M), a set (各七(拾貫綫), 7TMC) or a discard (墊九貫, d9M)"
    )


_EN_SUITS = {n.lower(): i for i, n in enumerate(SUIT_NAMES["en"])}


def _parse_english_combo(t: str) -> int | None:
    m = re.fullmatch(r"set of (\d)s \(([a-z ,]+)\)", t.lower())
    if m:
        suits = [_EN_SUITS.get(x.strip()) for x in m.group(2).split(",")]
        if None in suits:
            return None
        return COMBO_BY_MASK.get(sum(1 << card(x, int(m.group(1))) for x in suits if x is not None))
    m = re.fullmatch(r"run ([\d-]+) ([a-z]+)", t.lower())
    if m and m.group(2) in _EN_SUITS:
        nums = [int(x) for x in m.group(1).split("-") if x]
        return COMBO_BY_MASK.get(sum(1 << card(_EN_SUITS[m.group(2)], n) for n in nums))
    return None


def _parse_combo(t: str) -> int | None:
    english = _parse_english_combo(t)
    if english is not None:
        return english
    s = re.sub(r"[\s·+,()（）\[\]]", "", t)
    spelled = _parse_card_by_card(s)
    if spelled is not None:
        return spelled
    if s.startswith("各"):
        s = s[1:]
    if s.lower().startswith("run"):
        s = s[3:]
    digits = []
    i = 0
    while i < len(s) and s[i] in _DIGITS:
        digits.append(_DIGITS[s[i]])
        i += 1
    suits = [_SUIT_CHARS.get(ch.upper() if ch.isascii() else ch) for ch in s[i:]]
    if not digits or not suits or None in suits:
        return None
    if len(digits) == 1 and len(suits) >= 3:
        m = sum(1 << card(x, digits[0]) for x in suits if x is not None)
    elif len(suits) == 1 and len(digits) >= 3:
        m = sum(1 << card(suits[0], n) for n in digits if suits[0] is not None)
    else:
        return None
    return COMBO_BY_MASK.get(m)


def _parse_card_by_card(s: str) -> int | None:
    """A combination written card by card, as seed 000 does: 「八拾八貫八索」 = 各八(拾貫索),
    九貫八貫七貫 = 九八七貫. Each card is a numeral and a suit character."""
    if len(s) < 6 or len(s) % 2 or s[0] not in _DIGITS:
        return None
    m = 0
    for i in range(0, len(s), 2):
        n, x = _DIGITS.get(s[i]), _SUIT_CHARS.get(s[i + 1].upper() if s[i + 1].isascii() else s[i + 1])
        if n is None or x is None:
            return None
        m |= 1 << card(x, n)
    return COMBO_BY_MASK.get(m)


def is_play(a: int) -> bool:
    return PLAY_BASE <= a < DISCARD_BASE


__all__ = ["BID", "DECLARE", "DECLINE", "DISCARD_BASE", "NO_TIGERS", "PASS", "PLAY_BASE", "SIZE", "TIGERS",
           "WAN_TSIN", "format_action", "parse_action"]
