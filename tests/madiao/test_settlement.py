"""Settlement: the 15 trick distributions (Models A and B), the worked example of spec §4.9,
each 賀 hand, 四極, 免鬭, the cut 百老, 假逵 and the pool accounting."""

from fractions import Fraction as Fr

import pytest

from tests.madiao.madiao_helpers import build_deal, fake_played, item_zhu, start
from yezi.components import madiao_deck as d
from yezi.games.madiao.game import MaDiao

SPECIAL = {*d.ZHENG_SHANG, *d.CI_SHANG, *d.JI, *d.CI_TU, d.BAILAO, d.JIUSHI}
STOCK = [d.BAILAO, d.JIUSHI, 27, 26, 25, 24]  # 百老 and 九十 out of play; 二索..五索
PLAIN = [c for c in range(40) if c not in SPECIAL and c not in STOCK]
FACE = 23  # 六索: count 6 → 頭 is the shuffler; SECOND below is no 正賞
SECOND = 22


def played(game, counts, winners=None):
    it = iter(PLAIN)
    won = [[next(it) for _ in range(n)] for n in counts]
    deal = build_deal({}, FACE, second=SECOND, stock=STOCK)
    return fake_played(game, deal, won, winners)


DISTRIBUTIONS = {
    # tricks: Model A net 注 per player in that order
    (8, 0, 0, 0): (3, -1, -1, -1),
    (7, 1, 0, 0): (3, -1, -1, -1),
    (6, 1, 1, 0): (3, -1, -1, -1),
    (5, 1, 1, 1): (3, -1, -1, -1),
    (6, 2, 0, 0): (2, 0, -1, -1),
    (5, 2, 1, 0): (2, 0, -1, -1),
    (4, 2, 1, 1): (2, 0, -1, -1),
    (5, 3, 0, 0): (1, 1, -1, -1),
    (4, 4, 0, 0): (1, 1, -1, -1),
    (4, 3, 1, 0): (1, 1, -1, -1),
    (3, 3, 1, 1): (1, 1, -1, -1),
    (4, 2, 2, 0): (1, 0, 0, -1),
    (3, 2, 2, 1): (1, 0, 0, -1),
    (3, 3, 2, 0): (Fr(1, 2), Fr(1, 2), 0, -1),
    (2, 2, 2, 2): (0, 0, 0, 0),
}


def test_there_are_fifteen_distributions():
    parts = {tuple(sorted((a, b, c, 8 - a - b - c), reverse=True))
             for a in range(9) for b in range(9) for c in range(9) if a + b + c <= 8}
    assert parts == set(DISTRIBUTIONS)


@pytest.mark.parametrize("dist", sorted(DISTRIBUTIONS))
@pytest.mark.parametrize("rot", range(4))
def test_diao_model_a(dist, rot):
    g = MaDiao.from_preset()
    counts = [dist[(i + rot) % 4] for i in range(4)]
    expect = [Fr(DISTRIBUTIONS[dist][(i + rot) % 4]) for i in range(4)]
    s = played(g, counts)
    assert item_zhu(s, "弔") == expect
    assert sum(item_zhu(s, "弔")) == 0


@pytest.mark.parametrize("dist", sorted(DISTRIBUTIONS))
@pytest.mark.parametrize("rot", range(4))
def test_diao_model_b(dist, rot):
    g = MaDiao.from_preset(diao_model="B")
    counts = [dist[(i + rot) % 4] for i in range(4)]
    s = played(g, counts)
    expect = [Fr(0)] * 4
    for seat in (1, 2, 3):  # banker-centred: the banker's own count is ignored
        if counts[seat] <= 1:
            expect[seat] -= 1
            expect[0] += 1
        elif counts[seat] >= 3:
            expect[seat] += 1
            expect[0] -= 1
    assert item_zhu(s, "弔") == expect


def test_worked_example_of_spec_4_9():
    """B 3 tricks with 萬萬 live; X dealt 百老 + 六萬, wins with 百老 (大活百突); Y 2; Z 0."""
    g = MaDiao.from_preset()
    hands = {1: [d.BAILAO, d.LIUWAN, 4, 5, 16, 17, 31, 32]}
    deal = build_deal(hands, FACE, second=SECOND, stock=[d.JIUSHI, d.QIANWAN, 27, 26, 25, 24])
    deal["pool"] = 10
    won = [[d.WANWAN, 6, 7], [d.BAILAO, 4, 16], [33, 34], []]
    s = fake_played(g, deal, won, stake=2)
    st = s.settlement()
    assert [Fr(x) / 2 for x in st["transfers"]] == [Fr(-5, 2), Fr(15, 2), -2, -3]
    assert {it["item"] for it in st["items"]} == {"弔", "賞", "大活百突", "敲門", "官堆"}
    # X also takes the 官堆; payments include it, and payments plus the pool's change sum to zero
    assert s.net() == [-5, 15 + 10, -4, -6] and s.payments() == [-5, 15, -4, -6]
    assert s.pool_change() == -10
    assert sum(s.net()) + s.pool_change() == 0
    assert st["next_banker"] == ("rotate", 1)  # B did not get 大活


def test_banker_dahuo_keeps_the_bank():
    g = MaDiao.from_preset()
    hands = {0: [d.BAILAO, 4, 5, 6, 16, 17, 31, 32]}
    deal = build_deal(hands, FACE, second=SECOND, stock=[d.JIUSHI, d.QIANWAN, 27, 26, 25, 24])
    s = fake_played(g, deal, [[d.BAILAO, 4, 5], [7, 8], [33, 34], [35]], stake=2)
    assert item_zhu(s, "大活百") == [9, -3, -3, -3]  # the banker collects from each 散家
    assert s.next_banker() == ("keep", 0)
    assert item_zhu(s, "敲門") == [0, 0, 0, 0]  # the banker never knocks


@pytest.mark.parametrize(
    "won_bai,counts,name,amount",
    [(False, 2, "小活百", 2), (True, 1, "死百", 1), (False, 0, "死百", 1)],
)
def test_bailao_status(won_bai, counts, name, amount):
    g = MaDiao.from_preset()
    hands = {2: [d.BAILAO, 4, 5, 6, 16, 17, 31, 32]}
    deal = build_deal(hands, FACE, second=SECOND, stock=[d.JIUSHI, 27, 26, 25, 24, 13])
    mine = ([d.BAILAO] if won_bai else []) + [33, 34][: counts - (1 if won_bai else 0)]
    others = [x for x in [7, 8, 9, 35, 36, 37, 38, 18] if x not in mine]
    rest = 8 - len(mine)
    won = [others[:rest], [], mine, []]
    s = fake_played(g, deal, won)
    assert s.settlement()["status"]["bailao"] == name
    assert item_zhu(s, name) == [-amount, 0, amount, 0]  # a 散家 collects from the banker only


def test_xiaotu_and_sankai_sihong():
    g = MaDiao.from_preset()
    hands = {3: [d.JIUSHI, d.WUWAN, d.BAILAO, d.QIANWAN, d.WANWAN, d.KONGWEN, 31, 32]}
    deal = build_deal(hands, FACE, second=SECOND, stock=[27, 26, 25, 24, 4, 5])
    won = [[6], [7], [33, 34], [d.BAILAO, d.QIANWAN, d.WANWAN, d.KONGWEN, 31]]
    s = fake_played(g, deal, won)
    items = [it["item"] for it in s.settlement()["items"]]
    assert "四紅" in items and "三開" not in items  # highest level only (V15)
    assert "大活百突" in items and "小突" not in items  # the only 雌 (五萬) pairs with 百老 first
    s2 = fake_played(MaDiao.from_preset(nested_items="cumulative"), deal, won)
    assert "三開" in [it["item"] for it in s2.settlement()["items"]]


def test_xiaotu_with_its_own_ci():
    g = MaDiao.from_preset()
    hands = {3: [d.JIUSHI, d.WUWAN, d.LIUWAN, d.BAILAO, 31, 32, 33, 34]}
    deal = build_deal(hands, FACE, second=SECOND, stock=[27, 26, 25, 24, 4, 5])
    won = [[6, 7, 8], [9, 16], [17], [31, 32]]
    s = fake_played(g, deal, won)
    assert item_zhu(s, "小突") == [-1, 0, 0, 1] and item_zhu(s, "小活百突") == [-4, 0, 0, 4]
    g1 = MaDiao.from_preset(tu_multiple="one-per-player")
    assert item_zhu(fake_played(g1, deal, won), "小突") == [0, 0, 0, 0]


@pytest.mark.parametrize(
    "name,hand,amount",
    [
        ("四尊四極", [*d.ZHENG_SHANG, *d.JI], 8),
        ("八紅", [*d.ZHENG_SHANG, d.ERSHI, d.YIWAN, d.YISUO, d.QIANWAN], 6),
        ("八紅有百老", [*d.ZHENG_SHANG, d.ERSHI, d.YIWAN, d.QIANWAN, d.BAILAO], 7),
        ("渾成", list(range(11, 19)), 4),
        ("十門渾成有百老", list(range(0, 8)), 5),
        ("全突", [d.BAILAO, d.JIUSHI, d.WUWAN, d.LIUWAN, d.BAWAN, 27, 26, 33], 5),
        ("四尊", [*d.ZHENG_SHANG, 5, 16, 27, 33], 4),
        ("四尊有百老", [*d.ZHENG_SHANG, d.BAILAO, 16, 27, 33], 5),
    ],
)
def test_he_hands(name, hand, amount):
    g = MaDiao.from_preset()
    deal = build_deal({2: hand}, 24)  # face 五索: count 5
    s = start(g, deal, stake=4)
    assert s.end_reason == "he" and s.he[0][1] == name
    exempt = None if d.BAILAO in hand else next((p for p in range(4) if d.BAILAO in s.dealt[p]), None)
    expect = [0, 0, 0, 0]
    for p in range(4):
        if p not in (2, exempt):
            expect[p] -= amount * 4
            expect[2] += amount * 4
    st = s.settlement()
    assert st["transfers"] == expect  # 止有百老之家免賀
    assert st["next_banker"] == ("seize", 2)  # 竟奪作樁
    assert "異賞" in st["items"][0]["clause"]


def test_he_cumulative_option():
    g = MaDiao.from_preset(he_multiple="cumulative")
    s = start(g, build_deal({1: [*d.ZHENG_SHANG, *d.JI]}, 24))
    assert s.he[0][2] == 8 + 6 + 4  # 四尊四極 + 八紅 + 四尊


def test_siji_and_long_suit_and_cut_bailao():
    g = MaDiao.from_preset()
    s = start(g, build_deal({3: [*d.JI, 5, 16, 27, 33]}, 24), stake=2)
    assert s.end_reason == "siji"
    assert s.transfers() == [-2, -2, -2, 6]
    assert s.next_banker() == ("redraw", -1)
    s = start(g, build_deal({0: [4, 5, 6, 7, 8, 16, 27, 33]}, 24), stake=2)
    assert s.end_reason == "mian" and s.transfers() == [0, 0, 0, 0]
    assert s.net() == [-2, -2, -2, -2] and s.pool_change() == 8  # ante: no 大活
    s = start(MaDiao.from_preset(ante_after_void=False), build_deal({0: [4, 5, 6, 7, 8, 16, 27, 33]}, 24))
    assert s.net() == [0, 0, 0, 0]
    s = start(g, build_deal({}, d.BAILAO), stake=4)
    assert s.end_reason == "cut-bailao"
    assert s.net() == [-4, -8, -4, -4] and s.pool_change() == 20


def test_waivable_mian_dou():
    g = MaDiao.from_preset(mian_dou="waivable")
    s = start(g, build_deal({0: [4, 5, 6, 7, 8, 16, 27, 33]}, 24))
    assert s.phase == "mian" and s.current_player == 0
    s.apply("鬭")
    assert s.phase == "play"


def test_substitution_when_a_zheng_shang_is_the_face():
    g = MaDiao.from_preset()
    deal = build_deal({}, d.JIUWAN, second=SECOND, stock=STOCK)
    s = fake_played(g, deal, [[d.BAWAN, 4, 5], [6, 7], [33, 34], [35]])
    assert item_zhu(s, "賞") == [3, -1, -1, -1]  # 正賞在面，次賞代之


@pytest.mark.parametrize("opts,second,won8,expect", [
    ({}, d.JIUWAN, True, [-3, 1, 1, 1]),  # 假逵: seat 0 won 八萬 and 九萬 is the 底牌次張
    ({}, d.JIUWAN, False, [0, 0, 0, 0]),  # 若預先滅死，不論
    ({}, d.JIUSUO, True, [0, 0, 0, 0]),  # another suit's 正賞: same suit only by default
    ({"jiakui_suit": "any-suit"}, d.JIUSUO, True, [-3, 1, 1, 1]),
    ({"jiakui_payee": "pool"}, d.JIUWAN, True, [-3, 0, 0, 0]),
])
def test_jiakui(opts, second, won8, expect):
    g = MaDiao.from_preset(**opts)
    deal = build_deal({}, FACE, second=second, stock=STOCK)
    w0 = [d.BAWAN, 4, 5] if won8 else [6, 4, 5]
    s = fake_played(g, deal, [w0, [7, 8], [33, 34], [35]])
    assert item_zhu(s, "假逵") == expect
    assert sum(s.net()) + s.pool_change() == 0


def test_seven_tricks():
    g = MaDiao.from_preset()
    deal = build_deal({}, FACE, second=SECOND, stock=STOCK)
    won = [PLAIN[:7], [PLAIN[7]], [], []]
    lost_first = fake_played(g, deal, won, winners=[1, 0, 0, 0, 0, 0, 0, 0])
    lost_later = fake_played(g, deal, won, winners=[0, 0, 0, 1, 0, 0, 0, 0])
    assert item_zhu(lost_first, "八卓全收") == [0, 0, 0, 0]  # 若他人先得一桌，以後得七桌，不算
    assert item_zhu(lost_later, "八卓全收") == [24, -8, -8, -8]
    g2 = MaDiao.from_preset(seven_tricks="first-seven")
    assert item_zhu(fake_played(g2, deal, won, winners=[0, 0, 0, 1, 0, 0, 0, 0]), "八卓全收") == [0] * 4
