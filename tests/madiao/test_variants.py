"""Each reconstruction choice (spec §6) changes what it should, and nothing breaks."""

import pytest

from tests.madiao.madiao_helpers import build_deal, fake_played, item_zhu, start
from yezi.components import madiao_deck as d
from yezi.games.madiao.game import DOWN, MaDiao, stake_code
from yezi.games.madiao.session import Session

FACE, SECOND = 23, 22  # 六索 (count 6: 頭 is the shuffler), 七索
STOCK = [d.BAILAO, d.JIUSHI, 27, 26, 25, 24]


def test_v7_first_lead():
    deal = build_deal({}, FACE)
    assert start(MaDiao.from_preset(), deal).current_player == 3  # 頭家
    assert start(MaDiao.from_preset(first_lead="banker"), deal).current_player == 0


def test_v21_fixed_stake_and_stake_range():
    s = MaDiao.from_preset(stake_mode="fixed", stake_min=4).start(seed=1)
    assert s.stake == 4 and s.history == []
    s = MaDiao.from_preset(stake_min=4, stake_max=10).start(seed=1)
    assert [a - 80 for a in s.legal_actions()] == [1, 2, 3, 4]  # 4, 6, 8, 10 chips
    assert s.view(1).get("hand") is None  # the stake is set before the deal


def test_v24_hidden_face_card():
    g = MaDiao.from_preset(face_card="hidden")
    s = start(g, build_deal({}, FACE))
    v = s.view(1)
    assert v["face"] is None and v["count"] is None and v["tou"] == 3
    while s.current_player is not None:
        s.apply(s.legal_actions()[0])
    assert s.view(1)["face"] == FACE  # shown at 看賞


def test_v22_stock_turned_at_the_end():
    g = MaDiao.from_preset(qing_extensions=True)
    s = g.start(seed=4)
    while s.current_player is not None:
        s.apply(s.legal_actions()[0])
    assert s.view(0)["reveal"]["stock"] == sorted(s.cards[32:38])
    s2 = MaDiao.from_preset().start(seed=4)
    while s2.current_player is not None:
        s2.apply(s2.legal_actions()[0])
    assert s2.view(0)["reveal"]["stock"] is None


def test_v5_v6_recuts():
    g = MaDiao.from_preset(banwen_count="5")
    assert start(g, build_deal({}, d.BANWEN)).count == 5
    g = MaDiao.from_preset(banwen_count="recut", cut_bailao="recut")
    for seed in range(200):
        assert g.deal_from_seed(seed)["cards"][-1] not in (d.BANWEN, d.BAILAO)
    s = start(g, build_deal({}, d.BAILAO, second=d.BANWEN))
    assert s.recut == [d.BAILAO, d.BANWEN] and s.face not in (d.BAILAO, d.BANWEN)
    assert s.end_reason != "cut-bailao" and d.BAILAO in s.cards[32:38]


def test_v6_qing_substitution():
    g = MaDiao.from_preset(substitution="qing", cishang_pays=True)
    deal = build_deal({}, d.BAWAN, second=SECOND, stock=STOCK)  # the 次賞 八萬 is the face
    s = fake_played(g, deal, [[d.parse_card("七萬"), 4, 5], [6, 7], [33, 34], [35]])
    assert item_zhu(s, "次賞") == [3, -1, -1, -1]  # 七萬 stands for the exposed 次賞


def test_v8_v9_obligations():
    deal = build_deal({}, FACE, seed=5)
    for opts in ({"must_capture": True}, {"must_follow": True}):
        s = start(MaDiao.from_preset(**opts), deal)
        s.apply(s.legal_actions()[0])  # a lead
        seat = s.current_player
        best = s.tricks[-1]["best"]
        legal = s.legal_actions()
        caps = [c for c in s.hands[seat] if d.beats(c, best)]
        led = [c for c in s.hands[seat] if d.suit_of(c) == d.suit_of(best)]
        if "must_capture" in opts and caps:
            assert all(a < DOWN for a in legal)
        if "must_follow" in opts and led:
            assert all(d.suit_of(a % 40) == d.suit_of(best) for a in legal)


def test_v17_play_out_and_quantu():
    hand = [*d.ZHENG_SHANG, 5, 16, 27, 33]
    s = start(MaDiao.from_preset(he_timing="play-out"), build_deal({2: hand}, 24))
    assert s.phase == "play" and s.he[0][1] == "四尊"
    while s.current_player is not None:
        s.apply(s.legal_actions()[0])
    assert "賀" in [it["item"] for it in s.settlement()["items"]]
    assert s.next_banker() == ("seize", 2)
    quantu = [d.BAILAO, d.JIUSHI, d.WUWAN, d.LIUWAN, d.BAWAN, 27, 26, 33]
    assert start(MaDiao.from_preset(), build_deal({1: quantu}, 24)).end_reason == "he"
    assert start(MaDiao.from_preset(quantu_condition="dahuo"), build_deal({1: quantu}, 24)).end_reason != "he"


def test_v18_long_suit_off():
    hand = [4, 5, 6, 7, 8, 16, 27, 33]
    assert start(MaDiao.from_preset(), build_deal({0: hand}, 24)).end_reason == "mian"
    assert start(MaDiao.from_preset(long_suit="off"), build_deal({0: hand}, 24)).phase == "play"


def test_v19_pool_unit_chip():
    hand = [4, 5, 6, 7, 8, 16, 27, 33]
    s = start(MaDiao.from_preset(pool_unit="chip"), build_deal({0: hand}, 24), stake=6)
    assert s.net() == [-1, -1, -1, -1] and s.pool_change() == 4


def test_v1_red_sets():
    hand = [*d.ZHENG_SHANG, *d.CI_SHANG]
    s = start(MaDiao.from_preset(red_set="qing9"), build_deal({1: hand}, 24))
    assert s.end_reason == "he" and s.he[0][1] == "八紅"
    s = start(MaDiao.from_preset(), build_deal({1: hand}, 24))
    assert s.he[0][1] == "四尊"


def test_v13_jiakui_needs_zhengben():
    deal = build_deal({}, FACE, second=d.JIUWAN, stock=STOCK)
    won = [[4, 5, 6], [7, 8], [33, 34], [d.BAWAN]]
    assert item_zhu(fake_played(MaDiao.from_preset(), deal, won), "假逵") == [1, 1, 1, -3]
    g = MaDiao.from_preset(jiakui_zhengben=True)
    assert item_zhu(fake_played(g, deal, won), "假逵") == [0, 0, 0, 0]


def test_v14_qiaomen_and_pairing():
    hands = {1: [d.BAILAO, d.LIUWAN, 4, 5, 16, 17, 31, 32]}
    deal = build_deal(hands, FACE, second=SECOND, stock=[d.JIUSHI, d.QIANWAN, 27, 26, 25, 24])
    won = [[6, 7, 8], [d.BAILAO, 4, 16], [33, 34], []]
    assert item_zhu(fake_played(MaDiao.from_preset(qiaomen_amount="qing"), deal, won), "敲門") == [0, 4, -2, -2]
    s = fake_played(MaDiao.from_preset(tu_pairing="ci-shangzhuo"), deal, won)
    assert s.settlement()["status"]["bailao"] == "大活百"  # 六萬 was not 上卓


def test_v4_bank_keeping_and_direction():
    hands = {2: [d.BAILAO, 4, 5, 6, 16, 17, 31, 32]}
    deal = build_deal(hands, FACE, second=SECOND, stock=[d.JIUSHI, d.QIANWAN, 27, 26, 25, 24])
    won = [[7, 8], [9, 33], [d.BAILAO, 4, 5], [34]]
    assert fake_played(MaDiao.from_preset(), deal, won).next_banker() == ("rotate", 1)
    assert fake_played(MaDiao.from_preset(banker_keep="any-dahuo"), deal, won).next_banker() == ("keep", 0)
    assert fake_played(MaDiao.from_preset(rotation="shangjia"), deal, won).next_banker() == ("rotate", 3)


@pytest.mark.parametrize("mode", ["descending", "choose", "random"])
def test_v2_v3_seat_draw_and_first_banker(mode):
    for fb in ("highest-card", "dice", "fixed-seat"):
        sess = Session(MaDiao.from_preset(seat_draw=mode, first_banker=fb), 3)
        assert sorted(sess.table) == [0, 1, 2, 3] and 0 <= sess.banker_pos < 4
        if fb == "fixed-seat":
            assert sess.banker_pos == 0


def test_v10_off_has_no_warnings():
    g = MaDiao.from_preset(guard_rules="off")
    s = g.new_state(build_deal({1: [d.QIANWAN, 16, 17, 31, 32, 33, 34, 35]}, FACE))
    s.apply(stake_code(2))
    while s.current_player is not None:
        for a in s.legal_actions():
            assert not [w for w in s.warnings(a) if w.startswith("D1")]
        s.apply(s.legal_actions()[0])
    assert not s.settlement()["status"]["liabilities"] or all(
        x["rule"] != "D1" for x in s.settlement()["status"]["liabilities"])


@pytest.mark.parametrize("name,hand", [
    ("四尊四極", [*d.ZHENG_SHANG, *d.JI]),  # always holds 四極
    ("渾成", list(range(d.SUIT_START[1], d.SUIT_START[1] + 8))),  # 8 of 萬: always a long suit
])
def test_v17_play_out_pays_he_hands_that_also_trip_a_preplay_check(name, hand):
    """Under he_timing=play-out a 賀 has precedence over 四極 and the long-suit 免鬭 as it does
    before play (spec §4.7: only the 賀 is paid), so the hand is played and the 賀 paid."""
    g = MaDiao.from_preset(he_timing="play-out")
    s = start(g, build_deal({2: hand}, 24))
    assert s.phase == "play" and s.he[0][:2] == (2, name)
    while s.current_player is not None:
        s.apply(s.legal_actions()[0])
    he = [it for it in s.settlement()["items"] if it["item"] == "賀"]
    assert he and he[0]["detail"] == name
    assert s.next_banker() == ("seize", 2)
    # the default (preplay) pays the same 賀 without play
    pre = start(MaDiao.from_preset(), build_deal({2: hand}, 24))
    assert pre.end_reason == "he" and pre.next_banker() == ("seize", 2)


def test_v17_play_out_keeps_another_seats_he_when_someone_holds_siji():
    """A 賀 in one seat and 四極 in another: the 賀 is not lost to the 四極 check."""
    he_hand = [*d.ZHENG_SHANG, 5, 16, 27, 33]
    ji_hand = [*d.JI, 4, 3, 2, 1]
    deal = build_deal({2: he_hand, 1: ji_hand}, 24)
    s = start(MaDiao.from_preset(he_timing="play-out"), deal)
    assert s.phase == "play"
    while s.current_player is not None:
        s.apply(s.legal_actions()[0])
    assert [it["detail"] for it in s.settlement()["items"] if it["item"] == "賀"] == ["四尊"]
    assert start(MaDiao.from_preset(), deal).end_reason == "he"
