"""Property tests over many random games for every preset and player count.

Default run: a few hundred games per configuration; ``-m slow`` runs thousands.
"""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from yezi.core.leakcheck import check_all_seats
from yezi.core.playout import random_playout
from yezi.core.record import Record
from yezi.core.registry import load_game
from yezi.games.fishing.game import Fishing

PRESETS = list(Fishing.option_table().presets)
CONFIGS = [(p, n) for p in PRESETS for n in (2, 3)]
SEEDS = st.integers(min_value=0, max_value=2**63 - 1)


def load(preset, players):
    return load_game("fishing", preset, {"players": str(players)})


def check_game(g, seed):
    rng = random.Random(seed)
    state = g.start(seed=seed)
    # a few views along the way keep the conservation invariant too
    while state.current_player is not None:
        la = state.legal_actions()
        assert la, "a live state always has a legal action"
        state.apply_unchecked(la[rng.randrange(len(la))])
        total = sum(map(sum, state.hands)) + sum(state.lake) + sum(map(sum, state.catches)) + \
            len(state.deal["stock"]) - state.pos + (1 if state.drawn is not None else 0)
        assert total == len(g.deck)
    assert sum(map(sum, state.catches)) + sum(state.lake) + sum(map(sum, state.hands)) == len(g.deck)
    if g.rules["leftover_lake"] == "tail":
        assert sum(state.lake) == 0
    pays = state.payments()
    assert sum(pays) == 0
    again = g.replay(state.deal, state.history)
    assert again.history == state.history and again.payments() == pays
    assert again.view(None) == state.view(None)
    return state


@pytest.mark.parametrize("preset,players", CONFIGS)
def test_random_games_conserve_cards_zero_sum_and_replay(preset, players):
    g = load(preset, players)

    @settings(max_examples=150, deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.too_slow])
    @given(seed=SEEDS)
    def prop(seed):
        check_game(g, seed)

    prop()


@pytest.mark.slow
@pytest.mark.parametrize("preset,players", CONFIGS)
def test_thousands_of_random_games(preset, players):
    g = load(preset, players)

    @settings(max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(seed=SEEDS)
    def prop(seed):
        check_game(g, seed)

    prop()


def _leak(preset, players, seed, stop_frac, samples=2):
    g = load(preset, players)
    rng = random.Random(seed)
    state = g.start(seed=seed)
    total = g.players * g.hand_size + g.stock_size
    stop = int(stop_frac * (total + 2))
    while state.current_player is not None and len(state.history) < stop:
        la = state.legal_actions()
        state.apply(la[rng.randrange(len(la))])
    check_all_seats(state, rng, samples=samples)
    deal, actions = g.sample_from_view(state.view(None), rng)  # the spectator too
    assert g.replay(deal, actions).view(None) == state.view(None)


@pytest.mark.parametrize("preset,players", CONFIGS)
def test_leak_check_every_seat(preset, players):
    @settings(max_examples=20, deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.too_slow])
    @given(seed=SEEDS, stop=st.floats(0, 1.05))
    def prop(seed, stop):
        _leak(preset, players, seed, stop)

    prop()


@pytest.mark.slow
@pytest.mark.parametrize("preset,players", CONFIGS)
def test_leak_check_every_seat_many(preset, players):
    @settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(seed=SEEDS, stop=st.floats(0, 1.05))
    def prop(seed, stop):
        _leak(preset, players, seed, stop, samples=3)

    prop()


def test_the_tail_card_leaks_to_nobody_but_the_tail_seat():
    """A sampled world for a non-tail seat may move the 尾牌; for the 尾家 it never does."""
    g = load("suffocated", 3)
    rng = random.Random(5)
    moved = 0
    for seed in range(30):
        state = g.start(seed=seed)
        tail = state.deal["stock"][-1]
        for _ in range(3):
            d, _a = g.sample_from_view(state.view(2), rng)
            assert d["stock"][-1] == tail
            d, _a = g.sample_from_view(state.view(0), rng)
            moved += d["stock"][-1] != tail
    assert moved > 0


def test_views_do_not_depend_on_the_stock_order():
    g = load("suffocated", 3)
    state = g.start(seed=11)
    rng = random.Random(0)
    for _ in range(10):
        la = state.legal_actions()
        state.apply(la[rng.randrange(len(la))])
    d = dict(state.deal)
    drawn = state.pos
    rest = d["stock"][drawn:-1]
    rng.shuffle(rest)
    d["stock"] = d["stock"][:drawn] + rest + d["stock"][-1:]
    other = g.replay(d, state.history)
    for seat in range(3):
        assert other.view(seat) == state.view(seat)


@pytest.mark.parametrize("preset,players", [("suffocated", 3), ("fc1-group", 2), ("tiu-u", 3)])
def test_record_text_round_trip(preset, players):
    g = load(preset, players)
    rng = random.Random(1)
    for seed in range(15):
        state = random_playout(g.start(seed=seed), rng)
        rec = Record.from_state(state, seed=seed)
        for lang in ("zh-hant", "zh-hans", "en", "ascii"):
            back = Record.from_text(rec.to_text(lang))
            assert back.actions == rec.actions and back.deal == rec.deal
            assert back.replay().payments() == state.payments()
        assert Record.from_json(rec.to_json()).replay().payments() == state.payments()


@pytest.mark.parametrize("preset", PRESETS)
def test_fast_payments_agree_with_the_full_classification(preset):
    for players in (2, 3):
        g = load(preset, players)
        rng = random.Random(7)
        for seed in range(60):
            state = random_playout(g.start(seed=seed), rng)
            assert state.payments() == state.result()[1].payments
