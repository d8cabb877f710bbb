"""N deals of one game stepped together, with batched numpy observations and masks.

Row i is sub-environment i. `step(actions)` takes one action per row (for the seat to act in
that row, `info["current_player"][i]`), and returns

* ``obs``: (N, size) float32, the observation of each row's seat to act (`observation=None`:
  no observations are computed and ``obs`` is None);
* ``rewards``: (N, num_seats) float64, every seat's payment in the rows whose deal just ended;
* ``terminated``: (N,) bool; ``truncated``: (N,) bool, always False (deals are finite);
* ``info``: ``current_player`` (N,) int, ``action_mask`` (N, num_actions) bool, and for rows
  that ended: ``final_observation`` (N, size, valid in those rows: the observation of the seat
  that took the last action, ``final_seat``), ``final_payments`` (the exact payments, a list).

A row whose deal ended starts the next deal of its own seeded stream at once (auto-reset), so
``obs`` and the mask of that row already belong to the new deal. A deal over before anyone acts
(斜釘's 八掘, a Ma Diao hand ended by its cut) is no episode: its payments are added to
``info["settled_at_once"]`` (N, num_seats) and counted in ``info["deals_over_at_once"]``, and the
row draws another deal.

Buffers are reused from step to step: copy what you keep. On the native engine the library
clears only the mask entries it set the step before, so never set entries of
``info["action_mask"]`` in place (clearing them, ``mask &= mine``, is harmless; write a copy).

`engine`: ``auto`` (the default) steps the rows in compiled code where the game's native engine
offers vector stepping (`NativeGame.vector_capable`; docs/native.md), else as before in Python;
``native`` demands it, ``python`` refuses it. On the native engine the same arrays come back
(observations equal the Python observer's), but the rows' deals come from the native generator
seeded by (seed, row), not from `DealStream`, and there are no Python `states`/`legal` lists
(illegal actions are caught from the mask and explained without the engine's words).

Spaces (gymnasium's vector conventions, where gymnasium is installed): `single_observation_space`
`Box(low, high, float32)` from the observation spec, `single_action_space`
`Discrete(action_space_size)`, and the batched `observation_space` (N, size) and `action_space`
`MultiDiscrete` (one code per row). The masks are in `info["action_mask"]`.

A VectorEnv pickles and deep-copies, rows in flight included: on the native engine the rows'
state words and buffers are saved and a fresh native batch is filled with them on loading.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import chain
from typing import Any, cast

import numpy as np

from yezi.core.deals import DealStream
from yezi.core.errors import IllegalAction
from yezi.core.protocol import Game, State, action_code
from yezi.native.select import EngineUnavailable, check_engine, fallback_notice, native_for
from yezi.native.vector_env import exact_payments
from yezi.rl.env import make_game, spaces


class VectorEnv:
    def __init__(self, game: str | Game, num_envs: int, preset: str | None = None,
                 options: dict[str, Any] | None = None, *, observation: str | None = "observation",
                 engine: str | None = None):
        if num_envs < 1:
            raise ValueError("num_envs must be at least 1")
        self.game = make_game(game, preset, options)
        self.num_envs = n = num_envs
        self.num_seats = s = self.game.num_seats
        self.num_actions = a = self.game.action_space_size
        self.observation_kind = observation
        self.observer: Any = cast(Any, self.game.observer(observation) if observation else None)
        self.observation_spec: Any = cast(Any, self.observer.spec if self.observer else None)
        size = self.observation_spec.size if self.observer else 0
        dtype = self.observation_spec.dtype if self.observer else "float32"
        self.obs = np.zeros((n, size), dtype=dtype)
        self.final_obs = np.zeros((n, size), dtype=dtype)
        self.mask = np.zeros((n, a), dtype=bool)
        self.current_player = np.zeros(n, dtype=np.int64)
        self.rewards = np.zeros((n, s))
        self.terminated = np.zeros(n, dtype=bool)
        self.truncated = np.zeros(n, dtype=bool)
        self.settled_at_once = np.zeros((n, s))
        self.over_at_once = np.zeros(n, dtype=np.int64)
        self._rows = np.arange(n)
        self.states: list[State] = []
        self._legal: list[list[int]] = []
        self._streams = [DealStream(0, i) for i in range(n)]
        self._batch = hasattr(self.observer, "write_batch")
        self._sparse = a > 2048
        self._set: tuple[Any, Any] = (np.zeros(0, dtype=np.int64), [])
        self._native = self._native_vector(check_engine(engine), observation)
        self._seed = self._resets = 0
        self._started = False
        if spaces is not None:
            self.single_action_space = spaces.Discrete(a)
            self.action_space = spaces.MultiDiscrete(np.full(n, a, dtype=np.int64))
            if self.observation_spec is not None:
                spec = self.observation_spec
                low, high = spec.low().astype(spec.dtype), spec.high().astype(spec.dtype)
                self.single_observation_space = spaces.Box(low, high, dtype=spec.dtype)
                self.observation_space = spaces.Box(np.tile(low, (n, 1)), np.tile(high, (n, 1)), dtype=spec.dtype)

    # --- pickling: the native rows are saved as their buffers ---------------------------------
    def __getstate__(self) -> dict[str, Any]:
        d = dict(self.__dict__)
        nv = d.pop("_native")
        if nv is not None and hasattr(nv, "snapshot"):  # rows that say what to keep (written back first)
            d["_native_snapshot"] = nv.snapshot()
        elif nv is not None:
            d["_native_rows"] = {k: v for k, v in vars(nv).items()
                                 if isinstance(v, np.ndarray | list | tuple | int | float | bool | str)}
        return d

    def __setstate__(self, d: dict[str, Any]) -> None:
        rows = d.pop("_native_rows", None)
        snapshot = d.pop("_native_snapshot", None)
        self.__dict__.update(d)
        self._native = None
        if rows is not None or snapshot is not None:
            nv = native_for(self.game, "native").vector(self.num_envs, self.observation_kind)
            if snapshot is not None:
                nv.restore(snapshot)
            for k, v in (rows or {}).items():
                old = getattr(nv, k, None)
                if isinstance(v, np.ndarray) and isinstance(old, np.ndarray) and old.shape == v.shape:
                    old[...] = v  # the buffers the library writes in place
                else:
                    setattr(nv, k, v)
            if rows and hasattr(nv, "_bind_args"):
                nv._bind_args()  # buffers replaced: the addresses the calls pass follow them
            self._native = nv
            self.obs, self.final_obs = nv.obs, nv.final_obs
            self.mask = nv.mask.view(bool)
            self.current_player = nv.player
            self.terminated = nv.terminated.view(bool)

    def _native_vector(self, engine: str, observation: str | None) -> Any:
        """The native rows (`yezi.native.base.NativeVector`) where the engine allows them, else None."""
        wrapper = native_for(self.game, engine)
        if wrapper is None:
            return None
        reason = None
        if not getattr(wrapper, "vector_capable", False):
            reason = f"the native {self.game.name} engine has no vector stepping yet"
        elif observation is not None and observation not in getattr(wrapper, "OBSERVATION_KINDS", {}):
            reason = f"the native {self.game.name} engine has no {observation!r} observation"
        elif observation is not None and self.obs.dtype != np.float32:
            reason = f"the {observation!r} observation of {self.game.name} is not float32"
        if reason is None:
            nv = wrapper.vector(self.num_envs, observation)
            self._scale = getattr(wrapper, "payment_scale", 1)
            self.obs, self.final_obs = nv.obs, nv.final_obs  # the library writes them in place
            self.mask = nv.mask.view(bool)
            self.current_player = nv.player
            self.terminated = nv.terminated.view(bool)
            return nv
        if engine == "native":
            raise EngineUnavailable(f"--engine native: {reason}")
        fallback_notice(reason)
        return None

    @property
    def legal(self) -> list[list[int]]:
        """Each row's legal action codes (on native rows: read off the mask when asked)."""
        if self._native is not None:
            if hasattr(self._native, "legal_lists"):
                return self._native.legal_lists()
            return [row.nonzero()[0].tolist() for row in self.mask]
        return self._legal

    @property
    def native_heuristic(self) -> Any:
        """The game's heuristic bot in compiled code over these native rows (row indices → the
        actions it takes there, deciding from each seat's knowledge, as the Python bot does), or
        None where the rows are Python's or the native rows have none (Luk Fu's have it): a
        trainer's heuristic opponents then cost no Python per decision."""
        return None if self._native is None else getattr(self._native, "heuristic_actions", None)

    @property
    def engine(self) -> str:
        """``native`` or ``python``: what steps the rows."""
        return "python" if self._native is None else "native"

    # --- API ----------------------------------------------------------------------------------
    def reset(self, seed: int | None = None) -> tuple[Any, dict[str, Any]]:
        """Start every row on the next deal of its stream; `seed` restarts the streams (row i
        plays `DealStream(seed, i)`; never seeded: seed 0)."""
        if seed is not None:
            self._streams = [DealStream(seed, i) for i in range(self.num_envs)]
            self._seed, self._resets = seed, 0
        self._started = True
        if self._native is not None:
            return self._native_reset()
        self.settled_at_once[:] = 0
        self.over_at_once[:] = 0
        self.states = [self._next_state(i) for i in range(self.num_envs)]
        self._legal = [st.legal_actions() for st in self.states]
        self._refresh(range(self.num_envs))
        return (self.obs if self.observer else None), self._info(final=False)

    def step(self, actions: Sequence[Any]) -> tuple[Any, Any, Any, Any, dict[str, Any]]:
        if not self._started:
            raise RuntimeError("call reset() first")
        if len(actions) != self.num_envs:
            raise ValueError(f"expected {self.num_envs} actions, got {len(actions)}")
        if self._native is not None:
            return self._native_step(actions)
        game = self.game
        if isinstance(actions, np.ndarray) and actions.dtype.kind in "iu":
            codes = actions.tolist()  # plain ints already
        else:
            # a plain int needs no conversion: the legality check below also checks its range
            codes = [a if type(a) is int else action_code(a, game) for a in actions]
        for i, (code, legal) in enumerate(zip(codes, self._legal)):  # validate every row before changing any
            if code not in legal:
                action_code(code, game)
                self.states[i].clone().apply(code)  # raises the engine's explanation
                raise IllegalAction("not-legal", f"row {i}: {code} is not legal")
        self.rewards[:] = 0
        self.terminated[:] = False
        self.settled_at_once[:] = 0
        self.over_at_once[:] = 0
        ended: list[int] = []
        finals: list[tuple[int, int]] = []
        payments: dict[int, Sequence[Any]] = {}
        states = self.states
        for i, code in enumerate(codes):
            st = states[i]
            actor = st.current_player
            st.apply_unchecked(code)
            if st.current_player is None:
                pays = st.payments()
                payments[i] = pays
                self.rewards[i] = [float(p) for p in pays]
                self.terminated[i] = True
                ended.append(i)
                finals.append((i, actor))
        if finals and self.observer:
            self._write(self.final_obs, [(states[i], seat) for i, seat in finals], [i for i, _ in finals])
        for i in ended:
            states[i] = self._next_state(i)
        self._legal = [st.legal_actions() for st in states]
        self._refresh(range(self.num_envs))
        info = self._info(final=bool(ended))
        if ended:
            info["final_seat"] = dict(finals)
            info["final_payments"] = payments
            if self.observer:
                info["final_observation"] = self.final_obs
        return (self.obs if self.observer else None), self.rewards, self.terminated, self.truncated, info

    # --- the native rows ----------------------------------------------------------------------
    def _native_reset(self) -> tuple[Any, dict[str, Any]]:
        nv = self._native
        # the same seed, the same deals; each reset without a seed moves on to fresh ones
        if hasattr(nv, "reset_streams"):  # rows that deal as the Python engine does: the very same deals
            nv.reset_streams(self._streams)
        else:
            nv.reset(random.Random(f"native:{self._seed}:{self._resets}").getrandbits(63))
        self._resets += 1
        self.settled_at_once[:] = nv.settled / self._scale
        self.over_at_once[:] = nv.over
        return (self.obs if self.observer else None), self._info(final=False)

    def _native_step(self, actions: Sequence[Any]) -> tuple[Any, Any, Any, Any, dict[str, Any]]:
        if isinstance(actions, np.ndarray) and actions.dtype.kind in "iu":
            codes = actions.astype(np.int64, copy=False)
        else:
            codes = np.array([a if type(a) is int else action_code(a, self.game) for a in actions], dtype=np.int64)
        ok = (codes >= 0) & (codes < self.num_actions)
        ok[ok] = self.mask[self._rows[ok], codes[ok]]
        if not ok.all():  # validate every row before changing any
            i = int(np.flatnonzero(~ok)[0])
            action_code(int(codes[i]), self.game)  # an out-of-range code: the engine's own message
            raise IllegalAction("not-legal", f"row {i}: {int(codes[i])} is not legal")
        nv = self._native
        nv.step(codes)
        self.rewards[:] = nv.rewards / self._scale
        self.settled_at_once[:] = nv.settled / self._scale
        self.over_at_once[:] = nv.over
        ended = np.flatnonzero(self.terminated).tolist()
        info = self._info(final=bool(ended))
        if ended:
            info["final_seat"] = {i: int(nv.final_seat[i]) for i in ended}
            info["final_payments"] = dict(zip(ended, exact_payments(nv.rewards[ended], self._scale, self)))
            if self.observer:
                info["final_observation"] = self.final_obs
        return (self.obs if self.observer else None), self.rewards, self.terminated, self.truncated, info

    def _payment(self, raw: int) -> Any:
        if self._scale == 1:
            return raw
        from fractions import Fraction

        p = Fraction(raw, self._scale)
        return p.numerator if p.denominator == 1 else p

    # --- internals --------------------------------------------------------------------------
    def _next_state(self, i: int) -> State:
        stream = self._streams[i]
        while True:
            state = self.game.start(seed=stream.next_seed())
            if state.current_player is not None:
                return state
            self.settled_at_once[i] += [float(p) for p in state.payments()]
            self.over_at_once[i] += 1

    def _refresh(self, rows: range) -> None:
        legal = self._legal
        mask = self.mask
        if self._sparse:
            # a large action space (打天九's 19,844 sets): clear only the entries set last step
            mask[self._set] = False
        else:
            mask[:] = False
        self._set = (np.repeat(self._rows, list(map(len, legal))), list(chain.from_iterable(legal)))
        mask[self._set] = True
        players = [st.current_player for st in self.states]
        self.current_player[:] = players
        if self.observer:
            self._write(self.obs, list(zip(self.states, players)), list(rows))

    def _write(self, buf: Any, pairs: list[tuple[State, int]], rows: list[int]) -> None:
        obs = self.observer
        if self._batch:
            if len(rows) == self.num_envs:
                obs.write_batch(pairs, buf)
            else:
                part = np.empty((len(rows), buf.shape[1]), dtype=buf.dtype)
                obs.write_batch(pairs, part)
                buf[rows] = part
        else:
            for row, (st, seat) in zip(rows, pairs):
                obs.write(st, seat, buf[row])

    def _info(self, final: bool) -> dict[str, Any]:
        return {
            "current_player": self.current_player, "action_mask": self.mask,
            "settled_at_once": self.settled_at_once, "deals_over_at_once": self.over_at_once,
        }


__all__ = ["VectorEnv"]
