"""`yezi.rl.Env` as a `gymnasium.Env` for one seat against yezi bots (issue 24): gymnasium's
`check_env` for every game, the bots' seats, deals over before the learner acts, illegal actions;
`VectorEnv`'s spaces; pickling and deep copies of every env of every game."""

from __future__ import annotations

import copy
import pickle
import random
import warnings

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from yezi.core.errors import IllegalAction  # noqa: E402
from yezi.core.registry import available_games, load_game  # noqa: E402
from yezi.rl import Env, VectorEnv  # noqa: E402

GAMES = available_games()


@pytest.mark.parametrize("name", GAMES)
def test_check_env_one_seat_against_the_heuristic_bot(name):
    env = Env(name, opponents="heuristic")
    assert isinstance(env, gymnasium.Env)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no warning of the checker either
        check_env(env, skip_render_check=True)


def _episode(env, rng, seed=None):
    obs, info = env.reset(seed=seed)
    assert env.observation_space.contains(obs)
    reward, terminated = 0.0, False
    steps = 0
    while not terminated:
        assert info["seat"] == env.seat and env.state.current_player == env.seat
        assert np.flatnonzero(obs["action_mask"]).tolist() == env.state.legal_actions() == info["legal_actions"]
        assert np.array_equal(env.action_masks(), obs["action_mask"].astype(bool))
        assert np.array_equal(obs["observation"], env.game.observe(env.state, env.seat))
        legal = info["legal_actions"]
        obs, reward, terminated, truncated, info = env.step(legal[rng.randrange(len(legal))])
        assert not truncated and not info["illegal_action"] and isinstance(reward, float)
        assert env.observation_space.contains(obs)
        steps += 1
    assert reward == float(env.state.payments()[env.seat]) * env.reward_scale
    return reward, steps


@pytest.mark.parametrize("name", ["lukfu", "fishing", "madiao", "shiwuhu"])
def test_one_seat_episodes_pay_the_learner(name):
    env = Env(name, opponents="heuristic", seat="rotate", reward_scale=0.5)
    rng = random.Random(1)
    seats = []
    for d in range(2 * len(env.game.active_seats())):
        _episode(env, rng, seed=3 if d == 0 else None)
        seats.append(env.seat)
    active = list(env.game.active_seats())
    assert seats == active * 2  # "rotate": the acting seats in turn


def test_the_bots_are_named_per_seat_and_the_dummy_cannot_learn():
    env = Env("lukfu", "hakka-hk", seat=1, opponents={0: "heuristic", 3: "random"})
    assert env.opponents[0] == "heuristic" and env.opponents[3] == "random"
    with pytest.raises(ValueError, match="never acts"):
        Env("lukfu", "hakka-hk", seat=2, opponents="heuristic")  # 夢家, the dummy
    a, b = Env("fishing", opponents="heuristic"), Env("fishing", opponents="heuristic")
    ra, rb = random.Random(0), random.Random(0)
    assert _episode(a, ra, seed=9) == _episode(b, rb, seed=9)  # seeded: the same deals, the same bot play


def test_one_seat_reset_is_never_terminal():
    game = load_game("tseding", "pairwise")
    env = Env(game, opponents="heuristic")
    obs, info = env.reset(seed=0, options={"deal": game.deal_from_seed(3473)})  # 八掘: over at once
    assert info["deals_over_at_once"] == 1 and not info["terminal"]
    assert info["settled_at_once"] == float(game.start(seed=3473).payments()[0])
    assert env.state.current_player == env.seat and obs["action_mask"].any()


def test_illegal_actions_random_by_default_or_raise():
    env = Env("dingniu", opponents="random")
    obs, info = env.reset(seed=4)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, _, _, _, info = env.step(illegal)
    assert info["illegal_action"]  # replaced by a random legal action, and said so
    strict = Env("dingniu", opponents="random", illegal_action="raise")
    obs, _ = strict.reset(seed=4)
    before = list(strict.state.history)
    with pytest.raises(IllegalAction):
        strict.step(illegal)
    assert strict.state.history == before


def test_every_seat_mode_is_unchanged_and_has_spaces():
    env = Env("jielong")
    obs, info = env.reset(seed=1)
    assert env.observation_space.contains(obs) and env.action_space.n == env.num_actions
    obs, reward, *_ = env.step(info["legal_actions"][0])
    assert reward.shape == (env.num_seats,)  # every seat's reward, as before


def _advance(env, rng, steps, vector=False):
    for _ in range(steps):
        if vector:
            env.step([legal[rng.randrange(len(legal))] for legal in env.legal])
        elif not env.done:
            legal = env.state.legal_actions()
            env.step(legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("name", GAMES)
def test_every_env_pickles_and_deep_copies(name):
    rng = random.Random(2)
    envs = [Env(name), Env(name, observation="info_state"), Env(name, opponents="heuristic")]
    for env in envs:
        env.reset(seed=5)
        if not env.single:
            _advance(env, rng, 3)
        for again in (pickle.loads(pickle.dumps(env)), copy.deepcopy(env)):
            assert again.state.history == env.state.history
            if not env.single and not env.done:
                legal = env.state.legal_actions()
                ra, rb = copy.deepcopy(again), copy.deepcopy(env)
                oa, *_ = ra.step(legal[0])
                ob, *_ = rb.step(legal[0])
                assert np.array_equal(oa, ob)
    vec = VectorEnv(name, 3)
    vec.reset(seed=6)
    _advance(vec, rng, 4, vector=True)
    copies = [pickle.loads(pickle.dumps(vec)), copy.deepcopy(vec)]
    assert all(c.engine == vec.engine for c in copies)
    for _ in range(2 * load_game(name).max_game_length()):
        actions = [legal[rng.randrange(len(legal))] for legal in vec.legal]
        results = [e.step(actions) for e in (vec, *copies)]
        for r in results[1:]:
            for x, y in zip(r[:4], results[0][:4]):
                assert np.array_equal(x, y)


@pytest.mark.parametrize("name", ["lukfu", "tiengow"])
def test_vector_env_spaces(name):
    vec = VectorEnv(name, 4)
    obs, info = vec.reset(seed=1)
    assert vec.observation_space.shape == (4, vec.observation_spec.size)
    assert vec.observation_space.contains(obs) and vec.single_observation_space.contains(obs[0])
    assert vec.action_space.shape == (4,) and vec.single_action_space.n == vec.num_actions
    assert info["action_mask"].shape == (4, vec.num_actions)


def test_gymnasium_make_builds_the_one_seat_env():
    env = gymnasium.make("yezi/fishing-v0", options={"players": 2})
    assert isinstance(env.unwrapped, Env) and env.unwrapped.opponents == {0: "heuristic", 1: "heuristic"}
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env.unwrapped)  # with a spec: the render modes and close are checked too
    obs, _ = env.reset(seed=1)
    assert env.observation_space.contains(obs)
