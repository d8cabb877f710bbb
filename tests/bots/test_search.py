"""The search bot: fair (decides from the view alone), legal, and the hint API."""

from __future__ import annotations

import random

import pytest

from yezi.bots.search import LEVELS, SearchBot, format_hint, hint, make_search_bot, parse_search_spec
from yezi.core.playout import play_deal

from .conftest import ALL_GAMES, decision_points, load_or_skip, twin_worlds


@pytest.mark.parametrize("name", ALL_GAMES)
def test_same_view_same_action(name):
    """Fairness: two states with the same view and different hidden cards, same seed, same action."""
    game = load_or_skip(name)
    compared = 0
    for state, seat, other in twin_worlds(game, random.Random(1), seeds=range(6), every=4, limit=10):
        bot = SearchBot("easy", iterations=12, time_limit=None)
        a = bot.choose(game, state.view(seat), state.legal_actions(), random.Random(42))
        b = bot.choose(game, other.view(seat), other.legal_actions(), random.Random(42))
        assert a == b, f"{name}: the search read hidden cards (state {state.history})"
        compared += 1
    if not compared:
        pytest.skip(f"{name}: no decision with hidden information in the sample")


def test_fairness_detects_a_cheat():
    """The fairness check itself has teeth: a bot that peeks at the real state differs."""
    game = load_or_skip("lukfu")

    class Cheat:
        def __init__(self, state):
            self.state = state

        def choose(self, game, view, legal, rng):
            return legal[sum(self.state.deal[(view["seat"] + 1) % game.num_seats]) % len(legal)]

    differ = 0
    for state, seat, other in twin_worlds(game, random.Random(3), seeds=range(6), every=4, limit=10):
        a = Cheat(state).choose(game, state.view(seat), state.legal_actions(), random.Random(0))
        b = Cheat(other).choose(game, other.view(seat), other.legal_actions(), random.Random(0))
        differ += a != b
    assert differ


@pytest.mark.parametrize("name", ALL_GAMES)
def test_search_plays_only_legal_moves(name):
    """A whole deal with the search bot in every seat: `apply` validates every move."""
    game = load_or_skip(name)
    bot = SearchBot("easy", iterations=6, time_limit=None)
    bots = [bot] * game.num_seats
    for seed in range(2):
        state = play_deal(game, bots, game.deal_from_seed(seed), random.Random(seed))
        assert state.current_player is None
        assert sum(state.payments()) == 0 or name == "madiao"  # Ma Diao's pool takes a share


def test_choices_come_from_legal():
    game = load_or_skip("lukfu")
    bot = SearchBot("easy", iterations=10, time_limit=None)
    for state in decision_points(game, seeds=range(4), every=2)[:12]:
        seat = state.current_player
        legal = state.legal_actions()
        a = bot.choose(game, state.view(seat), legal, random.Random(0))
        assert a in legal
        an = bot.last
        assert an is not None and {e.action for e in an.estimates} <= set(legal)


def test_levels_and_specs():
    assert set(LEVELS) == {"easy", "normal", "strong"}
    assert LEVELS["easy"].iterations < LEVELS["normal"].iterations < LEVELS["strong"].iterations
    assert LEVELS["normal"].time_limit is not None and LEVELS["normal"].time_limit <= 1.0
    assert make_search_bot("lukfu", "strong").name == "search-strong"
    assert parse_search_spec("search").name == "search-normal"
    assert parse_search_spec("search@7").level.iterations == 7
    assert parse_search_spec("search@7").level.time_limit is None
    assert parse_search_spec("heuristic") is None
    with pytest.raises(ValueError):
        make_search_bot("lukfu", "grandmaster")


def test_time_budget_is_respected():
    game = load_or_skip("lukfu")
    state = _play_point(game)
    bot = SearchBot("normal", iterations=100000, time_limit=0.2)
    an = bot.analyse(game, state.view(state.current_player), state.legal_actions(), random.Random(0))
    # The search stops before a rollout that would likely end past the cap (generous margin
    # for a busy machine: the point is that the cap bounds the decision, not a rollout's end).
    assert an.seconds < 0.2 + 0.5
    assert an.rollouts < 100000


def _play_point(game):
    """A Luk Fu decision in the card play with at least three options."""
    for state in decision_points(game, seeds=range(20), every=1):
        if state.phase == "play" and len(state.legal_actions()) >= 3:
            return state
    raise AssertionError("no play decision found")


def test_hint_gives_a_move_and_a_value():
    game = load_or_skip("lukfu")
    state = _play_point(game)
    view = state.view(state.current_player)
    an = hint(game, view, level="easy", seed=0)
    assert an.choice in state.legal_actions()
    assert an.value is not None
    for lang in ("en", "zh-hant", "zh-hans"):
        text = format_hint(game, an, lang)
        assert game.format_action(an.choice, lang) in text


def test_heuristic_prior_keeps_its_choice_without_evidence():
    """With z = infinity the search never departs from the heuristic's own choice."""
    game = load_or_skip("lukfu")
    from yezi.bots.search import heuristic_factory

    h = heuristic_factory(game)()
    bot = SearchBot("easy", iterations=8, time_limit=None, z=float("inf"))
    for state in decision_points(game, seeds=range(3), every=3)[:8]:
        seat = state.current_player
        view, legal = state.view(seat), state.legal_actions()
        an = bot.analyse(game, view, legal, random.Random(9))
        assert an.choice == an.prior
        assert an.prior == h.choose(game, view, legal, random.Random(random.Random(random.Random(9).getrandbits(64))
                                                                     .getrandbits(64)))


def test_hint_json_and_command():
    import json

    from yezi.bots.search import hint_json
    from yezi.games.lukfu.text import COMMANDS

    game = load_or_skip("lukfu")
    state = _play_point(game)
    view = state.view(state.current_player)
    data = hint_json(game, hint(game, view, level="easy", seed=1), "en")
    json.dumps(data)
    assert data["action"] in state.legal_actions() and data["alternatives"]
    assert "Suggested" in game.hint_text(view, "easy", "en")
    assert "Suggested" in COMMANDS["hint"](game, view, "easy", "en")  # during play: the search hint
