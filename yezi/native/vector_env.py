"""`yezi.rl.VectorEnv`'s API on a game's native rows kept in native memory, with nothing in
Python between calls but the arrays: the step, the auto-reset, the masks, the legal-action lists
and the observations are all written by one compiled call (`native/src/vecrows.rs`,
`yz_<g>_vec_rows_step`). The Luk Fu counterpart is `yezi.native.lukfu_vector.NativeLukFuVectorEnv`.

One knob beyond `VectorEnv`'s: ``dtype``, ``"float32"`` (the observer's spec, as `VectorEnv`
gives) or ``"uint8"`` (the library writes bytes: every game's "observation" holds small
non-negative integers; an "info_state" whose codes exceed 255 is refused).

Besides `VectorEnv`'s info, ``info["legal_count"]`` (N,) and ``info["legal_actions"]`` (N, max
legal) int16 hold each row's legal codes in the engine's order (the mask's nonzero entries, the
first ``legal_count[i]`` of row i valid): a uniformly random legal action is three numpy
operations on N numbers, whatever the size of the action space (bench/rl_env.py). Row i deals
from the native generator seeded by (seed, i), as `VectorEnv(engine="native")` does, so the two
play the same deals from the same seed. The buffers are the library's and reused from step to
step (it clears only the mask entries it set the step before: never set entries of the mask in
place).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from yezi.core.errors import IllegalAction
from yezi.core.registry import make_game
from yezi.native.base import NativeError, Unsupported
from yezi.native.select import native_for


def exact_payments(raw: Any, scale: int, native: Any) -> list[list[Any]]:
    """Rows of payments × `scale` (an int64 array) as the exact payments: ints where they divide
    (one numpy operation), else `Fraction`s."""
    if scale == 1:
        return raw.tolist()
    if not (raw % scale).any():
        return (raw // scale).tolist()
    return [[native._payment(x) for x in p] for p in raw.tolist()]


class NativeVectorEnv:
    def __new__(cls, game: Any = None, *args: Any, **kwargs: Any) -> Any:
        """Luk Fu's rows step through their own one-call step (`NativeLukFuVectorEnv`: the same
        API and info, plus ``deals``), so this one class is the entry for every game: it used to
        fail there with a TypeError from the engine's `vector` signature."""
        name = game if isinstance(game, str) else getattr(game, "name", None)
        if name == "lukfu":
            from yezi.native.lukfu_vector import NativeLukFuVectorEnv

            return NativeLukFuVectorEnv(game, *args, **kwargs)
        return super().__new__(cls)

    def __init__(self, game: Any, num_envs: int, preset: str | None = None,
                 options: dict[str, Any] | None = None, *, observation: str | None = "observation",
                 dtype: str = "float32"):
        import numpy as np

        if num_envs < 1:
            raise ValueError("num_envs must be at least 1")
        self._np = np
        self.game = make_game(game, preset, options)
        nat: Any = native_for(self.game, "native")
        if not getattr(nat, "vector_capable", False) or observation not in (None, *nat.OBSERVATION_KINDS):
            raise Unsupported(f"the native {self.game.name} engine has no vector stepping for {observation!r}")
        nv = nat.vector(num_envs, observation, dtype)
        if not nv.rows:
            raise Unsupported(f"the native {self.game.name} library keeps no rows natively (an old build)")
        self.num_envs = n = num_envs
        self.num_seats = s = self.game.num_seats
        self.num_actions = self.game.action_space_size
        self.observation_kind = observation
        self.dtype = dtype
        self._scale = getattr(nat, "payment_scale", 1)
        self.truncated = np.zeros(n, dtype=bool)
        self.rewards = np.zeros((n, s))
        self.settled_at_once = np.zeros((n, s))
        self._seed = self._resets = 0
        self._started = False
        #: rows whose payments `rewards` holds from the last step (0: every entry is zero)
        self._rewarded = 0
        self._take(nat, nv)

    def _take(self, nat: Any, nv: Any) -> None:
        """Step the rows `nv` of the engine `nat`: the arrays this env hands out are theirs."""
        self.native, self.rows = nat, nv
        self.obs, self.final_obs = nv.obs, nv.final_obs
        self.mask = nv.mask.view(bool)
        self.current_player = nv.player
        self.terminated = nv.terminated.view(bool)
        self.over_at_once = nv.over
        self.legal_count, self.legal_actions = nv.legal_count, nv.legal_actions
        self._info_dict: dict[str, Any] = {
            "current_player": self.current_player, "action_mask": self.mask,
            "settled_at_once": self.settled_at_once, "deals_over_at_once": self.over_at_once,
            "legal_count": self.legal_count, "legal_actions": self.legal_actions,
        }

    # --- pickling and deep copies: the rows as their buffers (written back first), the library's
    # side rebuilt; a copy steps exactly as the original would from there
    _SHARED = ("_np", "native", "rows", "obs", "final_obs", "mask", "current_player", "terminated", "over_at_once",
               "legal_count", "legal_actions", "_info_dict")

    def __getstate__(self) -> dict[str, Any]:
        d = {k: v for k, v in self.__dict__.items() if k not in self._SHARED}
        d["_snapshot"] = self.rows.snapshot()
        return d

    def __setstate__(self, d: dict[str, Any]) -> None:
        import numpy as np

        snapshot = d.pop("_snapshot")
        self.__dict__.update(d)
        self._np = np
        nat: Any = native_for(self.game, "native")
        self._take(nat, nat.vector(self.num_envs, self.observation_kind, self.dtype))
        self.rows.restore(snapshot)

    @property
    def legal(self) -> list[list[int]]:
        """Each row's legal action codes."""
        return self.rows.legal_lists()

    def reset(self, seed: int | None = None) -> tuple[Any, dict[str, Any]]:
        """Every row on a fresh deal; `seed` restarts the rows' generators (each reset without
        one moves on to fresh deals, as `VectorEnv`'s native rows do)."""
        if seed is not None:
            self._seed, self._resets = seed, 0
        self.rows.reset(random.Random(f"native:{self._seed}:{self._resets}").getrandbits(63))
        self._resets += 1
        self._started = True
        self.settled_at_once[:] = self.rows.settled / self._scale
        self.rewards[:] = 0
        self._rewarded = 0
        return (self.obs if self.observation_kind else None), self._info_dict.copy()

    def step(self, actions: Sequence[Any]) -> tuple[Any, Any, Any, Any, dict[str, Any]]:
        np = self._np
        if not self._started:
            raise RuntimeError("call reset() first")
        nv = self.rows
        nv.put_actions(actions)  # (refuses a count of actions other than the rows')
        got = nv._step(*nv._head, nv._actions_p, *nv._step_tail)
        if got <= -5:
            raise IllegalAction("not-legal", f"row {-5 - got}: {int(nv.actions[-5 - got])} is not legal")
        if got < 0:
            raise NativeError(f"yz_{self.native.game_name}_vec_rows_step returned {got}")
        info: dict[str, Any] = self._info_dict.copy()
        rewards = self.rewards
        if got or self._rewarded:  # the library's payments x scale, zero in every row that did not end
            np.divide(nv.rewards, self._scale, out=rewards)
        self._rewarded = got
        if got:
            at = np.flatnonzero(nv.terminated)
            raw = nv.rewards[at]
            ended = at.tolist()
            info["final_seat"] = dict(zip(ended, nv.final_seat[at].tolist()))
            info["final_payments"] = dict(zip(ended, exact_payments(raw, self._scale, nv.native)))
            if self.observation_kind:
                info["final_observation"] = self.final_obs
        # the library counts this step's deals over at once, dealt only in rows whose deal ended
        # (zero everywhere when none did)
        if got and nv.over.any():
            np.divide(nv.settled, self._scale, out=self.settled_at_once)
            self._any_over = True
        elif self._any_over:
            self.settled_at_once[:] = 0
            self._any_over = False
        return (self.obs if self.observation_kind else None), rewards, self.terminated, self.truncated, info

    _any_over = True


__all__ = ["NativeVectorEnv"]
