"""Properties over random 牌九 deals for every preset: tiles conserved, payments sum to zero, exact
replay from (ruleset, deal, actions), records round trip, and the generic leak check for every
seat at every step (set hands stay hidden from every other seat until the showdown)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.property_helpers import random_walk
from yezi.components import tiengow as tg
from yezi.core.leakcheck import check_all_seats
from yezi.core.record import Record
from yezi.core.registry import load_game
from yezi.games.paigow.bots import HouseWayBot

PRESETS = [
    ("dapaijiu", {}),
    ("dapaijiu", {"players": "2"}),
    ("dapaijiu", {"players": "8", "tie_break": "none"}),
    ("xiaopaijiu", {}),
    ("xiaopaijiu", {"players": "8", "stakes": "choose"}),
    ("casino", {}),
    ("casino", {"players": "3", "supreme_wild": "no", "dice": "4", "count_from": "right"}),
    ("wenzhou", {}),
    ("wenzhou", {"tiles": "2", "players": "5"}),
]
_GAMES: dict = {}


def game_for(i: int):
    if i not in _GAMES:
        p, o = PRESETS[i]
        _GAMES[i] = load_game("paigow", p, o)
    return _GAMES[i]


def conserved(state) -> bool:
    """The dealt hands and the stacks left over hold exactly the 32 tiles, and every set hand is
    the seat's own four tiles."""
    g = state.game
    dealt = [k for h in state.hands for k in h]
    first = g.first_seat(state.deal["dice"])
    used = {g.stack_of(s, first) for s in range(g.players)}
    rest = [k for i in range(32 // g.tiles) if i not in used
            for k in state.deal["woodpile"][i * g.tiles:(i + 1) * g.tiles]]
    if tg.counts(dealt + rest) != g.set_counts:
        return False
    for s in range(g.players):
        if state.fronts[s] is not None and g.big and sorted([*state.fronts[s], *state.back_of(s)]) != list(state.hands[s]):
            return False
    return True


def play(game, seed: int, heuristic: bool, leak: bool = False):
    each = (lambda state, rng: check_all_seats(state, rng, samples=2)) if leak else None
    return random_walk(game, seed, HouseWayBot(), heuristic, conserved, each)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(i=st.integers(0, len(PRESETS) - 1), seed=st.integers(0, 2**32), heuristic=st.booleans())
def test_conserved_zero_sum_and_exact_replay(i, seed, heuristic):
    game = game_for(i)
    state = play(game, seed, heuristic)
    pays = state.payments()
    assert sum(pays) == 0
    assert all(isinstance(p, int) for p in pays)
    again = game.replay(state.deal, state.history)
    assert again.payments() == pays and again.view(None) == state.view(None)
    rec = Record.from_state(state, seed=seed)
    for lang in ("zh-hant", "en", "ascii"):
        back = Record.from_text(rec.to_text(lang))
        assert back.actions == state.history and back.replay().payments() == pays
    assert Record.from_json(rec.to_json()).replay().payments() == pays


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(i=st.integers(0, len(PRESETS) - 1), seed=st.integers(0, 2**32))
def test_no_seat_sees_what_it_should_not(i, seed):
    play(game_for(i), seed, heuristic=True, leak=True)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_payments_follow_the_comparisons(seed):
    """Each player's payment is his stake times +1 (both hands won), -1 (both lost) or 0."""
    game = game_for(5)
    state = play(game, seed, heuristic=False)
    res = state.view(None)["result"]
    for s in range(1, game.players):
        won = sum(res["outcomes"][s])
        expected = {2: 1, 1: 0, 0: -1}[won] * state.stakes[s]
        assert res["payments"][s] == expected
