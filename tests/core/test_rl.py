"""The RL environments: masks match legal actions, rewards come at the end, seeded streams of
deals, observations only when asked, numpy actions, deals over at once, the vector env."""

from __future__ import annotations

import random

import numpy as np
import pytest

from tests.research.helpers import CASES, IDS, game_of
from yezi.core.errors import IllegalAction
from yezi.core.registry import available_games, load_game
from yezi.rl import Env, VectorEnv


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_env_plays_every_game_to_the_end(case):
    game = game_of(case)
    env = Env(game)
    rng = random.Random(5)
    spec = env.observation_spec
    for seed in range(3):
        obs, info = env.reset(seed=seed) if seed == 0 else env.reset()
        terminated = info["terminal"]
        reward = info.get("reward")
        while not terminated:
            mask = info["action_mask"]
            assert mask.dtype == np.bool_ and mask.shape == (game.action_space_size,)
            assert np.flatnonzero(mask).tolist() == env.state.legal_actions() == info["legal_actions"]
            assert obs.shape == spec.shape and obs.dtype == np.dtype(spec.dtype)
            assert np.array_equal(obs, game.observe(env.state, info["seat"]))
            legal = info["legal_actions"]
            obs, reward, terminated, truncated, info = env.step(np.int64(legal[rng.randrange(len(legal))]))
            assert not truncated
        assert obs is not None and obs.shape == spec.shape  # the final observation
        assert reward.shape == (game.num_seats,) and abs(reward.sum()) < 1e-9
        assert reward.tolist() == [float(p) for p in env.state.payments()] == [float(p) for p in info["payments"]]
        assert not info["action_mask"].any()


def test_observations_only_when_asked():
    env = Env("fishing", observation=None)
    obs, info = env.reset(seed=1)
    assert obs is None
    obs, *_ = env.step(info["legal_actions"][0])
    assert obs is None
    assert env.observe(0).shape == env.game.observation_spec().shape
    assert env.observe(0, "info_state").shape == env.game.observation_spec("info_state").shape


def test_seeded_reset_starts_a_reproducible_stream_of_deals():
    a, b = Env("jielong", observation=None), Env("jielong", observation=None)
    a.reset(seed=11)
    b.reset(seed=11)
    first = [a.state.deal, *[(a.reset(), a.state.deal)[1] for _ in range(3)]]
    second = [b.state.deal, *[(b.reset(), b.state.deal)[1] for _ in range(3)]]
    assert first == second
    assert len({str(d) for d in first}) == 4
    fresh = Env("jielong", observation=None)  # never seeded: the stream of seed 0, not OS entropy
    other = Env("jielong", observation=None)
    fresh.reset()
    other.reset()
    assert fresh.state.deal == other.state.deal


def test_illegal_and_non_integer_actions_change_nothing():
    env = Env("lukfu")
    _, info = env.reset(seed=2)
    before = list(env.state.history)
    illegal = next(a for a in range(env.num_actions) if a not in info["legal_actions"])
    for bad in (illegal, np.int32(illegal), 1.0, True, "nonsense", env.num_actions):
        with pytest.raises(Exception):  # noqa: B017 - IllegalAction or NotationError, both engine errors
            env.step(bad)
    assert env.state.history == before
    env.step(np.int16(info["legal_actions"][0]))
    assert len(env.state.history) == 1


def test_deal_over_at_once_is_reported_at_reset():
    """斜釘 八掘 (seed 3473 in preset pairwise): over before anyone acts. The reset says so and
    pays; before, Env.reset returned no observation, an all-false mask and never the payments."""
    game = load_game("tseding", "pairwise")
    env = Env(game)
    obs, info = env.reset(deal=game.deal_from_seed(3473))
    assert info["terminal"] and info["current_player"] is None
    assert obs is not None and obs.shape == env.observation_spec.shape
    assert info["payments"] == [-112, 350, -120, -118]
    assert info["reward"].tolist() == [-112.0, 350.0, -120.0, -118.0]
    assert not info["action_mask"].any()
    with pytest.raises(IllegalAction):
        env.step(0)


def test_vector_env_skips_and_reports_deals_over_at_once():
    game = load_game("tseding", "pairwise")
    env = VectorEnv(game, 1, observation=None, engine="python")  # the reference rows: states to look at

    class Stream:  # the 八掘 deal first, then an ordinary one
        seeds = [3473, 1]

        def next_seed(self):
            return self.seeds.pop(0)

    env.reset(seed=0)
    env._streams = [Stream()]
    _, info = env.reset()
    assert info["deals_over_at_once"].tolist() == [1]
    assert info["settled_at_once"].tolist() == [[-112.0, 350.0, -120.0, -118.0]]
    assert env.states[0].current_player is not None


@pytest.mark.parametrize("name", available_games())
def test_vector_env_batches_observations_masks_and_auto_resets(name):
    game = load_game(name)
    n = 5
    env = VectorEnv(game, n, engine="python")
    obs, info = env.reset(seed=3)
    singles = [Env(game) for _ in range(n)]
    for i, e in enumerate(singles):  # row i plays the stream of DealStream(3, i)
        from yezi.core.deals import DealStream

        e._stream = DealStream(3, i)
        e.reset()
        assert e.state.deal == env.states[i].deal
    rng = random.Random(0)
    finished = 0
    for _ in range(4 * game.max_game_length()):
        assert obs.shape == (n, game.observation_spec().size)
        for i, st in enumerate(env.states):
            assert np.flatnonzero(info["action_mask"][i]).tolist() == st.legal_actions()
            assert info["current_player"][i] == st.current_player
            assert np.array_equal(obs[i], game.observe(st, st.current_player))
        before = [st.clone() for st in env.states]
        actions = np.array([legal[rng.randrange(len(legal))] for legal in env.legal])
        obs, rewards, terminated, truncated, info = env.step(actions)
        assert not truncated.any()
        for i in np.flatnonzero(terminated):
            last = before[i]
            last.apply(int(actions[i]))
            assert last.current_player is None
            assert rewards[i].tolist() == [float(p) for p in last.payments()]
            assert np.array_equal(info["final_observation"][i], game.observe(last, info["final_seat"][i]))
            finished += 1
        assert not rewards[~terminated].any()
    assert finished >= n


def test_vector_env_rejects_an_illegal_row_before_changing_any():
    env = VectorEnv("dingniu", 3, observation=None, engine="python")
    env.reset(seed=1)
    before = [list(st.history) for st in env.states]
    actions = [legal[0] for legal in env.legal]
    actions[2] = next(a for a in range(env.num_actions) if a not in env.legal[2])
    with pytest.raises(IllegalAction):
        env.step(actions)
    assert [st.history for st in env.states] == before


@pytest.mark.parametrize("module", ["yezi.rl.env", "docs"])
def test_docstring_example_runs_on_fishing(module):
    """The example used to fail on Fishing (KeyError: 'observation')."""
    import importlib
    import re
    from pathlib import Path

    if module == "docs":
        text = (Path(__file__).parents[2] / "docs" / "research.md").read_text(encoding="utf-8")
        code = text.split("## `yezi.rl`", 1)[1].split("```python", 1)[1].split("```", 1)[0]
    else:
        doc = importlib.import_module(module).__doc__
        code = "\n".join(line[4:] for line in doc.splitlines() if line.startswith("    "))
    rng = random.Random(0)

    def policy(obs, mask):
        assert obs.dtype == np.float32 and mask.dtype == np.bool_
        return int(rng.choice(np.flatnonzero(mask)))

    scope = {"policy": policy, "print": lambda *a: None}
    exec(re.sub(r"^from yezi.rl import .*$", "", code, flags=re.M), {"Env": Env, "VectorEnv": VectorEnv, **scope})


@pytest.mark.parametrize("name", available_games())
def test_vector_info_state_written_step_by_step_equals_a_fresh_replay(name):
    """The info-state writer appends only the actions since a seat's last observation (kept beside
    the state's history); every row must equal the tensor of the same state replayed afresh, whose
    history is encoded from scratch, for the seat to act and for the final seat."""
    game = load_game(name)
    env = VectorEnv(game, 4, observation="info_state", engine="python")
    obs, info = env.reset(seed=7)
    rng = random.Random(1)
    for _ in range(2 * game.max_game_length()):
        for i, st in enumerate(env.states):
            fresh = game.replay(st.deal, list(st.history))
            assert np.array_equal(obs[i], game.observe(fresh, st.current_player, "info_state"))
        before = [st.clone() for st in env.states]
        actions = [legal[rng.randrange(len(legal))] for legal in env.legal]
        obs, _, terminated, _, info = env.step(actions)
        for i in np.flatnonzero(terminated):
            last = game.replay(before[i].deal, [*before[i].history, actions[i]])
            assert np.array_equal(info["final_observation"][i],
                                  game.observe(last, info["final_seat"][i], "info_state"))
