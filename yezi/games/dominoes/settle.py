"""Settlement of the domino games as pure functions of scores (and tags), so they can be tested
by hand examples apart from any play, and explained payment by payment (`explain`) in each
language, for `yezi play`, the web table and `yezi settle jielong|tseding|dingniu`.

Seat 0 is the dealer, who led; seats follow in turn order (counter-clockwise), so "nearer the
lead" means a lower seat number.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from yezi.components.tiengow import PIPS
from yezi.core import branches
from yezi.i18n import LANGS, NP_, _c
from yezi.i18n.terms import register

PASS, PENALTY, NONE = "pass", "penalty", "none"


def pips(tiles: Iterable[int]) -> int:
    """The pips of some tiles (by kind): a face-down score, or what is left in a hand."""
    return sum(PIPS[k] for k in tiles)


def lowest(scores: Sequence[int]) -> int:
    """The winner: lowest score; ties go to the player nearer the lead (§5.2 step 8, §6.2 step 7)."""
    return min(range(len(scores)), key=lambda s: (scores[s], s))


def pair_list(scores: Sequence[int], mult: Callable[[int, int], int] | None = None) -> list[list[int]]:
    """Every pair with a gap: ``[payer, payee, amount, multiplier]``, the higher scorer paying."""
    out = []
    n = len(scores)
    for i in range(n):
        for j in range(i + 1, n):
            if scores[i] == scores[j]:
                continue
            hi, lo = (i, j) if scores[i] > scores[j] else (j, i)
            m = mult(i, j) if mult else 1
            out.append([hi, lo, (scores[hi] - scores[lo]) * m, m])
    return out


def pay_from_pairs(n: int, pairs: Iterable[Sequence[int]]) -> list[int]:
    pay = [0] * n
    for payer, payee, amount, *_ in pairs:
        pay[payer] -= amount
        pay[payee] += amount
    return pay


def pairwise(scores: Sequence[int], mult: Callable[[int, int], int] | None = None) -> list[int]:
    """Every pair settles the gap: the higher scorer pays the lower the difference (× `mult`).

    接龍 §5.2 step 7 [S4], with [NP]'s worked example; 斜釘 passes its pair multiplier.
    """
    return pay_from_pairs(len(scores), pair_list(scores, mult))


# --- 斜釘 ---------------------------------------------------------------------------------------

def tseding_tag(seat: int, down: int, hand: int, head_tail: str = "7-8") -> str:
    """通牌 (PASS: nothing face down), 頭七/尾八 (PENALTY) or NONE, §5.3 steps 3-5.

    頭七: the dealer (seat 0) placed only his lead and put the other hand-1 face down; 尾八: a
    non-dealer placed nothing. [V-S3] 頭六/尾七 lowers both thresholds by one. With hands other
    than 8 ([V-S1] deals) the thresholds keep their distance from the hand size.
    """
    if down == 0:
        return PASS
    slack = 1 if head_tail == "6-7" else 0
    if seat == 0 and down >= hand - 1 - slack:
        return PENALTY
    if seat != 0 and down >= hand - slack:
        return PENALTY
    return NONE


def pair_multiplier(a: str, b: str, lone_pass_double: bool = True) -> int:
    """[NP]'s pairwise model, §5.3 step 6: same tags ×1, PENALTY–NONE ×2, PASS–PENALTY ×4,
    PASS–NONE ×2 ([NP]) or ×1 (the wording of [S4]) by the lone-通牌 flag."""
    if a == b:
        return 1
    pair = {a, b}
    if pair == {PASS, PENALTY}:
        return 4
    if pair == {PENALTY, NONE}:
        return 2
    return 2 if lone_pass_double else 1


def tseding_payments(scores: Sequence[int], tags: Sequence[str], lone_pass_double: bool = True) -> list[int]:
    return pairwise(scores, lambda i, j: pair_multiplier(tags[i], tags[j], lone_pass_double))


def bajue_payments(winner: int, hand_pips: Sequence[int], mode: str = "hand") -> list[int]:
    """八掘 (§5.3 step 2, §5.4 (5)): ``hand`` — every other player pays twice his own hand's pips
    ([NP-J], the default); ``difference`` — twice the gap to the 八掘 hand ([S4] "獲得差額點數的兩倍"),
    never below zero (a gap the 八掘 hand would pay makes no sense of a win)."""
    pay = [0] * len(hand_pips)
    for s, pips in enumerate(hand_pips):
        if s == winner:
            continue
        due = 2 * pips if mode == "hand" else 2 * max(0, pips - hand_pips[winner])
        pay[s] -= due
        pay[winner] += due
    return pay


# --- 頂牛 ---------------------------------------------------------------------------------------

register("小庄", "二庄")  # English shows them beside their English names
BASE = (6, -1, -2, -3)  # winner, 小庄, 二庄, 大庄 (§6.2 step 8)
RANK_NAMES = {
    "zh-hant": ("贏家", "小庄", "二庄", "大庄"),
    "zh-hans": ("赢家", "小庄", "二庄", "大庄"),
    "en": ("winner", "third loser 小庄", "second loser 二庄", "big loser 大庄"),
}


def dingniu_order(scores: Sequence[int], ties: str = "lead") -> list[int]:
    """Seats from best to worst. The winner is the lowest score, ties nearer the lead; among the
    losers ties go nearer the lead too ([S4]) or, with ``ties="later"`` [V-D2] [NP], to the later
    player."""
    n = len(scores)
    w = lowest(scores)
    rest = [s for s in range(n) if s != w]
    if ties == "later":
        rest.sort(key=lambda s: (scores[s], -s))
    else:
        rest.sort(key=lambda s: (scores[s], s))
    return [w, *rest]


def dingniu_payments(
    scores: Sequence[int], suanzhang: Sequence[int] = (), ties: str = "lead", baozhuang: str = "dazhuang",
) -> tuple[list[int], dict]:
    """+6/−1/−2/−3 with 算帳成功 doubling and 包庄 (§6.2 steps 8-10).

    `suanzhang` lists the seats that made a 算帳 move. 包庄 comes first: a losing 算帳 player
    (``baozhuang="dazhuang"``: only the 大庄, [S4]; ``"any-loser"``: [V-D3]) pays the winner 12
    alone; if several losers qualify, the worst placed pays. Otherwise a winner who made 算帳 and scores
    strictly below everyone has 算帳成功: every payment doubles.
    Returns (payments, detail) where detail names the ranks and what applied.
    """
    order = dingniu_order(scores, ties)
    n = len(scores)
    pay = [0] * n
    winner = order[0]
    losers = order[1:]
    detail: dict = {"order": order, "winner": winner, "rule": "plain", "payer": None}
    candidates = [s for s in losers if s in suanzhang]
    if baozhuang == "dazhuang":
        candidates = [s for s in candidates if s == order[-1]]
    if candidates:
        payer = max(candidates, key=losers.index)
        pay[payer] = -12
        pay[winner] = 12
        detail.update(rule="baozhuang", payer=payer)
        return pay, detail
    factor = 1
    if winner in suanzhang and all(scores[winner] < scores[s] for s in losers):
        factor = 2
        detail["rule"] = "suanzhang-success"
    pay[winner] = BASE[0] * factor
    for place, s in enumerate(losers, start=1):
        pay[s] = BASE[place] * factor
    return pay, detail


# --- results from the facts of a deal ------------------------------------------------------------
# The engines settle with these (from their state) and `yezi settle` with the same (from what the
# players say): the face-down tiles, the tiles left in hand and who made 算帳, never the play.

def _hit_scores(game: str, scores: Sequence[int]) -> None:
    """The rule branches (`yezi.core.branches`) of the pairwise differences: an equal pair pays
    nothing, the lowest wins, a tie for lowest goes nearer the lead."""
    branches.hit(f"{game}.pairwise-difference")
    if len(set(scores)) < len(scores):
        branches.hit(f"{game}.equal-pair-pays-nothing")
    if scores.count(min(scores)) > 1:
        branches.hit(f"{game}.lowest-tie-nearer-lead")


def jielong_result(down: Sequence[Sequence[int]]) -> dict[str, Any]:
    """接龍: score = pips face down; pairwise differences; the lowest wins (§5.2 steps 7-8)."""
    scores = [pips(d) for d in down]
    _hit_scores("jielong", scores)
    pairs = pair_list(scores)
    return {"scores": scores, "payments": pay_from_pairs(len(scores), pairs), "winner": lowest(scores),
            "pairs": pairs}


def tseding_result(down: Sequence[Sequence[int]], hand: int, head_tail: str = "7-8",
                   lone_pass_double: bool = True) -> dict[str, Any]:
    """斜釘 after play: scores as 接龍, each seat tagged 通牌 / 頭七·尾八 / none by how many tiles it put
    face down out of a `hand`-tile hand, pairs multiplied by the tags (§5.3 steps 3-6)."""
    scores = [pips(d) for d in down]
    _hit_scores("tseding", scores)
    tags = [tseding_tag(s, len(d), hand, head_tail) for s, d in enumerate(down)]
    for s, tag in enumerate(tags):
        branches.hit(f"tseding.tag.{tag}" + ("-dealer" if tag == PENALTY and s == 0 else ""))
    pairs = pair_list(scores, lambda i, j: pair_multiplier(tags[i], tags[j], lone_pass_double))
    for _, _, _, m in pairs:
        branches.hit(f"tseding.multiplier-{m}")
    return {"scores": scores, "tags": tags, "payments": pay_from_pairs(len(scores), pairs),
            "winner": lowest(scores), "pairs": pairs, "head_tail": head_tail}


def bajue_result(winner: int, hands: Sequence[Sequence[int]], mode: str = "hand") -> dict[str, Any]:
    """斜釘 八掘: `winner` holds eight doubles; scores are the hands' pips (§5.3 step 2)."""
    hand_pips = [pips(h) for h in hands]
    branches.hit(f"tseding.bajue.{mode}")
    pay = bajue_payments(winner, hand_pips, mode)
    pairs = [[s, winner, -pay[s], 2] for s in range(len(hands)) if s != winner and pay[s]]
    return {"scores": hand_pips, "payments": pay, "winner": winner, "tags": [NONE] * len(hands),
            "reason": "bajue", "pairs": pairs, "bajue_pay": mode}


def dingniu_result(hands: Sequence[Sequence[int]], down: Sequence[Sequence[int]], suanzhang: Sequence[int] = (),
                   ties: str = "lead", baozhuang: str = "dazhuang") -> dict[str, Any]:
    """頂牛: score = pips left in hand + pips face down; ranks, 算帳成功, 包庄 (§6.2 steps 7-10)."""
    scores = [pips(h) + pips(d) for h, d in zip(hands, down)]
    sz = sorted(set(suanzhang))
    pay, detail = dingniu_payments(scores, sz, ties, baozhuang)
    branches.hit(f"dingniu.rule.{detail['rule']}" + (f"-{baozhuang}" if detail["rule"] == "baozhuang" else ""))
    if len(set(scores)) < len(scores):
        branches.hit(f"dingniu.tie-{ties}")
    ranks = [0] * len(scores)
    for place, s in enumerate(detail["order"]):
        ranks[s] = place
    w = detail["winner"]
    pairs = [[s, w, -pay[s], 0] for s in detail["order"][1:] if pay[s]]
    return {"scores": scores, "payments": pay, "winner": w, "ranks": ranks, "suanzhang": sz,
            "rule": detail["rule"], "payer": detail["payer"], "pairs": pairs, "ties": ties}


# --- explanations -------------------------------------------------------------------------------

#: the explanation templates: key -> English msgid, translated in the catalogs under the context
#: ``dominoes-settle:KEY`` (the 繁體 and 简体 texts are the .po files' translations); names, scores and
#: amounts fill the ``{placeholders}``.
TEXT: dict[str, str] = {
    "jielong": NP_("dominoes-settle:jielong", "A score is the pips put face down; in every pair the higher score pays "
                                              "the lower the difference."),
    "tseding": NP_("dominoes-settle:tseding", "A score is the pips a player put face down. Every two players "
                                              "settle the difference, times a multiplier set by how each finished: "
                                              "all his tiles placed (通牌), the head-or-tail penalty (the dealer who "
                                              "placed only his lead, another who placed nothing), or an ordinary "
                                              "finish. Alike ×1, a penalty against an ordinary finish ×2, all placed "
                                              "against a penalty ×4, all placed against an ordinary finish ×{lone}."),
    "dingniu": NP_("dominoes-settle:dingniu", "A score is the pips left in hand plus those face down; the lowest wins "
                                              "and the losers pay 1, 2 and 3 by rank."),
    "pair": NP_("dominoes-settle:pair", "{a} pays {b} {amt} ({sa} − {sb})"),
    "pair_mult": NP_("dominoes-settle:pair_mult", "{a} pays {b} {amt} (({sa} − {sb}) × {m}: {ta} against {tb})"),
    "pair_plain": NP_("dominoes-settle:pair_plain", "{a} pays {b} {amt} (({sa} − {sb}) × 1: both ordinary finishes)"),
    "equal": NP_("dominoes-settle:equal", "Players with equal scores pay each other nothing."),
    "bajue": NP_("dominoes-settle:bajue", "{w} has eight doubles 八掘 and wins at once; {rule}"),
    "bajue_hand": NP_("dominoes-settle:bajue_hand", "every other player pays twice the pips in his own hand."),
    "bajue_difference": NP_("dominoes-settle:bajue_difference", "a hand with more pips than the 八掘 hand pays twice "
                                                                "the difference."),
    "bajue_pay_hand": NP_("dominoes-settle:bajue_pay_hand", "{a} pays {b} {amt} (2 × {sa})"),
    "bajue_pay_difference": NP_("dominoes-settle:bajue_pay_difference", "{a} pays {b} {amt} (2 × ({sa} − {sb}))"),
    "redeal": NP_("dominoes-settle:redeal", "A hand with {n} or more doubles: redeal, nobody pays."),
    "winner": NP_("dominoes-settle:winner", "{w} has the lowest score, {s}, and wins."),
    "tie": NP_("dominoes-settle:tie", "(Equal scores: the player nearer the lead ranks first.)"),
    "tie_later": NP_("dominoes-settle:tie_later", "(Losers with equal scores: the later player ranks first.)"),
    "rank_pay": NP_("dominoes-settle:rank_pay", "{a} ({rank}, {s}) pays {b} {amt}"),
    "success": NP_("dominoes-settle:success", "{w} made the deliberate block 算帳 and scores below everyone: it "
                                              "succeeds, every payment doubles."),
    "baozhuang": NP_("dominoes-settle:baozhuang", "{p} made 算帳 and lost ({rank}): 包庄, he alone pays {w} 12; nobody "
                                                  "else pays."),
    "suanzhang_lost": NP_("dominoes-settle:suanzhang_lost", "算帳 made by: {who}"),
}
TAGS = {
    "zh-hant": {PASS: "通牌", PENALTY: "{ht}", NONE: "無"},
    "zh-hans": {PASS: "通牌", PENALTY: "{ht}", NONE: "无"},
    "en": {PASS: "all placed (通牌)", PENALTY: "penalty {ht}", NONE: "an ordinary finish"},
}
HEAD_TAIL = {"7-8": "頭七/尾八", "6-7": "頭六/尾七"}
HEAD_TAIL_EN = {"7-8": "head-seven 頭七 or tail-eight 尾八", "6-7": "head-six 頭六 or tail-seven 尾七"}
register("頭六", "尾七", "头六")
HEAD_TAIL_HANS = {"7-8": "头七/尾八", "6-7": "头六/尾七"}


def redeal_count(n: int, lang: str) -> str:
    """The redeal threshold [V-S2] as the explanations write it: 七 in Chinese, 7 in English."""
    return str(n) if lang not in ("zh-hant", "zh-hans") else "零一二三四五六七八"[n]


def explain(game: str, result: dict[str, Any], names: Sequence[str], lang: str = "en",
            lone_pass_double: bool = True) -> list[str]:
    """Every payment of a domino `result` with its reason, in `lang` (zh-hant, zh-hans, en).

    `names` are the seats' names in that language. The lines only read the result the engine
    computed (scores, tags, ranks, pairs): nothing is settled twice.
    """
    lang = lang if lang in LANGS else "en"

    def t(key: str, **params: Any) -> str:
        return _c(lang, "dominoes-settle:" + key, TEXT[key], **params)

    reason = result.get("reason")
    sc = result["scores"]
    if reason == "redeal":
        return [t("redeal", n=redeal_count(result.get("redeal_doubles", 7), lang))]
    pairs = result.get("pairs")
    if pairs is None:  # a result from before pairs were recorded: the same pairs from its scores
        pairs = pair_list(sc) if game == "jielong" else []
    out: list[str] = []
    if reason == "bajue":
        mode = result.get("bajue_pay", "hand")
        w = result["winner"]
        out.append(t("bajue", w=names[w], rule=t(f"bajue_{mode}")))
        for a, b, amt, _m in pairs:
            out.append(t(f"bajue_pay_{mode}", a=names[a], b=names[b], amt=amt, sa=sc[a], sb=sc[b]))
        return out
    if game == "dingniu":
        out.append(t("dingniu"))
        w = result["winner"]
        ranks = result["ranks"]
        rank_names = RANK_NAMES[lang]
        out.append(t("winner", w=names[w], s=sc[w]))
        if result.get("rule") == "baozhuang":
            p = result["payer"]
            out.append(t("baozhuang", p=names[p], rank=rank_names[ranks[p]], w=names[w]))
            return out
        if result.get("rule") == "suanzhang-success":
            out.append(t("success", w=names[w]))
        for a, b, amt, _m in pairs:
            out.append(t("rank_pay", a=names[a], rank=rank_names[ranks[a]], s=sc[a], b=names[b], amt=amt))
        if len(set(sc)) < len(sc):
            out.append(t("tie_later") if result.get("ties") == "later" else t("tie"))
        if result.get("suanzhang") and result.get("rule") == "plain":
            out.append(t("suanzhang_lost", who=", ".join(names[s] for s in result["suanzhang"])))
        return out
    tags = result.get("tags")
    if game == "tseding" and tags is not None:
        out.append(t("tseding", lone=2 if lone_pass_double else 1))
        ht = (HEAD_TAIL_HANS if lang == "zh-hans" else HEAD_TAIL_EN if lang == "en" else HEAD_TAIL)[
            result.get("head_tail", "7-8")]
        tag_name = {k: v.format(ht=ht) for k, v in TAGS[lang].items()}
        for a, b, amt, m in pairs:
            key = "pair_plain" if tags[a] == tags[b] == NONE else "pair_mult"
            out.append(t(key, a=names[a], b=names[b], amt=amt, sa=sc[a], sb=sc[b], m=m,
                         ta=tag_name[tags[a]], tb=tag_name[tags[b]]))
    else:
        out.append(t("jielong"))
        for a, b, amt, _m in pairs:
            out.append(t("pair", a=names[a], b=names[b], amt=amt, sa=sc[a], sb=sc[b]))
    if len(set(sc)) < len(sc):
        out.append(t("equal"))
    return out
