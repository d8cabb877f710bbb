"""A stand-in for a game's native engine, played by the Python reference engine.

It offers the `NativeGame` interface the consumers use (`random_playouts`, `playout`, `trace`),
so the consumers' native paths can be tested before (and whatever) compiled games land: install
it with `install(monkeypatch)` and every `registry.native_game(game)` answers with one. It counts
its calls, so a test can tell which engine ran.
"""

from __future__ import annotations

import random
from typing import Any

from yezi.bots.base import RandomBot
from yezi.bots.search import heuristic_factory
from yezi.native import registry
from yezi.native.base import NativeError, Step, Trace

CALLS: dict[str, int] = {}


class FakeVector:
    """`yezi.native.base.NativeVector` played by the Python `VectorEnv`: the same buffers and calls."""

    def __init__(self, game: Any, num_envs: int, observation: str | None):
        import numpy as np

        from yezi.rl.vector import VectorEnv

        self.env = VectorEnv(game, num_envs, observation=observation, engine="python")
        n, s = num_envs, game.num_seats
        size = self.env.obs.shape[1]
        self.obs = np.zeros((n, size), dtype=np.float32)
        self.final_obs = np.zeros_like(self.obs)
        self.mask = np.zeros((n, game.action_space_size), dtype=np.uint8)
        self.player = np.zeros(n, dtype=np.int64)
        self.rewards = np.zeros((n, s), dtype=np.int64)
        self.terminated = np.zeros(n, dtype=np.uint8)
        self.final_seat = np.full(n, -1, dtype=np.int64)
        self.settled = np.zeros((n, s), dtype=np.int64)
        self.over = np.zeros(n, dtype=np.int64)
        self.seeds: list[int] = []

    def _copy(self, obs: Any, info: dict[str, Any]) -> None:
        if obs is not None:
            self.obs[:] = obs
        self.mask[:] = info["action_mask"]
        self.player[:] = info["current_player"]
        self.settled[:] = info["settled_at_once"]
        self.over[:] = info["deals_over_at_once"]

    def reset(self, seed: int) -> None:
        CALLS["vec_reset"] = CALLS.get("vec_reset", 0) + 1
        self.seeds.append(seed)
        self._copy(*self.env.reset(seed=seed))

    def step(self, actions: Any) -> int:
        CALLS["vec_step"] = CALLS.get("vec_step", 0) + 1
        obs, rewards, terminated, _, info = self.env.step(actions)
        self._copy(obs, info)
        self.rewards[:] = rewards
        self.terminated[:] = terminated
        self.final_seat[:] = -1
        for i, seat in info.get("final_seat", {}).items():
            self.final_seat[i] = seat
        if "final_observation" in info:
            self.final_obs[:] = info["final_observation"]
        return int(terminated.sum())


class FakeNative:
    payment_scale = 1
    OBSERVATION_KINDS = {"observation": 0}

    def __init__(self, game: Any, *, heuristic: bool = True, vector: bool = False):
        self.game = game
        self.game_name = game.name
        self.heuristic = heuristic
        self.vector_capable = vector

    def vector(self, num_envs: int, observation: str | None = "observation") -> FakeVector:
        return FakeVector(self.game, num_envs, observation)

    def _count(self, what: str, n: int = 1) -> None:
        CALLS[what] = CALLS.get(what, 0) + n

    def _finish(self, state: Any, policy: str, rng: random.Random) -> int:
        game = self.game
        if policy == "heuristic":
            if not self.heuristic:
                raise NativeError(f"yz_{game.name}_playout returned -2")
            factory = heuristic_factory(game)
            bots = [factory() for _ in range(game.num_seats)]
        else:
            bots = [RandomBot() for _ in range(game.num_seats)]
        decisions = 0
        while (s := state.current_player) is not None:
            legal = state.legal_actions()
            state.apply_unchecked(bots[s].choose(game, state.view(s), legal, rng) if len(legal) > 1 else legal[0])
            decisions += 1
        return decisions

    def random_playouts(self, n: int, seed: int) -> tuple[list[Any], int]:
        self._count("random_playouts")
        self._count("games", n)
        rng = random.Random(seed)
        totals = [0] * self.game.num_seats
        decisions = 0
        for _ in range(n):
            state = self.game.start(seed=rng.getrandbits(63))
            decisions += self._finish(state, "random", rng)
            totals = [t + p for t, p in zip(totals, state.payments())]
        return totals, decisions

    def playout(self, state: Any, policy: str = "random", seed: int = 0, n: int = 1) -> list[Any]:
        self._count(f"playout:{policy}")
        rng = random.Random(seed)
        totals = [0] * self.game.num_seats
        for _ in range(n):
            st = self.game.replay(state.deal, state.history)
            self._finish(st, policy, rng)
            totals = [t + p for t, p in zip(totals, st.payments())]
        return totals

    def trace(self, state: Any, choice_seed: int) -> Trace:
        self._count("trace")
        rng = random.Random(choice_seed)
        st = self.game.replay(state.deal, state.history)
        steps = []
        while (s := st.current_player) is not None:
            legal = st.legal_actions()
            k = rng.randrange(len(legal))
            steps.append(Step(s, list(legal), k))
            st.apply_unchecked(legal[k])
        return Trace(steps, list(st.payments()))


def install(monkeypatch: Any, **kwargs: Any) -> dict[str, int]:
    """Every game gets a fake native engine; returns the call counter (cleared)."""
    CALLS.clear()
    monkeypatch.setattr(registry, "native_game", lambda game: FakeNative(game, **kwargs))
    return CALLS
