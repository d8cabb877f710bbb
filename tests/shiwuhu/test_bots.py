"""十五胡 bots: the heuristic decides from the view alone, beats random play clearly, and stops a
player about to reach his threshold when it can."""

from __future__ import annotations

import random

from yezi.bots.base import RandomBot
from yezi.core.playout import play_deal
from yezi.games.shiwuhu.bots import HeuristicBot
from yezi.games.shiwuhu.plays import PASS, parse_action

from .helpers import game, state_after


def test_heuristic_beats_three_random_players():
    g = game()
    total = 0
    for i in range(40):
        seat = i % 4
        bots = [RandomBot() for _ in range(4)]
        bots[seat] = HeuristicBot()
        total += play_deal(g, bots, g.deal_from_seed(1000 + i), random.Random(i)).payments()[seat]
    assert total / 40 > 0.5  # about +1.9 units a deal over 300 deals


def test_same_view_same_choice():
    g = game()
    st = g.start(seed=8)
    rng = random.Random(0)
    for _ in range(15):
        st.apply(HeuristicBot().choose(g, st.view(st.current_player), st.legal_actions(), rng))
    seat = st.current_player
    deal, actions = g.sample_from_view(st.view(seat), random.Random(5))
    other = g.replay(deal, actions)
    assert deal != st.deal
    a = HeuristicBot().choose(g, st.view(seat), st.legal_actions(), random.Random(3))
    b = HeuristicBot().choose(g, other.view(seat), other.legal_actions(), random.Random(3))
    assert a == b


def test_it_stops_a_player_who_would_reach_his_threshold():
    # 莊家 leads a lone 長衫; 二家's beaters (its hand here holds 地, 鵝 and 梅花) would likely be beaten
    # again by an unseen card, so it passes, unless that 長衫 would bring 莊家 to 15 胡
    st = state_after(game(), ["長衫", "鵝"], ["長衫"])
    bot = HeuristicBot()
    assert bot.choose(st.game, st.view(1), st.legal_actions(), random.Random(0)) == PASS
    st.hu[0] = 14
    choice = bot.choose(st.game, st.view(1), st.legal_actions(), random.Random(0))
    assert choice != PASS and choice in st.legal_actions()
    assert choice != parse_action("地")  # the cheapest sure-enough beater, not its best card
