"""牌九's native engine against the Python reference: same legal lists, actors and payments on the
same deals and choices, under every preset and every option value that changes play or payments."""

from __future__ import annotations

import random

import pytest

import yezi.native as native
from tests.native.option_cases import case_id, option_cases
from tests.native.sizes import N
from yezi.core.playout import play_deal, random_playout
from yezi.core.registry import load_game
from yezi.native.base import NativeError, differential

pytestmark = pytest.mark.skipif(not native.available(), reason="native engine not built")

PRESETS = ["dapaijiu", "xiaopaijiu", "casino", "wenzhou"]
# every value of every option the native table encodes, away from the default preset; and 天高九 /
# 地高九 without the high-tile tie-break, which alone ranks those hands as high_nines does
OPTIONS = [*option_cases("paigow", "dapaijiu"), ("dapaijiu", {"high_nines": True, "tie_break": "none"})]


def _native(preset: str, overrides: dict | None = None):
    from yezi.native.paigow import NativePaiGow

    return NativePaiGow(load_game("paigow", preset, overrides or {}))


def _check(nat, games: int, seed: int) -> None:
    report = differential(nat, games, seed=seed)
    assert report.games == games and not report.mismatches, report.mismatches


@pytest.mark.parametrize("preset", PRESETS)
def test_presets_match_the_reference(preset):
    _check(_native(preset), N, seed=11)


@pytest.mark.parametrize(("preset", "overrides"), OPTIONS, ids=map(case_id, OPTIONS))
def test_options_match_the_reference(preset, overrides):
    _check(_native(preset, overrides), 2000, seed=12)


@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESETS)
def test_presets_match_the_reference_a_million_times(preset):
    _check(_native(preset), 1_000_000, seed=13)


@pytest.mark.parametrize("preset", PRESETS)
def test_random_playouts_are_zero_sum(preset):
    nat = _native(preset)
    totals, decisions = nat.random_playouts(400_000, seed=3)
    assert sum(totals) == 0
    assert decisions == 400_000 * nat.game.max_game_length()  # the schedule is fixed
    assert totals[0] > 0  # every tie is the banker's: the bank wins on average (by about 20 standard errors)


@pytest.mark.parametrize("preset", PRESETS)
def test_playout_continues_a_deal_as_the_reference(preset):
    """From a terminal state both policies return the Python payments; from a mid-deal state the
    heuristic policy (deterministic) ends exactly where the Python house way does."""
    nat = _native(preset)
    game = nat.game
    bot = game.bots()["heuristic"]()
    rng = random.Random(5)
    for i in range(200):
        state = game.start(seed=i)
        random_playout(state, rng)
        for policy in ("random", "heuristic"):
            assert nat.playout(state, policy, seed=i, n=3) == [3 * p for p in state.payments()]
        mid = game.start(seed=i)
        for _ in range(rng.randrange(game.max_game_length())):
            legal = mid.legal_actions()
            mid.apply(legal[rng.randrange(len(legal))])
        ref = play_deal(game, [bot] * game.num_seats, mid.deal, rng)  # the house way from the deal's start
        cont = mid.clone()
        while (seat := cont.current_player) is not None:
            cont.apply(bot.choose(game, cont.view(seat), cont.legal_actions(), rng))
        assert nat.playout(mid, "heuristic", seed=i, n=2) == [2 * p for p in cont.payments()]
        assert nat.playout(game.new_state(mid.deal), "heuristic", seed=i) == ref.payments()


@pytest.mark.parametrize("preset", PRESETS)
def test_heuristic_matches_the_house_way_bot(preset):
    nat = _native(preset)
    game = nat.game
    bot = game.bots()["heuristic"]()
    rng = random.Random(7)
    checked = 0
    for i in range(400):
        state = game.start(seed=1000 + i)
        while (seat := state.current_player) is not None:
            legal = state.legal_actions()
            assert nat.heuristic_choice(state) == bot.choose(game, state.view(seat), legal, rng)
            checked += 1
            state.apply(legal[rng.randrange(len(legal))])
    assert checked >= 1000


def test_an_illegal_history_is_refused():
    nat = _native("dapaijiu")
    state = nat.game.start(seed=1)
    legal = state.legal_actions()
    bad = next(a for a in range(nat.game.action_space_size) if a not in legal)
    state.history.append(bad)  # what a replay would be handed; the native engine checks it
    with pytest.raises(NativeError):
        nat.playout(state, "random")


# ---- which rule branches the differential reached (yezi.core.branches) --------------------------

#: every rule branch the Python engine names: the kind of hand that decided each comparison with
#: the banker, the wild 至尊 tiles, no 地王, a copy to the banker, the high tile deciding equal
#: points, 0-0 to the banker, each result, a chosen stake; the run below reaches each one with both
#: engines agreeing
BRANCHES = {
    *(f"paigow.hand.{c}" for c in ("pair-above-supreme", "supreme", "pair", "wong", "gong", "high-nine", "points")),
    "paigow.supreme-wild", "paigow.no-earth-king", "paigow.copy-to-banker", "paigow.high-tile-decides",
    "paigow.zero-zero-to-banker", "paigow.result.player-wins", "paigow.result.banker-wins", "paigow.result.push",
    "paigow.stake-chosen",
}
#: random play: (preset, overrides, games)
BRANCH_RUNS = [
    ("dapaijiu", {}, 300), ("xiaopaijiu", {}, 300), ("casino", {}, 100), ("wenzhou", {}, 300),
    ("xiaopaijiu", {"tie_break": "none"}, 300),
]


def test_every_rule_branch_is_reached_with_both_engines_agreeing():
    from collections import Counter

    seen: Counter[str] = Counter()
    for preset, over, n in BRANCH_RUNS:
        report = differential(_native(preset, over), n, seed=82, workers=1)
        assert not report.mismatches, (preset, over, report.mismatches)
        seen.update(report.branches)
    assert set(seen) == BRANCHES, {"never reached": BRANCHES - set(seen), "not listed": set(seen) - BRANCHES}
