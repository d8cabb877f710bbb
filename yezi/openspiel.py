"""OpenSpiel games for every yezi game: `import yezi.openspiel` registers `yezi_<game>`.

    import pyspiel, yezi.openspiel
    game = pyspiel.load_game("yezi_lukfu", {"preset": "hakka-hk-3p", "options": "laosui:visible"})

Each is a Python game (pyspiel.register_game) over the engine; nothing here decides a rule.

* **Chance.** The deal comes first: deal `i` of `deal_outcomes` (a game parameter, default
  65,536) equiprobable deals is `game.deal_from_seed(i)`, its index drawn as base-`chance_base`
  digits (default 256), most significant first, one chance node a digit (two by default),
  each with its outcomes' exact share of the deals below it (so the deal is uniform for any
  `deal_outcomes`). One node of 65,536 outcomes cost 5-7 ms a visit in pybind11's conversion of
  the outcome list alone; 256 outcomes cost microseconds, and the lists are built once per game
  (`chance_base=0` gives the single node of older versions). `YeziState.apply_deal(i)` applies
  deal `i`'s digits. Dealing card by card would need an OpenSpiel chance node per card
  with every remaining card as an outcome, and each yezi deal is large (84 十五胡 cards, 48 Luk
  Fu cards, 32 tiles, 40 Ma Diao cards with a cut): the enumerated trees are far beyond any
  tree algorithm anyway, and sampling algorithms need only a uniform draw of deals, which the
  seeded deal gives with the engine's own dealing code. The chance outcome is hidden from every
  player; each learns its part of the deal through its observation.
* **Players.** `num_players` is the number of seats, a dummy included (Luk Fu's 夢家 never
  acts but is paid, so utilities sum to zero over all players).
* **Strings and tensors.** Information-state strings are compact and canonical (`info_string`):
  the seat, what it saw of the deal (the view's essentials, per game) and its redacted history,
  one actor digit and a fixed-width base-36 code (`-` where hidden) per action: under 200 bytes
  for Luk Fu, and two information states differ exactly when their strings do (tested against
  the perfect-recall tensors over random play). Observation strings are the view without its
  history, as JSON. Tensors come from the game's observers
  ("info_state" for perfect recall, else "observation"), with their named pieces in `dict`.
* **Utilities, length.** min/max utility from `game.payment_bounds()`, `max_game_length` is
  the engine's bound plus the chance nodes.
* **Serialisation.** OpenSpiel's default: the history of actions, the chance digits first.
  `pickle` (and `copy.deepcopy`) work for every game (it pickles as its parameters) and state
  (pyspiel's: the game string and history, with the Python attributes).
* **IS-MCTS.** `resampler(seed)` returns a callback for
  `open_spiel.python.algorithms.ismcts.ISMCTSBot.set_resampler`: it draws a world consistent
  with the seat's view through `game.sample_from_view` (a resampled state's chance outcome is
  not its deal, so do not serialise one).
"""

from __future__ import annotations

import functools
import json
import random
from typing import Any

import numpy as np
import pyspiel

from yezi.core.options import parse_overrides
from yezi.core.protocol import Game
from yezi.core.registry import available_games, game_class, load_game

DEFAULT_DEAL_OUTCOMES = 1 << 16
DEFAULT_CHANCE_BASE = 256
_B36 = "0123456789abcdefghijklmnopqrstuvwxyz"

# What each game's view holds of the deal that no action tells (the rest of the information state
# is the redacted history): `info_string` writes these keys of the seat's view. A game not listed
# writes the view's "deal". The test (tests/research/test_openspiel.py) checks over random play
# that equal strings mean equal perfect-recall tensors and the other way round.
INFO_KEYS: dict[str, tuple[str, ...]] = {
    "madiao": ("deal", "dealt", "face", "tou", "recut", "count", "first_leader"),  # the cut, after the stake
    "shiwuhu": ("hand",),  # no "deal" key: the hand now (with the history: the hand dealt)
}


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
                                 "deal_outcomes": DEFAULT_DEAL_OUTCOMES, "chance_base": DEFAULT_CHANCE_BASE},
    )


class YeziGame(pyspiel.Game):
    """One yezi game under one ruleset, as an OpenSpiel game."""

    yezi_name: str = ""

    def __init__(self, params: dict[str, Any] | None = None):
        params = {**_game_type(self.yezi_name).parameter_specification, **(params or {})}
        self.ygame = _yezi_game(self.yezi_name, params)
        self.deal_outcomes = n = int(params["deal_outcomes"])
        if n < 1:
            raise ValueError("deal_outcomes must be at least 1")
        base = int(params["chance_base"])
        if base == 1 or base < 0:
            raise ValueError("chance_base must be 0 (one chance node) or at least 2")
        self.chance_base = base if 0 < base < n else max(n, 1)  # one node when the base covers every deal
        depth, span = 1, self.chance_base
        while span < n:
            depth, span = depth + 1, span * self.chance_base
        self.chance_depth = depth
        lo, hi = self.ygame.payment_bounds()
        info = pyspiel.GameInfo(
            num_distinct_actions=self.ygame.action_space_size,
            max_chance_outcomes=min(self.chance_base, n),
            num_players=self.ygame.num_seats,
            min_utility=float(lo),
            max_utility=float(hi),
            utility_sum=0.0,
            max_game_length=self.ygame.max_game_length() + depth,
        )
        self._params = {k: params[k] for k in _TYPES[self.yezi_name].parameter_specification}
        super().__init__(_TYPES[self.yezi_name], info, params)

    def __reduce__(self):
        return _load_game, (self.yezi_name, dict(self._params))

    def deal_digits(self, index: int) -> list[int]:
        """The chance digits of deal `index`, most significant first."""
        return _deal_digits(self.deal_outcomes, self.chance_base, self.chance_depth, index)

    def new_initial_state(self) -> YeziState:
        return YeziState(self)

    def make_py_observer(self, iig_obs_type=None, params=None) -> YeziObserver:
        perfect_recall = iig_obs_type is None or iig_obs_type.perfect_recall
        return YeziObserver(self.ygame, "info_state" if perfect_recall else "observation", self)


class YeziState(pyspiel.State):
    """A deal: a chance node, then the engine's state."""

    def __init__(self, game: YeziGame):
        super().__init__(game)
        self.ygame = game.ygame
        self.deal_outcomes = game.deal_outcomes
        self._chance = (game.deal_outcomes, game.chance_base, game.chance_depth)
        self.ystate: Any = None  # the engine's state once dealt
        self._deal: Any = None  # a deal to use instead of the chance outcome's (resampling)
        self._digits: list[int] = []  # the chance digits so far
        self._index = 0  # their value

    def apply_deal(self, index: int) -> None:
        """Apply the chance digits of deal `index` (`game.deal_from_seed(index)`)."""
        if self.ystate is not None or self._digits:
            raise ValueError("apply_deal: the deal is dealt already")
        for d in _deal_digits(*self._chance, index):
            self.apply_action(d)

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
        n, base, depth = self._chance
        level = len(self._digits)
        below = base ** (depth - level - 1)  # deals under one digit of this node
        total = min(n - self._index * base * below, base * below)  # deals under this node
        return list(_chance_outcomes(base, below, total))

    def _apply_action(self, action: int) -> None:
        if self.ystate is None:
            _, base, depth = self._chance
            self._digits.append(int(action))
            self._index = self._index * base + int(action)
            if len(self._digits) < depth:
                return
            deal = self._deal if self._deal is not None else self.ygame.deal_from_seed(self._index)
            self.ystate = self.ygame.new_state(deal)
        else:
            self.ystate.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal digit {action}"
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

    def __init__(self, ygame: Game, kind: str, game: YeziGame | None = None):
        self.ygame = ygame
        self.kind = kind
        self.game = game
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
        return info_string(state, player)


def _b36(n: int) -> str:
    out = ""
    while True:
        n, r = divmod(n, 36)
        out = _B36[r] + out
        if n == 0:
            return out


@functools.cache
def _chance_outcomes(base: int, below: int, total: int) -> tuple[tuple[int, float], ...]:
    """A chance node's outcomes: each digit with its share of the `total` deals below the node
    (`below` under one digit). Built once: every node with as many deals below has this list."""
    out = []
    for d in range(base):
        count = min(total - d * below, below)
        if count <= 0:
            break
        out.append((d, count / total))
    return tuple(out)


def _deal_digits(n: int, base: int, depth: int, index: int) -> list[int]:
    if not 0 <= index < n:
        raise ValueError(f"deal {index} is not in range({n})")
    digits = []
    for _ in range(depth):
        index, d = divmod(index, base)
        digits.append(d)
    return digits[::-1]


@functools.cache
def _info_format(name: str, action_space_size: int) -> tuple[tuple[str, ...], int]:
    return INFO_KEYS.get(name, ("deal",)), len(_b36(action_space_size))


def info_string(state: YeziState, player: int) -> str:
    """The compact canonical information-state string of `player`: `seat|deal|history`.

    `deal` is the compact JSON of the view's keys that hold what the seat saw of the deal
    (`INFO_KEYS`), `history` one actor digit and a `game`-wide fixed-width base-36 action code
    per action (dashes where the action was hidden from the seat). Everything else in the view
    follows from these and the ruleset (the engine is deterministic)."""
    ys = state.ystate
    if ys is None:
        return ""
    view = ys.view(player)
    keys, w = _info_format(ys.game.name, ys.game.action_space_size)
    essentials = {k: view[k] for k in keys if k in view}
    if len(essentials) == 1:
        [essentials] = essentials.values()
    deal = json.dumps(essentials, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)
    hidden = "-" * w
    parts = []
    for i in range(len(ys.history)):
        code = ys.redact(i, player)
        parts.append(str(ys.actor_of(i)) + (hidden if code is None else _b36(code).rjust(w, "0")))
    return f"{player}|{deal}|{''.join(parts)}"


def resampler(seed: int | None = None):
    """A callback for `ISMCTSBot.set_resampler`: a state of the same information state for the
    player to act, drawn with `sample_from_view` from the engine."""
    rng = random.Random(seed)

    def resample(state: YeziState, player: int) -> YeziState:
        ys = state.ystate
        deal, actions = ys.game.sample_from_view(ys.view(player), rng)
        new = state.get_game().new_initial_state()
        new._deal = deal
        while new.is_chance_node():
            new.apply_action(0)
        for a in actions:
            new.apply_action(int(a))
        return new

    return resample


def _load_game(name: str, params: dict[str, Any]) -> YeziGame:
    """Unpickle a game: `pyspiel.load_game` with its parameters (registering the games first)."""
    register_all()
    return pyspiel.load_game(f"yezi_{name}", params)


_TYPES: dict[str, pyspiel.GameType] = {}
GAME_CLASSES: dict[str, type[YeziGame]] = {}


def register_all() -> list[str]:
    """Register `yezi_<game>` for every available game (done on import; idempotent)."""
    registered = set(pyspiel.registered_names())
    for name in available_games():
        if name in GAME_CLASSES:
            continue
        _TYPES[name] = _game_type(name)
        cls = type(f"Yezi_{name}", (YeziGame,), {"yezi_name": name, "__doc__": f"yezi {name} as an OpenSpiel game.",
                                                 "__module__": __name__})
        GAME_CLASSES[name] = cls
        globals()[cls.__name__] = cls  # a module attribute, as pickle looks classes up
        if f"yezi_{name}" not in registered:
            pyspiel.register_game(_TYPES[name], cls)
    return [f"yezi_{n}" for n in GAME_CLASSES]


register_all()

__all__ = ["GAME_CLASSES", "INFO_KEYS", "YeziGame", "YeziObserver", "YeziState", "info_string", "parse_options",
           "register_all", "resampler"]
