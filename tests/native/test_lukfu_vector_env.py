"""`yezi.rl.VectorEnv` on native Luk Fu rows gives exactly what the Python rows give: the same
deals, masks, seats to act, observations ("observation" and "info_state"), rewards and final
observations, step after step."""

from __future__ import annotations

import numpy as np
import pytest

import yezi.native as native
from yezi.rl import VectorEnv

pytestmark = pytest.mark.skipif(not native.available(), reason="native engine not built")


@pytest.mark.parametrize("kind", ["observation", "info_state"])
@pytest.mark.parametrize("preset,laosui", [("hakka-hk", "visible"), ("hakka-hk", "deduce"), ("hakka-hk-3p", "deduce")])
def test_native_rows_step_as_the_python_rows(preset, laosui, kind):
    envs = {e: VectorEnv("lukfu", 16, preset=preset, options={"laosui": laosui}, observation=kind, engine=e)
            for e in ("python", "native")}
    assert envs["native"].engine == "native" and envs["python"].engine == "python"
    outs = {e: env.reset(seed=7) for e, env in envs.items()}
    np.testing.assert_array_equal(outs["native"][0], outs["python"][0])
    rng = np.random.default_rng(3)
    ended = 0
    for _ in range(400):
        py = envs["python"]
        np.testing.assert_array_equal(envs["native"].mask, py.mask)
        np.testing.assert_array_equal(envs["native"].current_player, py.current_player)
        acts = np.array([rng.choice(np.flatnonzero(m)) for m in py.mask])
        res = {e: env.step(acts) for e, env in envs.items()}
        (on, rn, tn, _, inn), (op, rp, tp, _, inp) = res["native"], res["python"]
        np.testing.assert_array_equal(on, op)
        np.testing.assert_array_equal(rn, rp)
        np.testing.assert_array_equal(tn, tp)
        if tp.any():
            ended += int(tp.sum())
            assert inn["final_seat"] == inp["final_seat"]
            for i in np.flatnonzero(tp):
                np.testing.assert_array_equal(inn["final_observation"][i], inp["final_observation"][i])
    assert ended >= 16
    again = {e: env.reset() for e, env in envs.items()}  # the same streams go on: the same next deals
    np.testing.assert_array_equal(again["native"][0], again["python"][0])
    np.testing.assert_array_equal(envs["native"].mask, envs["python"].mask)


def test_the_generic_native_vector_env_steps_luk_fu_too():
    """`NativeVectorEnv` is the entry for every game: for Luk Fu it raised a TypeError (the engine's
    `vector` takes no dtype); it now gives Luk Fu's one-call env, which steps the same deals as the
    Python rows from the same seed and answers with the same info keys."""
    from tests.native.lockstep import step_together
    from yezi.native.lukfu_vector import NativeLukFuVectorEnv
    from yezi.native.vector_env import NativeVectorEnv

    env = NativeVectorEnv("lukfu", 4, dtype="uint8")
    assert isinstance(env, NativeLukFuVectorEnv)
    step_together(env, VectorEnv("lukfu", 4, engine="python"), seed=5, steps=120, rng=np.random.default_rng(2))
