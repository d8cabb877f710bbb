"""牌九 on the research API: the settings offered in ascending code order (the same settings as
before), bounds from the stakes, and an observation that opens the hands only at the showdown."""

from __future__ import annotations

import random

import numpy as np
import pytest

from yezi.components import tiengow as tg
from yezi.core.registry import load_game
from yezi.games.paigow.actions import SET_CODE

from .test_properties import PRESETS


def test_settings_ascend_and_are_the_splits():
    game = load_game("paigow", "dapaijiu")
    unsorted = 0
    for seed in range(40):
        state = game.start(seed=seed)
        hand = state.hands[state.current_player]
        legal = state.legal_actions()
        fronts = [SET_CODE[f] for f, _ in game.splits(list(hand))]
        unsorted += fronts != sorted(fronts)
        assert legal == sorted(fronts) and len(set(legal)) == len(legal)
    assert unsorted  # the splits' own order was not ascending: the sort is needed


@pytest.mark.parametrize("preset,opts", PRESETS)
def test_bounds_and_length(preset, opts):
    game = load_game("paigow", preset, opts)
    stake = 3 if game.choose_stakes else 1
    lo, hi = game.payment_bounds()
    assert (lo, hi) == (-(game.players - 1) * stake, (game.players - 1) * stake)
    assert game.max_game_length() == (2 if game.choose_stakes else 1) * (game.players - 1) + 1
    for seed in range(40):
        rng = random.Random(seed)
        state = game.start(seed=seed)
        while state.current_player is not None:
            legal = state.legal_actions()
            state.apply(legal[-1] if state.phase == "stake" else legal[rng.randrange(len(legal))])
        assert len(state.history) == game.max_game_length()
        assert all(lo <= p <= hi for p in state.payments())


def test_observation_opens_hands_only_at_the_showdown():
    game = load_game("paigow", "casino")
    spec = game.observation_spec()
    state = game.start(seed=7)
    zero = np.zeros((game.players, tg.NUM_KINDS))
    while state.current_player is not None:
        for seat in range(game.players):
            p = spec.split(game.observe(state, seat))
            if not state.dice_thrown:
                assert np.array_equal(p["hands"], zero) and not p["dice"].any()
                continue
            assert p["hands"][seat].tolist() == tg.counts(state.hands[seat])
            others = [s for s in range(game.players) if s != seat]
            assert not p["hands"][others].any() and not p["fronts"][others].any()
            assert p["set_done"].tolist() == [f is not None for f in state.fronts]
        state.apply(state.legal_actions()[0])
    for seat in range(game.players):
        p = spec.split(game.observe(state, seat))
        assert p["hands"].tolist() == [tg.counts(h) for h in state.hands]
        assert p["fronts"].tolist() == [tg.counts(f) for f in state.fronts]
        assert p["stakes"][1:].sum() == game.players - 1 and not p["stakes"][0].any()
