"""Properties over many games of every preset: tiles conserved, payments sum to zero, exact replay,
no leak of hidden tiles, and the 入一 rule's consequence ([DZ]: the winner holds at least 8 tiles)."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from yezi.core.leakcheck import check_all_seats
from yezi.core.record import Record
from yezi.games.tiengow import combos as cb
from yezi.games.tiengow.game import TienGow

from .helpers import game

PRESETS = list(TienGow.option_table().presets)
SEEDS = st.integers(min_value=0, max_value=2**63 - 1)


def play_random(g, seed: int, leak_every: int = 0):
    rng = random.Random(seed)
    state = g.start(seed=seed)
    step = 0
    while state.current_player is not None:
        legal = state.legal_actions()
        assert legal
        if leak_every and step % leak_every == 0:
            check_all_seats(state, rng, samples=1)
        state.apply(legal[rng.randrange(len(legal))])
        step += 1
        on_table = sum(len(cb.MULTISETS[a >> 1]) for _, a in state.plays)
        assert sum(map(sum, state.hands)) + sum(state.won) + on_table == 32
    return state


@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS)
def test_random_games_conserve_tiles_zero_sum_and_replay(preset, seed):
    g = game(preset)
    state = play_random(g, seed)
    assert sum(state.won) == 32 and all(w % 4 == 0 for w in state.won)
    pays = state.payments()
    assert sum(pays) == 0
    again = g.replay(state.deal, state.history)
    assert again.payments() == pays and again.view(None) == state.view(None)
    rec = Record.from_state(state, seed=seed)
    back = Record.from_text(rec.to_text("zh-hant"))
    assert back.actions == state.history and back.replay().payments() == pays
    if g.entered_rule:
        assert state.won[state.winner] >= 8


@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS)
def test_no_view_leaks_a_hidden_tile(preset, seed):
    play_random(game(preset), seed, leak_every=3)


@settings(max_examples=40, deadline=None)
@given(seed=SEEDS, opts=st.fixed_dictionaries({
    "mixed": st.sampled_from(["all", "pairs", "none"]), "two_pairs": st.sampled_from(["yes", "no"]), "last_trick": st.sampled_from(["entered", "open"]),
    "scoring": st.sampled_from(["tricks", "flat"]), "shutout": st.sampled_from(["five", "double-all", "none"]),
    "banker": st.sampled_from(["double", "none"]), "specials": st.sampled_from(["yes", "no"]),
    "zun_money": st.sampled_from(["1", "2"]),
}))
def test_every_option_combination_plays_to_a_zero_sum_end(seed, opts):
    state = play_random(game("hongkong", **opts), seed)
    assert sum(state.payments()) == 0
