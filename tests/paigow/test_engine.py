"""The 牌九 engine: turn order, what each seat sees, bad input refused with the rule named and the
state unchanged, notation, deals."""

from __future__ import annotations

import random

import pytest

from yezi.components import tiengow as tg
from yezi.core.errors import IllegalAction, NotationError
from yezi.core.registry import load_game
from yezi.games.paigow.actions import OPEN, SET_CODE, STAKE

from .test_examples import deal_with


def test_order_players_then_banker_and_stakes_first():
    game = load_game("paigow", "casino", {"players": 4})
    st = game.start(seed=3)
    order = []
    while st.current_player is not None:
        order.append((st.phase, st.current_player))
        st.apply(st.legal_actions()[0])
    assert order == [("stake", 1), ("stake", 2), ("stake", 3), ("set", 1), ("set", 2), ("set", 3), ("set", 0)]


def test_no_tiles_and_no_dice_before_the_stakes_are_placed():
    game = load_game("paigow", "casino", {"players": 3})
    st = game.start(seed=4)
    v = st.view(1)
    assert v["hand"] is None and v["dice"] is None and v["deal"]["hands"] == [None, None, None]
    st.apply("stake 2")
    st.apply("s3")
    v = st.view(1)
    assert v["dice"] == st.deal["dice"] and v["hand"] == list(st.hands[1])
    assert v["stakes"] == [None, 2, 3]


def test_a_set_hand_stays_hidden_until_the_banker_has_set():
    game = load_game("paigow", "dapaijiu")
    st = game.start(seed=8)
    st.apply(st.legal_actions()[0])  # 閒一 sets
    for seat in (0, 2, 3, None):
        v = st.view(seat)
        assert v["history"] == [None] and v["fronts"][1] is None and v["deal"]["hands"][1] is None
        assert v["set_done"] == [False, True, False, False]
    assert st.view(1)["history"] == st.history and st.view(1)["fronts"][1] is not None
    assert st.log_for(2) == [f"{game.seat_name(1)} 配牌（蓋着）"]
    while st.current_player is not None:
        st.apply(st.legal_actions()[-1])
    v = st.view(2)
    assert v["history"] == st.history and all(f is not None for f in v["fronts"])
    assert sum(v["result"]["payments"]) == 0


def test_front_higher_than_back_is_refused_and_nothing_changes():
    game = load_game("paigow", "dapaijiu", {"players": 2})
    banker = [tg.EARTH, tg.MAN, tg.GOOSE, tg.PLUM]
    player = [tg.HEAVEN, tg.HEAVEN, tg.BLACK_SEVEN, tg.RED_FIVE]
    st = game.new_state(deal_with(game, [banker, player], [3, 4]))
    before = st.view(1)
    with pytest.raises(IllegalAction) as e:
        st.apply(SET_CODE[(tg.HEAVEN, tg.HEAVEN)])  # 雙天 in front of 黑七紅五
    assert e.value.rule == "back-lower"
    with pytest.raises(IllegalAction) as e:
        st.apply(SET_CODE[(tg.EARTH, tg.MAN)])
    assert e.value.rule == "not-in-hand"
    with pytest.raises(IllegalAction) as e:
        st.apply(STAKE + 1)
    assert e.value.rule == "stakes-closed"
    with pytest.raises(IllegalAction) as e:
        st.apply(OPEN)
    assert e.value.rule == "set-hand"
    assert st.view(1) == before and st.history == []
    # two distinct splits: 雙天 | 黑七紅五 and 天黑七 (9) | 天紅五 (7)
    assert sorted(st.legal_actions()) == sorted([SET_CODE[(tg.BLACK_SEVEN, tg.RED_FIVE)],
                                                 SET_CODE[(tg.HEAVEN, tg.RED_FIVE)]])
    st.apply("頭 黑七 紅五")
    assert st.fronts[1] == (tg.BLACK_SEVEN, tg.RED_FIVE) and st.back_of(1) == (tg.HEAVEN, tg.HEAVEN)


def test_xiaopaijiu_only_opens():
    game = load_game("paigow", "xiaopaijiu")
    st = game.start(seed=1)
    assert st.legal_actions() == [OPEN]
    with pytest.raises(IllegalAction) as e:
        st.apply(SET_CODE[tuple(st.hands[1])])
    assert e.value.rule == "open"


def test_stake_phase_refuses_a_setting():
    game = load_game("paigow", "casino")
    st = game.start(seed=2)
    with pytest.raises(IllegalAction) as e:
        st.apply(SET_CODE[(0, 0)])
    assert e.value.rule == "stake-first"


def test_stakes_multiply_payments_and_sum_to_zero():
    game = load_game("paigow", "casino", {"players": 3})
    for seed in range(30):
        st = game.start(seed=seed)
        st.apply("s3")
        st.apply("s2")
        while st.current_player is not None:
            st.apply(st.legal_actions()[0])
        p = st.payments()
        assert sum(p) == 0 and abs(p[1]) in (0, 3) and abs(p[2]) in (0, 2)


@pytest.mark.parametrize("text", ["", "front", "stake 7", "頭 天", "f66+44+11", "hello", "s"])
def test_bad_notation_is_explained(text):
    game = load_game("paigow")
    with pytest.raises(NotationError):
        game.parse_action(text)


def test_every_action_round_trips_in_every_notation():
    game = load_game("paigow")
    codes = [0, 1, 2, OPEN, *SET_CODE.values()]
    for a in codes:
        for lang in ("zh-hant", "zh-hans", "en", "ascii"):
            assert game.parse_action(game.format_action(a, lang)) == a
    assert game.parse_action("front Long Three + Red Nine") == SET_CODE[(tg.LONG_THREE, tg.RED_NINE)]
    assert game.parse_action("f 66 44") == SET_CODE[(tg.HEAVEN, tg.MAN)]
    assert game.parse_action("头人·天") == SET_CODE[(tg.HEAVEN, tg.MAN)]


def test_deal_text_round_trips_and_bad_deals_are_refused():
    for preset in ("dapaijiu", "xiaopaijiu", "casino"):
        game = load_game("paigow", preset)
        deal = game.deal_from_seed(11)
        assert game.parse_deal(game.format_deal(deal)) == deal
    game = load_game("paigow")
    deal = game.deal_from_seed(11)
    with pytest.raises(NotationError):
        game.new_state({"dice": [7, 1], "woodpile": deal["woodpile"]})
    with pytest.raises(NotationError):
        game.new_state({"dice": [1, 1], "woodpile": [*deal["woodpile"][:-1], 0]})
    with pytest.raises(NotationError):
        game.new_state({"dice": [1, 1, 1], "woodpile": deal["woodpile"]})
    with pytest.raises(NotationError):
        game.parse_deal("天 地 | 人")


def test_seeded_deals_are_stable():
    game = load_game("paigow")
    assert game.deal_from_seed(1) == game.deal_from_seed(1)
    assert game.deal_from_seed(1) != game.deal_from_seed(2)
    d = game.deal_from_seed(1)
    assert d["dice"] == [2, 6] and d["woodpile"][:4] == [tg.BLACK_SEVEN, tg.LONG_SEVEN, tg.MAN, tg.RED_TEN]


def test_sampled_worlds_keep_what_the_seat_knows():
    game = load_game("paigow", "casino", {"players": 5})
    rng = random.Random(0)
    st = game.start(seed=9)
    for _ in range(6):
        st.apply(st.legal_actions()[0])
    seat = st.current_player
    v = st.view(seat)
    for _ in range(20):
        deal, actions = game.sample_from_view(v, rng)
        other = game.replay(deal, actions)
        assert other.view(seat) == v


def test_single_rank_supreme_lowest_puts_the_gee_joon_tiles_below_the_fives():
    """V-PG5: with equal points the highest single tile decides. Tien Gow order ranks [4:2] above
    the fives; the casino order puts [4:2] and [2:1] below every other tile, so [4:2]+黑五 against
    紅五+[2:1] (both 8 points with the wild tiles) goes from a win to a tie (the banker's)."""
    from yezi.games.paigow.hands import HandRules, hand_key

    a = (tg.BIG_SIX, tg.BLACK_FIVE)
    b = (tg.RED_FIVE, tg.LITTLE_THREE)
    tiengow_order = HandRules(supreme_lowest=False)
    casino_order = HandRules(supreme_lowest=True)
    assert hand_key(*a, tiengow_order) > hand_key(*b, tiengow_order)
    assert hand_key(*a, casino_order) == hand_key(*b, casino_order)
    assert HandRules.from_rules(load_game("paigow", None, {"single_rank": "supreme-lowest"}).rules).supreme_lowest
