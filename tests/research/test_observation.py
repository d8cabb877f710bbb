"""Numeric observations: declared shape, dtype and bounds; identical across worlds the seat cannot
tell apart (the leak check applied to tensors); Luk Fu's cached 老歲 equals a fresh deduction."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

from tests.research.helpers import CASES, IDS, game_of, random_states
from yezi.core.registry import load_game


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_spec_describes_pieces_with_shape_dtype_bounds(case):
    game = game_of(case)
    for kind in ("observation", "info_state"):
        spec = game.observation_spec(kind)
        json.dumps(spec.to_json())
        assert spec.size == sum(p.size for p in spec.pieces) == len(spec.low()) == len(spec.high())
        assert [n for n, _ in spec] == [p.name for p in spec.pieces]
        assert len({p.name for p in spec.pieces}) == len(spec.pieces)
        assert all(p.low <= p.high for p in spec.pieces)


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_observations_in_bounds_and_written_in_place(case):
    game = game_of(case)
    for kind in ("observation", "info_state"):
        spec = game.observation_spec(kind)
        low, high = spec.low(), spec.high()
        buf = np.full(spec.size, -7, dtype=spec.dtype)
        for state, _ in random_states(game, range(3)):
            for seat in range(game.num_seats):
                out = game.observe(state, seat, kind, out=buf)
                assert out is buf and out.dtype == np.dtype(spec.dtype) and out.shape == spec.shape
                assert (buf >= low).all() and (buf <= high).all(), kind
                assert np.array_equal(buf, game.observe(state, seat, kind))
        pieces = spec.split(buf)
        assert all(pieces[p.name].shape == p.shape for p in spec.pieces)


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_tensors_identical_across_worlds_the_seat_cannot_tell_apart(case):
    game = game_of(case)
    moved = 0
    for state, rng in random_states(game, range(2), every=3):
        for seat in range(game.num_seats):
            obs = game.observe(state, seat)
            info = game.observe(state, seat, "info_state")
            for _ in range(2):
                deal, actions = game.sample_from_view(state.view(seat), rng)
                other = game.replay(deal, actions)
                moved += deal != state.deal
                assert np.array_equal(game.observe(other, seat), obs), f"seat {seat} observation leaks"
                assert np.array_equal(game.observe(other, seat, "info_state"), info), f"seat {seat} info state leaks"
    assert moved, "no sample differed from the real deal: the check proved nothing"


def test_a_hidden_card_moved_changes_nothing_but_the_own_hand_does():
    """The leak check can fail: the seat's own hand is in its observation."""
    game = load_game("lukfu", "hakka-hk")
    a, b = game.start(seed=1), game.start(seed=2)
    assert not np.array_equal(game.observe(a, 0), game.observe(b, 0))


def test_info_state_records_the_history_as_the_seat_saw_it():
    game = load_game("lukfu", "hakka-hk")
    spec = game.observation_spec("info_state")
    rng = random.Random(3)
    state = game.start(seed=3)
    while state.current_player is not None and not any(a >= 200 for a in state.history):
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    for seat in game.active_seats():
        pieces = spec.split(game.observe(state, seat, "info_state"))
        n = len(state.history)
        want = [game.action_space_size + 1 if (r := state.redact(i, seat)) is None else r + 1 for i in range(n)]
        assert pieces["history_actions"][:n].tolist() == want
        assert pieces["history_actors"][:n].tolist() == [state.actor_of(i) + 1 for i in range(n)]
        assert not pieces["history_actions"][n:].any()


@pytest.mark.parametrize("preset", ["hakka-hk", "hakka-hk-3p", "huizhou"])
def test_lukfu_cached_laosui_equals_a_fresh_deduction(preset):
    """Deduced 老歲 is remembered from one action to the next; a state replayed afresh (no cache)
    must find the same cards."""
    game = load_game("lukfu", preset, {"laosui": "deduce"})
    for state, _ in random_states(game, range(8)):
        fresh = game.new_state(state.deal)
        for a in state.history:
            fresh.apply_unchecked(a)
        for seat in game.active_seats():
            assert state.hand_laosui(seat) == fresh.laosui_mask(seat, fresh.hands[seat])


@pytest.mark.parametrize("preset", ["hakka-hk", "hakka-hk-3p", "guangdong", "huizhou"])
def test_lukfu_swap_witness_agrees_with_the_search(preset):
    """The state's shortcut (the true world with one card swapped into an opponent's hand) must
    decide exactly as the exact search over the seat's knowledge does."""
    from yezi.games.lukfu.knowledge import is_laosui_deduced

    game = load_game("lukfu", preset, {"laosui": "deduce"})
    checked = 0
    for state, _ in random_states(game, range(12)):
        for seat in game.active_seats():
            for c in range(37):
                if not state.hands[seat] >> c & 1:
                    continue
                fresh = game.new_state(state.deal)
                for a in state.history:
                    fresh.apply_unchecked(a)
                k = fresh.knowledge(seat)
                k.truth = None  # no shortcut: the search alone
                assert state._deduce(seat, c) == is_laosui_deduced(c, k, game.table), (seat, c)
                checked += 1
    assert checked
