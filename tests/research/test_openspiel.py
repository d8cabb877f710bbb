"""OpenSpiel conformance: `pyspiel.random_sim_test` (with serialisation) and a game of IS-MCTS
for every yezi game registered by `yezi.openspiel`."""

from __future__ import annotations

import json

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from tests.research.helpers import CASES, IDS  # noqa: E402
from yezi.core.registry import available_games  # noqa: E402
from yezi.openspiel import resampler  # noqa: E402

GAMES = available_games()


def _load(name, preset=None, options=""):
    params = {"deal_outcomes": 1000}
    if preset:
        params["preset"] = preset
    if options:
        params["options"] = options
    return pyspiel.load_game(f"yezi_{name}", params)


@pytest.mark.parametrize("name", GAMES)
def test_random_sim_test_with_serialisation(name):
    pyspiel.random_sim_test(_load(name), num_sims=3, serialize=True, verbose=False)


@pytest.mark.slow
@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_random_sim_test_every_preset(case):
    name, preset, opts = case
    pyspiel.random_sim_test(_load(name, preset, ";".join(f"{k}:{v}" for k, v in opts.items())),
                            num_sims=20, serialize=True, verbose=False)


@pytest.mark.parametrize("name", GAMES)
def test_ismcts_plays_a_deal(name):
    from open_spiel.python.algorithms import ismcts, mcts

    game = _load(name)
    rng = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), uct_c=2.0, max_simulations=8,
                           random_state=rng)
    bot.set_resampler(resampler(0))
    state = game.new_initial_state()
    state.apply_action(7)
    searched = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        if state.current_player() == 0 and len(legal) > 1 and searched < 3:
            action = bot.step(state)
            searched += 1
        else:
            action = legal[rng.randint(len(legal))]
        assert action in legal
        state.apply_action(action)
    assert searched > 0
    assert abs(sum(state.returns())) < 1e-9


def test_resampled_worlds_keep_the_information_state():
    game = _load("fishing")
    state = game.new_initial_state()
    state.apply_action(3)
    rng = np.random.RandomState(1)
    for _ in range(12):
        legal = state.legal_actions()
        state.apply_action(legal[rng.randint(len(legal))])
    p = state.current_player()
    sample = resampler(5)(state, p)
    assert sample.information_state_string(p) == state.information_state_string(p)
    np.testing.assert_array_equal(sample.information_state_tensor(p), state.information_state_tensor(p))
    assert sample.legal_actions() == state.legal_actions()


def test_metadata_and_strings():
    game = _load("lukfu", "hakka-hk")
    assert game.num_players() == 4  # the dummy is a player (never to act) and is paid
    assert game.num_distinct_actions() == game.new_initial_state().get_game().num_distinct_actions()
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == 1000
    state.apply_action(0)
    p = state.current_player()
    info = json.loads(state.information_state_string(p))
    assert info["view"]["seat"] == p
    assert len(state.observation_tensor(p)) == game.observation_tensor_size()
    assert len(state.information_state_tensor(p)) == game.information_state_tensor_size()
    # a deal over at once: 斜釘 八掘
    tse = _load("tseding", "pairwise", "")
    s = pyspiel.load_game("yezi_tseding", {"preset": "pairwise", "deal_outcomes": 4000}).new_initial_state()
    s.apply_action(3473)
    assert s.is_terminal() and any(s.returns())
    assert tse.max_game_length() >= 1


def test_options_survive_serialisation():
    """`name:value;…` options are kept through OpenSpiel's game strings (which split on , and =)."""
    game = _load("fishing", "suffocated", "players:2;peek:no")
    assert game.num_players() == 2
    state = game.new_initial_state()
    state.apply_action(4)
    state.apply_action(state.legal_actions()[0])
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert game2.num_players() == 2 and str(state2) == str(state)
    assert game2.ygame.rules["peek"] is False
