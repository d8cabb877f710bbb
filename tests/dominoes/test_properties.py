"""Property tests over random games for every preset: tiles conserved, payments zero-sum, replay
exact, records round trip, and the generic leak check for every seat (face-down tiles stay hidden
from everyone else). The default run plays a few hundred games per preset; `-m slow` plays
thousands."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.property_helpers import random_walk
from yezi.components import tiengow as tg
from yezi.core.leakcheck import check_all_seats, check_seat
from yezi.core.record import Record
from yezi.core.registry import load_game
from yezi.games.dominoes.bots import HeuristicBot

PRESETS = [
    ("jielong", "wikipedia", {}),
    ("jielong", "wikipedia", {"players": "3"}),
    ("jielong", "wikipedia", {"players": "2"}),
    ("jielong", "navpil", {}),
    ("jielong", "pagat", {}),
    ("tseding", "pairwise", {}),
    ("tseding", "pairwise", {"head_tail": "6-7", "relead": "no"}),
    ("tseding", "wikipedia", {}),
    ("tseding", "pagat", {}),
    ("tseding", "pagat", {"players": "2"}),
    ("dingniu", "recommended", {}),
    ("dingniu", "recommended", {"discard": "always"}),
    ("dingniu", "wikipedia", {}),
    ("dingniu", "navpil", {}),
]
IDS = [f"{g}-{p}" + "".join(f"-{k}={v}" for k, v in o.items()) for g, p, o in PRESETS]
_GAMES: dict = {}


def game_for(i):
    if i not in _GAMES:
        g, p, o = PRESETS[i]
        _GAMES[i] = load_game(g, p, o)
    return _GAMES[i]


def conserved(state) -> bool:
    c = [0] * 21
    for h in state.hands:
        for k, n in enumerate(h):
            c[k] += n
    for d in state.down:
        for k in d:
            c[k] += 1
    for line in state.lines:
        for t in line:
            c[t[2]] += 1
    for k in state.deal.get("aside", []):
        c[k] += 1
    return c == state.game.set_counts


def play(game, seed: int, heuristic: bool, each=None):
    return random_walk(game, seed, HeuristicBot(), heuristic, conserved, each)


def check_game(game, seed: int, heuristic: bool, lang: str):
    state = play(game, seed, heuristic)
    pays = state.payments()
    assert sum(pays) == 0
    assert all(isinstance(p, int) for p in pays)
    res = state.result
    if res["reason"] in ("all-out", "blocked"):  # 八掘 wins on the deal; a redeal has no winner
        assert res["winner"] == min(range(game.num_seats), key=lambda s: (res["scores"][s], s))
    again = game.replay(state.deal, state.history)
    assert again.history == state.history and again.payments() == pays
    assert again.view(None) == state.view(None)
    rec = Record.from_state(state, seed=seed)
    back = Record.from_text(rec.to_text(lang))
    assert back.deal == state.deal and back.actions == state.history
    assert Record.from_json(rec.to_json()).replay().payments() == pays
    assert game.deal_from_seed(seed) == state.deal
    assert game.parse_deal(game.format_deal(state.deal)) == state.deal


@pytest.mark.parametrize("i", range(len(PRESETS)), ids=IDS)
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**63 - 1), heuristic=st.booleans(),
       lang=st.sampled_from(["zh-hant", "zh-hans", "en", "ascii"]))
def test_random_games(i, seed, heuristic, lang):
    check_game(game_for(i), seed, heuristic, lang)


@pytest.mark.slow
@pytest.mark.parametrize("i", range(len(PRESETS)), ids=IDS)
@settings(max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**63 - 1), heuristic=st.booleans(),
       lang=st.sampled_from(["zh-hant", "zh-hans", "en", "ascii"]))
def test_random_games_many(i, seed, heuristic, lang):
    check_game(game_for(i), seed, heuristic, lang)


def _leak_every_state(state, rng):
    check_all_seats(state, rng, samples=2)
    check_seat(state, None, rng, samples=1)  # the spectator, too


@pytest.mark.parametrize("i", range(len(PRESETS)), ids=IDS)
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**63 - 1), heuristic=st.booleans())
def test_leak_check_every_seat_every_state(i, seed, heuristic):
    play(game_for(i), seed, heuristic, each=_leak_every_state)


@pytest.mark.slow
@pytest.mark.parametrize("i", range(len(PRESETS)), ids=IDS)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**63 - 1), heuristic=st.booleans())
def test_leak_check_many(i, seed, heuristic):
    play(game_for(i), seed, heuristic, each=_leak_every_state)


def test_face_down_tiles_are_hidden_from_the_others():
    game = load_game("jielong")
    for seed in range(50):
        state = game.start(seed=seed)
        rng = random.Random(seed)
        while state.current_player is not None:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            downs = [i for i, a in enumerate(state.history) if a >= 84]
            if downs and state.current_player is not None:
                i = downs[-1]
                actor = state.actor_of(i)
                for s in range(4):
                    v = state.view(s)
                    assert (v["history"][i] is None) == (s != actor)
                    assert (v["down"][actor] is None) == (s != actor)
                assert state.view(None)["history"][i] is None
                assert state.log_for((actor + 1) % 4)[i].endswith("扣牌")
                k = state.history[i] - 84
                assert tg.name(k) in state.log_for(actor)[i]
                return
    pytest.fail("no face-down tile in 50 games")
