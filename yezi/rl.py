"""A thin reinforcement-learning adapter over any yezi game.

Like pgx's and OpenSpiel's environments it adds no rules: it steps the engine, hands each seat
its own view with the legal-action mask over the game's fixed action space, and pays rewards
only at the end (the deal's payments). Games may offer a flat numeric observation with named
pieces (`Game.observation_spec()` and `Game.observation(view)`); Luk Fu does.

    env = Env("lukfu", preset="hakka-hk")
    seat, obs = env.reset(seed=1)
    while not env.done:
        action = policy(obs["observation"], obs["legal_mask"])
        seat, obs, rewards = env.step(action)
"""

from __future__ import annotations

from typing import Any

from yezi.core.registry import load_game


class Env:
    def __init__(self, game: str, preset: str | None = None, options: dict[str, Any] | None = None):
        self.game = load_game(game, preset, options or {})
        self.state = None
        self.num_actions = self.game.action_space_size

    @property
    def done(self) -> bool:
        return self.state is None or self.state.is_terminal()

    def observe(self, seat: int) -> dict[str, Any]:
        view = self.state.view(seat)
        obs: dict[str, Any] = {"view": view, "seat": seat}
        if seat == self.state.current_player:
            obs["legal_mask"] = self.state.legal_mask()
        else:
            obs["legal_mask"] = [False] * self.num_actions
        if hasattr(self.game, "observation"):
            obs["observation"] = self.game.observation(view)
        return obs

    def reset(self, seed: int | None = None, deal: Any = None) -> tuple[int | None, dict[str, Any]]:
        self.state = self.game.start(seed=seed, deal=deal)
        seat = self.state.current_player
        return seat, self.observe(seat)

    def step(self, action: int) -> tuple[int | None, dict[str, Any] | None, list[float]]:
        """Apply the acting seat's action; returns the next seat, its observation, and the rewards
        of every seat (zero until the deal ends, then its payments)."""
        self.state.apply(action)
        seat = self.state.current_player
        if seat is None:
            return None, None, [float(p) for p in self.state.payments()]
        return seat, self.observe(seat), [0.0] * self.game.num_seats
