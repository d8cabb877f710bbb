"""`yezi.rl.VectorEnv` on the native rows of Fishing, the three dominoes, 打天九, 十五胡 and 牌九
(their `vector` modules under native/src/), in lock step with the Python engine: each row's deal
is read off its state words and replayed in the Python engine beside it, and at every step the
seat to act, the mask, the observation ("observation" and "info_state"), the rewards, the final
observation and seat must be the Python engine's. Luk Fu's one-call step and Ma Diao's rows have
tests of their own (test_lukfu_rows_step.py, test_lukfu_vector_env.py, test_madiao.py)."""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import pytest

import yezi.native as native
from tests.native.lockstep import draw, step_together
from yezi.core.errors import IllegalAction
from yezi.rl import VectorEnv

pytestmark = pytest.mark.skipif(not native.available(), reason="native engine not built")


class Case(NamedTuple):
    presets: tuple[str | None, ...]
    steps: int  # steps of random play per run
    ended: int  # deals at least ended over them (every row deals again)
    seeds: tuple[int, int] = (4, 2)  # the env's seed, the actions' seed
    illegal_row: int = 3  # the row given an illegal action, and the row whose marker is damaged
    damaged_row: int = 0


CASES = {
    "fishing": Case(("suffocated", "mongkok", "fc1-group", "yuenlong-elders", "tiu-u", "tiu-u-navpil"), 160, 6,
                    seeds=(3, 1), illegal_row=2, damaged_row=1),
    "jielong": Case((None,), 150, 12),
    "tseding": Case((None,), 150, 12),
    "dingniu": Case((None,), 150, 12),
    "tiengow": Case(("hongkong", "celko-kam", "culin-1893"), 200, 6),
    "shiwuhu": Case(("provisional", "tiengow-turns", "pagat-3p"), 200, 2),
    "paigow": Case(("dapaijiu", "xiaopaijiu", "casino", "wenzhou"), 60, 12),
}
RUNS = [(g, p) for g, c in CASES.items() for p in c.presets]


def _replayed(env, i):
    deal, actions = env._native.native.vec_row(env._native.state, i)
    st = env.game.start(deal=deal)
    for a in actions:
        st.apply(a)
    return st


@pytest.mark.parametrize("kind", ["observation", "info_state"])
@pytest.mark.parametrize("game_name,preset", RUNS, ids=[f"{g}-{p or 'default'}" for g, p in RUNS])
def test_native_rows_step_as_the_python_engine(game_name, preset, kind):
    case = CASES[game_name]
    n = 6
    env = VectorEnv(game_name, n, preset=preset, observation=kind, engine="native")
    assert env.engine == "native"
    game = env.game
    obs, info = env.reset(seed=case.seeds[0])
    states = [_replayed(env, i) for i in range(n)]
    rng = np.random.default_rng(case.seeds[1])
    ended = 0
    for step in range(case.steps):
        for i, st in enumerate(states):
            seat = st.current_player
            assert env.current_player[i] == seat, (step, i)
            assert np.flatnonzero(env.mask[i]).tolist() == st.legal_actions(), (step, i)
            np.testing.assert_array_equal(obs[i], game.observe(st, seat, kind), err_msg=f"{step} {i}")
        actions = np.array([rng.choice(st.legal_actions()) for st in states])
        obs, rewards, done, _, info = env.step(actions)
        for i, st in enumerate(states):
            actor = st.current_player
            st.apply(int(actions[i]))
            assert bool(done[i]) == (st.current_player is None), (step, i)
            if done[i]:
                ended += 1
                assert rewards[i].tolist() == [float(p) for p in st.payments()]
                assert info["final_seat"][i] == actor
                np.testing.assert_array_equal(info["final_observation"][i], game.observe(st, actor, kind))
                states[i] = _replayed(env, i)
                assert states[i].history == []
    assert ended >= case.ended


@pytest.mark.parametrize("game_name", list(CASES))
def test_an_illegal_action_is_refused_and_changes_nothing(game_name):
    case = CASES[game_name]
    env = VectorEnv(game_name, 4, engine="native")
    env.reset(seed=0)
    before = env._native.state.copy()
    acts = np.array([env.legal[i][0] for i in range(4)])
    acts[case.illegal_row] = next(a for a in range(env.num_actions) if not env.mask[case.illegal_row, a])
    with pytest.raises(IllegalAction):
        env.step(acts)
    assert np.array_equal(env._native.state, before)
    nv = env._native
    acts = np.array([env.legal[i][0] for i in range(4)])
    if getattr(nv, "rows", False):  # rows kept in native memory: the words are stale until synced
        stamp = nv.state[case.damaged_row, -1]
        nv.state[case.damaged_row, -1] = stamp ^ 2  # a stamp of no rows kept: refused
        with pytest.raises(Exception, match="returned"):
            nv.step(acts)
        nv.state[case.damaged_row, -1] = stamp
        nv.sync()  # the words hold the rows again (stamp 0), and the next step reads them
        assert (nv.state[:, -1] == 0).all()
    nv.state[case.damaged_row, 0] = 0  # no row's marker: refused by the library, not stepped
    with pytest.raises(Exception, match="returned"):
        nv.step(acts)


@pytest.mark.parametrize("game_name", [*CASES, "madiao"])
def test_rows_kept_natively_write_lists_uint8_and_pickle(game_name):
    """The rows kept in native memory (`NativeVector.rows`): the legal-action lists equal the
    mask, the uint8 observation equals the float32 one, and a pickled env goes on as the original."""
    import pickle

    env = VectorEnv(game_name, 5, observation="observation", engine="native")
    nv = env._native
    if not getattr(nv, "rows", False):
        pytest.skip("an old library: no rows kept natively")
    u8 = nv.native.vector(5, "observation", dtype="uint8")
    env.reset(seed=7)
    u8.reset(11)
    nv.reset(11)  # the same seed, the same deals
    rng = np.random.default_rng(0)
    for step in range(40):
        for i in range(5):
            k = nv.legal_count[i]
            assert nv.legal_actions[i, :k].tolist() == np.flatnonzero(nv.mask[i]).tolist(), (step, i)
        np.testing.assert_array_equal(u8.obs.astype(np.float32), nv.obs)
        np.testing.assert_array_equal(u8.mask, nv.mask)
        acts = nv.legal_actions[np.arange(5), (rng.random(5) * nv.legal_count).astype(np.int64)]
        assert u8.step(acts) == nv.step(acts)
        np.testing.assert_array_equal(u8.final_obs[u8.terminated == 1].astype(np.float32),
                                      nv.final_obs[nv.terminated == 1])
    copy = pickle.loads(pickle.dumps(env))
    for _ in range(20):
        acts = np.array([legal[0] for legal in env.legal])
        a = env.step(acts)
        b = copy.step(acts)
        np.testing.assert_array_equal(a[0], b[0])
        np.testing.assert_array_equal(a[1], b[1])
        np.testing.assert_array_equal(env.mask, copy.mask)


@pytest.mark.parametrize("game_name", ["jielong", "fishing"])
def test_a_library_without_rows_kept_natively_steps_as_before(game_name, monkeypatch):
    """An older library (no ``yz_<g>_vec_rows_*``): `VectorEnv` steps through ``vec_step``, the
    words written back at every step, in lock step as ever; `NativeVectorEnv` refuses."""
    from yezi.native.base import NativeVector, Unsupported
    from yezi.native.vector_env import NativeVectorEnv

    monkeypatch.setattr(NativeVector, "ROWS_EXPORTS", ("vec_no_such_export",))
    assert not VectorEnv(game_name, 2, engine="native")._native.rows
    test_native_rows_step_as_the_python_engine(game_name, CASES[game_name].presets[0], "observation")
    with pytest.raises(Unsupported):
        NativeVectorEnv(game_name, 2)


def test_native_vector_env_plays_the_native_rows_deals():
    """`NativeVectorEnv` (uint8) steps the very rows `VectorEnv(engine="native")` does from the same seed."""
    from yezi.native.vector_env import NativeVectorEnv

    b = NativeVectorEnv("tiengow", 3, dtype="uint8")
    step_together(b, VectorEnv("tiengow", 3, engine="native"), seed=5, steps=120, rng=np.random.default_rng(1))
    with pytest.raises(IllegalAction):
        b.step(np.full(3, -1))


@pytest.mark.parametrize("game_name", list(CASES))
def test_rows_kept_natively_refuse_exactly_the_codes_that_are_not_legal(game_name):
    """The check of an action against a kept row (its legal-action bitset, or its list where the
    action space is too large for one) accepts exactly the row's legal codes: every other code,
    below, inside and past the action space, is refused and changes nothing, at a deal's start,
    mid-deal and after rows were dealt again."""
    from yezi.native.vector_env import NativeVectorEnv

    env = NativeVectorEnv(game_name, 2, dtype="uint8")
    obs, info = env.reset(seed=7)
    rng = np.random.default_rng(3)
    n = env.num_actions
    everything = [-(1 << 40), -1, *range(n + 70), 1 << 16, (1 << 16) + 5]
    ended = checked = checks = 0
    just_dealt = False
    for step in range(1000):
        if (step % 7 == 0 and checks < 6) or just_dealt:
            checks += 1
            legal = env.legal[0]
            codes = everything
            if n > 2000:  # 打天九's 19,844 sets: the list is scanned; a sample and every legal code
                codes = sorted({*everything[:2], *rng.integers(0, n + 70, 1500).tolist(), *legal, *everything[-2:]})
            before = obs.copy(), env.legal
            other = int(env.legal[1][0])
            for a in codes:
                if a in legal:
                    continue
                with pytest.raises(IllegalAction):
                    env.step([a, other])
                checked += 1
            assert np.array_equal(obs, before[0]) and env.legal == before[1]
        obs, _, done, _, info = env.step(draw(info, rng))
        just_dealt = bool(done[0]) and ended < 3
        ended += int(done.sum())
        if ended >= 2 and checks >= 6 and not just_dealt:
            break
    assert ended >= 2 and checked > 6 * 50


@pytest.mark.parametrize("kind", ["observation", "info_state"])
def test_madiao_rows_kept_natively_step_as_the_python_engine(kind):
    """Ma Diao's rows kept in native memory (`VectorEnv`'s native path), in lock step with the
    Python engine as the others above (its rows read back with ``yz_madiao_vec_row``)."""
    import ctypes

    from yezi.native.abi import bind

    n = 4
    env = VectorEnv("madiao", n, preset="feng-1620", observation=kind, engine="native")
    nv = env._native
    assert nv.rows
    row_fn = bind(nv.native.lib, "yz_madiao_vec_row",
                  [ctypes.c_void_p, ctypes.c_int64, ctypes.c_int64, ctypes.c_void_p, ctypes.c_int64])
    buf = np.zeros(128, dtype=np.int64)
    game = env.game

    def replayed(i):
        k = row_fn(nv.state.ctypes.data, n, i, buf.ctypes.data, len(buf))
        assert k >= 41
        b = buf[:k].tolist()
        return game.replay({"cards": b[:40], "pool": 0}, b[41:41 + b[40]])

    obs, info = env.reset(seed=9)
    states = [replayed(i) for i in range(n)]
    rng = np.random.default_rng(3)
    ended = 0
    for step in range(200):
        for i, st in enumerate(states):
            seat = st.current_player
            assert env.current_player[i] == seat, (step, i)
            assert env.legal[i] == st.legal_actions(), (step, i)
            np.testing.assert_array_equal(obs[i], game.observe(st, seat, kind), err_msg=f"{step} {i}")
        actions = np.array([rng.choice(st.legal_actions()) for st in states])
        obs, rewards, done, _, info = env.step(actions)
        for i, st in enumerate(states):
            actor = st.current_player
            st.apply(int(actions[i]))
            assert bool(done[i]) == (st.current_player is None), (step, i)
            if done[i]:
                ended += 1
                assert rewards[i].tolist() == [float(p) for p in st.payments()]
                assert info["final_payments"][i] == list(st.payments())
                assert info["final_seat"][i] == actor
                np.testing.assert_array_equal(info["final_observation"][i], game.observe(st, actor, kind))
                states[i] = replayed(i)
    assert ended >= 8


@pytest.mark.parametrize("game_name", [*CASES, "lukfu", "madiao"])
def test_a_native_vector_env_pickles_and_copies_mid_deal(game_name):
    """`NativeVectorEnv` (and Luk Fu's, which it gives) pickles and deep-copies with rows in flight
    (it could not: it held the numpy module and the library's calls); each copy then steps exactly
    as the original does, ends and re-deals included."""
    import copy
    import pickle

    from yezi.native.vector_env import NativeVectorEnv

    env = NativeVectorEnv(game_name, 3, dtype="uint8")
    obs, info = env.reset(seed=4)
    rng = np.random.default_rng(9)

    for _ in range(11):
        obs, _, _, _, info = env.step(draw(info, rng))
    copies = [pickle.loads(pickle.dumps(env)), copy.deepcopy(env)]
    ended = 0
    for _ in range(150):
        acts = draw(info, rng)
        obs, rew, done, _, info = env.step(acts)
        ended += int(done.sum())
        for c in copies:
            o, r, d, _, i = c.step(acts)
            assert np.array_equal(o, obs) and np.array_equal(r, rew) and np.array_equal(d, done)
            assert c.legal == env.legal and i.get("final_payments") == info.get("final_payments")
    assert ended >= 1 or game_name == "shiwuhu"
