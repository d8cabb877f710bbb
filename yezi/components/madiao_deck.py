"""The Ma Diao 馬弔 deck: 40 cards in four suits, with the three orderings the game needs.

Card ids 0..39 run suit by suit, each suit from its top card down in *trick* order:

* 十字門 (tens of myriads) 0..10:  萬萬, 千萬, 百萬, 九十 … 二十
* 萬字門 (myriads)         11..19: 九萬 … 一萬
* 索子門 (strings)         20..28: 九索 … 一索
* 文錢門 (cash)            29..39: 空沒文, 半文錢, 一錢 … 九錢 (the cash suit runs in reverse)

Three orderings (spec §1.3): trick rank (within a suit only; a lower id beats a higher id of the
same suit), the seat-draw money order (萬萬 highest, 空文 lowest: "萬萬最尊，空文最卑"), and the
deal-count value ("空百千萬俱作一數"; 半文錢 is unstated, option V5).
"""

from __future__ import annotations

from dataclasses import dataclass

from yezi.core.errors import NotationError

SUITS = ("ten", "myriad", "string", "cash")
SUIT_NAMES = {
    "zh-hant": ("十字門", "萬字門", "索子門", "文錢門"),
    "zh-hans": ("十字门", "万字门", "索子门", "文钱门"),
    "en": ("Tens", "Myriads", "Strings", "Cash"),
}
SUIT_START = (0, 11, 20, 29)
SUIT_SIZE = (11, 9, 9, 11)

_NUM = "一二三四五六七八九"

NUM_CARDS = 40


def _build() -> list[dict]:
    cards: list[dict] = []
    # 十字門
    cards.append(dict(hant="萬萬", hans="万万", en="Myriad-Myriad", old="Wanwan", ascii="WW", num=None, count=1))
    cards.append(dict(hant="千萬", hans="千万", en="Thousand-Myriad", old="Qianwan", ascii="QW", num=None, count=1))
    cards.append(dict(hant="百萬", hans="百万", en="Hundred-Myriad", old="Baiwan", ascii="BW", num=None, count=1))
    for n in range(9, 1, -1):
        cards.append(dict(hant=f"{_NUM[n - 1]}十", hans=f"{_NUM[n - 1]}十", en=f"{n} Tens", old=f"Ten{n}", ascii=f"T{n}", num=n, count=n))
    for n in range(9, 0, -1):
        cards.append(dict(hant=f"{_NUM[n - 1]}萬", hans=f"{_NUM[n - 1]}万", en=f"{n} Myriads", old=f"Myr{n}", ascii=f"M{n}", num=n, count=n))
    for n in range(9, 0, -1):
        cards.append(dict(hant=f"{_NUM[n - 1]}索", hans=f"{_NUM[n - 1]}索", en=f"{n} Strings", old=f"Str{n}", ascii=f"S{n}", num=n, count=n))
    cards.append(dict(hant="空文", hans="空文", en="Blank Cash", old="Kongwen", ascii="KW", num=None, count=1))
    cards.append(dict(hant="半文", hans="半文", en="Half Cash", old="Banwen", ascii="HW", num=None, count=None))
    for n in range(1, 10):
        cards.append(dict(hant=f"{_NUM[n - 1]}錢", hans=f"{_NUM[n - 1]}钱", en=f"{n} Cash", old=f"Coin{n}", ascii=f"C{n}", num=n, count=n))
    assert len(cards) == NUM_CARDS
    return cards


_CARDS = _build()

# Named cards (ids).
WANWAN, QIANWAN, BAILAO, JIUSHI, ERSHI = 0, 1, 2, 3, 10
JIUWAN, BAWAN, LIUWAN, WUWAN, YIWAN = 11, 12, 14, 15, 19
JIUSUO, BASUO, YISUO = 20, 21, 28
KONGWEN, BANWEN, JIUQIAN = 29, 30, 39

#: 尊 / 正賞: the top card of each suit ("四尊曰賞").
ZHENG_SHANG = (WANWAN, JIUWAN, JIUSUO, KONGWEN)
#: 副尊 / 次賞: the second card of each suit ("四副尊曰次賞").
CI_SHANG = (QIANWAN, BAWAN, BASUO, BANWEN)
#: 極: the bottom card of each suit ("四小曰極").
JI = (ERSHI, YIWAN, YISUO, JIUQIAN)
#: 公突: 百萬 (大公突) and 九十 (小公突).
GONG_TU = (BAILAO, JIUSHI)
#: 雌突: 五萬, 六萬, 八萬 ("以其皆有雙人突出也").
CI_TU = (WUWAN, LIUWAN, BAWAN)
#: 四紅 as [F] uses it: 百萬, 千萬, 萬萬, 空沒文.
SI_HONG = (BAILAO, QIANWAN, WANWAN, KONGWEN)
#: Red sets (option V1): Wikipedia's ten (4 尊, 4 極, 千萬, 百萬) and the Qing 九紅 (4 賞, 4 次賞, 百萬).
RED_SETS = {
    "wp10": frozenset((*ZHENG_SHANG, *JI, QIANWAN, BAILAO)),
    "qing9": frozenset((*ZHENG_SHANG, *CI_SHANG, BAILAO)),
}

ALIASES: dict[str, int] = {
    # 萬萬貫
    "萬萬貫": WANWAN, "尊萬萬貫": WANWAN, "紅萬": WANWAN, "萬勝": WANWAN, "宋江": WANWAN,
    "万万贯": WANWAN, "红万": WANWAN, "万胜": WANWAN,
    # 千萬
    "紅千": QIANWAN, "千僧": QIANWAN, "武松": QIANWAN, "红千": QIANWAN,
    # 百萬
    "百老": BAILAO, "大公突": BAILAO, "阮小五": BAILAO, "百子": BAILAO,
    # 九十
    "小公突": JIUSHI, "阮小七": JIUSHI,
    # 空沒文
    "空沒文": KONGWEN, "尊空沒文": KONGWEN, "空湯": KONGWEN, "空堂": KONGWEN, "毛公": KONGWEN,
    "空没文": KONGWEN, "空汤": KONGWEN,
    # 半文錢
    "半文錢": BANWEN, "枝花": BANWEN, "半文钱": BANWEN,
    # 尊九萬 / 尊九索
    "尊九萬": JIUWAN, "尊九索": JIUSUO, "尊九万": JIUWAN,
}


@dataclass(frozen=True)
class Card:
    id: int
    suit: int
    rank: int  # 1 = highest in its suit (trick order)
    money: int  # 0 = highest in the seat-draw order (萬萬), 39 = lowest (空文)
    names: dict

    def name(self, lang: str = "zh-hant") -> str:
        return self.names[lang]


SUIT_OF = tuple(0 if c < 11 else 1 if c < 20 else 2 if c < 29 else 3 for c in range(NUM_CARDS))


def suit_of(c: int) -> int:
    return SUIT_OF[c]


def trick_rank(c: int) -> int:
    """1 = the top card of its suit; compare only within one suit."""
    return c - SUIT_START[SUIT_OF[c]] + 1


def beats(a: int, b: int) -> bool:
    """Whether card a captures card b: same suit and higher in trick order."""
    return a < b and SUIT_OF[a] == SUIT_OF[b]


def money_order(c: int) -> int:
    """Seat-draw order, 0 = highest (萬萬) … 39 = lowest (空文): money value, not trick rank."""
    if c < KONGWEN:
        return c
    return KONGWEN + (JIUQIAN - c)


def count_value(c: int, banwen: int = 1) -> int:
    """Deal-count value: 空/百/千/萬萬 count 1, numerals their numeral, 半文錢 per option V5."""
    v = _CARDS[c]["count"]
    return banwen if v is None else v


def card_name(c: int, lang: str = "zh-hant") -> str:
    d = _CARDS[c]
    return {"zh-hant": d["hant"], "zh-hans": d["hans"], "en": d["en"], "ascii": d["ascii"]}[lang]


def card(c: int) -> Card:
    d = _CARDS[c]
    return Card(
        id=c, suit=suit_of(c), rank=trick_rank(c), money=money_order(c),
        names={"zh-hant": d["hant"], "zh-hans": d["hans"], "en": d["en"], "ascii": d["ascii"]},
    )


CARDS = tuple(card(c) for c in range(NUM_CARDS))

_LOOKUP: dict[str, int] = {}
for _c in range(NUM_CARDS):
    for _lang in ("zh-hant", "zh-hans", "en", "ascii"):
        _LOOKUP[card_name(_c, _lang).lower()] = _c
    _LOOKUP[_CARDS[_c]["old"].lower()] = _c  # the earlier English names (Wanwan, Ten9, Coin3) still parse
    _LOOKUP[_CARDS[_c]["en"].lower().replace(" ", "")] = _c
for _k, _v in ALIASES.items():
    _LOOKUP[_k.lower()] = _v


def parse_card(text: str) -> int:
    """A card from any of its names or aliases (Chinese, English, ASCII; case-insensitive)."""
    t = text.strip().lower()
    if t in _LOOKUP:
        return _LOOKUP[t]
    if t.replace(" ", "") in _LOOKUP:
        return _LOOKUP[t.replace(" ", "")]
    raise NotationError(
        f"{text!r} is not a Ma Diao card; expected a name such as 萬萬, 九十, 五萬, 一索, 空文, 半文, 三錢 "
        "or ASCII WW QW BW T9..T2 M9..M1 S9..S1 KW HW C1..C9"
    )


def is_red(c: int, red_set: str = "wp10") -> bool:
    return c in RED_SETS[red_set]


def card_class(c: int) -> list[str]:
    """The named classes a card belongs to (spec §1.2)."""
    out = []
    if c in ZHENG_SHANG:
        out.append("尊/正賞")
    if c in CI_SHANG:
        out.append("副尊/次賞")
    if c in JI:
        out.append("極")
    if c == BAILAO:
        out.append("百老")
    if c in GONG_TU:
        out.append("公突")
    if c in CI_TU:
        out.append("雌突")
    return out
