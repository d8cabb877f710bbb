"""The engine API researchers rely on: ascending legal actions, numpy integers as actions,
metadata consistent with play, deep copies and pickles through (ruleset, deal, actions), the
common view keys, deals over before anyone acts."""

from __future__ import annotations

import copy
import itertools
import pickle
import random

import numpy as np
import pytest

from tests.research.helpers import CASES, IDS, game_of, random_states
from yezi.core.errors import IllegalAction
from yezi.core.registry import load_game

COMMON = {"game", "preset", "num_seats", "seat", "current_player", "terminal"}


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_legal_actions_strictly_ascending(case):
    game = game_of(case)
    for state, _ in random_states(game, range(25)):
        legal = state.legal_actions()
        assert all(a < b for a, b in itertools.pairwise(legal)), legal


def test_lukfu_five_tigers_choice_ascending():
    """The 五虎下山 check offered [不報, 五虎下山] = [5, 4] to a seat holding the five cards."""
    game = load_game("lukfu", "hakka-hk")
    deal = [[0, 9, 18, 27, 36, 1, 2, 3, 4, 5, 6, 7], [10, 11, 12, 13, 14, 15, 16, 17, 19, 20, 21, 22], [8],
            [23, 24, 25, 26, 28, 29, 30, 31, 32, 33, 34, 35]]
    state = game.new_state(deal)
    assert state.legal_actions() == [4, 5]


def test_dingniu_two_ends_ascending_and_notes_unchanged():
    """頂牛 listed plays end by end ([64, 63]); the 算帳 note still names them end by end."""
    game = load_game("dingniu", "recommended")
    state = game.start(seed=0)
    rng = random.Random(0)
    seen = 0
    while state.current_player is not None:
        legal = state.legal_actions()
        seen += len(state.ends) == 2
        assert legal == sorted(set(legal))
        state.apply(legal[rng.randrange(len(legal))])
    assert seen


@pytest.mark.parametrize("kind", [np.int16, np.int32, np.int64, np.uint16, np.intp])
def test_numpy_integers_are_actions(kind):
    for name in ("lukfu", "fishing", "dingniu", "madiao"):
        game = load_game(name)
        state = game.start(seed=4)
        a = state.legal_actions()[0]
        state.apply(kind(a))
        assert state.history == [a] and type(state.history[0]) is int


@pytest.mark.parametrize("bad", [1.0, True, None, np.float64(1.0), [1]])
def test_non_integers_are_not_actions(bad):
    state = load_game("fishing").start(seed=1)
    with pytest.raises(IllegalAction):
        state.apply(bad)
    assert state.history == []


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_metadata_consistent_with_random_play(case):
    game = game_of(case)
    info = game.info()
    lo, hi = game.payment_bounds()
    assert info["max_game_length"] == game.max_game_length() and lo < 0 < hi
    assert set(info["active_seats"]) <= set(info["paid_seats"]) == set(range(game.num_seats))
    for state, _ in random_states(game, range(30)):
        if state.current_player is not None:
            assert state.current_player in game.active_seats()
            continue
        pays = state.payments()
        assert len(state.history) <= game.max_game_length()
        assert all(lo <= p <= hi for p in pays), pays
        assert sum(pays) == 0 and game.zero_sum


def test_lukfu_dummy_is_paid_but_never_acts():
    game = load_game("lukfu", "hakka-hk")
    assert game.active_seats() == [0, 1, 3] and game.paid_seats() == [0, 1, 2, 3]
    paid = 0
    for state, _ in random_states(game, range(150)):
        assert state.current_player != 2
        if state.current_player is None:
            paid += state.payments()[2] != 0
    assert paid


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_deepcopy_and_pickle_round_trips(case):
    game = game_of(case)
    for i, (state, _) in enumerate(random_states(game, range(2))):
        if i % 5:
            continue
        for other in (copy.deepcopy(state), pickle.loads(pickle.dumps(state))):
            assert other is not state and other.game.rules == game.rules
            assert other.deal == state.deal and other.history == state.history
            assert other.current_player == state.current_player and other.payments() == state.payments()
            for seat in range(game.num_seats):
                assert other.view(seat) == state.view(seat)
            assert other.legal_actions() == state.legal_actions()
            if other.current_player is not None:  # the copy moves on alone
                other.apply(other.legal_actions()[0])
                assert len(other.history) == len(state.history) + 1
    assert copy.deepcopy(state).game is game
    assert pickle.loads(pickle.dumps(game)).rules == game.rules


def test_pickle_is_small():
    game = load_game("lukfu", "hakka-hk")
    state = game.start(seed=1)
    while state.current_player is not None and len(state.history) < 20:
        state.apply(state.legal_actions()[-1])
    assert len(state.history) == 20
    assert len(pickle.dumps(state)) < 2000  # was 22.6 KB with the ruleset and caches


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_common_view_keys(case):
    game = game_of(case)
    for state, _ in random_states(game, range(1)):
        for seat in [None, *range(game.num_seats)]:
            v = state.view(seat)
            assert set(v) >= COMMON
            assert (v["game"], v["preset"], v["num_seats"], v["seat"]) == (
                game.name, game.rules.preset, game.num_seats, seat)
            assert v["current_player"] == state.current_player and v["terminal"] == (state.current_player is None)


def test_bajue_deal_is_over_at_once_with_payments():
    game = load_game("tseding", "pairwise")
    state = game.start(seed=3473)
    assert state.current_player is None and state.legal_actions() == []
    assert state.payments() == [-112, 350, -120, -118]
    v = state.view(0)
    assert v["terminal"] and v["current_player"] is None
    with pytest.raises(IllegalAction):
        state.apply(0)


def test_core_install_never_imports_numpy():
    """numpy is the `rl` extra: importing games, views, observations specs' modules and yezi.rl
    must not load it; only building an observation or an environment does."""
    import subprocess
    import sys

    code = ("import sys, random\n"
            "from yezi.core.registry import available_games, load_game\n"
            "import yezi.rl, yezi.core.observation\n"
            "for n in available_games():\n"
            "    g = load_game(n); s = g.start(seed=1); s.view(0); s.legal_actions(); g.info()\n"
            "    s.apply(s.legal_actions()[0])\n"
            "assert 'numpy' not in sys.modules, 'numpy imported'\n")
    subprocess.run([sys.executable, "-c", code], check=True, cwd=str(__import__("pathlib").Path(__file__).parents[2]))
