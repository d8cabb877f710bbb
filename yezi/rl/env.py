"""A fast single environment over any yezi game, gymnasium-style.

It adds no rules: it steps the engine, and pays rewards only at the end (the deal's payments,
one per seat, a dummy included). Seats take turns, so an observation belongs to one seat:
`info["seat"]`, the seat to act, or at the end the seat that took the last action.

    env = Env("fishing", preset="tiu-u")
    obs, info = env.reset(seed=1)              # starts the seeded stream of deals
    terminated = info["terminal"]              # a deal can be over before anyone acts
    while not terminated:
        action = policy(obs, info["action_mask"])
        obs, reward, terminated, truncated, info = env.step(action)
    print(reward)                              # numpy array: every seat's payment

Observations are computed only when asked: `observation=None` returns None in their place,
and `env.observe(seat, kind)` writes any seat's tensor on demand. Masks are read-only numpy bool
arrays (shared between steps with the same legal actions), as is the all-zero reward.
"""

from __future__ import annotations

from typing import Any

from yezi.core.deals import DealStream
from yezi.core.errors import IllegalAction
from yezi.core.protocol import Game, State, action_code
from yezi.core.registry import make_game


class Env:
    """One deal at a time of one game. See the module docstring and docs/research.md."""

    def __init__(self, game: str | Game, preset: str | None = None, options: dict[str, Any] | None = None, *,
                 observation: str | None = "observation"):
        import numpy as np

        self._np = np
        self.game = make_game(game, preset, options)
        self.num_seats = self.game.num_seats
        self.num_actions = self.game.action_space_size
        self.observation_kind = observation
        self.observer = self.game.observer(observation) if observation else None
        self.observation_spec = self.observer.spec if self.observer else None
        self.state: State | None = None
        self.deal_seed: int | None = None
        self._stream = DealStream(0)
        self._legal: list[int] = []
        self._masks: dict[tuple[int, ...], Any] = {}
        self._no_reward = np.zeros(self.num_seats)
        self._no_reward.flags.writeable = False

    # --- gymnasium-style API ---------------------------------------------------------------
    def reset(self, seed: int | None = None, deal: Any = None) -> tuple[Any, dict[str, Any]]:
        """Start the next deal: from `deal` if given, else the next of the stream of deals, which
        `seed` restarts (an env never seeded plays the stream of seed 0: runs are reproducible)."""
        if seed is not None:
            self._stream = DealStream(seed)
        if deal is None:
            self.deal_seed = self._stream.next_seed()
            self.state = self.game.start(seed=self.deal_seed)
        else:
            self.deal_seed = None
            self.state = self.game.new_state(deal)
        self._last_actor = None
        return self._result(reset=True)

    def step(self, action: Any) -> tuple[Any, Any, bool, bool, dict[str, Any]]:
        """Apply the acting seat's action (any integer type). Returns the next observation (of
        `info["seat"]`), every seat's reward (zero until the end, then the payments), whether
        the deal ended, `truncated` (always False: deals are finite) and the info."""
        state = self.state
        if state is None or state.current_player is None:
            raise IllegalAction("game-over", "the deal is over; call reset()")
        code = action if type(action) is int else action_code(action, self.game)
        if code not in self._legal:  # (also catches a plain int out of range)
            state.apply(code)  # raises the engine's own explanation, state untouched
        self._last_actor = state.current_player
        state.apply_unchecked(code)
        obs, info = self._result()
        terminated = info["terminal"]
        return obs, self._reward(terminated), terminated, False, info

    # --- observations --------------------------------------------------------------------
    def observe(self, seat: int, kind: str | None = None, out: Any = None) -> Any:
        """`seat`'s tensor of `kind` (default: the env's) now, into `out` when given."""
        if self.state is None:
            raise RuntimeError("call reset() first")
        return self.game.observe(self.state, seat, kind or self.observation_kind or "observation", out)

    def action_mask(self) -> Any:
        """The acting seat's legal actions as a read-only numpy bool array."""
        return self._mask_of(self._legal)

    @property
    def done(self) -> bool:
        return self.state is None or self.state.current_player is None

    # --- internals ----------------------------------------------------------------------------
    def _result(self, reset: bool = False) -> tuple[Any, dict[str, Any]]:
        state = self.state
        player = state.current_player
        np = self._np
        if player is not None:
            legal = self._legal = state.legal_actions()
            mask = self._mask_of(legal)
            seat = player
            info: dict[str, Any] = {"current_player": player, "seat": player, "terminal": False,
                                    "legal_actions": legal, "action_mask": mask}
        else:
            self._legal = []
            mask = self._mask_of([])
            seat = self._last_actor if self._last_actor is not None else 0
            info = {"current_player": None, "seat": seat, "terminal": True, "legal_actions": [],
                    "action_mask": mask, "payments": state.payments()}
            if reset:
                info["reward"] = self._reward(True)  # a deal over at once still pays
        if reset:
            info["deal_seed"] = self.deal_seed
        if self.observer is None:
            return None, info
        obs = np.empty(self.observation_spec.size, dtype=self.observation_spec.dtype)
        self.observer.write(state, seat, obs)
        return obs, info

    def _mask_of(self, legal: list[int]) -> Any:
        """The mask of a legal-action list, read-only and shared: the same lists recur."""
        key = tuple(legal)
        mask = self._masks.get(key)
        if mask is None:
            mask = self._np.zeros(self.num_actions, dtype=bool)
            mask[legal] = True
            mask.flags.writeable = False
            if len(self._masks) < 1 << 14:
                self._masks[key] = mask
        return mask

    def _reward(self, terminal: bool) -> Any:
        if not terminal:
            return self._no_reward
        return self._np.array([float(p) for p in self.state.payments()])


__all__ = ["Env", "make_game"]
