"""Ma Diao 馬弔: the native engine against the Python reference engine.

The same deals, the same choice indices: identical seats to act, legal action lists (in order),
histories and payments, under every preset, every option value that changes play or payments,
random whole rulesets, and deals built to hit the rare pre-play outcomes (賀, 四極, long suits,
the re-cuts). The heuristic bot's port decides exactly as `HeuristicBot` does.
"""

from __future__ import annotations

import random

import pytest

import yezi.native as native
from tests.native.sizes import N_OPTION, N
from yezi.core.playout import random_playout
from yezi.games.madiao.bots import HeuristicBot
from yezi.games.madiao.game import MaDiao
from yezi.native.base import _replay, differential

pytestmark = pytest.mark.skipif(not native.available(), reason="native engine not built")

PRESETS = ("feng-1620", "feng-strict", "qing")


def _native(game):
    from yezi.native.madiao import NativeMaDiao

    return NativeMaDiao(game)


def _option_values() -> list[tuple[str, object]]:
    """Every non-default value of every option the native table encodes."""
    from yezi.native.options import table_for

    table = MaDiao.option_table()
    out = []
    for name, spec in table.options.items():
        if name not in table_for("madiao").encoded:
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
    ends = _diff_built(MaDiao.from_preset(preset), N_OPTION, seed=15)
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
    from yezi.native.options import table_for

    assert set(MaDiao.option_table().options) == table_for("madiao").accepted


def test_an_option_unknown_to_the_port_is_refused():
    from yezi.native.base import Unsupported
    from yezi.native.madiao import NativeMaDiao

    rules = {**MaDiao.from_preset("feng-1620").rules, "new_rule": True}
    with pytest.raises(Unsupported, match="new_rule"):
        NativeMaDiao.encode_options(NativeMaDiao.__new__(NativeMaDiao), rules)


def test_registry_finds_madiao():
    from yezi.native.registry import native_game

    assert type(native_game(MaDiao.from_preset("qing"))).__name__ == "NativeMaDiao"


# --- vector stepping (the optional yz_madiao_vec_* exports, docs/native.md) -----------------------

class _Rows:
    """The vector exports bound here directly (the same ABI `yezi.native.base.NativeVector` uses)."""

    def __init__(self, nat, n: int, kind: int = 0):
        import ctypes

        import numpy as np

        from yezi.native.base import I64P

        self.nat, self.lib, self.n, self.kind = nat, nat.lib, n, kind
        lib = self.lib
        P = ctypes.c_void_p
        lib.yz_madiao_vec_state_words.restype = ctypes.c_int64
        lib.yz_madiao_vec_state_words.argtypes = [I64P, ctypes.c_int64]
        lib.yz_madiao_vec_obs_size.restype = ctypes.c_int64
        lib.yz_madiao_vec_obs_size.argtypes = [I64P, ctypes.c_int64, ctypes.c_int64]
        lib.yz_madiao_vec_reset.restype = ctypes.c_int64
        lib.yz_madiao_vec_reset.argtypes = [I64P, ctypes.c_int64, P, ctypes.c_int64, ctypes.c_uint64, ctypes.c_int64,
                                            P, ctypes.c_int64, P, ctypes.c_int64, P, P, P]
        lib.yz_madiao_vec_step.restype = ctypes.c_int64
        lib.yz_madiao_vec_step.argtypes = [I64P, ctypes.c_int64, P, ctypes.c_int64, P, ctypes.c_int64, P,
                                           ctypes.c_int64, P, ctypes.c_int64, P, P, P, P, P, P, P]
        lib.yz_madiao_vec_row.restype = ctypes.c_int64
        lib.yz_madiao_vec_row.argtypes = [P, ctypes.c_int64, ctypes.c_int64, P, ctypes.c_int64]
        o = (nat._opts, len(nat.options))
        self.o = o
        self.size = 0 if kind < 0 else lib.yz_madiao_vec_obs_size(*o, kind)
        self.state = np.zeros((n, lib.yz_madiao_vec_state_words(*o)), dtype=np.int64)
        self.obs = np.zeros((n, self.size), dtype=np.float32)
        self.final_obs = np.zeros_like(self.obs)
        self.mask = np.zeros((n, 102), dtype=np.uint8)
        self.player = np.zeros(n, dtype=np.int64)
        self.rewards = np.zeros((n, 4), dtype=np.int64)
        self.terminated = np.zeros(n, dtype=np.uint8)
        self.final_seat = np.zeros(n, dtype=np.int64)
        self.settled = np.zeros((n, 4), dtype=np.int64)
        self.over = np.zeros(n, dtype=np.int64)
        self.buf = np.zeros(128, dtype=np.int64)

    @staticmethod
    def _p(a):
        return a.ctypes.data

    def reset(self, seed: int) -> int:
        p = self._p
        return self.lib.yz_madiao_vec_reset(*self.o, p(self.state), self.n, seed, self.kind, p(self.obs), self.size,
                                            p(self.mask), 102, p(self.player), p(self.settled), p(self.over))

    def step(self, actions) -> int:
        import numpy as np

        p = self._p
        acts = np.ascontiguousarray(actions, dtype=np.int64)
        return self.lib.yz_madiao_vec_step(*self.o, p(self.state), self.n, p(acts), self.kind, p(self.obs),
                                           self.size, p(self.mask), 102, p(self.player), p(self.rewards),
                                           p(self.terminated), p(self.final_obs), p(self.final_seat),
                                           p(self.settled), p(self.over))

    def python_state(self, game, row: int):
        k = self.lib.yz_madiao_vec_row(self._p(self.state), self.n, row, self._p(self.buf), len(self.buf))
        assert k >= 41
        b = self.buf[:k].tolist()
        return game.replay({"cards": b[:40], "pool": 0}, b[41:41 + b[40]])


def _check_vector(game, rows: int, steps: int, seed: int, kind: str = "observation") -> tuple[int, int]:
    import numpy as np

    nat = _native(game)
    v = _Rows(nat, rows, {"observation": 0, "info_state": 1}[kind])
    observer = game.observer(kind)
    assert v.size == observer.spec.size
    assert v.reset(seed) == 0
    want = np.zeros(v.size, dtype=np.float32)
    states = [v.python_state(game, i) for i in range(rows)]

    def check_row(i):
        st = states[i]
        assert v.player[i] == st.current_player
        assert np.flatnonzero(v.mask[i]).tolist() == st.legal_actions()
        observer.write(st, st.current_player, want)
        assert np.array_equal(v.obs[i], want), f"row {i}: obs differs at {np.flatnonzero(v.obs[i] != want)}"

    for i in range(rows):
        check_row(i)
    rng = np.random.default_rng(seed)
    episodes = settled_deals = 0
    for _ in range(steps):
        acts = [int(rng.choice(np.flatnonzero(v.mask[i]))) for i in range(rows)]
        ended = v.step(acts)
        assert ended == int(v.terminated.sum())
        assert v.settled.sum() == 0
        settled_deals += int(v.over.sum())
        for i, a in enumerate(acts):
            st = states[i]
            actor = st.current_player
            st.apply(a)
            if st.current_player is None:
                episodes += 1
                assert v.terminated[i] == 1 and v.final_seat[i] == actor
                assert v.rewards[i].tolist() == [2 * p for p in st.payments()]
                observer.write(st, actor, want)
                assert np.array_equal(v.final_obs[i], want)
                states[i] = v.python_state(game, i)
                assert states[i].history == []
            else:
                assert v.terminated[i] == 0 and not v.rewards[i].any()
            check_row(i)
    return episodes, settled_deals


@pytest.mark.parametrize("preset", PRESETS)
def test_vector_rows_match_the_python_engine(preset):
    episodes, _ = _check_vector(MaDiao.from_preset(preset), rows=6, steps=400, seed=21)
    assert episodes > 50


@pytest.mark.parametrize("preset", PRESETS)
def test_vector_rows_match_the_python_engine_info_state(preset):
    episodes, _ = _check_vector(MaDiao.from_preset(preset), rows=6, steps=300, seed=23, kind="info_state")
    assert episodes > 30


@pytest.mark.parametrize(("name", "value"), [("face_card", "hidden"), ("mian_dou", "waivable"),
                                             ("stake_mode", "fixed"), ("he_timing", "play-out")])
def test_vector_rows_match_the_python_engine_options(name, value):
    episodes, settled = _check_vector(MaDiao.from_preset("feng-1620", **{name: value}), rows=4, steps=300, seed=22)
    assert episodes > 20
    if name == "stake_mode":
        assert settled > 0  # hands over before anyone acts were skipped and settled


def test_vector_refuses_illegal_actions_and_bad_buffers():
    import numpy as np

    nat = _native(MaDiao.from_preset("feng-1620"))
    v = _Rows(nat, 3)
    assert v.reset(5) == 0
    before = v.state.copy()
    acts = [int(np.flatnonzero(v.mask[i])[0]) for i in range(3)]
    acts[2] = 101 if v.mask[2, 101] == 0 else 0  # one illegal row: nothing changes
    if v.mask[2, acts[2]]:
        acts[2] = 102
    assert v.step(acts) == -5 - 2  # row 2's action refused (crate::vecrows::E_ROW - row)
    assert np.array_equal(v.state, before)
    v.state[1, :] = 7  # words that are no row: an error, never a crash
    assert v.step([int(np.flatnonzero(v.mask[i])[0]) for i in range(3)]) == -5 - 1


# ---- which rule branches the differential reached (yezi.core.branches) --------------------------

#: every rule branch the Python engine names (game.py: the pre-play ends, must-capture/-follow, the
#: guard prohibitions; settle.py: each 賀 hand, each settlement item, each 弔, each liability, the
#: next bank); the runs below reach each one with both engines agreeing
BRANCHES = {
    *(f"madiao.end.{e}" for e in ("played", "he", "siji", "mian", "cut-bailao")),
    "madiao.he-played-on", "madiao.mian-dou-asked", "madiao.long-suit-tens", "madiao.long-suit-six",
    "madiao.must-capture", "madiao.must-follow", "madiao.guard-prohibits", "madiao.guard-nothing-left",
    *(f"madiao.he.{h}" for h in ("sizun-siji", "bahong-bailao", "bahong", "huncheng-bailao", "quantu",
                                  "sizun-bailao", "huncheng", "sizun")),
    *(f"madiao.item.{i}" for i in (
        "cut-bailao", "siji", "he", "pool-to-dahuo", "ante", "diao", "dahuo-bai", "xiaohuo-bai", "si-bai",
        "dahuo-bai-tu", "xiaohuo-bai-tu", "si-bai-tu", "qiaomen", "xiaotu", "quantu-dahuo", "shang", "cishang",
        "sankai", "sihong", "quanshou", "jiakui", "liability")),
    "madiao.diao.du", "madiao.diao.he", "madiao.diao.ge", "madiao.diao.sihe",
    "madiao.liability.D1", "madiao.liability.D2", "madiao.liability.D3",
    *(f"madiao.next-banker.{k}" for k in ("keep", "seize", "rotate", "redraw")),
}
#: random play: (preset, overrides, games)
BRANCH_RUNS = [
    ("feng-1620", {}, 300), ("feng-strict", {}, 300), ("qing", {}, 300), ("feng-1620", {"must_capture": True}, 100),
    ("feng-1620", {"must_follow": True}, 100),
    ("feng-1620", {"cishang_pays": True, "banker_keep": "any-dahuo", "jiakui_payee": "pool"}, 200),
]
#: deals built for the special hands (`_built_deal`): (preset, overrides, deals)
BRANCH_BUILT = [
    ("feng-1620", {}, 300), ("feng-1620", {"he_timing": "play-out", "he_multiple": "cumulative", "mian_dou": "waivable"}, 300),
    ("feng-1620", {"quantu_condition": "held"}, 200), ("feng-1620", {"quantu_condition": "dahuo"}, 200),
]


def test_every_rule_branch_is_reached_with_both_engines_agreeing():
    from collections import Counter

    from yezi.core import branches

    seen: Counter[str] = Counter()
    for preset, over, n in BRANCH_RUNS:
        report = differential(_native(MaDiao.from_preset(preset, **over)), n, seed=79, workers=1)
        _assert_clean(report)
        seen.update(report.branches)
    for preset, over, n in BRANCH_BUILT:
        game = MaDiao.from_preset(preset, **over)
        nat = _native(game)
        rng = random.Random(80)
        for i in range(n):
            with branches.counting() as hits:  # a fixed stake settles the pre-play hands in new_state
                deal = _built_deal(game, rng)
                deal["pool"] = i % 3  # a pool a 大活百 takes (官堆)
                state = game.new_state(deal)
                bad = _replay(state, nat.trace(state, rng.getrandbits(64)))
            assert bad is None, (preset, over, i, bad)
            seen.update(hits)
    assert set(seen) == BRANCHES, {"never reached": BRANCHES - set(seen), "not listed": set(seen) - BRANCHES}
