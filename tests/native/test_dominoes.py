"""The native domino engines (接龍, 斜釘, 頂牛) against the Python reference engine: the same deals,
the same choice indices, identical actors, legal action lists (in order) and payments; the
heuristic bot's choices; playouts from a given state; rare start rules (八掘, the redeal) on
explicit deals."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

import yezi.native as native
from tests.native.option_cases import option_cases
from tests.native.sizes import N_OPTION, N
from yezi.core.playout import random_playout
from yezi.core.registry import load_game
from yezi.games.dominoes.bots import HeuristicBot
from yezi.native.base import NativeError, NativeGame, Unsupported, _replay, differential

pytestmark = pytest.mark.skipif(not native.available(), reason="native engine not built")


PRESETS = [
    ("jielong", "wikipedia"), ("jielong", "navpil"), ("jielong", "pagat"),
    ("tseding", "pairwise"), ("tseding", "wikipedia"), ("tseding", "pagat"),
    ("dingniu", "recommended"), ("dingniu", "wikipedia"), ("dingniu", "navpil"),
]

#: every value of every option the native table encodes, away from each game's default preset
OPTIONS = [(name, preset, overrides) for name, base in (("jielong", "wikipedia"), ("tseding", "pairwise"),
                                                         ("dingniu", "recommended"))
           for preset, overrides in option_cases(name, base)]


def native_for(name: str, preset: str, overrides: dict | None = None) -> NativeGame:
    from yezi.native.registry import native_game

    ng = native_game(load_game(name, preset, overrides or {}))
    assert ng is not None, f"{name} {preset} {overrides}: no native engine"
    return ng


def _endings(state) -> list[str]:
    """How a hand ended (reason / 頂牛 rule / 斜釘 tags), counted by the differential run so a test
    can show that the rules it claims to cover were reached."""
    res = state.result or {}
    out = [res.get("reason")]
    if "rule" in res:
        out.append(res["rule"])
    return out + ["tag:" + tag for tag in res.get("tags", [])]


def run_differential(ng: NativeGame, n: int, seed: int) -> tuple[list[str], Counter]:
    """`yezi.native.base.differential` (over every core for long runs), with the endings counted."""
    report = differential(ng, n, seed=seed, observe=_endings)
    return report.mismatches, report.seen


@pytest.mark.parametrize("name,preset", PRESETS)
def test_presets_match_the_reference(name, preset):
    bad, seen = run_differential(native_for(name, preset), N, seed=16)
    assert not bad, "\n".join(bad)
    if name == "dingniu" and N >= 2000:
        assert seen["blocked"] and seen["suanzhang-success"] and seen["baozhuang"], seen
    if name == "tseding" and preset != "pagat" and N >= 2000:  # pagat: discarding at will, no 通牌
        assert seen["tag:pass"] and seen["tag:penalty"] and seen["tag:none"], seen


@pytest.mark.parametrize("name,preset,overrides", OPTIONS)
def test_option_values_match_the_reference(name, preset, overrides):
    bad, _ = run_differential(native_for(name, preset, overrides), N_OPTION, seed=17)
    assert not bad, "\n".join(bad)


@pytest.mark.slow
@pytest.mark.parametrize("name,preset", PRESETS)
def test_presets_match_the_reference_a_million_times(name, preset):
    bad, _ = run_differential(native_for(name, preset), 1_000_000, seed=1616)
    assert not bad, "\n".join(bad)


# --- start rules that random deals almost never reach: explicit deals ---------------------------

DOUBLES = [0, 0, 1, 1, 2, 2, 4, 4, 5, 5, 6, 6]  # the twelve doubles of the 32-tile set, by kind


def _deal_with(game: Any, seat: int, hand: list[int], seed: int) -> dict:
    """A deal of `game` whose `seat` holds `hand` (the rest shuffled by `seed`)."""
    rest = list(game.set_counts)
    for k in hand:
        rest[k] -= 1
    pool = [k for k, c in enumerate(rest) for _ in range(c)]
    random.Random(seed).shuffle(pool)
    h = game.cfg.hand
    hands = []
    for s in range(game.cfg.seats):
        if s == seat:
            hands.append(sorted(hand))
        else:
            hands.append(sorted(pool[:h]))
            pool = pool[h:]
    return {"hands": hands, "aside": sorted(pool)}


def _explicit(ng: NativeGame, deal: dict, seed: int) -> tuple[Any, str | None]:
    state = ng.game.new_state(deal)
    return state, _replay(state, ng.trace(state, seed))


@pytest.mark.parametrize("overrides", [{}, {"bajue_pay": "difference"}, {"bajue": "false"},
                                       {"bajue": "false", "redeal_doubles": "0"}])
def test_tseding_bajue_and_redeal_on_explicit_deals(overrides):
    ng = native_for("tseding", "pairwise", overrides)
    game = ng.game
    reasons = Counter()
    rng = random.Random(5)
    for i in range(300):
        seat = i % 4
        n_doubles = [8, 7, 6, 5][i % 4]
        hand = rng.sample(DOUBLES, n_doubles) + rng.sample([k for k in range(7, 21) for _ in range(game.set_counts[k])]
                                                           + [3, 3], 8 - n_doubles)
        state, bad = _explicit(ng, _deal_with(game, seat, hand, i), rng.getrandbits(64))
        assert bad is None, bad
        reasons[state.end_reason] += 1
    if overrides.get("bajue") != "false":
        assert reasons["bajue"] == 75
    if overrides.get("redeal_doubles") != "0":
        assert reasons["redeal"] >= 75  # seven doubles (and eight without 八掘)
    else:
        assert reasons["redeal"] == 0


# --- batch playouts -------------------------------------------------------------------------------

@pytest.mark.parametrize("name,preset", PRESETS)
def test_random_playouts_are_zero_sum_and_seeded(name, preset):
    ng = native_for(name, preset)
    totals, decisions = ng.random_playouts(5000, 11)
    assert sum(totals) == 0 and any(totals)
    assert decisions >= 5000
    assert ng.random_playouts(5000, 11) == (totals, decisions)
    assert ng.random_playouts(5000, 12) != (totals, decisions)


@pytest.mark.parametrize("name,preset", PRESETS)
@pytest.mark.parametrize("policy", ["random", "heuristic"])
def test_playout_from_a_finished_state_pays_the_reference_payments(name, preset, policy):
    ng = native_for(name, preset)
    rng = random.Random(3)
    for i in range(50):
        state = random_playout(ng.game.start(seed=i), rng)
        assert ng.playout(state, policy, seed=i, n=3) == [3 * p for p in state.payments()]


@pytest.mark.parametrize("name,preset", PRESETS)
def test_playout_from_a_mid_deal_state(name, preset):
    """From the first state after which every decision is forced, any native continuation is the
    reference's own end: the history replays natively and the continuation pays the same."""
    ng = native_for(name, preset)
    rng = random.Random(4)
    forced_from_mid = 0
    for i in range(200):
        state = ng.game.start(seed=i)
        states = []
        while state.current_player is not None:
            legal = state.legal_actions()
            states.append((state.clone(), len(legal)))
            state.apply(legal[rng.randrange(len(legal))])
        j = len(states)
        while j > 0 and states[j - 1][1] == 1:
            j -= 1
        mid = states[j][0] if j < len(states) else state
        forced_from_mid += 0 < j < len(states)
        for policy in ("random", "heuristic"):
            assert ng.playout(mid, policy, seed=i, n=5) == [5 * p for p in state.payments()]
        if states:
            early = states[len(states) // 2][0]
            assert sum(ng.playout(early, "random", seed=i, n=20)) == 0
    assert forced_from_mid > 50


def test_playout_refuses_an_illegal_history():
    ng = native_for("dingniu", "recommended")
    state = ng.game.start(seed=1)
    legal = set(state.legal_actions())
    bad = next(a for a in range(ng.game.action_space_size) if a not in legal)
    state.history.append(bad)  # a history the engine never made
    with pytest.raises(NativeError):
        ng.playout(state, "random", n=1)


def test_unknown_options_fall_back_to_python():
    ng = native_for("jielong", "wikipedia")
    with pytest.raises(Unsupported):
        ng.encode_options({**ng.game.rules, "a_new_rule": True})
    with pytest.raises(Unsupported):
        native_for("dingniu", "recommended").encode_options({**ng.game.rules, "ties": "coin"})


# --- the heuristic bot ------------------------------------------------------------------------------

class _NoNoise(random.Random):
    """The Python bot's tie-breaking noise set to zero: ties go to the first best, as natively."""

    def random(self) -> float:
        return 0.0


HEURISTIC_CASES = [*PRESETS, ("tseding", "pairwise", {"head_tail": "6-7"}), ("dingniu", "navpil", {"discard": "always"}),
                   ("jielong", "wikipedia", {"players": "3"})]


@pytest.mark.parametrize("case", HEURISTIC_CASES, ids=lambda c: "-".join(map(str, c[:2])) + str(c[2:]))
def test_heuristic_bot_decides_as_the_python_bot(case):
    """At every decision of bot-played deals (and of randomly played ones, for odd positions) the
    native bot picks the Python bot's action; ≥ 1,000 decisions with a real choice per case."""
    ng = native_for(*case)
    game = ng.game
    bot = HeuristicBot()
    zero = _NoNoise(0)
    rng = random.Random(8)
    checked = 0
    seed = 0
    while checked < 1000:
        seed += 1
        state = game.start(seed=seed)
        by_bot = seed % 2 == 0
        while (seat := state.current_player) is not None:
            legal = state.legal_actions()
            want = bot.choose(game, state.view(seat), legal, zero)
            got = legal[ng.heuristic_choice(state)]
            assert got == want, f"deal seed {seed}, history {state.history}: native {got}, python {want}"
            checked += len(legal) > 1
            state.apply(want if by_bot else legal[rng.randrange(len(legal))])


def test_heuristic_playouts_differ_from_random_ones():
    ng = native_for("jielong", "wikipedia")
    state = ng.game.start(seed=2)
    assert ng.playout(state, "heuristic", seed=1, n=2000) != ng.playout(state, "random", seed=1, n=2000)


class _Rising(random.Random):
    """Noise that grows with every draw: ties go to the last best (values differ by ≥ 0.5 else)."""

    def __init__(self) -> None:
        super().__init__(0)
        self.i = 0

    def random(self) -> float:
        self.i += 1
        return self.i * 1e-7


@pytest.mark.parametrize("name,preset", PRESETS)
def test_heuristic_playouts_play_the_python_bots_game(name, preset):
    """A deal the Python bots play without a single tie has one heuristic continuation: the
    native policy-1 playout (any seed) pays what the Python bots' game pays."""
    ng = native_for(name, preset)
    game = ng.game
    bot = HeuristicBot()
    untied = 0
    for seed in range(300):
        start = game.start(seed=seed)
        state = start.clone()
        tied = False
        while (seat := state.current_player) is not None:
            legal = state.legal_actions()
            view = state.view(seat)
            a = bot.choose(game, view, legal, _NoNoise(0))
            tied |= a != bot.choose(game, view, legal, _Rising())
            state.apply(a)
        if not tied:
            untied += 1
            assert ng.playout(start, "heuristic", seed=seed, n=2) == [2 * p for p in state.payments()], seed
    assert untied >= 30


# ---- which rule branches the differential reached (yezi.core.branches) --------------------------

_CHAIN = ("end.all-out", "must-connect", "face-down-unable", "face-down-at-will")
_PAIRWISE = ("pairwise-difference", "equal-pair-pays-nothing", "lowest-tie-nearer-lead")
#: every rule branch the Python engines name, per game: the line's rules (chain.py: must connect,
#: face down when unable or at will, the re-lead, the answerable lead, each end), each settlement
#: (settle.py: the pairwise differences, 斜釘's tags and multipliers, 八掘 and the redeal, 頂牛's
#: 算帳/死扎, 包庄, 算帳成功 and its ties); the runs below reach each one with both engines agreeing
BRANCHES = {
    "jielong": {*(f"jielong.{b}" for b in (*_CHAIN, *_PAIRWISE)), "jielong.relead"},
    "tseding": {*(f"tseding.{b}" for b in (*_CHAIN, *_PAIRWISE)), "tseding.relead",
                "tseding.tag.pass", "tseding.tag.penalty", "tseding.tag.penalty-dealer", "tseding.tag.none",
                "tseding.multiplier-1", "tseding.multiplier-2", "tseding.multiplier-4",
                "tseding.end.bajue", "tseding.end.redeal", "tseding.bajue.hand", "tseding.bajue.difference"},
    "dingniu": {*(f"dingniu.{b}" for b in _CHAIN), "dingniu.end.blocked", "dingniu.answerable-lead",
                "dingniu.suanzhang", "dingniu.sizha", "dingniu.rule.plain", "dingniu.rule.suanzhang-success",
                "dingniu.rule.baozhuang-dazhuang", "dingniu.rule.baozhuang-any-loser", "dingniu.tie-lead",
                "dingniu.tie-later"},
}
#: random play: game -> [(preset, overrides, games)]
BRANCH_RUNS = {
    "jielong": [("wikipedia", {}, 200), ("navpil", {}, 200), ("pagat", {}, 200),
                ("wikipedia", {"relead": "false", "players": "3"}, 200)],
    "tseding": [("pairwise", {}, 300), ("wikipedia", {}, 200), ("pagat", {}, 200),
                ("pairwise", {"head_tail": "6-7", "lone_pass_double": "false"}, 300)],
    "dingniu": [("recommended", {}, 300), ("wikipedia", {}, 200), ("navpil", {}, 200),
                ("recommended", {"ties": "later", "baozhuang": "any-loser", "discard": "always"}, 300)],
}


def _tseding_start_deals(ng: NativeGame, n: int) -> Counter:
    """斜釘's start rules on explicit deals: eight doubles (八掘), seven or six (the redeal)."""
    from yezi.core import branches

    game = ng.game
    rng = random.Random(6)
    seen: Counter[str] = Counter()
    for i in range(n):
        n_doubles = [8, 7, 6, 5][i % 4]
        hand = rng.sample(DOUBLES, n_doubles) + rng.sample([k for k in range(7, 21) for _ in range(game.set_counts[k])]
                                                           + [3, 3], 8 - n_doubles)
        with branches.counting() as hits:  # 八掘 and the redeal end the deal as it starts
            _, bad = _explicit(ng, _deal_with(game, i % 4, hand, i), rng.getrandbits(64))
        assert bad is None, bad
        seen.update(hits)
    return seen


@pytest.mark.parametrize("name", sorted(BRANCHES))
def test_every_rule_branch_is_reached_with_both_engines_agreeing(name):
    seen: Counter[str] = Counter()
    for preset, over, n in BRANCH_RUNS[name]:
        report = differential(native_for(name, preset, over), n, seed=83, workers=1)
        assert not report.mismatches, (preset, over, report.mismatches)
        seen.update(report.branches)
    if name == "tseding":
        from tests.native.branch_seeds import replay_cases

        for over in ({}, {"bajue_pay": "difference"}):
            seen.update(_tseding_start_deals(native_for("tseding", "pairwise", over), 40))
        seen.update(replay_cases("tseding"))  # deals found by search (tests/native/branch_seeds.json)
    want = BRANCHES[name]
    assert set(seen) == want, {"never reached": want - set(seen), "not listed": set(seen) - want}
