"""Shared helpers: decision points reached by heuristic self-play, for any game that exists."""

from __future__ import annotations

import random

import pytest

from yezi.bots.search import heuristic_factory
from yezi.core.errors import OptionError
from yezi.core.registry import GAMES, load_game


def load_or_skip(name: str):
    try:
        return load_game(name)
    except (OptionError, ModuleNotFoundError, ImportError) as e:
        pytest.skip(f"{name} engine not available: {e}")


def decision_points(game, seeds, max_steps: int = 80, rng_seed: int = 0, every: int = 3):
    """States at real decisions (two or more legal actions) along heuristic self-play."""
    rng = random.Random(rng_seed)
    bot = heuristic_factory(game)()
    out = []
    for seed in seeds:
        state = game.start(seed=seed)
        step = 0
        while state.current_player is not None and step < max_steps:
            seat = state.current_player
            legal = state.legal_actions()
            if len(legal) > 1 and step % every == 0:
                out.append(state.clone())
            state.apply(bot.choose(game, state.view(seat), legal, rng))
            step += 1
    return out


def other_world(game, state, seat, rng, tries=30):
    """A state the seat cannot tell apart from `state` but whose hidden cards differ (None where
    nothing is hidden from it): the other half of every leak check."""
    view = state.view(seat)
    for _ in range(tries):
        deal, actions = game.sample_from_view(view, rng)
        if deal != state.deal:
            other = game.replay(deal, actions)
            assert other.view(seat) == view
            return other
    return None


def twin_worlds(game, rng, seeds, every: int, limit: int):
    """(state, seat, other) at the first `limit` decision points of `decision_points` that hide
    something from the seat to act: `other` is a world that seat cannot tell from `state`."""
    for state in decision_points(game, seeds=seeds, every=every)[:limit]:
        seat = state.current_player
        other = other_world(game, state, seat, rng)
        if other is not None:
            yield state, seat, other


ALL_GAMES = list(GAMES)
