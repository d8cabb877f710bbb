"""Settlement examples worked by hand, one per game and multiplier (rules-notes §5.2, §5.3, §6.2)."""

from __future__ import annotations

from yezi.games.dominoes import settle
from yezi.games.dominoes.settle import NONE, PASS, PENALTY


def test_jielong_pairwise_by_hand():
    # scores 5, 12, 0, 20 (face-down pips). Pairs: 1→0 7, 0→2 5, 3→0 15, 1→2 12, 3→1 8, 3→2 20.
    # seat 0: +7 −5 +15 = 17; seat 1: −7 −12 +8 = −11; seat 2: 5+12+20 = 37; seat 3: −43.
    assert settle.pairwise([5, 12, 0, 20]) == [17, -11, 37, -43]
    assert settle.lowest([5, 12, 0, 20]) == 2


def test_jielong_ties_go_nearer_the_lead():
    assert settle.pairwise([3, 3]) == [0, 0]
    assert settle.lowest([9, 3, 3]) == 1
    assert settle.lowest([3, 9, 3, 3]) == 0


def test_tseding_tags():
    assert settle.tseding_tag(0, 7, 8) == PENALTY  # 頭七: the dealer placed only his lead
    assert settle.tseding_tag(0, 6, 8) == NONE
    assert settle.tseding_tag(0, 6, 8, "6-7") == PENALTY  # 頭六 [V-S3]
    assert settle.tseding_tag(1, 8, 8) == PENALTY  # 尾八
    assert settle.tseding_tag(3, 7, 8) == NONE
    assert settle.tseding_tag(3, 7, 8, "6-7") == PENALTY  # 尾七 [V-S3]
    assert settle.tseding_tag(2, 0, 8) == PASS  # 通牌
    assert settle.tseding_tag(0, 0, 8) == PASS


def test_tseding_multipliers_table():
    m = settle.pair_multiplier
    for t in (PASS, PENALTY, NONE):
        assert m(t, t) == 1
    assert m(PASS, NONE) == 2 and m(NONE, PASS) == 2
    assert m(PASS, NONE, lone_pass_double=False) == 1
    assert m(PENALTY, NONE) == 2 and m(NONE, PENALTY, False) == 2
    assert m(PASS, PENALTY) == 4 and m(PENALTY, PASS, False) == 4


def test_tseding_pairwise_with_multipliers_by_hand():
    scores = [0, 10, 30, 12]
    tags = [PASS, NONE, PENALTY, NONE]
    # (0,1) ×2: 1→0 20; (0,2) ×4: 2→0 120; (0,3) ×2: 3→0 24; (1,2) ×2: 2→1 40; (1,3) ×1: 3→1 2;
    # (2,3) ×2: 2→3 36.  seat 0: 164; seat 1: −20+40+2 = 22; seat 2: −196; seat 3: −24−2+36 = 10.
    assert settle.tseding_payments(scores, tags) == [164, 22, -196, 10]
    # lone 通牌 ×1 ([S4] wording): (0,1) 10 and (0,3) 12 instead.
    assert settle.tseding_payments(scores, tags, lone_pass_double=False) == [142, 32, -196, 22]


def test_tseding_penalty_player_with_low_score_still_doubles():
    # a 頭七 dealer whose seven face-down tiles are low can receive: the pair multiplier does not
    # care who pays ([NP] pairwise model)
    assert settle.tseding_payments([14, 20], [PENALTY, NONE]) == [12, -12]


def test_bajue_payments_by_hand():
    pips = [30, 40, 50, 25]  # seat 1 holds 八掘 (eight doubles, 40 pips)
    # [NP-J]: every other pays twice his own hand: 60 + 100 + 50
    assert settle.bajue_payments(1, pips, "hand") == [-60, 210, -100, -50]
    # [S4] twice the difference, never below zero: only seat 2 (50 − 40) pays 20
    assert settle.bajue_payments(1, pips, "difference") == [0, 20, -20, 0]


def test_dingniu_plain_by_hand():
    scores = [10, 4, 20, 15]  # winner seat 1; 小庄 seat 0; 二庄 seat 3; 大庄 seat 2
    pay, d = settle.dingniu_payments(scores)
    assert pay == [-1, 6, -3, -2] and d["order"] == [1, 0, 3, 2] and d["rule"] == "plain"


def test_dingniu_suanzhang_success_doubles():
    pay, d = settle.dingniu_payments([10, 4, 20, 15], suanzhang=[1])
    assert pay == [-2, 12, -6, -4] and d["rule"] == "suanzhang-success"


def test_dingniu_suanzhang_winner_tied_is_not_success():
    # the winner made 算帳 but is not strictly below everyone: plain payments
    pay, d = settle.dingniu_payments([4, 4, 20, 15], suanzhang=[0])
    assert pay == [6, -1, -3, -2] and d["rule"] == "plain"


def test_dingniu_baozhuang():
    # the 大庄 (seat 2) made 算帳: he pays the winner 12 alone
    pay, d = settle.dingniu_payments([10, 4, 20, 15], suanzhang=[2])
    assert pay == [0, 12, -12, 0] and d["rule"] == "baozhuang" and d["payer"] == 2
    # the 二庄 (seat 3) made 算帳: [V-D3] any loser pays; [S4] only the 大庄
    pay, _ = settle.dingniu_payments([10, 4, 20, 15], suanzhang=[3], baozhuang="any-loser")
    assert pay == [0, 12, 0, -12]
    pay, d = settle.dingniu_payments([10, 4, 20, 15], suanzhang=[3], baozhuang="dazhuang")
    assert pay == [-1, 6, -3, -2] and d["rule"] == "plain"
    # two losing 算帳 players: the worse placed pays
    pay, _ = settle.dingniu_payments([10, 4, 20, 15], suanzhang=[0, 3], baozhuang="any-loser")
    assert pay == [0, 12, 0, -12]


def test_dingniu_ties():
    # [S4]: nearer the lead ranks better at every place
    pay, _ = settle.dingniu_payments([2, 10, 10, 10])
    assert pay == [6, -1, -2, -3]
    # [V-D2]: among losers the later player ranks better
    pay, _ = settle.dingniu_payments([2, 10, 10, 10], ties="later")
    assert pay == [6, -3, -2, -1]
    # the winner tie still goes nearer the lead under V-D2
    pay, d = settle.dingniu_payments([5, 9, 5, 7], ties="later")
    assert d["winner"] == 0 and pay == [6, -3, -1, -2]
