"""The RL adapter: masks match legal actions, rewards come at the end, observations are fixed-size
and depend only on the view."""

from __future__ import annotations

import random

import pytest

from yezi.core.registry import available_games
from yezi.rl import Env


@pytest.mark.parametrize("name", available_games())
def test_env_plays_every_game_to_the_end(name):
    env = Env(name)
    rng = random.Random(5)
    for seed in range(3):
        _, obs = env.reset(seed=seed)
        rewards = None
        while not env.done:
            legal = [a for a, ok in enumerate(obs["legal_mask"]) if ok]
            assert legal == sorted(env.state.legal_actions())
            _, obs, rewards = env.step(rng.choice(legal))
        assert rewards is not None and abs(sum(rewards)) < 1e-9


def test_lukfu_observation_shape_and_view_only():
    env = Env("lukfu")
    size = sum(n for _, n in env.game.observation_spec())
    seat, obs = env.reset(seed=9)
    rng = random.Random(9)
    while not env.done:
        assert len(obs["observation"]) == size
        # the same view, resampled world: the same observation
        other = env.state.sample_state(seat, rng)
        assert env.game.observation(other.view(seat)) == obs["observation"]
        legal = [a for a, ok in enumerate(obs["legal_mask"]) if ok]
        seat, obs, _ = env.step(rng.choice(legal))
