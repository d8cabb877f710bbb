"""The house way (牌九's heuristic bot) and the search bot's hint at a 牌九 decision."""

from __future__ import annotations

import random

from yezi.bots.search import hint
from yezi.components import tiengow as tg
from yezi.core.registry import load_game
from yezi.games.paigow.actions import SET_CODE, STAKE
from yezi.games.paigow.bots import HouseWayBot, describe_setting


def test_house_way_keeps_the_obvious_hands():
    game = load_game("paigow")
    # 雙地 in front of 雙天 rather than two 天地 of 4 points
    assert HouseWayBot.setting(game, [tg.HEAVEN, tg.HEAVEN, tg.EARTH, tg.EARTH], False) == SET_CODE[(tg.EARTH, tg.EARTH)]
    # 天王 in front of 至尊
    hand = sorted([tg.BIG_SIX, tg.LITTLE_THREE, tg.HEAVEN, tg.BLACK_NINE])
    assert HouseWayBot.setting(game, hand, True) == SET_CODE[(tg.HEAVEN, tg.BLACK_NINE)]
    assert "至尊" in describe_setting(game, hand, "zh-hant")


def test_house_way_stakes_the_minimum_and_decides_from_the_view():
    game = load_game("paigow", "casino")
    st = game.start(seed=5)
    bot = HouseWayBot()
    assert bot.choose(game, st.view(1), st.legal_actions(), random.Random(0)) == STAKE
    while st.phase == "stake":
        st.apply(STAKE)
    seat = st.current_player
    a = bot.choose(game, st.view(seat), st.legal_actions(), random.Random(0))
    assert a in st.legal_actions()


def test_search_hint_answers_a_setting():
    game = load_game("paigow")
    st = game.start(seed=4)
    seat = st.current_player
    h = hint(game, st.view(seat), level="easy", seed=1)
    assert h.choice in st.legal_actions() and h.seat == seat
    assert h.estimates and all(-1.0 <= e.mean <= 1.0 for e in h.estimates)
