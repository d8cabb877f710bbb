"""十五胡's native engine against the Python reference: same legal lists, actors and payments on the
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

PRESETS = ["provisional", "tiengow-turns", "pagat-3p"]
# every value of every option the native table encodes, away from the default preset
OPTIONS = option_cases("shiwuhu", "provisional")


class ZeroNoise(random.Random):
    """The bot breaks near-ties with ``rng.random() * 1e-6``; with this generator it adds nothing,
    as the native `heuristic_choice` does."""

    def random(self) -> float:
        return 0.0


def _native(preset: str, overrides: dict | None = None):
    from yezi.native.shiwuhu import NativeShiwuhu

    return NativeShiwuhu(load_game("shiwuhu", preset, overrides or {}))


def _check(nat, games: int, seed: int) -> None:
    report = differential(nat, games, seed=seed)
    assert report.games == games and not report.mismatches, report.mismatches


@pytest.mark.parametrize("preset", PRESETS)
def test_presets_match_the_reference(preset):
    _check(_native(preset), N, seed=31)


@pytest.mark.parametrize(("preset", "overrides"), OPTIONS, ids=map(case_id, OPTIONS))
def test_options_match_the_reference(preset, overrides):
    _check(_native(preset, overrides), 2000, seed=32)


@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESETS)
def test_presets_match_the_reference_a_million_times(preset):
    _check(_native(preset), 1_000_000, seed=33)


# ---- which rule branches the differential reached (yezi.core.branches) --------------------------

#: every rule branch the Python engine names; the run below reaches each one with both engines
#: agreeing, so a rule broken on either side fails here even where random play seldom goes
BRANCHES = {
    "shiwuhu.declare-15", "shiwuhu.declare-18", "shiwuhu.declare-21", "shiwuhu.play-on-18", "shiwuhu.play-on-21",
    "shiwuhu.must-declare", "shiwuhu.cards-ran-out", "shiwuhu.pass-out", "shiwuhu.supreme-lead",
    "shiwuhu.void-on-empty-lead",
}
#: random play: (preset, overrides, games)
RANDOM_RUNS = [
    ("provisional", {}, 200),
    ("provisional", {"after_pass": "out", "supreme": "lead-only", "empty_lead": "void"}, 200),
]
#: hand-built deals: seat 0 holds every copy of the five best kinds (and one more), so he wins
#: trick after trick and random choices between 宣告 and 續打 reach 18 and 21 胡 (random deals
#: declare at 21 in about one deal of 200)
STRONG = [k for k in range(5) for _ in range(4)] + [5]


def _deal_with(game, seat: int, hand: list[int], seed: int) -> dict:
    rest = [k for k in range(21) for _ in range(4)]
    for k in hand:
        rest.remove(k)
    random.Random(seed).shuffle(rest)
    hands = []
    for s in range(game.players):
        hands.append(sorted(hand) if s == seat else sorted(rest[:game.hand_size]))
        if s != seat:
            rest = rest[game.hand_size:]
    return {"hands": hands}


def test_every_rule_branch_is_reached_with_both_engines_agreeing():
    from collections import Counter

    from yezi.core import branches
    from yezi.native.base import _replay

    seen: Counter[str] = Counter()
    for preset, over, n in RANDOM_RUNS:
        report = differential(_native(preset, over), n, seed=34, workers=1)
        assert not report.mismatches, (preset, over, report.mismatches)
        seen.update(report.branches)
    nat = _native("provisional")
    built: Counter[str] = Counter()
    for k in range(40):
        state = nat.game.new_state(_deal_with(nat.game, 0, STRONG, k))
        with branches.counting() as hits:
            bad = _replay(state, nat.trace(state, k))
        assert bad is None, (k, bad)
        built.update(hits)
    assert built["shiwuhu.declare-21"] >= 5, built  # the hand-built deals reach 21 胡 on their own
    seen.update(built)
    assert set(seen) == BRANCHES, {"never reached": BRANCHES - set(seen), "not listed": set(seen) - BRANCHES}


@pytest.mark.parametrize("preset", PRESETS)
def test_random_playouts_are_zero_sum(preset):
    nat = _native(preset)
    totals, decisions = nat.random_playouts(20_000, seed=3)
    assert sum(totals) == 0 and any(totals)
    assert 20_000 * 10 < decisions < 20_000 * nat.game.max_game_length()


@pytest.mark.parametrize("preset", PRESETS)
def test_playout_continues_a_deal_as_the_reference(preset):
    """From a terminal state both policies return the Python payments; from a mid-deal state the
    heuristic policy (its 1e-6 tie noise aside, deterministic) ends where the Python bot does on
    nearly every deal."""
    nat = _native(preset)
    game = nat.game
    bot = game.bots()["heuristic"]()
    rng = random.Random(5)
    same = 0
    for i in range(100):
        state = game.start(seed=i)
        random_playout(state, rng)
        for policy in ("random", "heuristic"):
            assert nat.playout(state, policy, seed=i, n=3) == [3 * p for p in state.payments()]
        mid = game.start(seed=i)
        for _ in range(rng.randrange(60)):
            if mid.current_player is None:
                break
            legal = mid.legal_actions()
            mid.apply(legal[rng.randrange(len(legal))])
        cont = mid.clone()
        while (seat := cont.current_player) is not None:
            cont.apply(bot.choose(game, cont.view(seat), cont.legal_actions(), ZeroNoise()))
        same += nat.playout(mid, "heuristic", seed=i) == cont.payments()
    assert same >= 90  # noise of 1e-6 decides only exact ties; any rule difference would show far more


@pytest.mark.parametrize("preset", PRESETS)
def test_heuristic_matches_the_python_bot(preset):
    nat = _native(preset)
    game = nat.game
    bot = game.bots()["heuristic"]()
    rng = random.Random(7)
    checked = i = 0
    while checked < 1000:
        i += 1
        state = game.start(seed=1000 + i)
        while (seat := state.current_player) is not None:
            legal = state.legal_actions()
            mine = bot.choose(game, state.view(seat), legal, ZeroNoise())
            assert nat.heuristic_choice(state) == mine, (i, len(state.history))
            checked += 1
            state.apply(mine if rng.random() < 0.7 else legal[rng.randrange(len(legal))])


def test_an_illegal_history_is_refused():
    nat = _native("provisional")
    state = nat.game.start(seed=1)
    state.history.append(493)  # the leader may not pass
    with pytest.raises(NativeError):
        nat.playout(state, "random")
