"""打天九's native engine against the Python reference: same legal lists, actors and payments on the
same deals and choices, under every preset and every option value that changes play or payments."""

from __future__ import annotations

import random

import pytest

import yezi.native as native
from tests.native.option_cases import case_id, option_cases
from tests.native.sizes import N
from yezi.core.playout import random_playout
from yezi.core.registry import load_game
from yezi.native.base import NativeError, differential

pytestmark = pytest.mark.skipif(not native.available(), reason="native engine not built")

PRESETS = ["hongkong", "celko-kam", "culin-1893"]
# every value of every option the native table encodes, away from the default preset
OPTIONS = option_cases("tiengow", "hongkong")


def _native(preset: str, overrides: dict | None = None):
    from yezi.native.tiengow import NativeTienGow

    return NativeTienGow(load_game("tiengow", preset, overrides or {}))


def _check(nat, games: int, seed: int) -> None:
    report = differential(nat, games, seed=seed)
    assert report.games == games and not report.mismatches, report.mismatches


@pytest.mark.parametrize("preset", PRESETS)
def test_presets_match_the_reference(preset):
    _check(_native(preset), N, seed=21)


@pytest.mark.parametrize(("preset", "overrides"), OPTIONS, ids=map(case_id, OPTIONS))
def test_options_match_the_reference(preset, overrides):
    _check(_native(preset, overrides), 2000, seed=22)


@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESETS)
def test_presets_match_the_reference_a_million_times(preset):
    _check(_native(preset), 1_000_000, seed=23)


@pytest.mark.parametrize("preset", PRESETS)
def test_random_playouts_are_zero_sum(preset):
    nat = _native(preset)
    totals, decisions = nat.random_playouts(20_000, seed=3)
    assert sum(totals) == 0 and any(totals)
    assert 20_000 * 8 <= decisions <= 20_000 * 32  # 8 tricks of 1–4 tiles, four plays each


@pytest.mark.parametrize("preset", PRESETS)
def test_playout_continues_a_deal_as_the_reference(preset):
    """From a terminal state both policies return the Python payments; from a mid-deal state the
    heuristic policy (deterministic) ends exactly where the Python heuristic bot does."""
    nat = _native(preset)
    game = nat.game
    bot = game.bots()["heuristic"]()
    rng = random.Random(5)
    for i in range(150):
        state = game.start(seed=i)
        random_playout(state, rng)
        for policy in ("random", "heuristic"):
            assert nat.playout(state, policy, seed=i, n=3) == [3 * p for p in state.payments()]
        mid = game.start(seed=i)
        for _ in range(rng.randrange(24)):
            legal = mid.legal_actions()
            mid.apply(legal[rng.randrange(len(legal))])
        cont = mid.clone()
        while (seat := cont.current_player) is not None:
            cont.apply(bot.choose(game, cont.view(seat), cont.legal_actions(), rng))
        assert nat.playout(mid, "heuristic", seed=i, n=2) == [2 * p for p in cont.payments()]


@pytest.mark.parametrize("preset", PRESETS)
def test_heuristic_matches_the_python_bot(preset):
    nat = _native(preset)
    game = nat.game
    bot = game.bots()["heuristic"]()
    rng = random.Random(7)
    checked = 0
    for i in range(60):
        state = game.start(seed=1000 + i)
        while (seat := state.current_player) is not None:
            legal = state.legal_actions()
            mine = bot.choose(game, state.view(seat), legal, rng)
            assert nat.heuristic_choice(state) == mine, (i, len(state.history))
            checked += 1
            # mostly the bot's own line (the states it meets), sometimes a random turn
            state.apply(mine if rng.random() < 0.7 else legal[rng.randrange(len(legal))])
    assert checked >= 1000


def test_an_illegal_history_is_refused():
    nat = _native("hongkong")
    state = nat.game.start(seed=1)
    state.history.append(1)  # a face-down lead
    with pytest.raises(NativeError):
        nat.playout(state, "random")


# ---- which rule branches the differential reached (yezi.core.branches) --------------------------

#: every rule branch the Python engine names: each kind of set led, each kind beaten (the must-beat
#: rule: same structure, strictly higher), 至尊 unbeaten, the civil-follow duty, 入一, 文尊 and 擒,
#: each 奇牌, each settlement term; the run below reaches each one with both engines agreeing
BRANCHES = {
    *(f"tiengow.lead.{c}" for c in ("single-civil", "single-military", "pair-civil", "pair-military", "supreme",
                                     "wenwu-11", "wenwu-21", "wenwu-12", "wenwu-22", "two-pairs-civil",
                                     "two-pairs-military")),
    *(f"tiengow.beat.{c}" for c in ("single-civil", "single-military", "pair-civil", "pair-military", "wenwu-11",
                                     "wenwu-21", "wenwu-12", "wenwu-22", "two-pairs-civil", "two-pairs-military")),
    "tiengow.supreme-unbeaten", "tiengow.follow-suit-civil", "tiengow.last-trick-not-entered",
    "tiengow.wen-zun-only-qin",
    *(f"tiengow.special.{k}" for k in ("wen-zun", "wu-zun", "qin", "si-da-he")),
    *(f"tiengow.settle.{k}" for k in ("tricks", "flat", "shutout", "even", "paid-back", "banker-double",
                                       "banker-refund-plain", "double-all", "zun-money")),
}
#: random play: (preset, overrides, games)
BRANCH_RUNS = [
    ("hongkong", {}, 300), ("celko-kam", {}, 200), ("culin-1893", {}, 200),
    ("hongkong", {"shutout": "double-all", "banker_refund": "plain", "two_pairs": True}, 200),
    ("culin-1893", {"shutout": "five"}, 100),
]


def test_every_rule_branch_is_reached_with_both_engines_agreeing():
    from collections import Counter

    from tests.native.branch_seeds import replay_cases

    seen: Counter[str] = Counter()
    for preset, over, n in BRANCH_RUNS:
        report = differential(_native(preset, over), n, seed=81, workers=1)
        assert not report.mismatches, (preset, over, report.mismatches)
        seen.update(report.branches)
    seen.update(replay_cases("tiengow"))  # deals found by search (tests/native/branch_seeds.json)
    assert set(seen) == BRANCHES, {"never reached": BRANCHES - set(seen), "not listed": set(seen) - BRANCHES}
