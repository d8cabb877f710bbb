"""`yezi.rl.VectorEnv` on native domino rows (接龍, 斜釘, 頂牛; native/src/dominoes/vector.rs), in
lock step with the Python engine: each row's hands are read off its state words and replayed in
the Python engine beside it, and at every step the seat to act, the mask, the observation
("observation" and "info_state"), the rewards, the final observation and seat, and the hands
settled before anyone acts must be the Python engine's."""

from __future__ import annotations

import numpy as np
import pytest

import yezi.native as native
from yezi.core.errors import IllegalAction
from yezi.rl import VectorEnv

pytestmark = pytest.mark.skipif(not native.available(), reason="native engine not built")

def _replayed(env, i):
    deal, actions = env._native.native.vec_row(env._native.state, i)
    st = env.game.start(deal=deal)
    for a in actions:
        st.apply(a)
    return st


@pytest.mark.parametrize("kind", ["observation", "info_state"])
@pytest.mark.parametrize("name", ["jielong", "tseding", "dingniu"])
def test_native_domino_rows_step_as_the_python_engine(name, kind):
    n = 6
    env = VectorEnv(name, n, observation=kind, engine="native")
    assert env.engine == "native"
    game = env.game
    obs, info = env.reset(seed=4)
    states = [_replayed(env, i) for i in range(n)]
    rng = np.random.default_rng(2)
    ended = 0
    for step in range(150):
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
    assert ended >= 12


def test_an_illegal_action_is_refused_and_changes_nothing():
    env = VectorEnv("dingniu", 4, engine="native")
    env.reset(seed=0)
    before = env._native.state.copy()
    acts = np.array([env.legal[i][0] for i in range(4)])
    acts[3] = next(a for a in range(env.num_actions) if not env.mask[3, a])
    with pytest.raises(IllegalAction):
        env.step(acts)
    assert np.array_equal(env._native.state, before)
    env._native.state[0, 0] = 0  # no row's marker: refused by the library, not stepped
    with pytest.raises(Exception, match="returned"):
        env._native.step(np.array([env.legal[i][0] for i in range(4)]))
