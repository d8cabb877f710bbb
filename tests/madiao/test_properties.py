"""Property tests over many random hands, for every preset (hypothesis)."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from yezi.core.leakcheck import check_all_seats, check_seat
from yezi.core.record import Record
from yezi.games.madiao.game import MaDiao

PRESETS = ["feng-1620", "feng-strict", "qing"]
VARIANTS = [
    {}, {"must_capture": True}, {"must_follow": True}, {"face_card": "hidden"},
    {"cut_bailao": "recut", "banwen_count": "recut"}, {"mian_dou": "waivable"},
    {"he_timing": "play-out", "quantu_condition": "dahuo"}, {"stake_mode": "fixed"},
    {"tu_pairing": "both-shangzhuo", "xiaotu_condition": "zhengben", "d2_window": "rest-of-hand"},
]
GAMES = [MaDiao.from_preset(p) for p in PRESETS] + [MaDiao.from_preset("feng-1620", **v) for v in VARIANTS]


def random_hand(game, seed, stop=None):
    rng = random.Random(seed)
    s = game.start(seed=seed)
    n = 0
    while s.current_player is not None and (stop is None or n < stop):
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
        n += 1
    return s


def check_conservation(s):
    dealt = [c for h in s.dealt for c in h]
    assert len(dealt) == 32 and len(set(dealt)) == 32
    assert sorted(dealt + s.cards[32:]) == list(range(40))
    played = [c for t in s.tricks for (_seat, c, _up) in t["plays"]]
    in_hand = [c for h in s.hands for c in h]
    assert sorted(played + in_hand) == sorted(dealt)
    assert sum(s.counts()) == len([t for t in s.tricks if len(t["plays"]) == 4])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**63 - 1), st.integers(0, len(GAMES) - 1))
def test_whole_hands(seed, gi):
    game = GAMES[gi]
    s = random_hand(game, seed)
    check_conservation(s)
    pays = s.payments()
    assert sum(s.net()) + s.pool_change() == 0  # seat results plus the pool's change
    assert sum(pays) == 0  # the protocol: seat-to-seat payments are zero-sum
    assert sum(s.transfers()) == 0 and s.transfers() == s.payments()
    v = s.view(None)["settlement"]
    assert v["pool_after"] == v["pool_before"] + s.pool_change()
    # replay exact
    again = game.replay(s.deal, s.history)
    assert again.view(None) == s.view(None) and again.payments() == pays
    # record text round trip
    rec = Record.from_state(s, seed=None)
    for lang in ("zh-hant", "ascii"):
        back = Record.from_text(rec.to_text(lang=lang, comments=True))
        assert back.actions == s.history and back.deal == s.deal
        assert back.replay().payments() == pays
    back = Record.from_json(rec.to_json())
    assert back.actions == s.history


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**63 - 1), st.integers(0, len(GAMES) - 1), st.integers(0, 40))
def test_leak_check_every_seat(seed, gi, stop):
    game = GAMES[gi]
    s = random_hand(game, seed, stop)
    rng = random.Random(seed)
    check_all_seats(s, rng, samples=2)
    check_seat(s, None, rng, samples=1)  # the spectator too


def test_thousands_of_hands_conserve_cards_and_money():
    for gi, game in enumerate(GAMES):
        for seed in range(250 if gi < 3 else 100):
            s = random_hand(game, seed * 7919 + gi)
            check_conservation(s)
            assert sum(s.net()) + s.pool_change() == 0
            assert sum(s.transfers()) == 0 and s.transfers() == s.payments()


def test_stock_is_hidden():
    g = MaDiao.from_preset()
    for seed in range(30):
        s = random_hand(g, seed, stop=20)
        if s.phase != "play":
            continue
        stock = set(s.cards[32:39])
        for seat in range(4):
            v = s.view(seat)
            text = repr({k: v[k] for k in v if k != "history"})
            seen = set(v["hand"]) | {c for t in v["tricks"] for (_x, c, _u) in t["plays"] if c is not None}
            assert not (stock & seen)
            assert "cards" not in v["deal"]
            del text


@pytest.mark.slow
@settings(max_examples=3000, deadline=None)
@given(st.integers(0, 2**63 - 1), st.integers(0, len(GAMES) - 1))
def test_many_hands_slow(seed, gi):
    test_whole_hands.hypothesis.inner_test(seed, gi)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_random_rulesets(data):
    """Every option can be switched: random combinations keep every invariant and hide the stock."""
    table = MaDiao.option_table()
    overrides = {}
    for name, spec in table.options.items():
        overrides[name] = data.draw(st.sampled_from([c.value for c in spec.choices]), label=name)
    if overrides["stake_min"] > overrides["stake_max"]:
        overrides["stake_min"], overrides["stake_max"] = overrides["stake_max"], overrides["stake_min"]
    game = MaDiao(table.resolve(data.draw(st.sampled_from(PRESETS)), overrides))
    seed = data.draw(st.integers(0, 2**63 - 1))
    s = random_hand(game, seed)
    check_conservation(s)
    assert sum(s.payments()) == 0 and sum(s.net()) + s.pool_change() == 0
    assert game.replay(s.deal, s.history).view(None) == s.view(None)
    part = random_hand(game, seed, stop=data.draw(st.integers(0, 36)))
    check_all_seats(part, random.Random(seed), samples=1)
