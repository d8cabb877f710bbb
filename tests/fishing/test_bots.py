"""Fishing bots: greedy takes the best catch, the heuristic also blocks (誅張), all from the view."""

import random

from yezi.components import tiengow as tg
from yezi.core.playout import play_deal
from yezi.core.registry import load_game
from yezi.games.fishing.bots import GreedyBot, HeuristicBot
from yezi.games.fishing.game import CAP, REL, K

G = load_game("fishing")


def view(hand, lake, catches, seat=0):
    return {"seat": seat, "hand": tg.counts(tg.parse_kinds(hand)), "lake": tg.counts(tg.parse_kinds(lake)),
            "catches": [tg.counts(tg.parse_kinds(c)) for c in catches], "stacked": [], "deal": {},
            "stock_left": 10, "phase": "hand"}


def cap(h, t):
    return CAP + tg.parse_kind(h) * K + tg.parse_kind(t)


def test_greedy_completes_its_own_heaven_nine():
    v = view("黑九 伶冧六", "黑九 長衫", ["天 紅九", "", ""])
    legal = [cap("黑九", "黑九"), cap("伶冧六", "長衫")]
    for seed in range(10):
        assert GreedyBot().choose(G, v, legal, random.Random(seed)) == cap("黑九", "黑九")


def test_heuristic_denies_an_opponent_the_card_that_completes_heaven_nine():
    """The next player holds 天 and 紅九: taking the lake's 黑九 denies them 天九 (誅張)."""
    v = view("紅九 伶冧六", "黑九 長衫", ["", "天 紅九", ""])
    legal = [cap("紅九", "黑九"), cap("伶冧六", "長衫")]
    picks = {HeuristicBot().choose(G, v, legal, random.Random(seed)) for seed in range(10)}
    assert picks == {cap("紅九", "黑九")}
    greedy = {GreedyBot().choose(G, v, legal, random.Random(seed)) for seed in range(20)}
    assert greedy == set(legal)  # to greedy both are worth two small fish


def test_heuristic_does_not_release_what_completes_an_opponents_supreme():
    v = view("山雞 板凳", "", ["", "大雞六", ""])
    legal = [REL + tg.LITTLE_THREE, REL + tg.BENCH]
    assert {HeuristicBot().choose(G, v, legal, random.Random(s)) for s in range(10)} == {REL + tg.BENCH}


def test_greedy_beats_random():
    g = load_game("fishing")
    rng = random.Random(0)
    total = {"greedy": 0}
    from yezi.bots import RandomBot
    for i in range(150):
        s = i % 3
        bots = [GreedyBot() if x == s else RandomBot() for x in range(3)]
        st = play_deal(g, bots, g.deal_from_seed(i), rng)
        total["greedy"] += st.payments()[s]
    assert total["greedy"] > 0
