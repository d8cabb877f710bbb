"""OpenSpiel games for every yezi game: `import yezi.openspiel` registers `yezi_<game>`.

    import pyspiel, yezi.openspiel
    game = pyspiel.load_game("yezi_lukfu", {"preset": "hakka-hk-3p", "options": "laosui:visible"})

Each is a Python game (pyspiel.register_game) over the engine; nothing here decides a rule.

* **Chance.** The first node is one chance node for the whole deal: outcome `i` of
  `deal_outcomes` (a game parameter, default 65,536) equiprobable outcomes is the deal
  `game.deal_from_seed(i)`. Dealing card by card would need an OpenSpiel chance node per card
  with every remaining card as an outcome, and each yezi deal is large (84 十五湖 cards, 48 Luk
  Fu cards, 32 tiles, 40 Ma Diao cards with a cut): the enumerated trees are far beyond any
  tree algorithm anyway, and sampling algorithms need only a uniform draw of deals, which the
  seeded deal gives with the engine's own dealing code. The chance outcome is hidden from every
  player; each learns its part of the deal through its observation.
* **Players.** `num_players` is the number of seats, a dummy included (Luk Fu's 夢家 never
  acts but is paid, so utilities sum to zero over all players).
* **Strings and tensors.** Information-state strings are the seat's view and its redacted
  history as JSON; observation strings the view alone. Tensors come from the game's observers
  ("info_state" for perfect recall, else "observation"), with their named pieces in `dict`.
* **Utilities, length.** min/max utility from `game.payment_bounds()`, `max_game_length` is
  the engine's bound plus the chance node.
* **Serialisation.** OpenSpiel's default: the history of actions, the chance outcome first.
* **IS-MCTS.** `resampler(seed)` returns a callback for
  `open_spiel.python.algorithms.ismcts.ISMCTSBot.set_resampler`: it draws a world consistent
  with the seat's view through `game.sample_from_view` (a resampled state's chance outcome is
  not its deal, so do not serialise one).
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pyspiel

from yezi.core.options import parse_overrides
from yezi.core.protocol import Game
from yezi.core.registry import available_games, game_class, load_game

DEFAULT_DEAL_OUTCOMES = 1 << 16


def parse_options(text: str) -> dict[str, str]:
    """Rule options from the `options` parameter: `name:value` pairs separated by `;`.

    OpenSpiel writes parameters into game strings (`yezi_lukfu(options=laosui:deduce,…)`) that
    it splits on `,` and `=`, so those two cannot appear inside a value that must survive
    serialisation; `name=value,…` is also read, for games built from a dict and never serialised."""
    pairs = [p for p in text.replace(";", ",").split(",") if p.strip()]
    return parse_overrides([p.replace(":", "=", 1) if "=" not in p else p for p in pairs])


def _yezi_game(name: str, params: dict[str, Any]) -> Game:
    preset = params.get("preset") or None
    return load_game(name, preset, parse_options(params.get("options") or ""))


def _game_type(name: str) -> pyspiel.GameType:
    table = game_class(name).option_table()
    seats = [load_game(name, p).num_seats for p in table.presets]
    return pyspiel.GameType(
        short_name=f"yezi_{name}",
        long_name=f"yezi {game_class(name).titles['en']}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(seats),
        min_num_players=min(seats),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"preset": table.default_preset, "options": "",
                                 "deal_outcomes": DEFAULT_DEAL_OUTCOMES},
    )


class YeziGame(pyspiel.Game):
    """One yezi game under one ruleset, as an OpenSpiel game."""

    yezi_name: str = ""

    def __init__(self, params: dict[str, Any] | None = None):
        params = {**_game_type(self.yezi_name).parameter_specification, **(params or {})}
        self.ygame = _yezi_game(self.yezi_name, params)
        self.deal_outcomes = int(params["deal_outcomes"])
        if self.deal_outcomes < 1:
            raise ValueError("deal_outcomes must be at least 1")
        lo, hi = self.ygame.payment_bounds()
        info = pyspiel.GameInfo(
            num_distinct_actions=self.ygame.action_space_size,
            max_chance_outcomes=self.deal_outcomes,
            num_players=self.ygame.num_seats,
            min_utility=float(lo),
            max_utility=float(hi),
            utility_sum=0.0,
            max_game_length=self.ygame.max_game_length() + 1,
        )
        super().__init__(_TYPES[self.yezi_name], info, params)

    def new_initial_state(self) -> YeziState:
        return YeziState(self)

    def make_py_observer(self, iig_obs_type=None, params=None) -> YeziObserver:
        perfect_recall = iig_obs_type is None or iig_obs_type.perfect_recall
        return YeziObserver(self.ygame, "info_state" if perfect_recall else "observation")


class YeziState(pyspiel.State):
    """A deal: a chance node, then the engine's state."""

    def __init__(self, game: YeziGame):
        super().__init__(game)
        self.ygame = game.ygame
        self.deal_outcomes = game.deal_outcomes
        self.ystate = None  # the engine's state once dealt
        self._deal: Any = None  # a deal to use instead of the chance outcome's (resampling)

    # --- whose turn ----------------------------------------------------------------------
    def current_player(self) -> int:
        if self.ystate is None:
            return pyspiel.PlayerId.CHANCE
        p = self.ystate.current_player
        return pyspiel.PlayerId.TERMINAL if p is None else p

    def is_terminal(self) -> bool:
        return self.ystate is not None and self.ystate.current_player is None

    def _legal_actions(self, player: int) -> list[int]:
        return self.ystate.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        p = 1.0 / self.deal_outcomes
        return [(i, p) for i in range(self.deal_outcomes)]

    def _apply_action(self, action: int) -> None:
        if self.ystate is None:
            deal = self._deal if self._deal is not None else self.ygame.deal_from_seed(int(action))
            self.ystate = self.ygame.new_state(deal)
        else:
            self.ystate.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        return self.ygame.format_action(int(action), "ascii")

    def returns(self) -> list[float]:
        if self.ystate is None:
            return [0.0] * self.ygame.num_seats
        return [float(p) for p in self.ystate.payments()]

    def __str__(self) -> str:
        if self.ystate is None:
            return "chance: the deal"
        return json.dumps(self.ystate.view(None), sort_keys=True, ensure_ascii=False, default=str)


class YeziObserver:
    """OpenSpiel's Python observer: the game's tensor of one kind, with its named pieces."""

    def __init__(self, ygame: Game, kind: str):
        self.ygame = ygame
        self.kind = kind
        self.writer = ygame.observer(kind)
        spec = self.writer.spec
        self.tensor = np.zeros(spec.size, np.float32)
        self.dict = dict(spec.split(self.tensor))

    def set_from(self, state: YeziState, player: int) -> None:
        if state.ystate is None:
            self.tensor.fill(0)
            return
        if self.tensor.dtype == self.writer.spec.dtype:
            self.writer.write(state.ystate, player, self.tensor)
        else:
            self.tensor[:] = self.ygame.observe(state.ystate, player, self.kind)

    def string_from(self, state: YeziState, player: int) -> str:
        if state.ystate is None:
            return ""
        ys = state.ystate
        view = ys.view(player)
        if self.kind == "observation":
            view = {k: v for k, v in view.items() if k not in ("history", "actors", "log")}  # not the history (codes, actors)
            return json.dumps(view, sort_keys=True, ensure_ascii=False, default=str)
        seen = [[ys.actor_of(i), ys.redact(i, player)] for i in range(len(ys.history))]
        return json.dumps({"view": view, "seen": seen}, sort_keys=True, ensure_ascii=False, default=str)


def resampler(seed: int | None = None):
    """A callback for `ISMCTSBot.set_resampler`: a state of the same information state for the
    player to act, drawn with `sample_from_view` from the engine."""
    rng = random.Random(seed)

    def resample(state: YeziState, player: int) -> YeziState:
        ys = state.ystate
        deal, actions = ys.game.sample_from_view(ys.view(player), rng)
        new = state.get_game().new_initial_state()
        new._deal = deal
        new.apply_action(0)
        for a in actions:
            new.apply_action(int(a))
        return new

    return resample


_TYPES: dict[str, pyspiel.GameType] = {}
GAME_CLASSES: dict[str, type[YeziGame]] = {}


def register_all() -> list[str]:
    """Register `yezi_<game>` for every available game (done on import; idempotent)."""
    registered = set(pyspiel.registered_names())
    for name in available_games():
        if name in GAME_CLASSES:
            continue
        _TYPES[name] = _game_type(name)
        cls = type(f"Yezi_{name}", (YeziGame,), {"yezi_name": name, "__doc__": f"yezi {name} as an OpenSpiel game."})
        GAME_CLASSES[name] = cls
        if f"yezi_{name}" not in registered:
            pyspiel.register_game(_TYPES[name], cls)
    return [f"yezi_{n}" for n in GAME_CLASSES]


register_all()

__all__ = ["GAME_CLASSES", "YeziGame", "YeziObserver", "YeziState", "parse_options", "register_all", "resampler"]
