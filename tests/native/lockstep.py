"""Stepping a native vector env beside a reference env (the tests' one loop for it)."""

from __future__ import annotations

import numpy as np


def draw(info, rng):
    """A uniformly random legal action per row, from the env's legal-action lists."""
    n = len(info["legal_count"])
    return info["legal_actions"][np.arange(n), (rng.random(n) * info["legal_count"]).astype(np.int64)].copy()


def step_together(env, ref, seed: int, steps: int, rng) -> None:
    """Reset both with `seed`, then `steps` random legal actions drawn from `env`'s lists: the
    observations (compared as float32), legal actions, rewards, ends and final payments agree."""
    obs, info = env.reset(seed=seed)
    want, _ = ref.reset(seed=seed)
    for _ in range(steps):
        np.testing.assert_array_equal(np.asarray(obs, np.float32), np.asarray(want, np.float32))
        assert env.legal == ref.legal
        acts = draw(info, rng)
        obs, r, done, _, info = env.step(acts)
        want, r2, done2, _, info2 = ref.step(acts.tolist())
        np.testing.assert_array_equal(r, r2)
        np.testing.assert_array_equal(done, done2)
        assert info.get("final_payments") == info2.get("final_payments")
