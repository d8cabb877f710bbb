"""The Tien Gow 天九 set: the 21 kinds of two-dice tile or card, shared by every game that uses them.

One module for Fishing 釣魚 (84 十五湖 cards, or two domino sets in Tiu U), 接龍, 斜釘 and 頂牛 (32
tiles or their subsets). Source: rules-notes.md §1 (itself from seeds 003 and 004, navpil, pagat,
Wikipedia).

Representation
--------------
A *kind* is an int 0..20 in Tien Gow rank order: the 11 civil (文) kinds first, highest first
(0 = 天 [6:6] … 10 = 伶冧六 [1:5]), then the 10 military (武) kinds, highest first (11 = 黑九
[6:3] … 20 = 山雞 [2:1]). Games keep physical tiles as kinds (a hand is a list or a count vector
of kinds): copies of one kind are indistinguishable in every rule we implement, and small ints
make fast engines and compact action spaces. The module constants ``HEAVEN``, ``BLACK_NINE`` …
name them; ``KINDS[k]`` is the full `Kind` record.

Names
-----
Every kind has names in several *styles* — ``"hk"`` (Hong Kong / Cantonese, the default),
``"mainland"`` (a Mandarin-area 天九 app, [AG]), ``"dingniu"`` (頂牛 names, seed 004) and
``"tseding"`` (斜釘 codes, seed 004) — each in ``"zh-hant"``, ``"zh-hans"`` and ``"en"``. The first
name of a style is its display name; the others are aliases that `parse_kind` also reads. Some
popular names cover two kinds (雜九, 九, 五 …): `parse_kind` refuses them with a message naming
both, and `parse_kinds_group` returns both. The two fives have no attested distinct names in our
sources; 紅五 / 黑五 ([4:1] has five red dots, [3:2] none) are yezi's coinage, flagged in
``COINED_NAMES``. Every kind also reads as dice: ``6-6``, ``6:6``, ``[6:6]``, ``66``, ``2-4``.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from yezi.core.errors import NotationError

LANGS = ("zh-hant", "zh-hans", "en")
STYLES = ("hk", "mainland", "dingniu", "tseding")


@dataclass(frozen=True)
class Kind:
    """One of the 21 two-dice combinations.

    `rank` is the single-tile rank in Tien Gow within its suit (civil 1..11, military 1..6; the
    two tiles of a 雜 pair share a military rank). `red` is the number of red dots as printed
    (ones and fours red, half of [6:6] red). `copies32` is how many the 32-tile domino set holds.
    """

    index: int
    high: int
    low: int
    civil: bool
    rank: int
    red: int

    @property
    def pips(self) -> int:
        return self.high + self.low

    @property
    def military(self) -> bool:
        return not self.civil

    @property
    def is_double(self) -> bool:
        return self.high == self.low

    @property
    def dice(self) -> str:
        """ASCII dice code, high end first: ``"66"``, ``"63"`` …"""
        return f"{self.high}{self.low}"

    @property
    def copies32(self) -> int:
        return 2 if self.civil else 1

    def name(self, lang: str = "zh-hant", style: str = "hk") -> str:
        return name(self.index, lang, style)


_DATA = [
    # high, low, civil, rank, red
    (6, 6, True, 1, 6),
    (1, 1, True, 2, 2),
    (4, 4, True, 3, 8),
    (3, 1, True, 4, 1),
    (5, 5, True, 5, 0),
    (3, 3, True, 6, 0),
    (2, 2, True, 7, 0),
    (6, 5, True, 8, 0),
    (6, 4, True, 9, 4),
    (6, 1, True, 10, 1),
    (5, 1, True, 11, 1),
    (6, 3, False, 1, 0),
    (5, 4, False, 1, 4),
    (6, 2, False, 2, 0),
    (5, 3, False, 2, 0),
    (5, 2, False, 3, 0),
    (4, 3, False, 3, 4),
    (4, 2, False, 4, 4),
    (4, 1, False, 5, 5),
    (3, 2, False, 5, 0),
    (2, 1, False, 6, 1),
]

KINDS: tuple[Kind, ...] = tuple(Kind(i, *row) for i, row in enumerate(_DATA))
NUM_KINDS = 21
CIVIL = tuple(k.index for k in KINDS if k.civil)
MILITARY = tuple(k.index for k in KINDS if not k.civil)

(
    HEAVEN, EARTH, MAN, GOOSE, PLUM, LONG_THREE, BENCH, HATCHET, RED_TEN, LONG_SEVEN, MALLET_SIX,
    BLACK_NINE, RED_NINE, FLAT_EIGHT, BENT_EIGHT, BLACK_SEVEN, RED_SEVEN, BIG_SIX, RED_FIVE, BLACK_FIVE,
    LITTLE_THREE,
) = range(21)
# Chinese aliases of the constants, for readers who think in the game's terms.
天, 地, 人, 鵝, 梅花, 長三, 板凳, 斧頭, 紅頭十, 高腳七, 伶冧六 = range(11)
黑九, 紅九, 平八, 彎八, 黑七, 紅七, 大雞六, 紅五, 黑五, 山雞 = range(11, 21)

PIPS: tuple[int, ...] = tuple(k.pips for k in KINDS)
RED_DOTS: tuple[int, ...] = tuple(k.red for k in KINDS)

# --- groupings the rules refer to (rules-notes §1.2) ------------------------------------------

#: 雜 pairs: the two military kinds of equal rank.
ZA_PAIRS: dict[str, tuple[int, int]] = {
    "雜九": (BLACK_NINE, RED_NINE),
    "雜八": (FLAT_EIGHT, BENT_EIGHT),
    "雜七": (BLACK_SEVEN, RED_SEVEN),
    "雜五": (RED_FIVE, BLACK_FIVE),
}
#: 至尊 (Gee Joon), the Supreme pair.
SUPREME: tuple[int, int] = (BIG_SIX, LITTLE_THREE)


@dataclass(frozen=True)
class WenWu:
    """A 文武 group: a civil kind and its military partners (the 雜 pair of the same total mod 10)."""

    key: str  # 天九 …
    civil: int
    military: tuple[int, int]
    names: dict[str, str]


WENWU: tuple[WenWu, ...] = (
    WenWu("天九", HEAVEN, (BLACK_NINE, RED_NINE),
          {"zh-hant": "天九", "zh-hans": "天九", "en": "Heaven-Nine"}),
    WenWu("地八", EARTH, (FLAT_EIGHT, BENT_EIGHT),
          {"zh-hant": "地八", "zh-hans": "地八", "en": "Earth-Eight"}),
    WenWu("人七", MAN, (BLACK_SEVEN, RED_SEVEN), {"zh-hant": "人七", "zh-hans": "人七", "en": "Man-Seven"}),
    WenWu("鵝五", GOOSE, (RED_FIVE, BLACK_FIVE), {"zh-hant": "鵝五", "zh-hans": "鹅五", "en": "Goose-Five"}),
)
WENWU_BY_KEY = {g.key: g for g in WENWU}

# --- names -----------------------------------------------------------------------------------
# 銅錘六 (the copper hammer: the 伶冧六's mallet) is [1:5]; 大雞 is 大雞六 [4:2] and 么雞 / 幺雞 the little one,
# 山雞 [2:1], the two halves of 至尊. 大頭六 "big head six" is disputed: English Wikipedia (mirror) and
# onlinedominogames name [1:5] so, which yezi reads; the Sin Chew Daily article [SC] lists 大頭六 beside 拎冧六 as
# another tile, so it may be [4:2] (rules-notes §1.1, docs/dominoes.md). Only [1:5] has a written attribution.
# NAMES[style][lang][kind] = (display, alias, ...). An empty tuple: the style has no own name
# for that kind (the display falls back to the hk name).
_HK_HANT = (
    ("天", "天牌"), ("地", "地牌"), ("人", "人牌"), ("鵝", "和", "鵝牌"), ("梅花", "梅"), ("長衫", "長三"),
    ("板凳", "凳", "板櫈", "版櫈", "版凳"), ("斧頭", "斧"), ("紅頭十", "屏風", "屏"),
    ("高腳七",), ("伶冧六", "零霖六", "拎冧六", "玲瓏六", "銅錘六", "大頭六"),
    ("黑九",), ("紅九",), ("平八",), ("彎八",), ("黑七",), ("紅七",), ("大雞六", "二四", "大雞"),
    ("紅五",), ("黑五",), ("山雞", "丁三", "么雞", "幺雞"),
)
_HK_HANS = (
    ("天", "天牌"), ("地", "地牌"), ("人", "人牌"), ("鹅", "和", "鹅牌"), ("梅花", "梅"), ("长衫", "长三"),
    ("板凳", "凳"), ("斧头", "斧"), ("红头十", "屏风", "屏"),
    ("高脚七",), ("伶冧六", "零霖六", "拎冧六", "玲珑六", "铜锤六", "大头六"),
    ("黑九",), ("红九",), ("平八",), ("弯八",), ("黑七",), ("红七",), ("大鸡六", "二四", "大鸡"),
    ("红五",), ("黑五",), ("山鸡", "丁三", "么鸡", "幺鸡"),
)
_HK_EN = (
    ("Heaven",), ("Earth",), ("Man",), ("Goose", "Harmony"), ("Plum", "Plum Flower"),
    ("Long Three",), ("Bench",), ("Hatchet", "Tiger's Head", "Axe"), ("Red-head Ten", "Screen", "Red Ten"),
    ("Long-leg Seven",), ("Red Mallet Six", "Big Head Six"),
    ("Black Nine",), ("Red Nine",), ("Flat Eight",), ("Bent Eight",), ("Black Seven",), ("Red Seven",),
    ("Big Six", "Gee Joon Six", "Supreme Six"), ("Red Five",), ("Black Five",),
    ("Little Three", "Mountain Cock", "Gee Joon Three", "Supreme Three"),
)
_MAINLAND_HANT = (
    ("天",), ("地",), ("人",), ("鵝",), ("梅花",), ("橫三",), ("四眼",), ("斧頭",),
    ("紅頭",), ("幺六", "么六"),
    ("幺五", "么五"), (), (), (), (), (), (), ("六角",), (), (), ("三丁",),
)
_MAINLAND_HANS = (
    ("天",), ("地",), ("人",), ("鹅",), ("梅花",), ("横三",), ("四眼",), ("斧头",),
    ("红头",), ("幺六", "么六"),
    ("幺五", "么五"), (), (), (), (), (), (), ("六角",), (), (), ("三丁",),
)
_MAINLAND_EN = (
    ("Tian",), ("Di",), ("Ren",), ("E",), ("Meihua",), ("Hengsan",), ("Siyan",), ("Futou",), ("Hongtou",),
    ("Yaoliu",), ("Yaowu",), (), (), (), (), (), (), ("Liujiao",), (), (), ("Sanding",),
)
# seed 004's 頂牛 table, as written there (地么 with 么, 幺鹅 with 幺; 1-3 is 一三, 3-3 長三)
_DINGNIU_HANT = (
    ("大天",), ("地么", "地幺"), ("紅八",), ("幺鵝", "一三", "么鵝"), ("大五",), ("長三",), ("二板", "驢腿", "板凳"),
    ("虎頭",), ("紅十", "金屏", "紅頭"),
    ("一六",), ("一五", "零霖六"), ("歪脖九", "三六"), (), ("二六",), (), (), (), (), (), (), (),
)
_DINGNIU_HANS = (
    ("大天",), ("地么", "地幺"), ("红八",), ("幺鹅", "一三", "么鹅"), ("大五",), ("长三",), ("二板", "驴腿", "板凳"),
    ("虎头",), ("红十", "金屏", "红头"),
    ("一六",), ("一五", "零霖六"), ("歪脖九", "三六"), (), ("二六",), (), (), (), (), (), (), (),
)
# English translations of the 頂牛 names: aliases only. Every domino game shows one English name
# per tile, the Hong Kong one (Heaven, Man, Red-head Ten, Bench…), so a tile reads the same in
# 接龍, 斜釘 and 頂牛; `_one_english` puts it first.
_DINGNIU_EN = (
    ("Big Heaven",), ("Earth One",), ("Red Eight",), ("One-Goose",), ("Big Five",), (), ("Donkey Leg",),
    ("Tiger Head",), ("Golden Screen",), ("One-Six",), ("One-Five",), ("Crooked-neck Nine",), (),
    ("Two-Six",), (), (), (), (), (), (), (),
)
# 斜釘 codes (seed 004): 釘1 二2 斜3 血4 梅5 龍6, higher end first; a double is 掘 + end.
_TSEDING_END = {1: "釘", 2: "二", 3: "斜", 4: "血", 5: "梅", 6: "龍"}
_TSEDING_END_EN = {1: "Nail", 2: "Two", 3: "Slant", 4: "Blood", 5: "Plum", 6: "Dragon"}


def _tseding(k: Kind, lang: str) -> tuple[str, ...]:
    if lang == "en":
        if k.is_double:
            return (f"Dig {_TSEDING_END_EN[k.high]}",)
        return (f"{_TSEDING_END_EN[k.high]}-{_TSEDING_END_EN[k.low]}",)
    if k.index == GOOSE:
        return ("斜釘",)
    if k.is_double:
        return ("掘" + _TSEDING_END[k.high],)
    return (_TSEDING_END[k.high] + _TSEDING_END[k.low],)


def _one_english(style_en: Sequence[tuple[str, ...]]) -> tuple[tuple[str, ...], ...]:
    """A domino style's English names with the Hong Kong name first (the display), its own
    translations after it as aliases."""
    return tuple((_HK_EN[k][0], *(n for n in names if n != _HK_EN[k][0])) for k, names in enumerate(style_en))


NAMES: dict[str, dict[str, tuple[tuple[str, ...], ...]]] = {
    "hk": {"zh-hant": _HK_HANT, "zh-hans": _HK_HANS, "en": _HK_EN},
    "mainland": {"zh-hant": _MAINLAND_HANT, "zh-hans": _MAINLAND_HANS, "en": _MAINLAND_EN},
    "dingniu": {"zh-hant": _DINGNIU_HANT, "zh-hans": _DINGNIU_HANS, "en": _one_english(_DINGNIU_EN)},
    "tseding": {lg: tuple(_tseding(k, lg) for k in KINDS) for lg in LANGS},
}
NAMES["tseding"]["en"] = _one_english(NAMES["tseding"]["en"])
NAMES["tseding"]["zh-hans"] = tuple(
    tuple(n.replace("釘", "钉").replace("龍", "龙") for n in ns) for ns in NAMES["tseding"]["zh-hans"]
)

#: Names our sources do not attest (yezi's coinage, kept because every kind needs a short name).
COINED_NAMES = frozenset({"紅五", "黑五", "红五", "Red Five", "Black Five"})

#: Names that cover more than one kind. They are read by `parse_kinds_group`, refused by `parse_kind`.
GROUP_NAMES: dict[str, tuple[int, ...]] = {}
for _key, _pair in ZA_PAIRS.items():
    GROUP_NAMES[_key] = _pair
    GROUP_NAMES[_key.replace("雜", "杂")] = _pair
for _num, _pair in (("九", ZA_PAIRS["雜九"]), ("八", ZA_PAIRS["雜八"]), ("七", ZA_PAIRS["雜七"]),
                    ("五", ZA_PAIRS["雜五"])):
    GROUP_NAMES[_num] = _pair
    GROUP_NAMES["武" + _num] = _pair
GROUP_NAMES.update({
    "mixed nine": ZA_PAIRS["雜九"], "mixed eight": ZA_PAIRS["雜八"], "mixed seven": ZA_PAIRS["雜七"],
    "mixed five": ZA_PAIRS["雜五"], "nine": ZA_PAIRS["雜九"], "nines": ZA_PAIRS["雜九"],
    "至尊": SUPREME, "gee joon": SUPREME, "supreme": SUPREME,
    "六": (LONG_THREE, MALLET_SIX, BIG_SIX),
})


def name(kind: int, lang: str = "zh-hant", style: str = "hk") -> str:
    """Display name of a kind. ``lang="ascii"`` gives the dice code (``"66"``).

    A style without its own name for a kind falls back to the Hong Kong name, so every kind
    always has a printable name in every style.
    """
    if lang == "ascii":
        return KINDS[kind].dice
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}; expected one of {', '.join((*LANGS, 'ascii'))}")
    names = NAMES[style][lang][kind]
    if names:
        return names[0]
    return NAMES["hk"][lang][kind][0]


def all_names(kind: int) -> list[str]:
    """Every name and alias of a kind, in every style and language (dice codes excluded)."""
    out: list[str] = []
    for style in STYLES:
        for lang in LANGS:
            for n in NAMES[style][lang][kind]:
                if n not in out:
                    out.append(n)
    return out


def _norm(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).strip().lower()
    return re.sub(r"[\s_\-’']+", " ", text).strip()


_DICE = re.compile(r"^\[?\s*([1-6])\s*[-:/ ]?\s*([1-6])\s*\]?$")
_LOOKUP: dict[str, set[int]] = {}
for _k in KINDS:
    for _n in all_names(_k.index):
        _LOOKUP.setdefault(_norm(_n), set()).add(_k.index)
_BY_DICE = {(k.high, k.low): k.index for k in KINDS}


def kind_of_dice(a: int, b: int) -> int:
    """The kind showing dice ``a`` and ``b`` (either order)."""
    return _BY_DICE[(max(a, b), min(a, b))]


def _lookup(text: str) -> set[int]:
    t = text.strip()
    m = _DICE.match(t)
    if m:
        return {kind_of_dice(int(m.group(1)), int(m.group(2)))}
    key = _norm(t)
    if key in _LOOKUP:
        return set(_LOOKUP[key])
    for group_name, kinds in GROUP_NAMES.items():
        if _norm(group_name) == key:
            return set(kinds)
    return set()


def parse_kind(text: str) -> int:
    """Read one kind from any name (any style, any language) or dice code.

    Raises `NotationError` naming what it could not read and what it expected; a name that
    covers two kinds (雜九 …) is refused with the names that tell them apart.
    """
    found = _lookup(text)
    if len(found) == 1:
        return next(iter(found))
    if len(found) > 1:
        options = " or ".join(f"{name(k)} / {name(k, 'en')} ({KINDS[k].dice})" for k in sorted(found))
        raise NotationError(f"{text!r} names more than one kind: say {options}")
    raise NotationError(
        f"cannot read {text!r} as a Tien Gow tile or card; expected a name such as 天, 紅九, 平八, "
        f"Heaven, Red Nine, 大天, 龍斜, or dice such as 6-6 or 54"
    )


def parse_kinds_group(text: str) -> tuple[int, ...]:
    """Like `parse_kind` but a group name (雜九, 至尊 …) returns all its kinds."""
    found = _lookup(text)
    if found:
        return tuple(sorted(found))
    return (parse_kind(text),)


# --- the physical sets ------------------------------------------------------------------------

def domino_set() -> list[int]:
    """The 32-tile Chinese domino set: every civil kind twice, every military kind once."""
    return [k.index for k in KINDS for _ in range(k.copies32)]


def double_domino_set() -> list[int]:
    """Two 32-tile sets (64 tiles), as Tiu U 釣魚 is played (Culin, pagat)."""
    return domino_set() * 2


def card_deck() -> list[int]:
    """The 84-card 十五湖 deck: four of each of the 21 kinds."""
    return [k for k in range(NUM_KINDS) for _ in range(4)]


def dingniu_set() -> list[int]:
    """The 24-tile 頂牛 set: every civil kind twice plus [6:3] and [6:2] (seed 004)."""
    return [k for k in CIVIL for _ in range(2)] + [BLACK_NINE, FLAT_EIGHT]


def counts(kinds: Iterable[int]) -> list[int]:
    """A count vector of length 21 from a list of kinds."""
    c = [0] * NUM_KINDS
    for k in kinds:
        c[k] += 1
    return c


def expand(count_vector: Sequence[int]) -> list[int]:
    """The sorted list of kinds of a count vector (inverse of `counts`)."""
    return [k for k, n in enumerate(count_vector) for _ in range(n)]


def format_kinds(kinds: Iterable[int], lang: str = "ascii", style: str = "hk", sep: str = " ") -> str:
    return sep.join(name(k, lang, style) for k in kinds)


def parse_kinds(text: str) -> list[int]:
    """Read a list of kinds (names or dice codes) separated by commas, or by spaces when no comma
    is present (so English names of two words need commas: ``"Long Three, Red Nine"``)."""
    sep = r"[,，、;；]+" if re.search(r"[,，、;；]", text) else r"\s+"
    parts = [p.strip() for p in re.split(sep, text.strip()) if p.strip()]
    return [parse_kind(p) for p in parts]
