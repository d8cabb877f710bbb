"""十五胡 on the research API: the game-length bound under every turn rule, even when every
follower passes and every declarer plays on; the payment bounds; and an observation that says
what the view says."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

from yezi.core.registry import load_game
from yezi.games.shiwuhu.plays import PASS, PLAY_ON

TURNS = [dict(zip(("players", "trick_form", "after_pass", "empty_lead"), c, strict=True)) for c in itertools.product(
    (4, 3), ("climbing", "once"), ("may-return", "out"), ("next", "void"))]


def stall(legal: list[int], rng: random.Random) -> int:
    """The longest way through a deal: lead one card, pass whenever allowed, always play on."""
    if PLAY_ON in legal:
        return PLAY_ON
    if PASS in legal:
        return PASS
    return legal[0]


@pytest.mark.parametrize("opts", TURNS, ids=lambda o: "-".join(str(v) for v in o.values()))
def test_length_and_payments_within_bounds(opts):
    game = load_game("shiwuhu", "provisional", {k: str(v) for k, v in opts.items()})
    lo, hi = game.payment_bounds()
    assert (lo, hi) == (-3, 3 * (game.players - 1))
    longest = 0
    for seed in range(6):
        rng = random.Random(seed)
        for policy in (stall, lambda legal, rng: legal[rng.randrange(len(legal))]):
            state = game.start(seed=seed)
            while state.current_player is not None:
                state.apply(policy(state.legal_actions(), rng))
            longest = max(longest, len(state.history))
            assert len(state.history) <= game.max_game_length()
            assert all(lo <= p <= hi for p in state.payments()) and sum(state.payments()) == 0
    assert longest > game.max_game_length() // 3  # the bound is not wildly loose


@pytest.mark.parametrize("players", [4, 3])
def test_both_payment_bounds_are_attained(players):
    """The banker leads single cards, everyone passes, he plays on to 21 胡 and is paid 3 units each."""
    game = load_game("shiwuhu", "provisional", {"players": str(players)})
    state = game.start(seed=0)
    while state.current_player is not None:
        state.apply(stall(state.legal_actions(), random.Random(0)))
    lo, hi = game.payment_bounds()
    assert state.payments() == [hi] + [lo] * (players - 1)


def test_observation_says_what_the_view_says():
    game = load_game("shiwuhu", "provisional")
    spec = game.observation_spec()
    rng = random.Random(1)
    state = game.start(seed=1)
    checked = 0
    while state.current_player is not None:
        for seat in range(game.num_seats):
            v = state.view(seat)
            p = spec.split(game.observe(state, seat))
            assert p["hand"].tolist() == v["hand"] and p["played"].tolist() == v["played"]
            assert p["hand_sizes"].tolist() == v["hand_sizes"] and p["hu"].tolist() == v["hu"]
            assert [[15, 18, 21][i] for i in p["need"].argmax(axis=1)] == v["need"]
            assert p["to_act"].argmax() == v["to_act"] and p["seat"].argmax() == seat
            if v["best"] >= 0:
                assert np.flatnonzero(p["best"]).tolist() == [v["best"]] and p["best_seat"].argmax() == v["best_seat"]
            else:
                assert not p["best"].any()
            checked += 1
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    assert checked > 50
