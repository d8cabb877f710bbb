"""Ma Diao 馬弔: the native engine against the Python reference engine.

The same deals, the same choice indices: identical seats to act, legal action lists (in order),
histories and payments, under every preset, every option value that changes play or payments,
random whole rulesets, and deals built to hit the rare pre-play outcomes (賀, 四極, long suits,
the re-cuts). The heuristic bot's port decides exactly as `HeuristicBot` does.
"""

from __future__ import annotations

import os
import random

import pytest

import yezi.native as native
from yezi.core.playout import random_playout
from yezi.games.madiao.bots import HeuristicBot
from yezi.games.madiao.game import MaDiao
from yezi.native.base import _replay, differential

pytestmark = pytest.mark.skipif(not native.available(), reason="native engine not built")

N = int(os.environ.get("YEZI_NATIVE_DIFF_GAMES", 20000))
N_OPTION = max(2000, N // 10)
PRESETS = ("feng-1620", "feng-strict", "qing")


def _native(game):
    from yezi.native.madiao import NativeMaDiao

    return NativeMaDiao(game)


def _option_values() -> list[tuple[str, object]]:
    """Every non-default value of every option the native engine encodes."""
    from yezi.native.madiao import CHOICES

    table = MaDiao.option_table()
    out = []
    for name, spec in table.options.items():
        if name not in CHOICES and name != "fine_recipient":
            continue
        for c in spec.choices:
            if c.value != spec.default:
                out.append((name, c.value))
    return out


def _assert_clean(report):
    assert not report.mismatches, "\n".join(report.mismatches)


@pytest.mark.parametrize("preset", PRESETS)
def test_differential_presets(preset):
    report = differential(_native(MaDiao.from_preset(preset)), N, seed=11)
    _assert_clean(report)
    assert report.games == N


@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESETS)
def test_differential_presets_slow(preset):
    _assert_clean(differential(_native(MaDiao.from_preset(preset)), 1_000_000, seed=12))


@pytest.mark.parametrize(("name", "value"), _option_values())
def test_differential_option_values(name, value):
    overrides = {name: value}
    if name == "stake_min":
        overrides["stake_max"] = 40
    report = differential(_native(MaDiao.from_preset("feng-1620", **overrides)), N_OPTION, seed=13)
    _assert_clean(report)


def _random_rules(rng: random.Random) -> dict:
    table = MaDiao.option_table()
    rules = {name: rng.choice(spec.choices).value for name, spec in table.options.items()}
    lo, hi = sorted((rules["stake_min"], rules["stake_max"]))
    rules["stake_min"], rules["stake_max"] = lo, hi
    return rules


def test_differential_random_rulesets():
    rng = random.Random(14)
    for k in range(40):
        game = MaDiao.from_preset("feng-1620", **_random_rules(rng))
        report = differential(_native(game), max(100, N // 100), seed=100 + k)
        _assert_clean(report)


# --- deals built for the rare pre-play outcomes ------------------------------------------------

def _positions(tou: int, seat: int) -> list[int]:
    k = (seat - tou) % 4
    return [*range(4 * k, 4 * k + 4), *range(4 * (k + 4), 4 * (k + 4) + 4)]


def _targets(rng: random.Random) -> list[int]:
    from yezi.components import madiao_deck as d

    others = lambda base, n: rng.sample([c for c in range(40) if c not in base], n)  # noqa: E731
    kind = rng.randrange(9)
    if kind == 0:
        return [*d.ZHENG_SHANG, *d.JI]
    if kind == 1:
        return rng.sample(sorted(d.RED_SETS[rng.choice(("wp10", "qing9"))]), 8)
    if kind == 2:
        suit = rng.randrange(4)
        cards = [c for c in range(40) if d.SUIT_OF[c] == suit]
        return rng.sample(cards, 8)
    if kind == 3:
        base = [d.BAILAO, d.JIUSHI, *d.CI_TU]
        return base + others(base, 3)
    if kind == 4:
        base = list(d.ZHENG_SHANG) + ([d.BAILAO] if rng.random() < 0.5 else [])
        return base + others(base, 8 - len(base))
    if kind == 5:
        base = list(d.JI)
        return base + others(base, 4)
    if kind == 6:
        suit = rng.randrange(4)
        n = 5 if suit == 0 else 6
        base = rng.sample([c for c in range(40) if d.SUIT_OF[c] == suit], n)
        return base + others(base, 8 - n)
    if kind == 7:
        base = [d.BAILAO, d.JIUSHI, d.WUWAN, d.QIANWAN, d.WANWAN, d.KONGWEN]
        return base + others(base, 2)
    return rng.sample(range(40), 8)


def _built_deal(game, rng: random.Random) -> dict:
    """A deck where one seat (or two) is dealt a special hand; the face is random (so free re-cuts
    and the 百老 fine happen too)."""
    from yezi.components.madiao_deck import count_value
    from yezi.games.madiao.cut import first_receiver

    for _ in range(100):
        face = rng.randrange(40)
        bw = 5 if game.rules["banwen_count"] == "5" else 1
        tou = first_receiver(count_value(face, bw))
        cards: list[int | None] = [None] * 40
        cards[39] = face
        used = {face}
        ok = True
        for seat in rng.sample(range(4), rng.choice((1, 1, 2))):
            target = _targets(rng)
            if used & set(target):
                ok = False
                break
            for p, c in zip(_positions(tou, seat), target):
                cards[p] = c
            used |= set(target)
        if not ok:
            continue
        rest = [c for c in range(40) if c not in used]
        rng.shuffle(rest)
        it = iter(rest)
        return {"cards": [c if c is not None else next(it) for c in cards], "pool": 0}
    raise AssertionError("no deal built")


def _diff_built(game, n: int, seed: int) -> None:
    nat = _native(game)
    rng = random.Random(seed)
    ends = set()
    for i in range(n):
        state = game.new_state(_built_deal(game, rng))
        trace = nat.trace(state, rng.getrandbits(64))
        bad = _replay(state, trace)
        assert bad is None, f"deal {i} {state.deal}: {bad}"
        ends.add(state.end_reason)
    return ends


@pytest.mark.parametrize("preset", PRESETS)
def test_differential_built_deals_presets(preset):
    ends = _diff_built(MaDiao.from_preset(preset), max(2000, N // 10), seed=15)
    assert {"he", "siji", "played"} <= ends


@pytest.mark.parametrize(("name", "value"), [
    ("he_timing", "play-out"), ("he_multiple", "cumulative"), ("quantu_condition", "dahuo"),
    ("mian_dou", "waivable"), ("long_suit", "off"), ("substitution", "qing"), ("red_set", "qing9"),
    ("cut_bailao", "recut"), ("banwen_count", "recut"), ("banwen_count", "5"), ("stake_mode", "fixed"),
    ("qiaomen_amount", "qing"), ("nested_items", "cumulative"), ("tu_pairing", "both-shangzhuo"),
])
def test_differential_built_deals_options(name, value):
    _diff_built(MaDiao.from_preset("feng-1620", **{name: value}), 1000, seed=16)


def test_built_deals_random_rulesets():
    rng = random.Random(17)
    for k in range(30):
        _diff_built(MaDiao.from_preset("feng-1620", **_random_rules(rng)), 100, seed=200 + k)


# --- playouts ------------------------------------------------------------------------------

@pytest.mark.parametrize("preset", PRESETS)
def test_random_playouts_are_zero_sum(preset):
    nat = _native(MaDiao.from_preset(preset))
    totals, decisions = nat.random_playouts(20000, seed=3)
    assert sum(totals) == 0
    assert any(totals)
    assert decisions > 20000 * 25  # 33 in a played hand; fewer when it ends before play


@pytest.mark.parametrize("preset", PRESETS)
def test_playout_from_terminal_state_pays_the_python_payments(preset):
    game = MaDiao.from_preset(preset)
    nat = _native(game)
    rng = random.Random(4)
    for i in range(300):
        state = random_playout(game.start(seed=i), rng)
        assert nat.playout(state, "random", seed=i, n=3) == [3 * p for p in state.payments()]
        assert nat.playout(state, "heuristic", seed=i, n=1) == list(state.payments())


def test_playout_refuses_an_illegal_history():
    from yezi.native.base import NativeError

    game = MaDiao.from_preset("feng-1620")
    nat = _native(game)
    state = game.start(seed=5)
    state.history = [*state.history, 99, 99]  # not a legal action sequence
    with pytest.raises(NativeError, match="-3"):
        nat.playout(state)


def test_playout_from_mid_deal_continues_the_deal():
    game = MaDiao.from_preset("feng-1620")
    nat = _native(game)
    rng = random.Random(6)
    for i in range(200):
        state = game.start(seed=i)
        for _ in range(rng.randrange(20)):
            if state.current_player is None:
                break
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        # the native continuation is a legal continuation of this very state
        trace = nat.policy_trace(state, "random", seed=i)
        assert _replay(state.clone(), trace) is None


# --- the heuristic bot -------------------------------------------------------------------------

def _heuristic_states(game, n: int, seed: int):
    nat = _native(game)
    bot = HeuristicBot()
    rng = random.Random(seed)
    decisions = 0
    for i in range(n):
        state = game.start(seed=seed * 7919 + i)
        for _ in range(rng.randrange(30)):  # a random state: a random prefix of play
            if state.current_player is None:
                break
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        trace = nat.policy_trace(state, "heuristic")
        st = state.clone()
        for k, step in enumerate(trace.steps):
            seat = st.current_player
            legal = st.legal_actions()
            assert (seat, legal) == (step.actor, step.legal), f"state {i} step {k}"
            want = bot.choose(game, st.view(seat), legal, rng)
            got = step.legal[step.chosen]
            assert got == want, f"state {i} step {k}: python bot {want}, native {got} (deal {state.deal})"
            st.apply(want)
            decisions += 1
        assert st.current_player is None
        assert list(st.payments()) == trace.payments
        assert nat.playout(state, "heuristic", n=2) == [2 * p for p in st.payments()]
    return decisions


@pytest.mark.parametrize("preset", PRESETS)
def test_heuristic_decides_as_the_python_bot(preset):
    assert _heuristic_states(MaDiao.from_preset(preset), 1000, seed=8) > 5000


@pytest.mark.parametrize(("name", "value"), [("face_card", "hidden"), ("mian_dou", "waivable"),
                                             ("must_capture", True), ("must_follow", True)])
def test_heuristic_decides_as_the_python_bot_options(name, value):
    _heuristic_states(MaDiao.from_preset("feng-1620", **{name: value}), 300, seed=9)


def test_unsupported_option_value_is_refused():
    from yezi.native.base import Unsupported
    from yezi.native.madiao import NativeMaDiao

    game = MaDiao.from_preset("feng-1620")
    with pytest.raises(Unsupported):
        NativeMaDiao.encode_options(NativeMaDiao.__new__(NativeMaDiao), {**game.rules, "diao_model": "C"})


def test_every_option_is_encoded_or_known_to_change_nothing():
    from yezi.native.madiao import CHOICES, NO_EFFECT

    assert set(MaDiao.option_table().options) == set(CHOICES) | set(NO_EFFECT)


def test_an_option_unknown_to_the_port_is_refused():
    from yezi.native.base import Unsupported
    from yezi.native.madiao import NativeMaDiao

    rules = {**MaDiao.from_preset("feng-1620").rules, "new_rule": True}
    with pytest.raises(Unsupported, match="new_rule"):
        NativeMaDiao.encode_options(NativeMaDiao.__new__(NativeMaDiao), rules)


def test_registry_finds_madiao():
    from yezi.native.registry import native_game

    assert type(native_game(MaDiao.from_preset("qing"))).__name__ == "NativeMaDiao"
