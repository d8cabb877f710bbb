"""Luk Fu's one-call vector step (`yz_lukfu_rows_step`, `NativeLukFuVectorEnv(dtype=, deals=)`):
the uint8 observations, masks, legal-action lists, seats, rewards and final observations equal
the Python engine's in lock step, on the Python rows' own deals (``deals="stream"``, against
`VectorEnv(engine="python")`) and on the native generator's, for "observation" and "info_state" (``deals="native"``, each row's
deal read off its state row and replayed into the Python engine beside it)."""

from __future__ import annotations

import numpy as np
import pytest

import yezi.native as native
from yezi.components.lukfu_deck import cards_of
from yezi.core.errors import IllegalAction
from yezi.rl import VectorEnv

pytestmark = pytest.mark.skipif(not native.available(), reason="native engine not built")

CASES = [("hakka-hk", {}), ("hakka-hk", {"laosui": "visible"}), ("hakka-hk", {"laosui": "cascade"}),
         ("hakka-hk-3p", {})]


def _env(n, preset, over, **kw):
    from yezi.native.lukfu_vector import NativeLukFuVectorEnv

    return NativeLukFuVectorEnv("lukfu", n, preset, over, **kw)


def _check_legal(env):
    for i, k in enumerate(env.legal_count.tolist()):
        assert env.legal_actions[i, :k].tolist() == np.flatnonzero(env.mask[i]).tolist()


@pytest.mark.parametrize("kind", ["observation", "info_state"])
@pytest.mark.parametrize(("preset", "over"), CASES)
def test_uint8_rows_on_stream_deals_step_as_the_python_rows(preset, over, kind):
    n = 10
    py = VectorEnv("lukfu", n, preset, over, observation=kind, engine="python")
    nat = _env(n, preset, over, observation=kind, dtype="uint8", deals="stream")
    o1, i1 = py.reset(seed=5)
    o2, i2 = nat.reset(seed=5)
    assert o2.dtype == np.uint8
    rng = np.random.default_rng(4)
    ended = 0
    for step in range(250):
        assert np.array_equal(o1, o2), step
        assert np.array_equal(i1["action_mask"], i2["action_mask"]), step
        assert np.array_equal(i1["current_player"], i2["current_player"]), step
        _check_legal(nat)
        actions = np.array([rng.choice(legal) for legal in py.legal])
        o1, r1, t1, _, i1 = py.step(actions)
        o2, r2, t2, _, i2 = nat.step(actions)
        assert np.array_equal(r1, r2) and np.array_equal(t1, t2), step
        if t1.any():
            ended += int(t1.sum())
            assert i1["final_seat"] == i2["final_seat"]
            assert i1["final_payments"] == i2["final_payments"]
            rows = np.flatnonzero(t1)
            assert np.array_equal(i1["final_observation"][rows], i2["final_observation"][rows])
    assert ended >= 20


@pytest.mark.parametrize("kind", ["observation", "info_state"])
@pytest.mark.parametrize(("preset", "over"), CASES)
def test_rows_on_native_deals_equal_the_python_engine_replayed_beside_them(preset, over, kind):
    n = 8
    nat = _env(n, preset, over, observation=kind, dtype="uint8", deals="native")
    game = nat.game
    seats = len(game.start(seed=0).deal)

    def python_state(i):
        return game.start(deal=[cards_of(int(m)) for m in nat.rows[i, :seats]])

    obs, _ = nat.reset(seed=11)
    states = [python_state(i) for i in range(n)]
    rng = np.random.default_rng(8)
    ended = 0
    for step in range(300):
        for i, st in enumerate(states):
            seat = st.current_player
            assert nat.current_player[i] == seat, (step, i)
            assert nat.legal[i] == st.legal_actions(), (step, i)
            assert np.array_equal(obs[i], game.observe(st, seat, kind)), (step, i)
        _check_legal(nat)
        actions = np.array([rng.choice(st.legal_actions()) for st in states])
        obs, rewards, done, _, info = nat.step(actions)
        for i, st in enumerate(states):
            actor = st.current_player
            st.apply(int(actions[i]))
            assert bool(done[i]) == (st.current_player is None), (step, i)
            if done[i]:
                ended += 1
                assert rewards[i].tolist() == [float(p) for p in st.payments()]
                assert info["final_payments"][i] == list(st.payments())
                assert info["final_seat"][i] == actor
                assert np.array_equal(info["final_observation"][i], game.observe(st, actor, kind))
                states[i] = python_state(i)  # the row's next deal, from the native generator
            else:
                assert not rewards[i].any()
    assert ended >= 30
    nat.reset(seed=11)  # the same seed: the same first deals, in any env
    again = nat.rows[:, :seats].copy()
    other = _env(n, preset, over, deals="native")
    other.reset(seed=11)
    assert np.array_equal(other.rows[:, :seats], again)
    nat.reset()  # no seed: fresh ones
    assert not np.array_equal(nat.rows[:, :seats], again)


def test_an_illegal_action_changes_no_row():
    nat = _env(6, "hakka-hk", {}, dtype="uint8", deals="native")
    nat.reset(seed=1)
    before = nat.rows.copy(), nat.obs.copy(), nat.mask.copy()
    actions = np.array([nat.legal[i][0] for i in range(6)])
    actions[4] = next(a for a in range(nat.num_actions) if not nat.mask[4, a])
    with pytest.raises(IllegalAction, match="row 4"):
        nat.step(actions)
    for a, b in zip(before, (nat.rows, nat.obs, nat.mask)):
        assert np.array_equal(a, b)


@pytest.mark.parametrize("kind", ["observation", "info_state"])
def test_float32_rows_hold_the_same_values(kind):
    a = _env(4, "hakka-hk", {}, observation=kind, dtype="uint8", deals="native")
    b = _env(4, "hakka-hk", {}, observation=kind, dtype="float32", deals="native")
    oa, _ = a.reset(seed=3)
    ob, _ = b.reset(seed=3)
    assert ob.dtype == np.float32
    for _ in range(60):
        assert np.array_equal(oa, ob)
        acts = a.legal_actions[:, 0].astype(np.int64)
        oa, ra, ta, _, ia = a.step(acts)
        ob, rb, tb, _, ib = b.step(acts)
        assert np.array_equal(ra, rb) and np.array_equal(ta, tb)
        if ta.any():
            rows = np.flatnonzero(ta)
            assert np.array_equal(ia["final_observation"][rows], ib["final_observation"][rows])


def test_rows_kept_between_steps_yield_to_words_put_back():
    """The step keeps its rows between calls (a row stamped by the last call is not decoded
    again), but words put back from an earlier step (a restored snapshot) are played from, not
    the rows kept: the same actions from the same words give the same rows."""
    a = _env(5, "hakka-hk", {}, dtype="uint8", deals="native")
    b = _env(5, "hakka-hk", {}, dtype="uint8", deals="native")
    a.reset(seed=3)
    b.reset(seed=3)
    rng = np.random.default_rng(0)
    first = np.array([rng.choice(legal) for legal in a.legal])
    a.step(first)
    b.step(first)
    a.sync()  # the words written back before they are copied (a step leaves them stale)
    saved = {k: getattr(a, k).copy() for k in ("rows", "_mask", "legal_count", "legal_actions", "_seeds")}
    for _ in range(3):  # a moves on: its kept rows and stamps change
        a.step(np.array([rng.choice(legal) for legal in a.legal]))
    for k, v in saved.items():  # put the words of step 1 back
        getattr(a, k)[...] = v
    again = np.array([legal[0] for legal in b.legal])
    a.step(again)
    b.step(again)
    a.sync()
    b.sync()
    stamp = a.rows.shape[1] - 2  # the stamp word differs by design
    keep = np.arange(a.rows.shape[1]) != stamp
    assert np.array_equal(a.rows[:, keep], b.rows[:, keep])
    assert np.array_equal(a.obs, b.obs) and np.array_equal(a.mask, b.mask)


def test_stale_words_are_refused_never_played_from():
    """A step writes back only the rows whose deal ended; the others' words are marked stale. Words
    copied without `sync` and put back later are refused (an error, no row changed), and `sync`
    makes the words whole: a fresh env started from them plays on exactly as the first."""
    a = _env(6, "hakka-hk", {}, dtype="uint8", deals="native")
    a.reset(seed=4)
    rng = np.random.default_rng(1)
    for _ in range(5):
        a.step(np.array([rng.choice(legal) for legal in a.legal]))
    stale = a.rows.copy()
    assert (stale[:, -1] == 0x4C756B467553).any()  # rows stepped in native memory only: marked stale
    for _ in range(3):
        a.step(np.array([rng.choice(legal) for legal in a.legal]))
    before = a.rows.copy()
    a.rows[...] = stale  # words from before, never synced: not a state to play from
    with pytest.raises(IllegalAction):
        a.step(np.array([legal[0] for legal in a.legal]))
    a.rows[...] = before
    a.sync()
    whole, seeds = a.rows.copy(), a._seeds.copy()
    nat = a.native
    mask, player = nat.legal_mask(whole)  # the words alone hold every row again
    assert np.array_equal(mask.astype(bool), a.mask) and np.array_equal(player, a.current_player)
    again = np.array([legal[0] for legal in a.legal])
    a.step(again)  # still the rows kept: sync keeps the stamps
    a.sync()
    b = _env(6, "hakka-hk", {}, dtype="uint8", deals="native")
    b.reset(seed=4)
    b.rows[...], b._seeds[...] = whole, seeds
    b._mask[...], b.current_player[...] = mask, player
    b.step(again)
    b.sync()
    keep = np.arange(a.rows.shape[1]) != a.rows.shape[1] - 2
    assert np.array_equal(a.rows[:, keep], b.rows[:, keep])
    assert np.array_equal(a.obs, b.obs) and np.array_equal(a.mask, b.mask)


@pytest.mark.parametrize(("preset", "over"), CASES)
def test_the_rows_heuristic_decides_as_the_python_bot_on_each_seat_view(preset, over):
    """`heuristic_actions` (the compiled bot over the rows kept, and over words where rows are not
    kept) chooses what `yezi/games/lukfu/bots.py` chooses from the seat's view, in every row at
    every step of random play (so in bidding, leads, follows, discards and 老歲 decisions alike)."""
    import random

    from yezi.bots.search import heuristic_factory

    n = 6
    py = VectorEnv("lukfu", n, preset, over, engine="python")
    nat = VectorEnv("lukfu", n, preset, over, engine="native")
    assert nat.native_heuristic is not None and py.native_heuristic is None
    py.reset(seed=5)
    nat.reset(seed=5)
    game = py.game
    bot = heuristic_factory(game)()
    rng = np.random.default_rng(3)
    compared = 0
    for step in range(240):
        rows = np.flatnonzero(nat.current_player >= 0)
        got = nat.native_heuristic(rows)
        for r, a in zip(rows.tolist(), got.tolist()):
            st = py.states[r]
            seat = st.current_player
            want = bot.choose(game, st.view(seat), st.legal_actions(), random.Random(0))
            assert a == want, (step, r, seat)
            compared += 1
        acts = [legal[int(rng.integers(len(legal)))] for legal in py.legal]
        py.step(acts)
        nat.step(acts)
    assert compared == 240 * n
    words = nat._native.env  # the same answers from the words alone (rows not kept: synced, fresh env)
    words.sync()
    other = _env(n, preset, over)
    other.rows[...] = words.rows
    other.rows[:, -2] = 0  # no stamp: read from the words
    assert np.array_equal(other.heuristic_actions(np.arange(n)), nat.native_heuristic(np.arange(n)))
