"""`yezi.rl.VectorEnv` for Luk Fu on the native engine: the same API, the same observations,
masks, rewards and auto-reset, with the whole step in one compiled call (`yz_lukfu_rows_step`:
check every action, apply it, settle and re-deal the rows that ended, write every row's mask,
legal-action list, seat to act and observation into numpy buffers this object owns). Both kinds
are native: "observation", and "info_state" (the observation, then the history as the seat saw
it: the library keeps each row's actions and actors beside its state).

Two knobs beyond `VectorEnv`'s, both for speed:

* ``dtype``: ``"float32"`` (the observer's spec, as `VectorEnv` gives) or ``"uint8"`` (every
  entry of Luk Fu's observation is 0 or 1, and of its "info_state" at most 238: the library
  writes the bytes, no conversion at all);
* ``deals``: ``"stream"`` (row i plays `DealStream(seed, i)`'s deals, dealt exactly as
  `deal_from_seed` deals them: the very deals of the Python rows, for lock-step comparisons) or
  ``"native"`` (each row deals from the native generator seeded by (seed, row) and moves on by
  itself: no Python between deals; CPython's Mersenne Twister costs more to seed than a whole
  random deal costs to play).

A step writes back into `rows` only the rows whose deal ended (as dealt); the others stay in
native memory and their words are marked stale (a step or a native call refuses stale words, never
plays from them): `sync()` writes every row back, before `rows` is read, copied or pickled.

Besides `VectorEnv`'s info, ``info["legal_count"]`` (N,) and ``info["legal_actions"]`` (N,
max legal) int16 hold each row's legal codes in the engine's order (the mask's nonzero entries,
first ``legal_count[i]`` of row i valid): a policy can draw a uniformly random legal action with
three numpy operations on N numbers instead of N x 237 (see bench/rl_env.py).
"""

from __future__ import annotations

import ctypes
import random
from collections.abc import Sequence
from typing import Any

from yezi.core.deals import DealStream
from yezi.core.errors import IllegalAction
from yezi.core.registry import make_game
from yezi.native.abi import bind
from yezi.native.base import I64P, NativeError, Unsupported

_P = ctypes.c_void_p


class NativeLukFuVectorEnv:
    def __init__(self, game: Any, num_envs: int, preset: str | None = None,
                 options: dict[str, Any] | None = None, *, observation: str | None = "observation",
                 dtype: str = "float32", deals: str = "stream"):
        import numpy as np

        from yezi.native.registry import native_game  # (by name: yezi.native.lukfu builds this env)

        if num_envs < 1:
            raise ValueError("num_envs must be at least 1")
        if observation not in (None, "observation", "info_state"):
            raise Unsupported(f"the native Luk Fu vector env has no {observation!r} observation")
        if dtype not in ("float32", "uint8"):
            raise ValueError(f"dtype must be float32 or uint8, not {dtype!r}")
        if deals not in ("stream", "native"):
            raise ValueError(f"deals must be 'stream' or 'native', not {deals!r}")
        self._np = np
        self.game = make_game(game, preset, options)
        nat = native_game(self.game)
        if nat is None or nat.game.name != "lukfu":
            raise Unsupported("the native Luk Fu engine is not available for these rules")
        self.native: Any = nat
        self.num_envs = n = num_envs
        self.num_seats = s = self.game.num_seats
        self.num_actions = a = self.game.action_space_size
        self.observation_kind = observation
        self.observer = self.game.observer(observation) if observation else None
        self.observation_spec = self.observer.spec if self.observer else None
        self.deals = deals
        # info_state: the history as each seat saw it, kept per row beside the state (codes, actors)
        self._hist_len = self.game.max_game_length() if observation == "info_state" else 0
        self._hist = np.zeros((n, 1 + 2 * self._hist_len), dtype=np.int16)
        size = self.native.obs_size + 2 * self._hist_len if observation else 0
        self._obs8 = np.zeros((n, size), dtype=np.uint8)
        self._final8 = np.zeros((n, size), dtype=np.uint8)
        if dtype == "uint8":
            self.obs, self.final_obs = self._obs8, self._final8
        else:
            self.obs = np.zeros((n, size), dtype=np.float32)
            self.final_obs = np.zeros((n, size), dtype=np.float32)
        self._mask = np.zeros((n, a), dtype=np.uint8)
        self.legal_count = np.zeros(n, dtype=np.int64)
        self.legal_actions = np.zeros((n, a), dtype=np.int16)  # room for every code: never too small
        self.current_player = np.zeros(n, dtype=np.int64)
        self._pay = np.zeros((n, s), dtype=np.int64)
        self.rewards = np.zeros((n, s))
        self._done = np.zeros(n, dtype=np.uint8)
        self.truncated = np.zeros(n, dtype=bool)
        self._final_seat = np.full(n, -1, dtype=np.int64)
        self.settled_at_once = np.zeros((n, s))  # a Luk Fu deal always has a first decision
        self.over_at_once = np.zeros(n, dtype=np.int64)
        self.rows = np.zeros((n, self.native.state_len), dtype=np.int64)
        self._streams = [DealStream(0, i) for i in range(n)]
        self._seeds = np.zeros(n, dtype=np.uint64)  # stream: each row's next deal, drawn ahead; native: its generator
        self._seed = self._resets = 0
        self._started = False
        self._acts = np.zeros(n, dtype=np.int64)  # a step copies its actions here (no address to compute)
        self._bind()

    def _bind(self) -> None:
        """The library's side: its calls, the addresses they pass (every pointer once: a step
        passes these ints, never builds a ctypes object), the views of the buffers, and the
        release of what the library keeps of these rows when they go."""
        import weakref

        import numpy

        self._np = numpy
        n, a = self.num_envs, self.num_actions
        lib, nat = self.native.lib, self.native
        self.mask = self._mask.view(bool)
        self.terminated = self._done.view(bool)
        if hasattr(lib, "yz_vec_free"):
            weakref.finalize(self, bind(lib, "yz_vec_free", [_P]), self.rows.ctypes.data)
        self._step_fn = bind(lib, "yz_lukfu_rows_step",
                             [I64P, ctypes.c_int64, _P, ctypes.c_int64, _P, ctypes.c_int64, _P, _P, _P,
                              ctypes.c_int64, _P, _P, _P, ctypes.c_int64, _P, _P, _P, _P, _P, ctypes.c_int64])
        # the step writes back only the rows whose deal ended (the others are marked stale and
        # kept in native memory): `sync` writes them all back before the words are read
        self._sync_fn = (bind(lib, "yz_lukfu_rows_sync", [_P, ctypes.c_int64])
                         if hasattr(lib, "yz_lukfu_rows_sync") else None)
        self._heuristic_fn = (bind(lib, "yz_lukfu_rows_heuristic",
                                   [I64P, ctypes.c_int64, _P, ctypes.c_int64, _P, ctypes.c_int64, _P])
                              if hasattr(lib, "yz_lukfu_rows_heuristic") else None)
        ob = self.observation_kind is not None
        self._args = (nat._opts, len(nat.options), self.rows.ctypes.data, n)
        self._acts_p = self._acts.ctypes.data
        self._args2 = (self._seeds.ctypes.data, self._obs8.ctypes.data if ob else None,
                       self._final8.ctypes.data if ob else None, self._obs8.size, self._mask.ctypes.data,
                       self.legal_count.ctypes.data, self.legal_actions.ctypes.data, a,
                       self.current_player.ctypes.data, self._pay.ctypes.data, self._done.ctypes.data,
                       self._final_seat.ctypes.data, self._hist.ctypes.data if self._hist_len else None,
                       self._hist_len)
        self._info_dict: dict[str, Any] = {
            "current_player": self.current_player, "action_mask": self.mask,
            "settled_at_once": self.settled_at_once, "deals_over_at_once": self.over_at_once,
            "legal_count": self.legal_count, "legal_actions": self.legal_actions,
        }

    # --- pickling and deep copies: the buffers (every row written back first), the library's side
    # bound again; a copy steps exactly as the original would from there
    _LIBRARY = ("_np", "native", "mask", "terminated", "_step_fn", "_sync_fn", "_heuristic_fn", "_args", "_args2",
                "_acts_p", "_info_dict")

    def __getstate__(self) -> dict[str, Any]:
        self.sync()
        return {k: v for k, v in self.__dict__.items() if k not in self._LIBRARY}

    def __setstate__(self, d: dict[str, Any]) -> None:
        from yezi.native.registry import native_game

        self.__dict__.update(d)
        self.native = native_game(self.game)
        self._bind()

    # --- API (as yezi.rl.VectorEnv) -------------------------------------------------------------
    def reset(self, seed: int | None = None) -> tuple[Any, dict[str, Any]]:
        np = self._np
        if seed is not None:
            self.use_streams([DealStream(seed, i) for i in range(self.num_envs)])
            self._seed, self._resets = seed, 0
        which = np.arange(self.num_envs)
        if self.deals == "stream":
            if self._ahead:  # the streams go on: their next deals were drawn ahead already
                first = self._seeds.copy()
            else:
                first = np.array([s.next_seed() for s in self._streams], dtype=np.uint64)
            self._ahead = True
            self.native.deal_rows(self.rows, which, first, python=True)
            self._seeds[:] = [s.next_seed() for s in self._streams]
        else:  # each reset without a seed moves on to fresh deals, as VectorEnv's native rows do
            base = random.Random(f"native:{self._seed}:{self._resets}").getrandbits(63)
            self._seeds[:] = (np.uint64(base) + np.arange(self.num_envs, dtype=np.uint64)
                              * np.uint64(0xD1B54A32D192ED03))
            self.native.deal_rows(self.rows, which, self._seeds, python=False)
            self._seeds += np.uint64(0x9E3779B97F4A7C15)
            self._resets += 1
        mask, player = self.native.legal_mask(self.rows)
        self._mask[:] = mask
        self.current_player[:] = player
        for i, m in enumerate(mask):
            legal = np.flatnonzero(m)
            self.legal_count[i] = len(legal)
            self.legal_actions[i, :len(legal)] = legal
        self._hist[:] = 0
        if self.observer:
            k = self.native.obs_size
            base = self.native.observe(self.rows, player, dtype="int8")
            self._obs8[:, :k] = base.view(np.uint8)
            self._obs8[:, k:] = 0  # no action yet
            if self.obs is not self._obs8:
                self.obs[:] = self._obs8
        self._started = True
        return (self.obs if self.observer else None), self._info_dict.copy()

    def use_streams(self, streams: list[Any]) -> None:
        """Deal from these streams (one per row) from the next reset on (`yezi.rl.VectorEnv`
        hands its own, so that the rows play the very deals its Python rows would)."""
        if streams is not self._streams:
            self._streams = streams
            self._ahead = False

    _ahead = False

    @property
    def has_heuristic(self) -> bool:
        """Whether the library plays the heuristic bot in these rows (`heuristic_actions`)."""
        return self._heuristic_fn is not None

    def heuristic_actions(self, rows: Any) -> Any:
        """The heuristic bot's action for the seat to act in each of `rows` (row indices), as
        `yezi/games/lukfu/bots.py` decides it from that seat's knowledge, in one compiled call
        (tests/native/test_lukfu_rows_step.py compares it with the Python bot on its views)."""
        np = self._np
        if self._heuristic_fn is None:
            raise Unsupported("this native library has no heuristic for vector rows (an old build)")
        which = np.ascontiguousarray(rows, dtype=np.int64)
        out = np.zeros(len(which), dtype=np.int64)
        got = self._heuristic_fn(*self._args, which.ctypes.data, len(which), out.ctypes.data)
        if got < 0:
            raise NativeError(f"yz_lukfu_rows_heuristic returned {got}")
        return out

    def sync(self) -> None:
        """Write every row back into `rows` (a step leaves the rows whose deal goes on in native
        memory and marks their words stale): call it before reading, copying or pickling `rows`."""
        if self._sync_fn is not None:
            got = self._sync_fn(self.rows.ctypes.data, self.num_envs)
            if got < 0:
                raise NativeError(f"yz_lukfu_rows_sync returned {got}")

    @property
    def legal(self) -> list[list[int]]:
        """Each row's legal action codes."""
        return [row[:k].tolist() for row, k in zip(self.legal_actions, self.legal_count.tolist())]

    def step(self, actions: Sequence[Any]) -> tuple[Any, Any, Any, Any, dict[str, Any]]:
        np = self._np
        if not self._started:
            raise RuntimeError("call reset() first")
        if len(actions) != self.num_envs:
            raise ValueError(f"expected {self.num_envs} actions, got {len(actions)}")
        acts = self._acts
        acts[:] = actions
        got = self._step_fn(*self._args, self._acts_p, 0 if self.deals == "stream" else 1, *self._args2)
        if got <= -5:
            raise IllegalAction("not-legal", f"row {-5 - got}: {int(acts[-5 - got])} is not legal")
        if got < 0:
            raise NativeError(f"yz_lukfu_rows_step returned {got}")
        info: dict[str, Any] = self._info_dict.copy()
        if self.obs is not self._obs8 and self.observer:
            self.obs[:] = self._obs8
        if got:
            self.rewards[:] = self._pay
            ended = np.flatnonzero(self._done)
            if self.deals == "stream":  # those rows began their next deal already: draw the one after
                streams, seeds = self._streams, self._seeds
                for i in ended.tolist():
                    seeds[i] = streams[i].next_seed()
            info["final_seat"] = dict(zip(ended.tolist(), self._final_seat[ended].tolist()))
            info["final_payments"] = dict(zip(ended.tolist(), self._pay[ended].tolist()))
            if self.observer:
                if self.final_obs is not self._final8:
                    self.final_obs[ended] = self._final8[ended]
                info["final_observation"] = self.final_obs
        elif self._last_ended:
            self.rewards[:] = 0
        self._last_ended = got
        return (self.obs if self.observer else None), self.rewards, self.terminated, self.truncated, info

    _last_ended = 1


__all__ = ["NativeLukFuVectorEnv"]
