"""Property tests over random and heuristic games for every preset and the rule options: cards
conserved, payments zero-sum, exact replay, records round trip, views JSON, and the generic leak
check for every seat (the hands are the only hidden cards)."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from yezi.core.leakcheck import check_all_seats
from yezi.core.record import Record
from yezi.core.registry import load_game
from yezi.games.shiwuhu.bots import HeuristicBot
from yezi.games.shiwuhu.plays import NEED, PASS

CASES = [
    ("provisional", {}),
    ("tiengow-turns", {}),
    ("pagat-3p", {}),
    ("provisional", {"after_pass": "out", "za_sets": "same-rank", "supreme": "lead-only"}),
    ("provisional", {"wenwu_military": "any", "hu_count": "trick", "empty_lead": "void"}),
    ("tiengow-turns", {"players": "3", "za_sets": "none"}),
]
GAMES = [load_game("shiwuhu", p, o) for p, o in CASES]


def conserved(state) -> bool:
    totals = [sum(h[k] for h in state.hands) + sum(p[k] for p in state.played) for k in range(21)]
    return totals == [4] * 21 and [sum(h) for h in state.hands] == state.sizes


def play(game, seed: int, heuristic: bool, leak_every: int = 0):
    rng = random.Random(seed)
    state = game.start(seed=seed)
    bot = HeuristicBot()
    step = 0
    while (seat := state.current_player) is not None:
        legal = state.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        for a in legal:
            assert all(state.hands[seat][k] >= n for k, n in NEED[a]) if a < PASS else True
        if leak_every and step % leak_every == 0:
            check_all_seats(state, rng, samples=1)
        a = bot.choose(game, state.view(seat), legal, rng) if heuristic and rng.random() < 0.7 else rng.choice(legal)
        state.apply(a)
        assert conserved(state)
        step += 1
    return state


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=st.integers(0, len(CASES) - 1), seed=st.integers(0, 2**32), heuristic=st.booleans())
def test_conserved_zero_sum_exact_replay(case, seed, heuristic):
    game = GAMES[case]
    state = play(game, seed, heuristic)
    pays = state.payments()
    assert sum(pays) == 0
    if state.winner is None:
        assert pays == [0] * game.num_seats
    else:
        u = state.units
        assert u == (3 if state.hu[state.winner] >= 21 else 2 if state.hu[state.winner] >= 18 else 1)
        assert pays[state.winner] == u * (game.num_seats - 1)
    again = game.replay(state.deal, state.history)
    assert [again.view(s) for s in range(game.num_seats)] == [state.view(s) for s in range(game.num_seats)]
    rec = Record.from_state(state, seed=seed)
    back = Record.from_text(rec.to_text("zh-hant"))
    assert back.actions == rec.actions and back.replay().payments() == pays
    json.dumps(state.view(None))


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=st.integers(0, len(CASES) - 1), seed=st.integers(0, 2**32))
def test_leak_check_every_seat_along_a_game(case, seed):
    play(GAMES[case], seed, heuristic=True, leak_every=7)


def test_a_view_holds_no_other_hand():
    game = GAMES[0]
    state = game.start(seed=5)
    view = state.view(1)
    assert view["hand"] == state.hands[1]
    text = json.dumps(view)
    assert "hands" not in text
    assert state.view(None)["hand"] is None


def test_sampled_worlds_differ_in_the_hidden_hands_only():
    game = GAMES[0]
    state = game.start(seed=3)
    rng = random.Random(1)
    for _ in range(10):
        state.apply(HeuristicBot().choose(game, state.view(state.current_player), state.legal_actions(), rng))
    deal, actions = game.sample_from_view(state.view(2), rng)
    assert actions == state.history and deal["hands"][2] == state.deal["hands"][2]
    other = game.replay(deal, actions)
    assert other.view(2) == state.view(2)
