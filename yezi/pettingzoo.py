"""PettingZoo AEC environments for every yezi game: `yezi.pettingzoo.env("fishing", preset="tiu-u")`.

Nothing here decides a rule: the environment steps the engine, reads its masks and writes its
observations (`game.observe`, docs/research.md).

* Agents: `player_0` … one per paid seat (`game.paid_seats()`). A seat that never acts (Luk Fu's
  four-player dummy, 夢家) is an agent too, because it is paid; it is never selected to act
  until the deal is over, its action mask is all zeros, and `env.acting_agents` /
  `infos[agent]["acts"]` say which agents act at all.
* Observations: `{"observation": float32 array (the game's "observation", or "info_state" with
  observation="info_state"), "action_mask": int8 array}` in declared `Dict` spaces; actions are
  `Discrete(game.action_space_size)` codes.
* Rewards: zero until the end, then each seat's payment (scaled by `reward_scale`, default 1).
* Deals: `reset(seed=s)` starts a seeded stream of deals (`yezi.core.deals.DealStream`) and seeds
  the action spaces; `reset()` takes the stream's next deal. `reset()` is never terminal
  (PettingZoo's contract): a deal over before anyone acts (斜釘 八掘, about 14 in 100,000
  deals) is settled there and then, its payments added to `infos[agent]["settled_at_once"]`
  (one total per seat) and counted in `infos[agent]["deals_over_at_once"]`, and the stream's
  next deal is dealt, as `yezi.rl.VectorEnv` does. `over_at_once="terminal"` keeps the older
  behaviour: such a deal is terminal at reset, its payments in the rewards.
* After the end `observe(agent)` is that seat's final observation (everything it saw).
* `render_mode="ansi"`: `render()` returns the game's own text table (from the view of the seat
  to act, or the spectator's at the end), in `lang` (default zh-hant); `render_mode="human"`
  prints that table after every reset and step (`render()` prints it and returns None).
"""

from __future__ import annotations

import importlib
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from yezi.core.deals import DealStream
from yezi.core.protocol import Game, action_code
from yezi.rl.env import make_game


def agent_name(seat: int) -> str:
    return f"player_{seat}"


class YeziAECEnv(AECEnv):
    """One yezi game as a PettingZoo AEC environment. See the module docstring."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "name": "yezi", "is_parallelizable": False}

    def __init__(self, game: str | Game, preset: str | None = None, options: dict[str, Any] | None = None, *,
                 observation: str = "observation", render_mode: str | None = None, lang: str = "zh-hant",
                 reward_scale: float = 1.0, over_at_once: str = "skip"):
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r} is not supported; modes: ansi, human")
        if over_at_once not in ("skip", "terminal"):
            raise ValueError(f"over_at_once must be 'skip' or 'terminal', not {over_at_once!r}")
        self.over_at_once = over_at_once
        self.game = make_game(game, preset, options)
        self.metadata = {**self.metadata, "name": f"yezi_{self.game.name}"}
        self.render_mode = render_mode
        self.lang = lang
        self.reward_scale = reward_scale
        self.observation_kind = observation
        self.observer = self.game.observer(observation)
        spec = self.observer.spec
        self.seats = list(self.game.paid_seats())
        self.possible_agents = [agent_name(s) for s in self.seats]
        self.acting_agents = [agent_name(s) for s in self.game.active_seats()]
        self._seat = {agent_name(s): s for s in self.seats}
        n = self.game.action_space_size
        low, high = spec.low().astype(spec.dtype), spec.high().astype(spec.dtype)
        self.observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(low=low, high=high, dtype=spec.dtype),
                "action_mask": spaces.Box(low=0, high=1, shape=(n,), dtype=np.int8),
            }) for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self._stream = DealStream(0)
        self.state: Any = None  # the engine's State once reset
        self.deal_seed: int | None = None

    # --- spaces ----------------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # --- the AEC loop ------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start the next deal of the stream (`seed` restarts it and seeds the action spaces);
        `options={"deal": …}` plays a given deal instead."""
        if seed is not None:
            self._stream = DealStream(seed)
            for i, a in enumerate(self.possible_agents):
                self.action_spaces[a].seed(seed + i)
        deal = (options or {}).get("deal")
        settled = [0.0] * self.game.num_seats
        over = 0
        while True:
            if deal is None:
                self.deal_seed = self._stream.next_seed()
                self.state = self.game.start(seed=self.deal_seed)
            else:
                self.deal_seed = None
                self.state = self.game.new_state(deal)
                deal = None  # if it is over at once, the stream's next deal follows
            if self.state.current_player is not None or self.over_at_once == "terminal":
                break
            over += 1  # over before anyone acted: settled here, not an episode
            settled = [t + float(p) for t, p in zip(settled, self.state.payments())]
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {"acts": a in self.acting_agents, "deal_seed": self.deal_seed,
                          "deals_over_at_once": over, "settled_at_once": list(settled)} for a in self.agents}
        player = self.state.current_player
        if player is None:  # over_at_once="terminal": terminal at once, already paid
            self._finish()
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = agent_name(player)
        if self.render_mode == "human":
            self.render()

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.state
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        state.apply(action if type(action) is int else action_code(action, self.game))  # illegal: IllegalAction
        player = state.current_player
        if player is None:
            self._finish()
        else:
            self.agent_selection = agent_name(player)
        if self.render_mode == "human":
            self.render()

    def _finish(self) -> None:
        payments = self.state.payments()
        for a in self.agents:
            self.rewards[a] = float(payments[self._seat[a]]) * self.reward_scale
            self.terminations[a] = True
            self.infos[a]["payments"] = [float(p) for p in payments]
        self._accumulate_rewards()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat[agent]
        spec = self.observer.spec
        obs = np.empty(spec.size, dtype=spec.dtype)
        self.observer.write(self.state, seat, obs)
        mask = np.zeros(self.game.action_space_size, dtype=np.int8)
        if self.state.current_player == seat:
            mask[self.state.legal_actions()] = 1
        return {"observation": obs, "action_mask": mask}

    def render(self) -> str | None:
        if self.render_mode is None:
            import warnings

            warnings.warn("render() called without a render_mode; pass render_mode='ansi' or 'human'", stacklevel=2)
            return None
        text = "" if self.state is None else render_text(self.game, self.state.view(self.state.current_player), self.lang)
        if self.render_mode == "human":
            print(text, flush=True)
            return None
        return text

    def close(self) -> None:
        pass


def render_text(game: Game, view: dict[str, Any], lang: str = "zh-hant") -> str:
    """The game's own text renderer (`yezi.games.<package>.text.render`, as `yezi play` shows)."""
    pkg = type(game).__module__.rsplit(".", 1)[0]
    try:
        text = importlib.import_module(pkg + ".text")
    except ModuleNotFoundError:
        text = None
    if text is None or not hasattr(text, "render"):
        return "\n".join(f"{k}: {v}" for k, v in view.items() if k != "history")
    return text.render(game, view, lang)


def env(game: str | Game, preset: str | None = None, **options: Any) -> YeziAECEnv:
    """A PettingZoo AEC environment of `game` under `preset` and rule options (`players=2`).

    Keyword arguments that are not rule options configure the environment: `observation`
    ("observation" or "info_state"), `render_mode` ("ansi" or "human"), `lang`, `reward_scale`,
    `over_at_once` ("skip", the default, or "terminal")."""
    kw = {k: options.pop(k) for k in ("observation", "render_mode", "lang", "reward_scale", "over_at_once")
          if k in options}
    return YeziAECEnv(game, preset, options or None, **kw)


raw_env = env

__all__ = ["YeziAECEnv", "agent_name", "env", "raw_env", "render_text"]
