"""Liability rules 代人認開數 (spec §5.3), computed from the play log after the hand."""

import pytest

from tests.madiao.madiao_helpers import positions
from yezi.core.errors import IllegalAction
from yezi.games.madiao.game import DOWN, MaDiao, stake_code

FACE = 37  # 七錢: count 7 → 三七到樁, the banker is 頭 and leads


def deal_of(hands, stock, face=FACE, tou=0):
    cards = [None] * 40
    cards[39] = face
    for i, c in enumerate(stock):
        cards[32 + i] = c
    for seat, h in hands.items():
        for p, c in zip(positions(tou, seat), h):
            cards[p] = c
    assert sorted(cards) == list(range(40))
    return {"cards": cards, "pool": 0}


D1_DEAL = deal_of(
    {0: [22, 23, 18, 16, 33, 34, 35, 36], 1: [1, 13, 17, 31, 32, 38, 24, 25],
     2: [2, 21, 5, 6, 26, 27, 19, 39], 3: [10, 11, 12, 14, 15, 20, 29, 30]},
    [0, 3, 4, 7, 8, 9, 28],
)
D3_DEAL = deal_of(
    {0: [22, 23, 18, 16, 33, 34, 35, 36], 1: [21, 13, 17, 31, 32, 38, 1, 25],
     2: [2, 24, 5, 6, 26, 27, 19, 39], 3: [10, 11, 12, 14, 15, 20, 29, 30]},
    [0, 3, 4, 7, 8, 9, 28],
)
D2_DEAL = deal_of(
    {0: [22, 11, 18, 16, 33, 34, 35, 36], 1: [21, 13, 17, 31, 32, 38, 1, 25],
     2: [2, 24, 5, 6, 26, 27, 19, 39], 3: [10, 23, 12, 14, 15, 20, 29, 30]},
    [0, 3, 4, 7, 8, 9, 28],
)


def play(game, deal, script):
    s = game.new_state(deal)
    s.apply(stake_code(2))
    assert s.phase == "play" and s.current_player == 0
    for a in script:
        s.apply(a)
    while s.current_player is not None:
        s.apply(s.legal_actions()[-1])  # finish with discards / low cards
    return s


def liab(s, rule):
    return [x for x in s.settlement()["status"]["liabilities"] if x["rule"] == rule]


def item_net(s, rule):
    net = [0, 0, 0, 0]
    for it in s.view(None)["settlement"]["items"]:
        if it["item"] == "代人認開" and it["detail"].startswith(rule):
            for tr in it["transfers"]:
                net[tr["from"]] -= tr["chips"]
                net[tr["to"]] += tr["chips"]
    return net


D1_SCRIPT = [22, DOWN + 1, DOWN + 27, DOWN + 30,  # 千萬 discarded before 百老 appears (L2)
             23, DOWN + 38, 21, DOWN + 15,  # seat 2 captures 六索 with 八索
             2, DOWN + 14, DOWN + 36, DOWN + 32]  # seat 2 leads 百老 and wins: 大活


def test_d1_premature_qianwan_makes_bailao_live():
    g = MaDiao.from_preset()
    s = play(g, D1_DEAL, D1_SCRIPT)
    assert s.settlement()["status"]["bailao"] == "大活百"
    [d1] = liab(s, "D1")
    assert (d1["offender"], d1["beneficiary"], d1["kai"]) == (1, 2, 2)  # 未正本者認二開
    assert item_net(s, "D1") == [4, -4, 0, 0]  # 活散家止代樁認: he reimburses the banker


def test_d1_warning_is_shown_and_the_play_allowed():
    g = MaDiao.from_preset()
    s = g.new_state(D1_DEAL)
    s.apply(stake_code(2))
    s.apply(22)
    assert any(w.startswith("D1") for w in s.warnings(DOWN + 1))
    s.apply(DOWN + 1)  # 願認者聽


def test_d1_exception_both_guards_and_prohibition():
    g = MaDiao.from_preset(guard_rules="prohibit")
    s = g.new_state(D1_DEAL)
    s.apply(stake_code(2))
    s.apply(22)
    with pytest.raises(IllegalAction) as e:
        s.apply(DOWN + 1)
    assert e.value.rule == "L2"
    assert DOWN + 1 not in s.legal_actions()
    g_off = MaDiao.from_preset(guard_rules="off")
    assert liab(play(g_off, D1_DEAL, D1_SCRIPT), "D1") == []


def test_d1_not_due_when_bailao_does_not_live():
    g = MaDiao.from_preset()
    # same offence, but 百老 is discarded by its holder: no 大活, no liability
    s = play(g, D1_DEAL, [22, DOWN + 1, DOWN + 2, DOWN + 30])
    assert liab(s, "D1") == []


def test_d2_letting_the_banker_pass_makes_his_shang_live():
    g = MaDiao.from_preset()
    script = [22, DOWN + 25, DOWN + 27, DOWN + 30,  # seat 1 could capture 七索 with 八索: 放
              11, DOWN + 38, DOWN + 26, DOWN + 15]  # the banker leads 九萬 next and wins it
    s = play(g, D2_DEAL, script)
    assert [z for z, w in s.settlement()["status"]["live_shang"] if w == 0] == [11]
    [d2] = liab(s, "D2")
    assert (d2["offender"], d2["beneficiary"], d2["kai"]) == (1, 0, 2)
    assert item_net(s, "D2") == [0, -8, 4, 4]  # 若活樁家則兼三家認


def test_d3_is_optional():
    script = [22, DOWN + 25, DOWN + 27, DOWN + 30, 23, DOWN + 38, DOWN + 26, DOWN + 15]
    assert liab(play(MaDiao.from_preset(), D3_DEAL, script), "D3") == []
    s = play(MaDiao.from_preset(d3=True), D3_DEAL, script)
    [d3] = liab(s, "D3")
    assert (d3["offender"], d3["beneficiary"], d3["kai"]) == (1, 0, 2)
    assert item_net(s, "D3") == [0, -8, 4, 4]
    assert sum(s.net()) + s.pool_change() == 0


L1_DEAL = deal_of(
    {1: [10, 13, 17, 31, 32, 24, 25, 36], 2: [2, 21, 5, 6, 26, 27, 19, 39],
     0: [22, 23, 18, 16, 33, 34, 35, 37], 3: [11, 12, 14, 15, 20, 29, 30, 9]},
    [0, 1, 3, 4, 7, 8, 28], face=38, tou=1,  # 八錢: 四八自得, the dealer is 頭 and leads
)


def test_d1_leading_ten_without_bailao():
    """L1: '十門為虛位。非百老在手，不可鬭也' — a low 十 lead that 百老 captures and lives on."""
    g = MaDiao.from_preset()
    s = g.new_state(L1_DEAL)
    s.apply(stake_code(2))
    assert s.current_player == 1
    assert any("L1" in w for w in s.warnings(10))
    for a in [10, 2, DOWN + 30, DOWN + 37, 21, DOWN + 29, DOWN + 35, DOWN + 32]:
        s.apply(a)
    while s.current_player is not None:
        s.apply(s.legal_actions()[-1])
    assert s.settlement()["status"]["bailao"] == "大活百"
    [d1] = liab(s, "D1")
    assert (d1["offender"], d1["beneficiary"], d1["kai"]) == (1, 2, 2)
    assert item_net(s, "D1") == [4, -4, 0, 0]
    strict = MaDiao.from_preset("feng-strict").new_state(L1_DEAL)
    strict.apply(stake_code(2))
    assert 10 not in strict.legal_actions()  # as a prohibition


def test_d1_low_ten_lead_is_not_charged_when_another_card_captures_it():
    """docs/madiao.md and the in-game warning: D1 for a low 十 lead applies when 百老 captures that
    lead. Here the 百老 holder takes it with 七十 and wins with 百老 only in the next trick."""
    g = MaDiao.from_preset()
    s = g.new_state(L1_DEAL)
    s.apply(stake_code(2))
    assert s.guard_breach(1, 10) == "L1"
    for a in [10, 5, DOWN + 30, DOWN + 37, 2, DOWN + 29, DOWN + 35, DOWN + 32]:
        s.apply(a)
    assert s.trick_winners[:2] == [2, 2] and s.tricks[0]["best"] == 5 and s.tricks[1]["best"] == 2
    while s.current_player is not None:
        s.apply(s.legal_actions()[-1])
    assert s.settlement()["status"]["bailao"] == "大活百"
    assert liab(s, "D1") == []
    assert item_net(s, "D1") == [0, 0, 0, 0]
