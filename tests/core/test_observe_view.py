"""`Game.observe_view`: a seat's tensors from its view alone equal the state's, for every game and
preset, at every step of seeded random deals and for every seat (a dummy included); the tensor
leak check (`yezi.core.leakcheck.check_tensors`) passes, and catches a hidden entry put into the
view on purpose."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

from tests.golden_helpers import seed_of
from tests.research import helpers
from tests.research.helpers import case_id, game_of
from yezi.core.leakcheck import LeakError, check_tensors
from yezi.core.observation import KINDS
from yezi.core.registry import available_games, game_class, load_game


def _cases():
    """Every game under every preset (tests/research/helpers.py), and every player count its
    ``players`` option offers under the default preset (Fishing for two, Pai Gow for eight...)."""
    out = list(helpers.CASES)
    for name in available_games():
        option = game_class(name).option_table().options.get("players")
        for choice in option.choices if option is not None else ():
            case = (name, game_class(name).option_table().default_preset, {"players": choice.value})
            if load_game(name, case[1]).num_seats != load_game(name, case[1], case[2]).num_seats:
                out.append(case)
    return out


CASES = _cases()
IDS = [case_id(c) for c in CASES]


def _deal_states(game, seed):
    """Every state of one deal of seeded uniformly random legal play, the final one included."""
    rng = random.Random(seed)
    state = game.start(seed=seed)
    while True:
        yield state
        if state.current_player is None:
            return
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])


def _same(a, b) -> bool:
    return a.dtype == b.dtype and a.shape == b.shape and np.array_equal(a, b)


def _check_deals(case, cid, deals):
    game = game_of(case)
    for d in range(deals):
        for state in _deal_states(game, seed_of("observe_view", cid, d)):
            for seat in range(game.num_seats):
                view = state.view(seat)
                wire = json.loads(json.dumps(view))  # as a bot or a client receives it
                for kind in KINDS:
                    want = game.observe(state, seat, kind)
                    got = game.observe_view(view, kind)
                    assert _same(want, got), (cid, d, len(state.history), seat, kind)
                    assert _same(want, game.observe_view(wire, kind)), (cid, d, len(state.history), seat, kind, "json")


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_observe_view_equals_observe_at_every_step_for_every_seat(case):
    _check_deals(case, IDS[CASES.index(case)], 8)


@pytest.mark.slow
@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_observe_view_equals_observe_many_deals(case):
    _check_deals(case, IDS[CASES.index(case)] + "/slow", 60)


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_tensor_leak_check_passes(case):
    cid = IDS[CASES.index(case)]
    game = game_of(case)
    moved = 0
    for i, state in enumerate(_deal_states(game, seed_of("check_tensors", cid))):
        if i % 4 and state.current_player is not None:
            continue
        rng = random.Random(seed_of("check_tensors", cid, i))
        for seat in range(game.num_seats):
            moved += check_tensors(state, seat, rng, samples=2).differing_worlds
    assert moved, "no sampled world differed from the real one: the check proved nothing"


def test_observe_view_writes_in_place_and_refuses_a_spectator():
    game = load_game("lukfu", "hakka-hk")
    state = game.start(seed=seed_of("observe_view", "out"))
    for kind in KINDS:
        buf = np.full(game.observation_spec(kind).size, -1, dtype=game.observation_spec(kind).dtype)
        assert game.observe_view(state.view(1), kind, out=buf) is buf
        assert _same(buf, game.observe(state, 1, kind))
    with pytest.raises(ValueError):
        game.observe_view(state.view(None))


def _leaky(game):
    """An encoder whose view input holds the next seat's hand where the seat's own should be:
    the kind of leak a view that says too much would cause."""
    def encode(state, seat, kind):
        view = state.view(seat)
        other = (seat + 1) % game.num_seats
        view["hand"] = state.view(other)["hand"]  # a hidden entry, injected on purpose
        return game.observe_view(view, kind)
    return encode


@pytest.mark.parametrize("name,preset", [("lukfu", "hakka-hk"), ("tiengow", "hongkong"), ("fishing", "mongkok"),
                                         ("madiao", "feng-1620"), ("shiwuhu", "provisional")])
def test_the_tensor_leak_check_catches_a_hidden_hand_put_into_the_view(name, preset):
    game = load_game(name, preset)
    state = game.start(seed=seed_of("leak", name, preset))
    rng = random.Random(seed_of("leak", name, preset))
    for _ in range(2):  # a few decisions in, so that the other hands are dealt and held
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    seat = state.current_player
    check_tensors(state, seat, rng, samples=3)  # the honest encoders pass ...
    with pytest.raises(LeakError, match="cannot see"):  # ... the leaky one does not
        check_tensors(state, seat, rng, samples=6, encode=_leaky(game))
