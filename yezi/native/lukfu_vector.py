"""`yezi.rl.VectorEnv` for Luk Fu on the native engine: the same API, the same deals (row i plays
`DealStream(seed, i)`'s deals, dealt exactly as `deal_from_seed` deals them), the same
observations, masks, rewards and auto-reset, at native speed.

The states live in one (N, state_len) int64 array that the native calls read and write; a step
is one native call (check every action, apply, then each row's mask, seat to act and observation)
plus one more for the rows whose deal ended (their next deal). Only the "observation" kind is
native; `observation=None` skips observations.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from yezi.core.deals import DealStream
from yezi.core.errors import IllegalAction
from yezi.core.registry import make_game
from yezi.native.base import NativeError, Unsupported


class NativeLukFuVectorEnv:
    def __init__(self, game: Any, num_envs: int, preset: str | None = None,
                 options: dict[str, Any] | None = None, *, observation: str | None = "observation"):
        import numpy as np

        from yezi.native.lukfu import NativeLukFu

        if num_envs < 1:
            raise ValueError("num_envs must be at least 1")
        if observation not in (None, "observation"):
            raise Unsupported(f"the native Luk Fu vector env writes 'observation' only, not {observation!r}")
        self._np = np
        self.game = make_game(game, preset, options)
        self.native = NativeLukFu(self.game)
        self.num_envs = n = num_envs
        self.num_seats = s = self.game.num_seats
        self.num_actions = a = self.game.action_space_size
        self.observation_kind = observation
        self.observer = self.game.observer(observation) if observation else None
        self.observation_spec = self.observer.spec if self.observer else None
        size = self.native.obs_size if observation else 0
        self.obs = np.zeros((n, size), dtype=np.float32)
        self.final_obs = np.zeros((n, size), dtype=np.float32)
        self._mask = np.zeros((n, a), dtype=np.uint8)
        self.mask = self._mask.view(bool)
        self.current_player = np.zeros(n, dtype=np.int64)
        self.rewards = np.zeros((n, s))
        self.terminated = np.zeros(n, dtype=bool)
        self.truncated = np.zeros(n, dtype=bool)
        self.settled_at_once = np.zeros((n, s))  # a Luk Fu deal always has a first decision
        self.over_at_once = np.zeros(n, dtype=np.int64)
        self.rows = np.zeros((n, self.native.state_len), dtype=np.int64)
        self._streams = [DealStream(0, i) for i in range(n)]
        self._next_seeds = np.zeros(n, dtype=np.uint64)  # each row's next deal, drawn ahead
        self._started = False

    # --- API (as yezi.rl.VectorEnv) -------------------------------------------------------------
    def reset(self, seed: int | None = None) -> tuple[Any, dict[str, Any]]:
        np = self._np
        if seed is not None:
            self._streams = [DealStream(seed, i) for i in range(self.num_envs)]
        self._deal(np.arange(self.num_envs))
        self._started = True
        return (self.obs if self.observer else None), self._info()

    @property
    def legal(self) -> list[list[int]]:
        """Each row's legal action codes (built from the mask on demand)."""
        return [row.nonzero()[0].tolist() for row in self._mask]

    def step(self, actions: Sequence[Any]) -> tuple[Any, Any, Any, Any, dict[str, Any]]:
        np = self._np
        if not self._started:
            raise RuntimeError("call reset() first")
        if len(actions) != self.num_envs:
            raise ValueError(f"expected {self.num_envs} actions, got {len(actions)}")
        try:
            pay, done, final_seat = self.native.step_rows_reset(
                self.rows, np.asarray(actions, dtype=np.int64), self._next_seeds, mask=self._mask,
                player=self.current_player, obs=self.obs if self.observer else None,
                final_obs=self.final_obs if self.observer else None)
        except NativeError as e:
            raise IllegalAction("not-legal", str(e)) from None
        self.rewards[:] = pay
        self.terminated[:] = done
        info_final: dict[str, Any] = {}
        ended = np.nonzero(done)[0]
        if len(ended):  # those rows started their next deal already: draw the one after
            self._next_seeds[ended] = [self._streams[i].next_seed() for i in ended]
            info_final = {"final_seat": {int(i): int(final_seat[i]) for i in ended},
                          "final_payments": {int(i): pay[i].tolist() for i in ended}}
            if self.observer:
                info_final["final_observation"] = self.final_obs
        info = self._info()
        info.update(info_final)
        return (self.obs if self.observer else None), self.rewards, self.terminated, self.truncated, info

    # --- internals ----------------------------------------------------------------------------
    def _deal(self, which: Any) -> None:
        np = self._np
        seeds = np.array([self._streams[i].next_seed() for i in which], dtype=np.uint64)
        self.native.deal_rows(self.rows, which, seeds, python=True)
        sub = self.rows[which]
        mask, player = self.native.legal_mask(sub)
        self._mask[which] = mask
        self.current_player[which] = player
        if self.observer:
            self.obs[which] = self.native.observe(sub, player)
        self.rows[which] = sub
        self._next_seeds[which] = [self._streams[i].next_seed() for i in which]

    def _info(self) -> dict[str, Any]:
        return {
            "current_player": self.current_player, "action_mask": self.mask,
            "settled_at_once": self.settled_at_once, "deals_over_at_once": self.over_at_once,
        }


__all__ = ["NativeLukFuVectorEnv"]
