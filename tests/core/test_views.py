"""Views: one typed shape per game on the common base, one history shape, and no view sharing a
list or dict with another (issue 25, item 5).

Random legal play from fixed seeds (`zlib.crc32`, never the salted `hash()`), every game and
preset, every seat and the spectator at every step.
"""

from __future__ import annotations

import copy
import random
import zlib

import pytest
from jsonschema import Draft202012Validator

from tests.view_helpers import view_validator
from yezi.core.registry import available_games, game_class, load_game
from yezi.core.views import BaseView, view_schema

CASES = [(name, preset) for name in available_games() for preset in game_class(name).option_table().presets]
SEEDS = (1,)


def _seed(*parts: object) -> int:
    return zlib.crc32(repr(parts).encode())


def _states(name: str, preset: str, seed: int, points: int | None = None):
    """The states of one random deal: every one, or `points` + 1 of them spread evenly over it
    (the first and the finished one among them)."""
    game = load_game(name, preset)
    rng = random.Random(_seed(name, preset, seed))
    deal = game.deal_from_seed(_seed("deal", name, preset, seed))
    state, actions = game.new_state(deal), []
    while state.current_player is not None:
        actions.append(rng.choice(state.legal_actions()))
        state.apply(actions[-1])
    n = len(actions)
    wanted = set(range(n + 1)) if points is None else {round(i * n / points) for i in range(points + 1)}
    state = game.new_state(deal)
    if 0 in wanted:
        yield state
    for i, a in enumerate(actions, 1):
        state.apply(a)
        if i in wanted:
            yield state


def _seats(state):
    return [None, *range(state.game.num_seats)]


def _check_views(name: str, preset: str, seeds: tuple[int, ...], points: int | None) -> None:
    validator = view_validator(name)
    seen = 0
    for seed in seeds:
        for state in _states(name, preset, seed, points):
            for seat in _seats(state):
                errors = sorted(validator.iter_errors(state.view(seat)), key=lambda e: list(e.path))
                assert not errors, f"{name}/{preset} seat {seat} step {len(state.history)}: " + "; ".join(
                    f"{'/'.join(map(str, e.path))}: {e.message[:200]}" for e in errors[:3])
                seen += 1
    assert seen > 10


@pytest.mark.parametrize(("name", "preset"), CASES)
def test_views_of_random_deals_match_their_schema(name, preset):
    """Seven points of a deal per preset, every seat and the spectator (2-8 ms a view:
    the whole of every deal is the slow test below)."""
    _check_views(name, preset, SEEDS, points=6)


@pytest.mark.slow
@pytest.mark.parametrize(("name", "preset"), CASES)
def test_every_view_of_random_deals_matches_its_schema(name, preset):
    _check_views(name, preset, (1, 2, 3, 4, 5, 6), points=None)


@pytest.mark.parametrize("name", available_games())
def test_every_view_type_stands_on_the_common_base_and_refuses_undeclared_keys_and_other_games(name):
    cls = game_class(name)
    assert cls.view_type is not BaseView, f"{name} declares no view type of its own"
    schema = view_schema(cls)
    assert set(BaseView.__annotations__) <= set(schema["required"])
    assert schema["additionalProperties"] is False
    view = load_game(name).start(seed=3).view(0)
    assert Draft202012Validator(schema).is_valid(view)
    assert not Draft202012Validator(schema).is_valid({**view, "undeclared": 1})
    assert not Draft202012Validator(schema).is_valid({**view, "game": "another"})


@pytest.mark.parametrize(("name", "preset"), CASES)
def test_history_is_one_shape_in_every_game(name, preset):
    """history[i]: the action code as the seat saw it (None: hidden from it); actors[i]: who took it."""
    for state in _states(name, preset, 1):
        n = len(state.history)
        for seat in _seats(state):
            v = state.view(seat)
            assert v["history"] == [state.redact(i, seat) for i in range(n)], (name, preset, seat)
            assert v["actors"] == [state.actor_of(i) for i in range(n)], (name, preset, seat)


def _containers(x, out):
    if isinstance(x, list | dict):
        out.append(x)
        for y in x.values() if isinstance(x, dict) else x:
            _containers(y, out)
    return out


def _vandalise(view) -> None:
    """Change every list and dict anywhere in `view`."""
    for c in _containers(view, []):
        if isinstance(c, list):
            c.append("vandal")
        else:
            c["vandal"] = 1


@pytest.mark.parametrize(("name", "preset"), CASES)
def test_editing_one_seats_view_changes_no_other_view(name, preset):
    """A client may edit what it was given: the other seats' views, the spectator's and the seat's
    next view stay as they were (Luk Fu's cached views shared their lists between seats)."""
    for state in _states(name, preset, 1, points=4):
        for victim in _seats(state):
            views = {s: state.view(s) for s in _seats(state)}
            before = copy.deepcopy(views)
            _vandalise(views[victim])
            for s in _seats(state):
                if s != victim:
                    assert views[s] == before[s], f"{name}/{preset}: editing seat {victim}'s view changed seat {s}'s"
                assert state.view(s) == before[s], f"{name}/{preset}: editing seat {victim}'s view changed the state"
