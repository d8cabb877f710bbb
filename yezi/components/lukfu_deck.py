"""The Hakka Luk Fu 六虎 deck: four suits of nine plus 雲綫 (and 鹿花, never used in play).

Cards are small integers so that hands are bit sets: suit s (0 拾, 1 貫, 2 索, 3 綫 — highest
first, which is also the lead order) and number n (1..9) give code ``s * 9 + n - 1``; 雲綫 is 36
and 鹿花 37. A hand is an int with bit `code` set for each card it holds.
"""

from __future__ import annotations

from yezi.core.errors import NotationError

SUITS = 4
TEN, MYRIAD, STRING, CASH = range(4)  # 拾 貫 索 綫
WAN_TSIN = 36  # 雲綫
LUK_FA = 37  # 鹿花: in the deck, never in Luk Fu play

SUIT_NAMES = {
    "zh-hant": ("拾", "貫", "索", "綫"),
    "zh-hans": ("拾", "贯", "索", "线"),
    "en": ("Tens", "Myriads", "Strings", "Cash"),
}
#: other characters the sources write for the fourth suit 綫: 線 (seed 001), 錢 / 钱 (its origin)
CASH_VARIANTS = ("線", "錢", "钱")
SUIT_ROMAN = ("Sip", "Gon", "Sok", "Tsin")  # Hakka, after Dylan Sung
SUIT_ASCII = ("T", "M", "S", "C")
NUMERALS = "一二三四五六七八九"

SPECIAL_NAMES = {
    0: {"zh-hant": "百子", "zh-hans": "百子", "en": "Pak Tsz", "roman": "Pak Tsz"},
    27: {"zh-hant": "毛公", "zh-hans": "毛公", "en": "Mo Kung", "roman": "Mo Kung"},
    WAN_TSIN: {"zh-hant": "雲綫", "zh-hans": "云线", "en": "Wan Tsin", "roman": "Wan Tsin"},
    LUK_FA: {"zh-hant": "鹿花", "zh-hans": "鹿花", "en": "Luk Fa", "roman": "Luk Fa"},
}

RED_CARDS = frozenset({8, 17, 26, 35, 7, 0, 27, WAN_TSIN})  # the four 9s, 八拾, 百子, 毛公, 雲綫


def suit(card: int) -> int:
    """Suit index, or -1 for 雲綫 (it has none)."""
    return card // 9 if card < WAN_TSIN else -1


def number(card: int) -> int:
    """Face number; 雲綫 counts as 1 wherever numbers are matched (the dummy)."""
    return card % 9 + 1 if card < WAN_TSIN else 1


def card(s: int, n: int) -> int:
    return s * 9 + n - 1


def deck(players: int) -> list[int]:
    """36 cards for three players, 37 (with 雲綫) for four."""
    return list(range(36)) + ([WAN_TSIN] if players == 4 else [])


def name(c: int, lang: str = "zh-hant") -> str:
    if lang == "ascii":
        return "W" if c == WAN_TSIN else ("L" if c == LUK_FA else f"{number(c)}{SUIT_ASCII[suit(c)]}")
    if c in SPECIAL_NAMES:
        base = SPECIAL_NAMES[c][lang]
        if lang == "en" and c < WAN_TSIN:
            return f"{base} (1 {SUIT_NAMES['en'][suit(c)]})"
        return base
    if lang == "en":
        return f"{number(c)} {SUIT_NAMES['en'][suit(c)]}"
    return NUMERALS[number(c) - 1] + SUIT_NAMES[lang][suit(c)]


def mask_of(cards) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


_BYTE_CARDS = tuple(tuple(b for b in range(8) if v >> b & 1) for v in range(256))
_BYTE_TABLES = tuple(tuple(tuple(8 * k + b for b in _BYTE_CARDS[v]) for v in range(256)) for k in range(5))


def cards_of(mask: int) -> list[int]:
    """Card codes in a hand bit set, ascending (a table lookup per byte: this is the hot path)."""
    t = _BYTE_TABLES
    return [
        *t[0][mask & 255], *t[1][mask >> 8 & 255], *t[2][mask >> 16 & 255], *t[3][mask >> 24 & 255],
        *t[4][mask >> 32 & 255],
    ]


def sort_key(c: int) -> tuple[int, int]:
    """Hand order: by suit (拾 first), high numbers first, 雲綫 last."""
    return (suit(c) if c < WAN_TSIN else SUITS, -number(c))


_SUIT_DESC = tuple(tuple(tuple(9 * s + b for b in range(8, -1, -1) if v >> b & 1) for v in range(512))
                   for s in range(4))


def hand_sorted(mask: int) -> list[int]:
    """Cards of a bit set in hand order (by suit, high numbers first, 雲綫 last)."""
    t = _SUIT_DESC
    out = [*t[0][mask & 511], *t[1][mask >> 9 & 511], *t[2][mask >> 18 & 511], *t[3][mask >> 27 & 511]]
    if mask >> WAN_TSIN & 1:
        out.append(WAN_TSIN)
    return out


# ---- parsing ---------------------------------------------------------------------------------

_ALIASES: dict[str, int] = {}


def _build_aliases() -> None:
    for c in [*range(36), WAN_TSIN]:
        for lang in ("zh-hant", "zh-hans", "en", "ascii"):
            _ALIASES[name(c, lang).lower().replace(" ", "")] = c
        if c < WAN_TSIN:
            s, n = suit(c), number(c)
            for lang in ("zh-hant", "zh-hans"):
                _ALIASES[f"{n}{SUIT_NAMES[lang][s]}"] = c
                _ALIASES[NUMERALS[n - 1] + SUIT_NAMES[lang][s]] = c
            _ALIASES[f"{n}{SUIT_NAMES['en'][s]}".lower()] = c
            _ALIASES[f"{n}{SUIT_ROMAN[s]}".lower()] = c
    for c, names in SPECIAL_NAMES.items():
        if c == LUK_FA:
            continue
        _ALIASES[names["roman"].lower().replace(" ", "")] = c
    # the seeds' spellings of the fourth suit: 線 (seed 001: 九線, 雲線; a carver's slip for 錢, it
    # says) and 錢 itself, for every number
    for n in range(1, 10):
        c = card(CASH, n)
        for ch in CASH_VARIANTS:
            _ALIASES[f"{n}{ch}"] = c
            _ALIASES[NUMERALS[n - 1] + ch] = c
    _ALIASES.update({"麗綫": WAN_TSIN, "喱綫": WAN_TSIN, "雲錢": WAN_TSIN, "云钱": WAN_TSIN, "wt": WAN_TSIN,
                     "雲線": WAN_TSIN, "麗線": WAN_TSIN, "喱線": WAN_TSIN,
                     "leeten": WAN_TSIN, "一拾": 0, "一綫": 27, "一线": 27, "一錢": 27, "貓公": 27})


_build_aliases()


def parse_card(text: str) -> int:
    key = text.strip().lower().replace(" ", "")
    if key in _ALIASES:
        return _ALIASES[key]
    raise NotationError(
        f"cannot read {text!r} as a Luk Fu card; expected a name like 九貫, 百子, 雲綫, '9 Myriads' or 9M"
    )
