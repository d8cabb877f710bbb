"""Classifying a Fishing 釣魚 catch: big / medium / small fish, 鈞, special sets, Tiu U red dots.

Pure functions of a catch (a count vector of the 21 Tien Gow kinds) and the classification
rules, so the engine, the bots and `yezi settle fishing` share one implementation. Every card
class carries its reason in words, because players argue about exactly that ("why is this 九
a big fish?"). Source: seed 003 (The Suffocated, 十五湖之釣魚, and comment FC1) as summarised in
rules-notes.md §3.2 steps 9-10; Tiu U red-dot scoring from Culin and pagat (§3.3 step 7).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from yezi.components import tiengow as tg
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


def _group_status(c, g: tg.WenWu, strict: bool) -> tuple[bool, dict[str, str]]:
    """Whether a 文武 group is made, with the reason (made or missing what)."""
    civ = c[g.civil]
    m1, m2 = c[g.military[0]], c[g.military[1]]
    if strict:
        ok = civ >= 1 and m1 >= 1 and m2 >= 1
    else:
        ok = civ >= 1 and (m1 + m2) >= 1
    missing = []
    if civ == 0:
        missing.append(g.civil)
    if strict:
        missing += [m for m, n in ((g.military[0], m1), (g.military[1], m2)) if n == 0]
    elif m1 + m2 == 0:
        missing += list(g.military)
    rule_h = "一文加雜武" if strict else "一文加一武 (V-F7)"
    rule_s = "一文加杂武" if strict else "一文加一武 (V-F7)"
    rule_e = "one civil plus both mixed military cards (一文加雜武)" if strict else \
        "one civil plus any military card (V-F7)"
    names = g.names
    if ok:
        return True, {
            "zh-hant": f"漁獲有{_nm(g.civil, 'zh-hant')}及" + "、".join(
                _nm(m, "zh-hant") for m in g.military if c[m]) + f"，成{names['zh-hant']}（{rule_h}）",
            "zh-hans": f"渔获有{_nm(g.civil, 'zh-hans')}及" + "、".join(
                _nm(m, "zh-hans") for m in g.military if c[m]) + f"，成{names['zh-hans']}（{rule_s}）",
            "en": f"the catch has {_nm(g.civil, 'en')} and " + " and ".join(
                _nm(m, "en") for m in g.military if c[m]) + f": {names['en']} made ({rule_e})",
        }
    sep = " or " if not strict and civ else " and "
    return False, {
        "zh-hant": f"不成{names['zh-hant']}（{rule_h}）：欠" + ("或" if sep == " or " else "、").join(
            _nm(m, "zh-hant") for m in missing),
        "zh-hans": f"不成{names['zh-hans']}（{rule_s}）：欠" + ("或" if sep == " or " else "、").join(
            _nm(m, "zh-hans") for m in missing),
        "en": f"no {names['en']} ({rule_e}): missing " + sep.join(_nm(m, "en") for m in missing),
    }


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
            size[k] = (BIG if g.key == "天九" else MEDIUM) if ok else SMALL
            reason[k] = why
    # big: 至尊
    ok = c[tg.BIG_SIX] >= 1 and c[tg.LITTLE_THREE] >= 1
    for k, other in ((tg.BIG_SIX, tg.LITTLE_THREE), (tg.LITTLE_THREE, tg.BIG_SIX)):
        size[k] = BIG if ok else SMALL
        reason[k] = {
            "zh-hant": "漁獲有大雞六及山雞，成一對至尊" if ok else f"不成至尊：欠{_nm(other, 'zh-hant')}",
            "zh-hans": "渔获有大鸡六及山鸡，成一对至尊" if ok else f"不成至尊：欠{_nm(other, 'zh-hans')}",
            "en": "the catch has Big Six and Little Three: a Supreme pair (至尊)" if ok
            else f"no Supreme pair (至尊): missing {_nm(other, 'en')}",
        }
    # big: 鈞
    jun = 0
    for k in JUN_KINDS:
        full = c[k] >= 4
        jun += full
        size[k] = BIG if full else SMALL
        reason[k] = {
            "zh-hant": f"四隻{_nm(k, 'zh-hant')}，成一鈞" if full else f"{_nm(k, 'zh-hant')}不夠一鈞（要四隻，得{c[k]}隻）",
            "zh-hans": f"四只{_nm(k, 'zh-hans')}，成一钧" if full else f"{_nm(k, 'zh-hans')}不够一钧（要四只，得{c[k]}只）",
            "en": f"all four {_nm(k, 'en')}: a jun (鈞)" if full
            else f"{_nm(k, 'en')} is not a jun (鈞): needs four, has {c[k]}",
        }
    for k in range(tg.NUM_KINDS):
        if k not in size:
            size[k] = SMALL
            reason[k] = {"zh-hant": "不屬任何大魚或中魚組合", "zh-hans": "不属任何大鱼或中鱼组合",
                         "en": "belongs to no big- or medium-fish group"}
    notes: list[dict[str, str]] = []
    all_small = False
    if rules.no_medium_all_small and not any(groups_made[g] for g in ("地八", "人七", "鵝五")):
        all_small = True
        note = {"zh-hant": "無中魚（地八、人七、鵝五皆不成）：全部當小魚，無特殊獎分（V-F8）",
                "zh-hans": "无中鱼（地八、人七、鹅五皆不成）：全部当小鱼，无特殊奖分（V-F8）",
                "en": "no medium-fish group (Earth Eight 地八, Man Seven 人七, Goose Five 鵝五): every card counts "
                      "as small fish and "
                      "special sets earn nothing (V-F8)"}
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
            lines.append(KindLine(k, c[k], BIG, pts, {
                "zh-hant": f"{kd.pips}點（八點或以上）為大魚，每點2分",
                "zh-hans": f"{kd.pips}点（八点或以上）为大鱼，每点2分",
                "en": f"{kd.pips} pips (8 or more): big fish, 2 points a pip"}))
        else:
            dots = kd.red * c[k]
            small_dots += dots
            lines.append(KindLine(k, c[k], SMALL, dots, {
                "zh-hant": f"{kd.pips}點（少於八點）為小魚，每隻紅點{kd.red}分",
                "zh-hans": f"{kd.pips}点（少于八点）为小鱼，每只红点{kd.red}分",
                "en": f"{kd.pips} pips (under 8): small fish, 1 point per red dot ({kd.red} each)"}))
    small = -(-small_dots // 10) * 10
    notes = []
    if small != small_dots:
        notes.append({"zh-hant": f"小魚紅點共{small_dots}，上調至{small}",
                      "zh-hans": f"小鱼红点共{small_dots}，上调至{small}",
                      "en": f"small fish red dots total {small_dots}, rounded up to {small}"})
    jun = sum(c[k] >= 4 for k in JUN_KINDS)
    return Catch(c, lines, big + small, (), {}, jun, False, notes)


def explain(catch: Catch, lang: str = "en") -> list[str]:
    """The classification as lines of text: one per kind held, then notes and specials."""
    out = []
    for line in catch.lines:
        out.append(f"{tg.name(line.kind, lang)} ×{line.count}: {SIZE_NAMES[lang][line.size]}, "
                   f"{line.points} — {line.reason[lang]}")
    for note in catch.notes:
        out.append(note[lang])
    for sid in catch.specials:
        out.append(f"{SPECIALS[sid]['names'][lang]}: "
                   + {"en": "special set", "zh-hant": "特殊組合", "zh-hans": "特殊组合"}[lang])
    return out


def quick(counts, rules: ClassRules = ClassRules()) -> tuple[int, int, int, int, bool]:
    """Numbers only, fast, for bots and payouts: (fish, fish value of specials, number of specials,
    鈞, all_small); the special ids are implied (`quick_specials`).

    Must agree with `classify` (a property test checks it); no reasons are built.
    """
    c = counts
    if rules.scoring == "red-dots":
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
                fish += 20 * n
            else:
                fish += 10 * n
                medium_made = True
    if c[tg.BIG_SIX] and c[tg.LITTLE_THREE]:
        fish += 20 * (c[tg.BIG_SIX] + c[tg.LITTLE_THREE])
    jun = 0
    for k in JUN_KINDS:
        if c[k] >= 4:
            jun += 1
            fish += 20 * c[k]
    if rules.no_medium_all_small and not medium_made:
        return 10 * total, 0, 0, jun, True
    sf = ns = 0
    if c[tg.HEAVEN] >= 4 and c[tg.BLACK_NINE] >= 4 and c[tg.RED_NINE] >= 4:
        sf += 360
        ns += 1
    if jun == 3:
        sf += 360
        ns += 1
    if c[tg.BIG_SIX] >= 4 and c[tg.LITTLE_THREE] >= 4:
        sf += 240
        ns += 1
    return fish, sf, ns, jun, False
