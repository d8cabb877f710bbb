"""A fast single environment over any yezi game, gymnasium-style, in two modes.

**Every seat** (the default): it adds no rules: it steps the engine, and pays rewards only at the
end (the deal's payments, one per seat, a dummy included). Seats take turns, so an observation
belongs to one seat: `info["seat"]`, the seat to act, or at the end the seat that took the last
action.

    env = Env("fishing", preset="tiu-u")
    obs, info = env.reset(seed=1)              # starts the seeded stream of deals
    terminated = info["terminal"]              # a deal can be over before anyone acts
    while not terminated:
        action = policy(obs, info["action_mask"])
        obs, reward, terminated, truncated, info = env.step(action)
    print(reward)                              # numpy array: every seat's payment

**One seat against yezi bots** (`opponents=`, as RLCard's `set_agents`): a `gymnasium.Env` for
the learner's `seat`, the other seats played by named yezi bots (`opponents="heuristic"`, or one
name per seat; `gymnasium.make("yezi/<game>-v0")` builds one against the heuristic bot); `step` plays the bots until the learner is to act again or the deal ends. It
passes `gymnasium.utils.env_checker.check_env`:

* `observation_space`: `Dict({"observation": Box(low, high, float32), "action_mask": Box(0, 1,
  int8)})`, the layout of `yezi.pettingzoo` (SB3's MultiInputPolicy, RLlib's action masking);
  `action_masks()` returns the mask as bools (sb3-contrib's MaskablePPO reads it);
  `action_space`: `Discrete(game.action_space_size)`.
* reward: the learner's payment times `reward_scale`, at the end (a float; 0.0 before).
* `reset()` is never terminal: a deal over before the learner acts is settled, added to
  `info["settled_at_once"]` (the learner's payments) and `info["deals_over_at_once"]`, and the
  next deal dealt. `seat="rotate"` takes the acting seats in turn, one a deal.
* An action the mask forbids (`action_space.sample()` without the mask, as the checker does):
  `illegal_action="random"` (the default in this mode) plays a uniformly random legal action
  instead and says so in `info["illegal_action"]`; `"raise"` raises `IllegalAction`.

Observations are computed only when asked: `observation=None` returns None in their place (every
seat mode), and `env.observe(seat, kind)` writes any seat's tensor on demand. Masks in `info` are
read-only numpy bool arrays (shared between steps with the same legal actions), as is the
all-zero reward, in the every-seat mode; fresh arrays with one seat (gymnasium's contract). An env pickles and deep-copies (state, stream, bots).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, cast

import numpy as np

from yezi.core.deals import DealStream
from yezi.core.errors import IllegalAction
from yezi.core.protocol import Game, action_code
from yezi.core.registry import make_game

gymnasium: Any
spaces: Any
try:  # the `yezi[rl]` extra: the spaces and the gymnasium base class
    import gymnasium
    from gymnasium import spaces
except ImportError:  # pragma: no cover - numpy alone: the every-seat mode still works
    gymnasium = spaces = None

_Base: Any = gymnasium.Env if gymnasium is not None else object


class Env(_Base):
    """One deal at a time of one game, every seat or one seat against bots. See the module
    docstring and docs/research.md."""

    metadata: dict[str, Any] = {"render_modes": []}  # no rendering here: yezi.pettingzoo renders the table

    def __init__(self, game: str | Game, preset: str | None = None, options: dict[str, Any] | None = None, *,
                 observation: str | None = "observation", seat: int | str | None = None,
                 opponents: str | Sequence[Any] | dict[int, Any] | None = None, reward_scale: float = 1.0,
                 illegal_action: str | None = None):
        self.game = make_game(game, preset, options)
        self.num_seats = self.game.num_seats
        self.num_actions = self.game.action_space_size
        self.observation_kind = observation
        self.observer: Any = cast(Any, self.game.observer(observation) if observation else None)
        self.observation_spec: Any = cast(Any, self.observer.spec if self.observer else None)
        self.state: Any = None  # the engine's State once reset
        self.deal_seed: int | None = None
        self._stream = DealStream(0)
        self._legal: list[int] = []
        self._masks: dict[tuple[int, ...], Any] = {}
        self._no_reward = np.zeros(self.num_seats)
        self._no_reward.flags.writeable = False
        self._last_actor: int | None = None
        self.reward_scale = reward_scale
        self.single = opponents is not None or seat is not None
        self.illegal_action = illegal_action or ("random" if self.single else "raise")
        if self.illegal_action not in ("raise", "random"):
            raise ValueError(f"illegal_action must be 'raise' or 'random', not {self.illegal_action!r}")
        if self.single:
            self._setup_seat(seat, opponents, observation)
        elif spaces is not None:
            self.action_space = spaces.Discrete(self.num_actions)
            if self.observation_spec is not None:
                spec = self.observation_spec
                self.observation_space = spaces.Box(spec.low().astype(spec.dtype), spec.high().astype(spec.dtype),
                                                    dtype=spec.dtype)

    def _setup_seat(self, seat: int | str | None, opponents: Any, observation: str | None) -> None:
        from yezi.bots import make_bot

        active = list(self.game.active_seats())
        if seat == "rotate":
            self._seats = active
        else:
            seat = 0 if seat is None else int(seat)
            if seat not in active:
                raise ValueError(f"seat {seat} never acts in {self.game.name} (acting seats: {active})")
            self._seats = [seat]
        self.seat = self._seats[0]
        self._turn = 0
        if observation is None:
            raise ValueError("one seat against bots needs an observation kind")
        specs = opponents if opponents is not None else "random"
        if isinstance(specs, dict):
            named = {int(s): specs.get(s, "random") for s in range(self.num_seats)}
        elif isinstance(specs, str) or not isinstance(specs, Sequence):
            named = dict.fromkeys(range(self.num_seats), specs)
        else:
            named = dict(enumerate(specs))
        self.bots = {s: make_bot(self.game.name, b) if isinstance(b, str) else b for s, b in named.items()}
        self.opponents = {s: getattr(b, "name", str(b)) for s, b in self.bots.items()}
        self._bot_rng = random.Random(0)
        spec = self.observation_spec
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(spec.low().astype(spec.dtype), spec.high().astype(spec.dtype), dtype=spec.dtype),
            "action_mask": spaces.Box(0, 1, shape=(self.num_actions,), dtype=np.int8),
        })
        self.action_space = spaces.Discrete(self.num_actions)

    # --- gymnasium-style API ---------------------------------------------------------------
    def reset(self, seed: int | None = None, deal: Any = None, options: dict[str, Any] | None = None
              ) -> tuple[Any, dict[str, Any]]:
        """Start the next deal: from `deal` (or `options={"deal": …}`) if given, else the next of
        the stream of deals, which `seed` restarts (an env never seeded plays the stream of seed 0:
        runs are reproducible)."""
        if gymnasium is not None:
            super().reset(seed=seed)  # seeds self.np_random (the "random" replacement of an illegal action)
        if seed is not None:
            self._stream = DealStream(seed)
        if deal is None and options:
            deal = options.get("deal")
        if self.single:
            return self._reset_seat(seed, deal)
        self._start(deal)
        return self._result(reset=True)

    def _start(self, deal: Any) -> None:
        if deal is None:
            self.deal_seed = self._stream.next_seed()
            self.state = self.game.start(seed=self.deal_seed)
        else:
            self.deal_seed = None
            self.state = self.game.new_state(deal)
        self._last_actor = None

    def step(self, action: Any) -> tuple[Any, Any, bool, bool, dict[str, Any]]:
        """Apply the acting seat's action (any integer type). Returns the next observation (of
        `info["seat"]`), every seat's reward (zero until the end, then the payments), whether
        the deal ended, `truncated` (always False: deals are finite) and the info. With
        `opponents`: the learner's observation and reward (see the module docstring)."""
        state = self.state
        if state is None or state.current_player is None:
            raise IllegalAction("game-over", "the deal is over; call reset()")
        if self.single:
            return self._step_seat(action)
        code = action if type(action) is int else action_code(action, self.game)
        if code not in self._legal:  # (also catches a plain int out of range)
            state.apply(code)  # raises the engine's own explanation, state untouched
        self._last_actor = state.current_player
        state.apply_unchecked(code)
        obs, info = self._result()
        terminated = info["terminal"]
        return obs, self._reward(terminated), terminated, False, info

    # --- one seat against bots --------------------------------------------------------------
    def _reset_seat(self, seed: int | None, deal: Any) -> tuple[Any, dict[str, Any]]:
        if seed is not None:
            self._bot_rng = random.Random(f"bots:{seed}")
            self._turn = 0
        self.seat = self._seats[self._turn % len(self._seats)]
        self._turn += 1
        settled = 0.0
        over = 0
        while True:
            self._start(deal)
            deal = None  # a given deal over before the learner acts: the stream's next follows
            self._play_bots()
            if self.state.current_player is not None:
                break
            over += 1
            settled += float(self.state.payments()[self.seat]) * self.reward_scale
        obs, info = self._seat_result()
        info.update(deal_seed=self.deal_seed, deals_over_at_once=over, settled_at_once=settled)
        return obs, info

    def _play_bots(self) -> None:
        state = self.state
        rng = self._bot_rng
        while state.current_player is not None and state.current_player != self.seat:
            p = state.current_player
            legal = state.legal_actions()
            a = legal[0] if len(legal) == 1 else self.bots[p].choose(self.game, state.view(p), legal, rng)
            state.apply(a)

    def _step_seat(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        state = self.state
        legal = self._legal
        illegal = False
        try:
            code = action if type(action) is int else action_code(action, self.game)
        except Exception:
            if self.illegal_action == "raise":
                raise
            code, illegal = -1, True
        if code not in legal:
            if self.illegal_action == "raise":
                state.apply(code)  # raises the engine's own explanation, state untouched
            code, illegal = legal[int(self.np_random.integers(len(legal)))], True
        state.apply_unchecked(code)
        self._play_bots()
        obs, info = self._seat_result()
        info["illegal_action"] = illegal
        terminated = state.current_player is None
        reward = float(state.payments()[self.seat]) * self.reward_scale if terminated else 0.0
        return obs, reward, terminated, False, info

    def _seat_result(self) -> tuple[dict[str, Any], dict[str, Any]]:
        state = self.state
        seat = self.seat
        to_act = state.current_player == seat
        legal = self._legal = state.legal_actions() if to_act else []
        spec = self.observation_spec
        obs = np.empty(spec.size, dtype=spec.dtype)
        self.observer.write(state, seat, obs)
        mask = np.zeros(self.num_actions, dtype=np.int8)
        mask[legal] = 1
        info: dict[str, Any] = {"seat": seat, "terminal": state.current_player is None, "legal_actions": list(legal),
                                "action_mask": mask.astype(bool)}  # fresh objects: gymnasium's contract
        if state.current_player is None:
            info["payments"] = state.payments()
        return {"observation": obs, "action_mask": mask}, info

    def action_masks(self) -> Any:
        """The learner's legal actions as bools (sb3-contrib's MaskablePPO calls this)."""
        return np.array(self._mask_of(self._legal))

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
            mask = np.zeros(self.num_actions, dtype=bool)
            mask[legal] = True
            mask.flags.writeable = False
            if len(self._masks) < 1 << 14:
                self._masks[key] = mask
        return mask

    def _reward(self, terminal: bool) -> Any:
        if not terminal:
            return self._no_reward
        return np.array([float(p) for p in self.state.payments()])

    def __getstate__(self) -> dict[str, Any]:
        d = dict(self.__dict__)
        d["_masks"] = {}  # a cache: rebuilt on demand
        return d

    def __setstate__(self, d: dict[str, Any]) -> None:
        self.__dict__.update(d)
        self._no_reward = np.zeros(self.num_seats)
        self._no_reward.flags.writeable = False


def register_gymnasium() -> list[str]:
    """Register `yezi/<game>-v0` with gymnasium for every game: `gymnasium.make("yezi/fishing-v0",
    options={"players": 2})` is `Env("fishing", options=…, opponents="heuristic")` (keywords
    override). Done on import; idempotent."""
    if gymnasium is None:
        return []
    from yezi.core.registry import available_games

    ids = []
    for name in available_games():
        env_id = f"yezi/{name}-v0"
        if env_id not in gymnasium.registry:
            gymnasium.register(env_id, entry_point="yezi.rl.env:Env", kwargs={"game": name, "opponents": "heuristic"},
                               disable_env_checker=True)  # tests/research/test_gymnasium.py runs check_env
        ids.append(env_id)
    return ids


register_gymnasium()

__all__ = ["Env", "make_game", "register_gymnasium"]
