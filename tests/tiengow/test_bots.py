"""The 打天九 heuristic: plays from its view only, and beats random play in every seat."""

from __future__ import annotations

import random

import pytest

from yezi.bots.base import RandomBot
from yezi.core.playout import play_deal
from yezi.games.tiengow.bots import HeuristicBot, unseen_tiles

from .helpers import game


@pytest.mark.parametrize("preset,margin", [("hongkong", 2.0), ("culin-1893", 0.5)])  # flat stakes are small
def test_heuristic_beats_random_in_every_seat(preset, margin):
    g = game(preset)
    total = 0
    for d in range(60):
        seat = d % 4
        bots = [HeuristicBot() if s == seat else RandomBot() for s in range(4)]
        st = play_deal(g, bots, g.deal_from_seed(1000 + d), random.Random(d))
        total += st.payments()[seat]
    assert total / 60 > margin


def test_unseen_tiles_never_count_hidden_tiles_as_seen():
    g = game()
    rng = random.Random(5)
    st = g.start(seed=5)
    while st.current_player is not None:
        seat = st.current_player
        view = st.view(seat)
        unseen = unseen_tiles(view)
        assert all(c >= 0 for c in unseen)
        # every tile still in another hand or face down elsewhere is among the unseen
        for s in range(4):
            if s != seat:
                for k, c in enumerate(st.hands[s]):
                    assert unseen[k] >= c
        st.apply(HeuristicBot().choose(g, view, st.legal_actions(), rng))
