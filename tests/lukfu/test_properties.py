"""Property tests over many random games for every preset.

Invariants: every card is in exactly one place; payments sum to zero; every action a bot takes
is legal; replay from (ruleset, deal, actions) is exact; the record text (Chinese and ASCII) and
JSON round-trip; and the leak check holds for every seat (its view, legal actions and log do not
change when everything it cannot see is resampled).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from yezi.bots import RandomBot
from yezi.core.leakcheck import check_all_seats
from yezi.core.record import Record
from yezi.core.registry import load_game
from yezi.games.lukfu.bots import HeuristicBot

PRESETS = ["hakka-hk", "hakka-hk-3p", "guangdong", "huizhou", "sung-1996"]
SEEDS = st.integers(min_value=0, max_value=2**63 - 1)


def conserved(state) -> bool:
    everything = state.faceup
    count = bin(state.faceup).count("1")
    for h in state.hands:
        everything |= h
        count += bin(h).count("1")
    for ds in state.discards:
        for _, m in ds:
            everything |= m
            count += bin(m).count("1")
    return everything == state.game.universe and count == bin(state.game.universe).count("1")


def play(game, seed: int, check_every_step=None):
    rng = random.Random(seed)
    bots = [HeuristicBot() if rng.random() < 0.5 else RandomBot() for _ in range(game.num_seats)]
    state = game.start(seed=seed)
    while (seat := state.current_player) is not None:
        legal = state.legal_actions()
        action = bots[seat].choose(game, state.view(seat), legal, rng)
        state.apply(action)  # validating: a bot's illegal move would raise
        assert conserved(state)
        if check_every_step:
            check_every_step(state, rng)
    return state


def check_game(game, seed: int) -> None:
    state = play(game, seed)
    pays = state.payments()
    assert sum(pays) == 0
    again = game.replay(state.deal, state.history)
    for s in range(game.num_seats):
        assert again.view(s) == state.view(s)
    rec = Record.from_state(state, seed=seed)
    for lang in ("zh-hant", "ascii", "en", "zh-hans"):
        back = Record.from_text(rec.to_text(lang))
        assert back.actions == rec.actions and back.deal == rec.deal
    back = Record.from_json(rec.to_json())
    assert back.replay().payments() == pays


@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS)
def test_random_games_keep_invariants(preset, seed):
    check_game(load_game("lukfu", preset), seed)


@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS)
def test_leak_check_every_seat(preset, seed):
    game = load_game("lukfu", preset)

    def leak(state, rng):
        if rng.random() < 0.25:
            check_all_seats(state, rng, samples=1)

    play(game, seed, leak)


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("laosui", ["visible", "cascade"])
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS)
def test_leak_check_other_laosui_modes(preset, laosui, seed):
    game = load_game("lukfu", preset, {"laosui": laosui})
    play(game, seed, lambda state, rng: rng.random() < 0.2 and check_all_seats(state, rng, samples=1))


@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS)
def test_many_random_games(preset, seed):
    check_game(load_game("lukfu", preset), seed)


@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS)
def test_leak_check_many(preset, seed):
    game = load_game("lukfu", preset)
    play(game, seed, lambda state, rng: check_all_seats(state, rng, samples=1))


def test_leak_check_detects_a_leak():
    """The check must fail when a view shows a hidden card (here: another seat's hand)."""
    game = load_game("lukfu")
    state = game.start(seed=11)
    original = type(state).view

    def leaky(self, seat):
        v = original(self, seat)
        v["spy"] = sorted(self.deal[(seat or 0) + 1 if (seat or 0) < 3 else 0])
        return v

    type(state).view = leaky
    try:
        with pytest.raises(AssertionError):
            check_all_seats(state, random.Random(1), samples=5)
    finally:
        type(state).view = original


def test_illegal_actions_leave_state_unchanged():
    game = load_game("lukfu")
    rng = random.Random(3)
    state = game.start(seed=3)
    from yezi.core.errors import IllegalAction

    for _ in range(40):
        if state.current_player is None:
            break
        legal = set(state.legal_actions())
        before = (state.view(state.current_player), list(state.history))
        for a in rng.sample(range(game.action_space_size), 10):
            if a in legal:
                continue
            with pytest.raises(IllegalAction) as e:
                state.apply(a)
            assert e.value.rule and e.value.message
            assert (state.view(state.current_player), list(state.history)) == before
        state.apply(rng.choice(sorted(legal)))
