"""The 40-card deck, its three orderings, aliases, classes, and the deal-count table."""

import pytest

from yezi.components import madiao_deck as d
from yezi.games.madiao.game import MaDiao, first_receiver


def test_forty_cards_in_four_suits():
    sizes = [sum(1 for c in range(40) if d.suit_of(c) == s) for s in range(4)]
    assert sizes == [11, 9, 9, 11]
    names = {d.card_name(c) for c in range(40)}
    assert len(names) == 40


def test_trick_rank_within_suit_only():
    assert d.beats(d.WANWAN, d.QIANWAN) and d.beats(d.QIANWAN, d.BAILAO) and d.beats(d.BAILAO, d.JIUSHI)
    assert d.beats(d.KONGWEN, d.BANWEN) and d.beats(d.BANWEN, d.parse_card("一錢"))
    assert d.beats(d.parse_card("一錢"), d.JIUQIAN)  # the cash suit runs in reverse
    assert not d.beats(d.WANWAN, d.JIUWAN)  # no trumps: different suits never beat
    assert not d.beats(d.ERSHI, d.JIUSHI)


def test_money_order_for_the_seat_draw():
    order = sorted(range(40), key=d.money_order)
    assert order[0] == d.WANWAN and order[-1] == d.KONGWEN  # 萬萬最尊，空文最卑
    assert order[10] == d.ERSHI and order[11] == d.JIUWAN
    assert order[-2] == d.BANWEN and order[-3] == d.parse_card("一錢") and order[29] == d.JIUQIAN


@pytest.mark.parametrize(
    "name,value",
    [("萬萬", 1), ("千萬", 1), ("百萬", 1), ("空文", 1), ("九十", 9), ("二十", 2), ("一萬", 1), ("五索", 5),
     ("一錢", 1), ("九錢", 9)],
)
def test_count_values(name, value):
    assert d.count_value(d.parse_card(name)) == value


def test_banwen_count_option():
    assert d.count_value(d.BANWEN) == 1
    assert d.count_value(d.BANWEN, banwen=5) == 5


# 散牌數法: count from the banker's opposite (seat 2) as 1, in play direction.
DEAL_COUNT_TABLE = {
    1: 2, 5: 2, 9: 2,  # 一五九過身 (opposite)
    2: 3, 6: 3,  # the shuffler (樁上首)
    3: 0, 7: 0,  # 三七到樁
    4: 1, 8: 1,  # 四八自得 (the dealer)
}


@pytest.mark.parametrize("n,seat", sorted(DEAL_COUNT_TABLE.items()))
def test_deal_count_table(n, seat):
    assert first_receiver(n) == seat


@pytest.mark.parametrize("face,seat", [("萬萬", 2), ("二十", 3), ("三萬", 0), ("四索", 1), ("九錢", 2), ("空文", 2)])
def test_deal_from_the_face_card(face, seat):
    from tests.madiao.madiao_helpers import build_deal, start

    g = MaDiao.from_preset()
    s = start(g, build_deal({}, d.parse_card(face), seed=3))
    assert s.tou == seat
    # 各四而再周之: packets of four from 頭, twice round
    assert set(s.dealt[seat]) == set(s.cards[0:4]) | set(s.cards[16:20])
    assert all(len(h) == 8 for h in s.dealt)


def test_aliases_and_classes():
    for alias, card in [("百老", d.BAILAO), ("大公突", d.BAILAO), ("小公突", d.JIUSHI), ("枝花", d.BANWEN),
                        ("紅萬", d.WANWAN), ("萬勝", d.WANWAN), ("紅千", d.QIANWAN), ("千僧", d.QIANWAN),
                        ("空湯", d.KONGWEN), ("空堂", d.KONGWEN), ("WW", d.WANWAN), ("m9", d.JIUWAN),
                        ("Coin9", d.JIUQIAN), ("万万", d.WANWAN)]:
        assert d.parse_card(alias) == card
    assert set(d.ZHENG_SHANG) == {d.parse_card(x) for x in ("萬萬", "九萬", "九索", "空文")}
    assert set(d.CI_SHANG) == {d.parse_card(x) for x in ("千萬", "八萬", "八索", "半文")}
    assert set(d.JI) == {d.parse_card(x) for x in ("二十", "一萬", "一索", "九錢")}
    assert set(d.CI_TU) == {d.parse_card(x) for x in ("五萬", "六萬", "八萬")}
    assert "次賞" in " ".join(d.card_class(d.BAWAN)) and "雌突" in d.card_class(d.BAWAN)
    assert len(d.RED_SETS["wp10"]) == 10 and len(d.RED_SETS["qing9"]) == 9
    assert set(d.SI_HONG) <= d.RED_SETS["wp10"] and set(d.SI_HONG) <= d.RED_SETS["qing9"]


def test_unknown_card_is_a_notation_error():
    from yezi.core.errors import NotationError

    with pytest.raises(NotationError):
        d.parse_card("十十")
