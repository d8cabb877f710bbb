"""Every play of 十五胡 as a fixed table: action codes, cards, shape, rank and notation.

Its own module because the engine, the bots and the renderers all read plays, and the bots must
not import the engine. The table is the same under every ruleset (so action codes never change);
`enabled(rules)` says which plays a ruleset allows.

Action codes (496):

* ``0..20``      a single card of each kind                                  (天 / 66)
* ``21..83``     2–4 identical cards, kind-major                              (梅花×3 / 55x3)
* ``84..107``    雜 sets: mixed military cards of one rank, both kinds        (黑九+紅九 / 63+54)
* ``108``        至尊: 大雞六 + 山雞                                           (大雞六+山雞 / 42+21)
* ``109..492``   文武 groups: group × civil count 1..4 × (a, b) military       (地×2+平八+彎八×4)
* ``493`` pass (過), ``494`` declare (宣告), ``495`` play on (續打)

A play's *shape* says what it can beat: two plays compare only when their shapes are equal, and
then the lower *rank* (Tien Gow order, 0 best) beats. Shapes: single civil / military; set of n
civil / military (identical military sets and 雜 sets of one size share a shape); 文武 group with
c civil and m military cards (rules-notes §4.2 step 4; seed 003 FC2 1–2).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from yezi.components import tiengow as tg
from yezi.core.errors import NotationError

K = tg.NUM_KINDS
#: the four 雜 ranks: the two military kinds of equal rank (nines, eights, sevens, fives)
ZA = tuple(tg.ZA_PAIRS.values())
GROUPS = tg.WENWU


@dataclass(frozen=True)
class Play:
    code: int
    cards: tuple[tuple[int, int], ...]  # (kind, count), kinds ascending
    category: str  # single | set | za | supreme | group
    shape: tuple  # plays compare only with the same shape
    rank: int  # lower beats higher within a shape
    group: int = -1  # 文武 group index (0 = 天九) for groups
    civil: int = 0  # civil cards (groups)
    military: tuple[int, int] = (0, 0)  # the two military kinds' counts (groups, 雜 sets)

    @property
    def size(self) -> int:
        return sum(n for _, n in self.cards)

    def kinds(self) -> list[int]:
        return [k for k, n in self.cards for _ in range(n)]


def _build() -> tuple[list[Play], dict, dict, dict]:
    plays: list[Play] = []
    single: dict[int, int] = {}
    sets: dict[tuple[int, int], int] = {}
    za: dict[tuple[int, int, int], int] = {}

    def add(**kw) -> int:
        code = len(plays)
        cards = tuple(sorted((k, n) for k, n in kw.pop("cards").items() if n))
        plays.append(Play(code=code, cards=cards, **kw))
        return code

    def suit(k: int) -> str:
        return "c" if tg.KINDS[k].civil else "m"

    def rank(k: int) -> int:
        return tg.KINDS[k].rank

    for k in range(K):
        single[k] = add(cards={k: 1}, category="single", shape=("single", suit(k)), rank=rank(k))
    for k in range(K):
        for n in (2, 3, 4):
            sets[k, n] = add(cards={k: n}, category="set", shape=("set", suit(k), n), rank=rank(k))
    for r, (x, y) in enumerate(ZA):
        for a, b in ((1, 1), (1, 2), (2, 1), (1, 3), (3, 1), (2, 2)):
            za[r, a, b] = add(cards={x: a, y: b}, category="za", shape=("set", "m", a + b), rank=rank(x),
                              military=(a, b))
    add(cards={tg.BIG_SIX: 1, tg.LITTLE_THREE: 1}, category="supreme", shape=("supreme",), rank=0)
    group: dict[tuple[int, int, int, int], int] = {}
    for g, wg in enumerate(GROUPS):
        for c in (1, 2, 3, 4):
            for a in range(5):
                for b in range(5):
                    if a + b == 0:
                        continue
                    x, y = wg.military
                    group[g, c, a, b] = add(cards={wg.civil: c, x: a, y: b}, category="group",
                                            shape=("group", c, a + b), rank=g, group=g, civil=c, military=(a, b))
    return plays, single, sets, {"za": za, "group": group}


PLAYS, SINGLE, SETS, _MORE = _build()
ZA_SET: dict[tuple[int, int, int], int] = _MORE["za"]
GROUP: dict[tuple[int, int, int, int], int] = _MORE["group"]
SUPREME = next(p.code for p in PLAYS if p.category == "supreme")
NUM_PLAYS = len(PLAYS)
PASS, DECLARE, PLAY_ON = NUM_PLAYS, NUM_PLAYS + 1, NUM_PLAYS + 2
ACTION_SPACE = NUM_PLAYS + 3
assert ACTION_SPACE == 496, ACTION_SPACE

#: per play: the (kind, count) pairs it needs (fast containment checks)
NEED: tuple[tuple[tuple[int, int], ...], ...] = tuple(p.cards for p in PLAYS)
SIZE: tuple[int, ...] = tuple(p.size for p in PLAYS)
BY_CARDS: dict[tuple[tuple[int, int], ...], int] = {p.cards: p.code for p in PLAYS}


def enabled(rules) -> list[bool]:
    """Which plays the ruleset allows (options za_sets, supreme, wenwu_military)."""
    za_mode = rules["za_sets"]
    both = rules["wenwu_military"] == "both"
    out = []
    for p in PLAYS:
        if p.category == "za":
            ok = za_mode == "same-rank" or (za_mode == "pairs" and p.military == (1, 1))
        elif p.category == "supreme":
            ok = rules["supreme"] == "lead-only"
        elif p.category == "group":
            ok = (min(p.military) >= 1) if both else True
        else:
            ok = True
        out.append(ok)
    return out


def beats(b: int, a: int) -> bool:
    """Whether play b beats play a (same shape, strictly better rank; 至尊 neither beats nor is beaten)."""
    pb, pa = PLAYS[b], PLAYS[a]
    return pb.category != "supreme" and pa.category != "supreme" and pb.shape == pa.shape and pb.rank < pa.rank


def _all_beaters() -> tuple[tuple[int, ...], ...]:
    """Per play, every play that `beats` it, in code order: only plays of one shape compare, so each
    play looks at its shape's plays (a game built these from every pair: 6 million calls, seconds at
    every server start)."""
    by_shape: dict[tuple, list[int]] = {}
    for i, p in enumerate(PLAYS):
        by_shape.setdefault(p.shape, []).append(i)
    return tuple(tuple(b for b in by_shape[PLAYS[a].shape] if beats(b, a)) for a in range(NUM_PLAYS))


#: per play, the plays that beat it under every rule (a ruleset's disabled plays are left out by the game)
ALL_BEATERS = _all_beaters()


# ---- notation ------------------------------------------------------------------------------------
WORDS = {
    "zh-hant": {PASS: "過", DECLARE: "宣告", PLAY_ON: "續打"},
    "zh-hans": {PASS: "过", DECLARE: "宣告", PLAY_ON: "续打"},
    "en": {PASS: "pass", DECLARE: "declare", PLAY_ON: "play on"},
    "ascii": {PASS: "pass", DECLARE: "declare", PLAY_ON: "on"},
}
_WORD_ALIASES = {"過": PASS, "过": PASS, "pass": PASS, "p": PASS, "不要": PASS, "宣告": DECLARE, "declare": DECLARE,
                 "胡": DECLARE, "續打": PLAY_ON, "续打": PLAY_ON, "play on": PLAY_ON, "playon": PLAY_ON, "on": PLAY_ON,
                 "繼續": PLAY_ON, "继续": PLAY_ON}


def format_action(action: int, lang: str = "zh-hant") -> str:
    if action >= NUM_PLAYS:
        return WORDS[lang][action]
    parts = []
    for k, n in PLAYS[action].cards:
        nm = tg.name(k, lang)
        parts.append(nm if n == 1 else (f"{nm}x{n}" if lang == "ascii" else f"{nm}×{n}"))
    return "+".join(parts)


_COUNT = re.compile(r"^(.+?)\s*[×xX*]\s*([1-4])$")


def parse_action(text: str) -> int:
    """Read an action: a play as ``name×n`` parts joined by ``+`` (or cards separated by spaces or
    commas), or a word (過 / pass, 宣告 / declare, 續打 / play on). Raises `NotationError`."""
    t = text.strip()
    low = re.sub(r"\s+", " ", t.lower())
    if low in _WORD_ALIASES:
        return _WORD_ALIASES[low]
    if not t:
        raise NotationError("an empty move; expected cards such as 天, 梅花×3, 地×2+平八+彎八×4, or 過 / pass")
    counts = [0] * K
    try:
        if "+" in t:
            for part in t.split("+"):
                part = part.strip()
                m = _COUNT.match(part)
                if m and not _is_kind(part):
                    counts[tg.parse_kind(m.group(1))] += int(m.group(2))
                else:
                    counts[tg.parse_kind(part)] += 1
        else:
            m = _COUNT.match(t)
            if m and not _is_kind(t):
                counts[tg.parse_kind(m.group(1))] += int(m.group(2))
            else:
                try:
                    counts[tg.parse_kind(t)] += 1
                except NotationError:
                    for k in tg.parse_kinds(t):
                        counts[k] += 1
    except NotationError as e:
        raise NotationError(f"cannot read {text!r} as a 十五胡 move: {e}. Expected cards such as 天, 梅花×3, "
                            f"黑九+紅九, 地×2+平八+彎八×4 (ASCII 11x2+62+53x4), or 過 / pass, 宣告 / declare, "
                            f"續打 / play on") from None
    key = tuple((k, n) for k, n in enumerate(counts) if n)
    if key not in BY_CARDS:
        cards = " ".join(tg.name(k, "en") for k, n in key for _ in range(n))
        raise NotationError(f"{text!r} ({cards}) is not a 十五胡 play: a play is one card, 2–4 identical cards, "
                            f"a 雜 pair, or a 文武 group (天九, 地八, 人七, 鵝五)")
    return BY_CARDS[key]


def _is_kind(text: str) -> bool:
    try:
        tg.parse_kind(text)
        return True
    except NotationError:
        return False
