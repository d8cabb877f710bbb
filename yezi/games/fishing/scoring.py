"""Classifying a Fishing 釣魚 catch: big / medium / small fish, 鈞, special sets, Tiu U red dots.

Pure functions of a catch (a count vector of the 21 Tien Gow kinds) and the classification
rules, so the engine, the bots and `yezi settle fishing` share one implementation. Every card
class carries its reason in words, because players argue about exactly that ("why is this 九
a big fish?"). Source: seed 003 (The Suffocated, 十五湖之釣魚, and comment FC1) as summarised in
rules-notes.md §3.2 steps 9-10; Tiu U red-dot scoring from Culin and pagat (§3.3 step 7).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from yezi.components import tiengow as tg
from yezi.core import branches
from yezi.i18n import LANGS, NP_, _c, punct
from yezi.i18n.terms import register

register("地八", "人七", "鵝五", "天九")  # the 文武 groups English names beside their characters

BIG, MEDIUM, SMALL = "big", "medium", "small"
POINTS = {BIG: 30, MEDIUM: 20, SMALL: 10}
SIZE_NAMES = {
    "zh-hant": {BIG: "大魚", MEDIUM: "中魚", SMALL: "小魚"},
    "zh-hans": {BIG: "大鱼", MEDIUM: "中鱼", SMALL: "小鱼"},
    "en": {BIG: "big fish", MEDIUM: "medium fish", SMALL: "small fish"},
}

# Special sets (rules-notes §3.2 step 10): id -> (names, kinds and counts needed).
TWELVE = "twelve-heaven-nine"
THREE_JUN = "three-jun"
EIGHT_SUPREME = "eight-supreme"
SPECIALS: dict[str, dict] = {
    TWELVE: {"names": {"zh-hant": "十二天九", "zh-hans": "十二天九", "en": "Twelve Heaven-Nines"},
             "need": {tg.HEAVEN: 4, tg.BLACK_NINE: 4, tg.RED_NINE: 4}},
    THREE_JUN: {"names": {"zh-hant": "三鈞", "zh-hans": "三钧", "en": "Three Jun"},
                "need": {tg.PLUM: 4, tg.HATCHET: 4, tg.RED_TEN: 4}},
    EIGHT_SUPREME: {"names": {"zh-hant": "八至尊", "zh-hans": "八至尊", "en": "Eight Supremes"},
                    "need": {tg.BIG_SIX: 4, tg.LITTLE_THREE: 4}},
}
#: The three 鈞 kinds: four of one of them is a 鈞.
JUN_KINDS = (tg.PLUM, tg.HATCHET, tg.RED_TEN)

#: Why a card is the fish it is: key -> English msgid, worded in each language by the catalogs under the
#: context ``fishing-scoring:KEY``. Card and group names fill the placeholders in the reader's script.
REASONS: dict[str, str] = {
    "group_made": NP_("fishing-scoring:group_made", "the catch has {civil} and {military}: {group} made ({rule})"),
    "group_missing": NP_("fishing-scoring:group_missing", "no {group} ({rule}): missing {missing}"),
    "rule_strict": NP_("fishing-scoring:rule_strict", "one civil plus both mixed military cards (一文加雜武)"),
    "rule_loose": NP_("fishing-scoring:rule_loose", "one civil plus any military card"),
    "and": NP_("fishing-scoring:and", " and "),  # joins card names: "Black Nine and Red Nine"
    "or": NP_("fishing-scoring:or", " or "),
    "supreme_made": NP_("fishing-scoring:supreme_made", "the catch has Big Six and Little Three: a Supreme pair (至尊)"),
    "supreme_missing": NP_("fishing-scoring:supreme_missing", "no Supreme pair (至尊): missing {card}"),
    "jun_made": NP_("fishing-scoring:jun_made", "all four {card}: a jun (鈞)"),
    "jun_missing": NP_("fishing-scoring:jun_missing", "{card} is not a jun (鈞): needs four, has {n}"),
    "no_group": NP_("fishing-scoring:no_group", "belongs to no big- or medium-fish group"),
    "all_small": NP_("fishing-scoring:all_small", "no medium-fish group (Earth Eight 地八, Man Seven 人七, Goose Five "
                                                  "鵝五): every card counts as small fish and special sets earn nothing"),
    "dots_big": NP_("fishing-scoring:dots_big", "{pips} pips (8 or more): big fish, 2 points a pip"),
    "dots_small": NP_("fishing-scoring:dots_small", "{pips} pips (under 8): small fish, 1 point per red dot ({red} each)"),
    "dots_rounded": NP_("fishing-scoring:dots_rounded", "small fish red dots total {dots}, rounded up to {small}"),
    "special_set": NP_("fishing-scoring:special_set", "special set"),
}


def _word(key: str, lang: str, **params) -> str:
    return _c(lang, "fishing-scoring:" + key, REASONS[key], **params)


def _reason(key: str, **params) -> dict[str, str]:
    """A reason in every language (`KindLine.reason`, `Catch.notes`); parameters that are per-language
    dicts or ``lang -> text`` callables are rendered in each."""
    return {lg: _word(key, lg, **params) for lg in LANGS}


@cache
def _reason_of(key: str, card: int | None = None, **numbers: int) -> dict[str, str]:
    return _reason(key, **numbers) if card is None else _reason(key, card=_card(card), **numbers)


def _said(key: str, card: int | None = None, **numbers: int) -> dict[str, str]:
    """`_reason` with a card's name and numbers as parameters, memoised (the same few reasons come
    back in every catch classified for a table's frames); a fresh dict for the caller."""
    return dict(_reason_of(key, card, **numbers))


@dataclass(frozen=True)
class ClassRules:
    """The options that change classification.

    `strict_wenwu`: 一文加雜武 — a civil card and *both* kinds of its 雜 pair are needed (seed 003
    baseline); False is V-F7 (a civil card and any military card of the group).
    `no_medium_all_small`: V-F8 (FC1) — no valid medium group makes the whole catch small fish
    and cancels the specials; the 鈞 count still stands for 鈞頭.
    `scoring`: ``"fish"`` (十五湖, big 30 / medium 20 / small 10) or ``"red-dots"`` (Tiu U).
    """

    strict_wenwu: bool = True
    no_medium_all_small: bool = False
    scoring: str = "fish"


@dataclass
class KindLine:
    """How the cards of one kind in a catch were classified, and why."""

    kind: int
    count: int
    size: str
    points: int  # for all `count` cards together
    reason: dict[str, str]


@dataclass
class Catch:
    """A classified catch.

    `fish` is the plain fish total (big 30 / medium 20 / small 10, or Tiu U points). `specials`
    lists the special sets made, and `special_fish` their fish value (the amount that doubling
    methods add again). `jun` counts complete 鈞 whatever the classification (FC1: 鈞頭 counts
    in every case). `all_small` says V-F8 demoted the catch.
    """

    counts: tuple[int, ...]
    lines: list[KindLine]
    fish: int
    specials: tuple[str, ...] = ()
    special_fish: dict[str, int] = field(default_factory=dict)
    jun: int = 0
    all_small: bool = False
    notes: list[dict[str, str]] = field(default_factory=list)

    @property
    def cards(self) -> int:
        return sum(self.counts)


def _nm(k: int, lang: str) -> str:
    return tg.name(k, lang)


def _card(k: int) -> dict[str, str]:
    """A card's name in every language, a message parameter."""
    return {lg: _nm(k, lg) for lg in LANGS}


def _group_status(c, g: tg.WenWu, strict: bool) -> tuple[bool, dict[str, str]]:
    """Whether a 文武 group is made, with the reason (made or missing what)."""
    held = (c[g.civil] > 0, c[g.military[0]] > 0, c[g.military[1]] > 0)
    ok, why = _group_reason(tg.WENWU.index(g), strict, *held)
    return ok, dict(why)


@cache
def _group_reason(i: int, strict: bool, civ: bool, m1: bool, m2: bool) -> tuple[bool, dict[str, str]]:
    """`_group_status` of the `i`-th 文武 group from which of its cards the catch holds."""
    g = tg.WENWU[i]
    ok = civ and m1 and m2 if strict else civ and (m1 or m2)
    missing = []
    if not civ:
        missing.append(g.civil)
    if strict:
        missing += [m for m, held in zip(g.military, (m1, m2)) if not held]
    elif not (m1 or m2):
        missing += list(g.military)
    rule = (lambda lg: _word("rule_strict", lg)) if strict else (lambda lg: _word("rule_loose", lg))

    def listed(kinds: list[int], sep: str):
        return lambda lg: _word(sep, lg).join(_nm(k, lg) for k in kinds)

    if ok:
        return True, _reason("group_made", civil=_card(g.civil), group=g.names, rule=rule,
                             military=listed([m for m, n in zip(g.military, (m1, m2)) if n], "and"))
    return False, _reason("group_missing", group=g.names, rule=rule,
                          missing=listed(missing, "or" if not strict and civ else "and"))


def classify(counts, rules: ClassRules = ClassRules()) -> Catch:
    """Classify a catch given as a count vector (length 21) under `rules`."""
    c = tuple(counts)
    if rules.scoring == "red-dots":
        return _classify_red_dots(c)
    size: dict[int, str] = {}
    reason: dict[int, dict[str, str]] = {}
    groups_made = {}
    # big: 天九
    for g in tg.WENWU:
        ok, why = _group_status(c, g, rules.strict_wenwu)
        groups_made[g.key] = ok
        for k in (g.civil, *g.military):
            size[k] = (BIG if g.civil == tg.HEAVEN else MEDIUM) if ok else SMALL
            reason[k] = why
    # big: 至尊
    ok = c[tg.BIG_SIX] >= 1 and c[tg.LITTLE_THREE] >= 1
    for k, other in ((tg.BIG_SIX, tg.LITTLE_THREE), (tg.LITTLE_THREE, tg.BIG_SIX)):
        size[k] = BIG if ok else SMALL
        reason[k] = _said("supreme_made") if ok else _said("supreme_missing", other)
    # big: 鈞
    jun = 0
    for k in JUN_KINDS:
        full = c[k] >= 4
        jun += full
        size[k] = BIG if full else SMALL
        reason[k] = _said("jun_made", k) if full else _said("jun_missing", k, n=c[k])
    for k in range(tg.NUM_KINDS):
        if k not in size:
            size[k] = SMALL
            reason[k] = _said("no_group")
    notes: list[dict[str, str]] = []
    all_small = False
    # the medium groups: every 文武 group but 天九's (地八, 人七, 鵝五)
    if rules.no_medium_all_small and not any(groups_made[g.key] for g in tg.WENWU if g.civil != tg.HEAVEN):
        all_small = True
        note = _said("all_small")
        notes.append(note)
        for k in range(tg.NUM_KINDS):
            if size[k] != SMALL:
                size[k] = SMALL
                reason[k] = {lg: reason[k][lg] + "; " + note[lg] for lg in note}
    lines = [KindLine(k, c[k], size[k], POINTS[size[k]] * c[k], reason[k]) for k in range(tg.NUM_KINDS) if c[k]]
    fish = sum(line.points for line in lines)
    specials: list[str] = []
    special_fish: dict[str, int] = {}
    if not all_small:
        for sid, spec in SPECIALS.items():
            if all(c[k] >= n for k, n in spec["need"].items()):
                specials.append(sid)
                special_fish[sid] = sum(POINTS[BIG] * n for n in spec["need"].values())
    return Catch(c, lines, fish, tuple(specials), special_fish, jun, all_small, notes)


def _classify_red_dots(c: tuple[int, ...]) -> Catch:
    """Tiu U (Culin, pagat): big fish (≥ 8 pips) 2 points a pip; small fish 1 point a red dot,
    their total rounded up to a multiple of 10."""
    lines = []
    small_dots = 0
    big = 0
    for k in range(tg.NUM_KINDS):
        if not c[k]:
            continue
        kd = tg.KINDS[k]
        if kd.pips >= 8:
            pts = 2 * kd.pips * c[k]
            big += pts
            lines.append(KindLine(k, c[k], BIG, pts, _said("dots_big", pips=kd.pips)))
        else:
            dots = kd.red * c[k]
            small_dots += dots
            lines.append(KindLine(k, c[k], SMALL, dots, _said("dots_small", pips=kd.pips, red=kd.red)))
    small = -(-small_dots // 10) * 10
    notes = []
    if small != small_dots:
        notes.append(_said("dots_rounded", dots=small_dots, small=small))
    jun = sum(c[k] >= 4 for k in JUN_KINDS)
    return Catch(c, lines, big + small, (), {}, jun, False, notes)


def explain(catch: Catch, lang: str = "en") -> list[str]:
    """The classification as lines of text: one per kind held, then notes and specials."""
    out = []
    colon, comma = punct(lang, "colon"), punct(lang, "comma")
    for line in catch.lines:
        out.append(f"{tg.name(line.kind, lang)} ×{line.count}{colon}{SIZE_NAMES[lang][line.size]}{comma}"
                   f"{line.points} — {line.reason[lang]}")
    for note in catch.notes:
        out.append(note[lang])
    for sid in catch.specials:
        out.append(f"{SPECIALS[sid]['names'][lang]}{colon}" + _word("special_set", lang))
    return out


def quick(counts, rules: ClassRules = ClassRules()) -> tuple[int, int, int, int, bool]:
    """Numbers only, fast, for bots and payouts: (fish, fish value of specials, number of specials,
    鈞, all_small); the special ids are implied (`quick_specials`).

    Must agree with `classify` (a property test checks it); no reasons are built.
    """
    c = counts
    if rules.scoring == "red-dots":
        branches.hit("fishing.red-dots")
        big = small = 0
        for k in range(tg.NUM_KINDS):
            n = c[k]
            if n:
                if tg.PIPS[k] >= 8:
                    big += 2 * tg.PIPS[k] * n
                else:
                    small += tg.RED_DOTS[k] * n
        return big - (-small // 10) * 10, 0, 0, sum(c[k] >= 4 for k in JUN_KINDS), False
    total = sum(c)
    fish = 10 * total
    strict = rules.strict_wenwu
    medium_made = False
    for g in tg.WENWU:
        m1, m2 = c[g.military[0]], c[g.military[1]]
        if c[g.civil] and ((m1 and m2) if strict else (m1 or m2)):
            n = c[g.civil] + m1 + m2
            if g.civil == tg.HEAVEN:
                branches.hit("fishing.big-heaven-nine")
                fish += 20 * n
            else:
                branches.hit("fishing.medium-wenwu-strict" if strict else "fishing.medium-wenwu")
                fish += 10 * n
                medium_made = True
    if c[tg.BIG_SIX] and c[tg.LITTLE_THREE]:
        branches.hit("fishing.big-supreme")
        fish += 20 * (c[tg.BIG_SIX] + c[tg.LITTLE_THREE])
    jun = 0
    for k in JUN_KINDS:
        if c[k] >= 4:
            branches.hit("fishing.big-jun")
            jun += 1
            fish += 20 * c[k]
    if rules.no_medium_all_small and not medium_made:
        branches.hit("fishing.no-medium-all-small")
        return 10 * total, 0, 0, jun, True
    sf = ns = 0
    if c[tg.HEAVEN] >= 4 and c[tg.BLACK_NINE] >= 4 and c[tg.RED_NINE] >= 4:
        branches.hit("fishing.special.twelve-heaven-nine")
        sf += 360
        ns += 1
    if jun == 3:
        branches.hit("fishing.special.three-jun")
        sf += 360
        ns += 1
    if c[tg.BIG_SIX] >= 4 and c[tg.LITTLE_THREE] >= 4:
        branches.hit("fishing.special.eight-supreme")
        sf += 240
        ns += 1
    return fish, sf, ns, jun, False
