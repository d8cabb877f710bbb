"""The native Fishing engine against the Python reference: every preset, both player counts, every
option value that changes play or payments, settlement on catches random play seldom reaches
(過山, special sets), playouts from mid-deal states, and the heuristic bot's decisions."""

from __future__ import annotations

import random
import zlib

import pytest

import yezi.native as native
from tests.native.option_cases import case_id, option_cases
from tests.native.sizes import N_OPTION, N
from yezi.core.playout import random_playout
from yezi.core.registry import load_game

pytestmark = pytest.mark.skipif(not native.available(), reason="native engine not built")

PRESETS = ("suffocated", "mongkok", "fc1-group", "yuenlong-elders", "tiu-u", "tiu-u-navpil")
OTHER_PLAYERS = {"suffocated": 2, "mongkok": 2, "fc1-group": 2, "yuenlong-elders": 2, "tiu-u": 3, "tiu-u-navpil": 3}

# (preset, overrides): every value of every option the native table encodes (next_dealer only acts
# between deals; both player counts are played below), on the preset where it takes effect
OPTION_CASES = option_cases("fishing", "suffocated", skip=("players",), on={
    "overmountain_3p": ("mongkok", {}), "double_both": ("mongkok", {"overmountain_3p": 700}),
    **{name: ("fc1-group", {}) for name in ("di", "jun_scale", "di_overmountain", "di_second_third")},
})


def native_of(preset: str, overrides: dict[str, str] | None = None):
    from yezi.native.fishing import NativeFishing

    game = load_game("fishing", preset, overrides or {})
    return NativeFishing(game)


def _check(nat, n_games: int, seed: int) -> None:
    from yezi.native.base import differential

    report = differential(nat, n_games, seed=seed)
    assert report.games == n_games and not report.mismatches, report.mismatches


def test_registered():
    from yezi.native.fishing import NativeFishing
    from yezi.native.registry import native_game

    assert isinstance(native_game(load_game("fishing", "suffocated")), NativeFishing)


@pytest.mark.parametrize("preset", PRESETS)
def test_preset_matches_reference(preset):
    _check(native_of(preset), N, seed=PRESETS.index(preset) + 1)


@pytest.mark.parametrize("preset", PRESETS)
def test_other_player_count_matches_reference(preset):
    _check(native_of(preset, {"players": str(OTHER_PLAYERS[preset])}), N_OPTION, seed=100 + PRESETS.index(preset))


@pytest.mark.parametrize("players", (3, 2))
@pytest.mark.parametrize("preset,overrides", OPTION_CASES, ids=map(case_id, OPTION_CASES))
def test_option_value_matches_reference(preset, overrides, players):
    _check(native_of(preset, {**overrides, "players": str(players)}), N_OPTION // 2, seed=7 + players)


@pytest.mark.slow
@pytest.mark.parametrize("players", (3, 2))
@pytest.mark.parametrize("preset", PRESETS)
def test_preset_matches_reference_million(preset, players):
    _check(native_of(preset, {"players": str(players)}), 1_000_000, seed=1000 + PRESETS.index(preset))


# --- settlement on catches random play seldom reaches --------------------------------------------
SETTLE_CASES = [
    {"settlement": m, "overmountain_3p": om} for m in ("M1", "M2", "M3", "YL", "plain") for om in ("1000", "700")
] + [
    {"settlement": "M2", "double_both": "true", "overmountain_3p": "700"},
    {"settlement": "M1", "no_medium": "true", "wenwu": "any"},
    {"settlement": "M2", "no_medium": "true"},
    {"settlement": "M1", "scoring": "red-dots"},
    {"settlement": "M3", "scoring": "red-dots", "jun_scale": "1-3-5"},
] + [
    {"settlement": "M3", "di": di, "jun_scale": js, "di_overmountain": dio, "di_second_third": dst,
     "overmountain_3p": "700"}
    for di in ("0", "1", "3", "5") for js in ("linear", "1-3-5") for dio in ("true", "false")
    for dst in ("true", "false")
]


def _random_catches(game, rng: random.Random) -> list[list[int]]:
    """Catches that split the set unevenly (one seat often holds most of it: 過山), biased toward
    whole kinds (special sets, 鈞)."""
    from yezi.components import tiengow as tg

    n = game.players
    kinds = list(range(tg.NUM_KINDS))
    rng.shuffle(kinds)
    owners = list(range(n + 1))  # n = nobody (partial deals)
    weights = [rng.random() ** 4 for _ in owners]
    owner_of_kind = {k: rng.choices(owners, weights)[0] for k in kinds}
    catches = [[0] * tg.NUM_KINDS for _ in range(n)]
    whole = rng.random() < 0.5
    for k in range(tg.NUM_KINDS):
        for _ in range(game.deck_counts[k]):
            o = owner_of_kind[k] if whole and rng.random() < 0.8 else rng.choices(owners, weights)[0]
            if o < n:
                catches[o][k] += 1
    return catches


@pytest.mark.parametrize("players", (3, 2))
@pytest.mark.parametrize("overrides", SETTLE_CASES, ids=[str(o) for o in SETTLE_CASES])
def test_settlement_matches_reference(overrides, players):
    from yezi.games.fishing.scoring import quick

    nat = native_of("suffocated", {**overrides, "players": str(players)})
    game = nat.game
    rng = random.Random(zlib.crc32(str(overrides).encode()))
    over = 0
    for _ in range(400):
        catches = _random_catches(game, rng)
        standings = [game.method.standing_quick(quick(c, game.class_rules)) for c in catches]
        over += max(s.score for s in standings) >= game.method.__dict__.get("overmountain", 10**9)
        expected = game.method.settle(standings, with_text=False).payments
        assert nat.settle(catches) == expected, (catches, standings)
    if overrides["settlement"] != "plain":
        assert over > 20 or overrides.get("scoring") == "red-dots"  # the 過山 branches were exercised


# --- playouts -------------------------------------------------------------------------------------
class _ZeroRandom(random.Random):
    """The bot's tie-break noise switched off: it picks the first of the best actions."""

    def random(self) -> float:
        return 0.0


def _states(preset: str, players: int, count: int, seed: int):
    game = load_game("fishing", preset, {"players": str(players)})
    rng = random.Random(seed)
    for i in range(count):
        state = game.start(seed=seed * 7919 + i)
        stop = rng.randrange(game.max_game_length())
        while state.current_player is not None and len(state.history) < stop:
            legal = state.legal_actions()
            state.apply_unchecked(legal[rng.randrange(len(legal))])
        yield game, state


@pytest.mark.parametrize("preset", PRESETS)
def test_playout_from_a_finished_deal_pays_what_python_pays(preset):
    nat = native_of(preset)
    rng = random.Random(5)
    for i in range(50):
        state = random_playout(nat.game.start(seed=i), rng)
        for policy in ("random", "heuristic"):
            assert nat.playout(state, policy, seed=i, n=3) == [3 * p for p in state.payments()]


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("players", (3, 2))
def test_heuristic_bot_decides_as_python(preset, players):
    from yezi.games.fishing.bots import HeuristicBot
    from yezi.native.fishing import NativeFishing

    bot, zero = HeuristicBot(), _ZeroRandom()
    nat = None
    decided = 0
    for game, state in _states(preset, players, 200, seed=players):
        if state.current_player is None:
            continue
        nat = nat or NativeFishing(game)
        legal = state.legal_actions()
        expected = bot.choose(game, state.view(state.current_player), legal, zero)
        assert nat.heuristic_choice(state) == expected, (state.deal, state.history)
        decided += 1
    assert decided >= 150


@pytest.mark.parametrize("preset", ("suffocated", "fc1-group", "tiu-u"))
def test_heuristic_playout_from_mid_deal_equals_python_bot(preset):
    """Policy 2 (the heuristic without noise) from a mid-deal state: the whole continuation, and so
    the payments, equal the Python bot's playing every seat with its noise off."""
    import ctypes

    from yezi.games.fishing.bots import HeuristicBot
    from yezi.native.base import _array
    from yezi.native.fishing import NativeFishing

    bot, zero = HeuristicBot(), _ZeroRandom()
    nat = None
    for game, state in _states(preset, 3, 60, seed=11):
        nat = nat or NativeFishing(game)
        deal = nat.encode_deal(state.deal)
        out = (ctypes.c_int64 * game.num_seats)()
        rc = nat._playout_fn(nat._opts, len(nat.options), _array(deal), len(deal), _array(state.history),
                             len(state.history), 2, 0, 2, out)
        assert rc >= 0
        while (seat := state.current_player) is not None:
            state.apply(bot.choose(game, state.view(seat), state.legal_actions(), zero))
        assert list(out) == [2 * p for p in state.payments()]


def test_random_playouts_are_zero_sum_and_play_whole_deals():
    for preset in PRESETS:
        for players in (3, 2):
            nat = native_of(preset, {"players": str(players)})
            totals, decisions = nat.random_playouts(3000, seed=players)
            assert sum(totals) == 0 and any(totals)
            if not nat.game.dominoes:  # every turn: a hand card and a draw, 30 draws
                assert decisions == 3000 * 60


def test_random_playouts_deal_like_the_reference():
    """The native deal has the reference's distribution: the tail seat's mean catch (the lake left
    at the end and fours in the lake go to it) agrees within noise — a crude check of dealing."""
    nat = native_of("suffocated", {"settlement": "plain"})
    totals, _ = nat.random_playouts(20000, seed=3)
    game, rng = nat.game, random.Random(3)
    ref = [0, 0, 0]
    for i in range(2000):
        s = random_playout(game.start(seed=i), rng)
        ref = [a + b for a, b in zip(ref, s.payments())]
    for seat in range(3):
        assert abs(totals[seat] / 20000 - ref[seat] / 2000) < 25, (totals, ref)


def test_bad_input_is_refused():
    from yezi.native.base import NativeError

    nat = native_of("suffocated")
    state = nat.game.start(seed=1)
    legal = state.legal_actions()
    bad = next(a for a in range(946) if a not in legal)
    state.history.append(bad)  # an illegal history
    with pytest.raises(NativeError):
        nat.playout(state, "random")
    state.history.pop()
    with pytest.raises(NativeError):
        nat.playout(state, "random", n=-1)
    stock = state.deal["stock"]
    state.deal = dict(state.deal, stock=[*stock[:-1], (stock[-1] + 1) % 21])  # five of one kind
    with pytest.raises(NativeError):
        nat.trace(state, 1)


# ---- which rule branches the differential reached (yezi.core.branches) --------------------------

#: every rule branch the Python engine names (play in game.py, fish in scoring.py, the methods in
#: settlement.py); the run below reaches each one with both engines agreeing, so a rule broken on
#: either side fails here even where random play seldom goes
BRANCHES = {
    "fishing.must-capture-drawn", "fishing.must-capture-hand", "fishing.keep-offered", "fishing.stack-offered",
    "fishing.take-stacked-three", "fishing.one-takes-three", "fishing.fours-to-tail", "fishing.heaven-pair",
    "fishing.lake-to-tail",
    "fishing.big-heaven-nine", "fishing.big-supreme", "fishing.big-jun", "fishing.medium-wenwu",
    "fishing.medium-wenwu-strict", "fishing.no-medium-all-small", "fishing.red-dots",
    "fishing.special.twelve-heaven-nine", "fishing.special.three-jun", "fishing.special.eight-supreme",
    "fishing.M1.overmountain", "fishing.M1.difference", "fishing.M1.difference-both-over", "fishing.M1.jun-beats-jun",
    "fishing.YL.overmountain", "fishing.YL.difference", "fishing.YL.difference-both-over",
    "fishing.M2.overmountain", "fishing.M2.overmountain-both", "fishing.M2.difference",
    "fishing.M3.overmountain", "fishing.M3.difference", "fishing.M3.no-di-overmountain",
    "fishing.M3.no-di-second-third", "fishing.M3.jun-linear", "fishing.M3.jun-1-3-5",
    "fishing.plain.difference",
}
#: random play: (preset, overrides, games)
BRANCH_RUNS = [
    ("suffocated", {}, 150), ("mongkok", {"double_both": "true", "overmountain_3p": "700"}, 100),
    ("fc1-group", {"di_overmountain": "false", "di_second_third": "false", "jun_scale": "1-3-5"}, 100),
    ("fc1-group", {}, 100), ("yuenlong-elders", {"wenwu": "any"}, 100), ("tiu-u", {}, 100), ("tiu-u-navpil", {}, 100),
]
#: settlement on catches random play seldom reaches (two seats 過山 at once): the native `settle`
#: against the Python method
BRANCH_SETTLES = [{"settlement": m, "overmountain_3p": "700"} for m in ("M1", "YL", "M2")] + [
    {"settlement": "M2", "double_both": "true", "overmountain_3p": "700"}, {"settlement": "M3", "di": "1"},
]


def test_every_rule_branch_is_reached_with_both_engines_agreeing():
    from collections import Counter

    from yezi.core import branches
    from yezi.games.fishing.scoring import quick
    from yezi.native.base import _replay, differential

    seen: Counter[str] = Counter()
    for preset, over, n in BRANCH_RUNS:
        report = differential(native_of(preset, over), n, seed=78, workers=1)
        assert not report.mismatches, (preset, over, report.mismatches)
        seen.update(report.branches)
    for over in BRANCH_SETTLES:
        nat = native_of("suffocated", over)
        rng = random.Random(zlib.crc32(str(over).encode()))
        with branches.counting() as hits:
            for _ in range(300):
                catches = _random_catches(nat.game, rng)
                standings = [nat.game.method.standing_quick(quick(c, nat.game.class_rules)) for c in catches]
                assert nat.settle(catches) == nat.game.method.settle(standings, with_text=False).payments, catches
        seen.update(hits)
    # 四張歸尾 (fours_to_tail): a lake that holds all four of a kind that only captures itself
    nat = native_of("suffocated")
    game = nat.game
    kind = min(game.self_only)
    for k in range(10):
        rest = [c for c in game.deck if c != kind]
        random.Random(k).shuffle(rest)
        lake = [kind] * 4 + rest[:game.lake_size - 4]
        rest = rest[game.lake_size - 4:]
        hands = [sorted(rest[s * game.hand_size:(s + 1) * game.hand_size]) for s in range(game.players)]
        with branches.counting() as hits:  # the fours go to 尾家 as the deal starts
            state = game.new_state({"hands": hands, "lake": sorted(lake), "stock": rest[game.players * game.hand_size:]})
            bad = _replay(state, nat.trace(state, k))
        assert bad is None, (k, bad)
        assert hits["fishing.fours-to-tail"], k
        seen.update(hits)
    assert set(seen) == BRANCHES, {"never reached": BRANCHES - set(seen), "not listed": set(seen) - BRANCHES}
