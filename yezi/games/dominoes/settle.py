"""Settlement of the domino games as pure functions of scores (and tags), so they can be tested
by hand examples apart from any play.

Seat 0 is the dealer, who led; seats follow in turn order (counter-clockwise), so "nearer the
lead" means a lower seat number.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

PASS, PENALTY, NONE = "pass", "penalty", "none"


def lowest(scores: Sequence[int]) -> int:
    """The winner: lowest score; ties go to the player nearer the lead (§5.2 step 8, §6.2 step 7)."""
    return min(range(len(scores)), key=lambda s: (scores[s], s))


def pairwise(scores: Sequence[int], mult: Callable[[int, int], int] | None = None) -> list[int]:
    """Every pair settles the gap: the higher scorer pays the lower the difference (× `mult`).

    接龍 §5.2 step 7 [S4], with [NP]'s worked example; 斜釘 passes its pair multiplier.
    """
    n = len(scores)
    pay = [0] * n
    for i in range(n):
        for j in range(i + 1, n):
            d = (scores[i] - scores[j]) * (mult(i, j) if mult else 1)
            pay[i] -= d
            pay[j] += d
    return pay


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

BASE = (6, -1, -2, -3)  # winner, 小庄, 二庄, 大庄 (§6.2 step 8)
RANK_NAMES = {
    "zh-hant": ("贏家", "小庄", "二庄", "大庄"),
    "zh-hans": ("赢家", "小庄", "二庄", "大庄"),
    "en": ("winner", "third loser (小庄)", "second loser (二庄)", "big loser (大庄)"),
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
