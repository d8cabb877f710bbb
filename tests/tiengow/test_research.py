"""打天九 on the research API: legal actions ascending, payment bounds and game length under every
scoring option, and the face-down tiles in the observation only for the seat that played them."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

from yezi.games.tiengow import combos as cb

from .helpers import game

SCORING = [dict(zip(("scoring", "shutout", "banker", "zun_money"), c, strict=True)) for c in itertools.product(
    ("tricks", "flat"), ("five", "double-all", "none"), ("double", "none"), (1, 2))]


def test_bounds_follow_the_settlement():
    assert game("hongkong").payment_bounds() == (-13, 39)  # 5 × 2 a pair, 3 尊錢 events of 1
    assert game("celko-kam").payment_bounds() == (-10, 30)
    assert game("culin-1893").payment_bounds() == (-2, 6)  # a flat stake, doubled with the banker
    assert game("hongkong", shutout="double-all", zun_money=2).payment_bounds() == (-22, 66)
    assert game("hongkong").max_game_length() == 32


@pytest.mark.parametrize("opts", SCORING, ids=lambda o: "-".join(str(v) for v in o.values()))
def test_payments_within_bounds_under_every_scoring_option(opts):
    g = game("hongkong", **opts)
    lo, hi = g.payment_bounds()
    for seed in range(12):
        rng = random.Random(seed)
        state = g.start(seed=seed)
        while state.current_player is not None:
            legal = state.legal_actions()
            assert legal == sorted(set(legal))
            state.apply(legal[rng.randrange(len(legal))])
        assert len(state.history) <= g.max_game_length()
        assert all(lo <= p <= hi for p in state.payments()) and sum(state.payments()) == 0


def test_follow_lists_face_up_and_face_down_codes_in_one_ascending_order():
    """A follower able to beat was offered its face-up plays first, then the face-down ones."""
    g = game("hongkong")
    mixed = 0
    for seed in range(30):
        rng = random.Random(seed)
        state = g.start(seed=seed)
        while state.current_player is not None:
            legal = state.legal_actions()
            if state.n and any(a % 2 == 0 for a in legal) and any(a % 2 for a in legal):
                mixed += 1
                assert legal == sorted(legal)
            state.apply(legal[rng.randrange(len(legal))])
    assert mixed


def test_face_down_tiles_only_in_the_players_own_observation():
    g = game("hongkong")
    spec = g.observation_spec()
    rng = random.Random(5)
    state = g.start(seed=5)
    while not any(a & 1 for a in state.history):
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    a, s = state.history[-1], state.actors[-1]
    tiles = np.bincount(cb.MULTISETS[a >> 1], minlength=21)
    for seat in range(4):
        p = spec.split(g.observe(state, seat))
        assert p["down_counts"][s] == tiles.sum()
        assert np.array_equal(p["own_down"], tiles if seat == s else np.zeros(21))
        assert p["played_up"].sum() == sum(len(cb.MULTISETS[x >> 1]) for x in state.history if not x & 1)
