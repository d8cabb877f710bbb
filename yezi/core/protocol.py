"""The engine protocol every game implements.

A `Game` is a ruleset-bound description of one game: its seats, options, action space and
notation. A `State` is one deal in progress. Actions are small integers in a fixed action space
per game (so RL code can use masks); their text notation is the game's business.

Design points shared by all games:

* the deal is fixed at creation, from a seed or given explicitly, so a game is a pure function
  of (ruleset, deal, actions) and `Game.replay` reproduces it exactly;
* `State.apply` validates; an illegal action raises `IllegalAction` naming the rule and leaves
  the state untouched. `State.apply_unchecked` is for harnesses that pick from `legal_actions()`;
* `State.view(seat)` is plain JSON data holding exactly what that seat may know; `seat=None`
  is the spectator's (public) view. Its shape is `Game.view_type` (a `TypedDict` on
  `yezi.core.views.BaseView`, whose `history` and `actors` every game fills alike);
* `State.sample_hidden(seat, rng)` returns another (deal, actions) pair that the seat cannot tell
  apart from the real one: search bots and the leak check both use it.
"""

from __future__ import annotations

import importlib
import operator
import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Self, SupportsIndex

from typing_extensions import TypeVar  # a TypeVar with a default (PEP 696) is typing's only from 3.13

from yezi.core.errors import IllegalAction
from yezi.core.options import OptionTable, Ruleset
from yezi.core.views import BaseView

if TYPE_CHECKING:  # pragma: no cover
    from yezi.core.match import MatchLength
    from yezi.core.observation import ObservationSpec, Observer

LANGS = ("zh-hant", "zh-hans", "en")
NOTATIONS = (*LANGS, "ascii")

Payment = int | Fraction

# A game and its state name each other's type, so that `LukFu(...).start()` is a `LukFuState` and a
# `LukFuState`'s `game` a `LukFu` to a type checker (each game's class line says which). A bare
# `State` is a state of some game (`state.game` is a `Game`); a bare `Game` leaves its state `Any`.
G = TypeVar("G", bound="Game[Any]", covariant=True, default="Game[Any]")
S = TypeVar("S", bound="State[Any]")


def action_code(action: Any, game: Game) -> int:
    """`action` as a plain int in `game`'s action space, or `IllegalAction`.

    Any integer type is accepted through `operator.index` (numpy integers, as RL libraries hand
    them back); booleans and floats are not action codes.
    """
    if isinstance(action, bool):
        raise IllegalAction("action-space", f"{action!r} is not an action code of {game.name}")
    try:
        code = operator.index(action)
    except TypeError:
        raise IllegalAction("action-space", f"{action!r} is not an action code of {game.name}") from None
    if not 0 <= code < game.action_space_size:
        raise IllegalAction("action-space", f"{action!r} is not an action code of {game.name}")
    return code


class Game(ABC, Generic[S]):
    """One game under one ruleset."""

    name: ClassVar[str]
    titles: ClassVar[dict[str, str]]
    options_package: ClassVar[str]
    #: the `TypedDict` of this game's views (`yezi.core.views`): their JSON Schema is made from it
    view_type: ClassVar[type] = BaseView
    _tables: ClassVar[dict[str, OptionTable]] = {}

    def __init__(self, ruleset: Ruleset):
        self.rules = ruleset

    # --- options -------------------------------------------------------------------------
    @classmethod
    def option_table(cls) -> OptionTable:
        table = Game._tables.get(cls.name)
        if table is None:
            table = OptionTable.from_package(cls.name, cls.options_package)
            Game._tables[cls.name] = table
        return table

    @classmethod
    def from_preset(cls, preset: str | None = None, **overrides: Any) -> Self:
        return cls(cls.option_table().resolve(preset, overrides))

    # --- seats ---------------------------------------------------------------------------
    @property
    @abstractmethod
    def num_seats(self) -> int:
        """Seats in a deal, including any that never act (a dummy)."""

    @abstractmethod
    def seat_name(self, seat: int, lang: str = "zh-hant") -> str: ...

    def active_seats(self) -> list[int]:
        """Seats that take actions; a dummy is not among them."""
        return list(range(self.num_seats))

    def paid_seats(self) -> list[int]:
        """Seats whose payment can be non-zero: every seat, a dummy included (Luk Fu's dummy is
        paid in about a third of the deals but never acts). Rewards belong to these seats."""
        return list(range(self.num_seats))

    # --- metadata (what OpenSpiel's GameInfo and RL code size things with) ------------------
    zero_sum: ClassVar[bool] = True
    """Payments sum to zero over `paid_seats` in every deal (an invariant tests check)."""

    def max_game_length(self) -> int:
        """The most actions a deal under this ruleset can take (a bound from the rules).

        Every built-in game overrides this; a game that does not cannot be used where a length
        bound is needed (information-state tensors, OpenSpiel)."""
        raise NotImplementedError(f"{self.name} declares no maximum game length")

    def payment_bounds(self) -> tuple[Payment, Payment]:
        """(lowest, highest) payment any seat can get in one deal: bounds derived from the rules,
        not always attained. Every built-in game overrides this."""
        raise NotImplementedError(f"{self.name} declares no payment bounds")

    @property
    def min_payment(self) -> Payment:
        return self.payment_bounds()[0]

    @property
    def max_payment(self) -> Payment:
        return self.payment_bounds()[1]

    def info(self) -> dict[str, Any]:
        """The game's metadata as plain JSON (see docs/research.md)."""
        lo, hi = self.payment_bounds()
        return {
            "game": self.name, "preset": self.rules.preset, "num_seats": self.num_seats,
            "active_seats": self.active_seats(), "paid_seats": self.paid_seats(),
            "action_space_size": self.action_space_size, "max_game_length": self.max_game_length(),
            "min_payment": float(lo), "max_payment": float(hi), "zero_sum": self.zero_sum,
        }

    # --- deals and states ----------------------------------------------------------------
    @abstractmethod
    def deal_from_seed(self, seed: int) -> Any:
        """A JSON-serialisable deal drawn from a seed (same seed, same deal, on every machine)."""

    @abstractmethod
    def new_state(self, deal: Any) -> S: ...

    def start(self, seed: int | None = None, deal: Any = None) -> S:
        if deal is None:
            if seed is None:
                seed = random.SystemRandom().randrange(2**63)
            deal = self.deal_from_seed(seed)
        return self.new_state(deal)

    def replay(self, deal: Any, actions: Sequence[int]) -> S:
        """Rebuild a state by applying `actions` (validated) to `deal`."""
        state = self.new_state(deal)
        for a in actions:
            state.apply(a)
        return state

    @abstractmethod
    def format_deal(self, deal: Any) -> str:
        """A one-line text form of a deal for record headers; `parse_deal` inverts it."""

    @abstractmethod
    def parse_deal(self, text: str) -> Any: ...

    # --- actions -------------------------------------------------------------------------
    @property
    @abstractmethod
    def action_space_size(self) -> int: ...

    @abstractmethod
    def format_action(self, action: int, lang: str = "zh-hant") -> str:
        """Text for an action in one of `NOTATIONS`; `parse_action` reads every one of them."""

    @abstractmethod
    def parse_action(self, text: str) -> int:
        """Read an action in any notation; raises `NotationError` saying what was expected."""

    def action_help(self, lang: str = "en") -> str:
        return ""

    def sample_from_view(self, view: dict[str, Any], rng: random.Random) -> tuple[Any, list[int]]:
        """A (deal, actions) pair drawn from the worlds consistent with `view`.

        Perfect-information games need nothing more than the view's own deal and history.
        """
        return view["deal"], list(view["history"])

    def advice(self, view: dict[str, Any], lang: str = "en", seed: int = 0,
               samples: int | None = None) -> dict[str, Any] | None:
        """Game-specific advice for the seat of `view` at this point, as plain JSON, or None
        (`samples`: simulated deals, for an advisor that simulates).

        Hints use it before falling back to the search bot: a decision that search answers
        badly (Luk Fu's bid, decided before any card is played) can have an advisor of its own.
        """
        return None

    def hint(self, view: dict[str, Any], legal: Sequence[int] | None = None, level: str = "normal",
             lang: str = "en", seed: int | None = None, samples: int | None = None) -> dict[str, Any]:
        """A hint for the seat of `view`, as plain JSON: the game's `advice` where it has one, else the
        search bot's suggestion at `level` (``{"kind": "advice" | "search", ...}``), or at a level
        registered for hints in `yezi.bots.registry` that bot's move (``{"kind": "bot", ...}``).
        Every hint (the web table's, `yezi play`'s, the tutor's) comes from here, computed from the
        view alone."""
        return _hints().seat_hint(self, view, legal, level, lang, seed, samples)

    def hint_text(self, view: dict[str, Any], arg: str = "", lang: str = "en") -> str:
        """`hint` for a terminal: ``arg`` is what follows the ``hint`` command (``easy``, ``strong``,
        a number of simulated deals, ``details``)."""
        return _hints().hint_text(self, view, arg, lang)

    # --- between deals -------------------------------------------------------------------
    def first_dealer(self, seed: int) -> int:
        """The position (0..num_seats-1) that deals first in a match with this seed: 0 unless the
        game's rules choose the first dealer by lot (打天九 throws dice for the first banker)."""
        return 0

    def dealer_shift(self, state: S) -> int:
        """How many seats the dealer moves after this finished deal (0 = the dealer stays)."""
        return 1

    #: the rule option that sets the game's own match length, where it has one (the lobby offers its choices)
    match_length_option: ClassVar[str | None] = None

    def match_length(self) -> MatchLength:
        """The game's own match (`yezi.core.match`): ``match_rounds`` rounds of the dealer, where
        every player deals (or leads) in turn; one round where the rules name no length."""
        from yezi.core.match import MatchLength

        return MatchLength("rounds", int(self.rules.get("match_rounds", 1)))

    def match_carry(self, state: S) -> dict[str, Any]:
        """What this finished deal hands on to the next one of a match, as keyword arguments of
        `deal_from_seed` (Ma Diao: the 官堆 pool); nothing for a game whose deals stand alone."""
        return {}

    def match_result(self, state: S) -> list[Any]:
        """What this finished deal books to each seat in a match's totals: its payments."""
        return list(state.payments())

    def match_close(self, carry: dict[str, Any]) -> tuple[list[Any], dict[str, Any]]:
        """When a match closes with `carry` still on the table: what each position is paid for it,
        and what stays unpaid (reported). Nothing for a game whose deals carry nothing."""
        return [0] * self.num_seats, {}

    def describe_rules(self) -> str:
        return self.option_table().describe()

    # --- numeric observations (yezi.core.observation; numpy, the `rl` extra) ------------------
    def make_observer(self) -> Observer[S]:
        """The game's "observation" writer; every built-in game overrides this."""
        raise NotImplementedError(f"{self.name} has no numeric observation")

    def observer(self, kind: str = "observation") -> Observer[S]:
        """The writer of one kind of tensor: "observation" or "info_state" (built once)."""
        cache = self.__dict__.setdefault("_observers", {})
        obs = cache.get(kind)
        if obs is None:
            from yezi.core.observation import KINDS, InfoStateObserver

            if kind not in KINDS:
                raise ValueError(f"unknown observation kind {kind!r}; kinds: {', '.join(KINDS)}")
            obs = self.make_observer() if kind == "observation" else InfoStateObserver(self, self.observer())
            cache[kind] = obs
        return obs

    def observation_spec(self, kind: str = "observation") -> ObservationSpec:
        """Named pieces with shape, dtype and bounds (iterating gives (name, size) pairs)."""
        return self.observer(kind).spec

    def observe(self, state: S, seat: int, kind: str = "observation", out: Any = None) -> Any:
        """`seat`'s tensor of this kind as a numpy array, written into `out` when given."""
        obs = self.observer(kind)
        if out is None:
            return obs.array(state, seat)
        obs.write(state, seat, out)
        return out

    def seen_from_view(self, view: dict[str, Any]) -> Any:
        """What this game's observers read, rebuilt from one seat's view alone (a
        `yezi.core.observation.SeenView`): the facts the seat knows under the names the observers
        read on a state, and nothing else (a hidden hand is there only as its size). Every
        built-in game overrides this; `observe_view` uses it."""
        raise NotImplementedError(f"{self.name} cannot observe from a view")

    def observe_view(self, view: dict[str, Any], kind: str = "observation", out: Any = None) -> Any:
        """The tensor `observe(state, view["seat"], kind)` computed from the seat's view alone
        (``state.view(seat)``, plain JSON, e.g. the one a bot is handed): no sampling, no replay,
        equal entry for entry (dtype and shape too) to the state's. The game's observer writes both
        (one encoder), reading the state or `seen_from_view(view)`. A spectator's view has no seat
        and no tensor."""
        seat = view.get("seat")
        if seat is None:
            raise ValueError("a spectator's view has no observation: observe a seat's view")
        return self.observe(self.seen_from_view(view), seat, kind, out)

    # --- copying and pickling ----------------------------------------------------------------
    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        """A game under a ruleset never changes: copies share it."""
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle as (class, ruleset); loading reuses an equal game already built in the process."""
        return (_restore_game, (type(self), self.rules))


class State(ABC, Generic[G]):
    """One deal in progress (of a game of type `G`)."""

    game: G
    deal: Any
    history: list[int]

    # --- whose turn ----------------------------------------------------------------------
    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """The seat to act, or None when the deal is over."""

    def is_terminal(self) -> bool:
        return self.current_player is None

    # --- actions -------------------------------------------------------------------------
    @abstractmethod
    def legal_actions(self) -> list[int]: ...

    def together(self) -> dict[int, list[int]]:
        """The seats a question is put to at once, each with the actions it may answer, in the order
        the rules apply the answers (the seat to act first); empty when the decision is one seat's.

        Some questions of the sources go to every player together and no answer depends on another's:
        Luk Fu's 五虎下山 check (whoever holds the five tigers declares them), Pai Gow's hand setting.
        The engine still applies the answers one at a time, in turn order; a turn-based table asks
        them all at once, so that nobody waits a day for each seat before theirs. A seat's actions
        here are worked out from its own hand alone (its view), and equal `legal_actions()` when its
        turn comes after the seats before it answered anything but an answer that ends the question
        (a declaration of five tigers ends the deal)."""
        return {}

    def legal_mask(self) -> list[bool]:
        mask = [False] * self.game.action_space_size
        for a in self.legal_actions():
            mask[a] = True
        return mask

    def apply(self, action: int | str | SupportsIndex) -> None:
        """Apply an action (an int code, any integer type such as numpy's, or any notation);
        illegal input changes nothing."""
        if isinstance(action, str):
            action = self.game.parse_action(action)
        if self.current_player is None:
            from yezi.i18n import N_, Msg

            raise IllegalAction("game-over", Msg(N_("the deal is over; no action can be taken")))
        action = action_code(action, self.game)
        legal = self.legal_actions()
        if action not in legal:
            raise self.explain_illegal(action, legal)
        self.apply_unchecked(action)

    @abstractmethod
    def apply_unchecked(self, action: int) -> None:
        """Apply an action known to be legal."""

    def explain_illegal(self, action: int, legal: list[int]) -> IllegalAction:
        """Name the rule that `action` breaks; games override this with rule-specific reasons."""
        from yezi.i18n import N_, Msg

        return IllegalAction(
            "not-legal",
            Msg(N_("{what} is not legal now"), what=lambda lang: self.game.format_action(action, lang)),
            [self.game.format_action(a, "en") for a in legal],
        )

    # --- outcome -------------------------------------------------------------------------
    @abstractmethod
    def payments(self) -> Sequence[Payment]:
        """Final payment per seat (positive = receives); they sum to zero. Zero before the end."""

    # --- information ---------------------------------------------------------------------
    @abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]:
        """Plain JSON data: all that `seat` may know now (None: a spectator), shaped as
        `game.view_type`, sharing no list or dict with any other view or the state."""

    @abstractmethod
    def actor_of(self, index: int) -> int:
        """The seat that took history[index]."""

    @abstractmethod
    def redact(self, index: int, seat: int | None) -> int | None:
        """history[index] as `seat` saw it: the action code, or None when it was hidden."""

    def action_text_for(self, index: int, seat: int | None, lang: str = "zh-hant") -> str:
        """history[index] in words as `seat` saw it: a face-down action stays face down."""
        a = self.redact(index, seat)
        if a is None:
            return self.hidden_action_text(index, "en" if lang == "ascii" else lang)
        return self.game.format_action(a, lang)

    def log_line(self, index: int, seat: int | None, lang: str = "zh-hant") -> str:
        """history[index] as a line of `seat`'s log: the seat that took it and the action as `seat`
        saw it (``ascii`` names the seats in English). Every log is made of these lines
        (`yezi.core.seatlog.SeatLog` keeps them as a deal goes on)."""
        names = "en" if lang == "ascii" else lang
        return f"{self.game.seat_name(self.actor_of(index), names)} {self.action_text_for(index, seat, lang)}"

    def log_for(self, seat: int | None, lang: str = "zh-hant") -> list[str]:
        """The record as `seat` sees it: one line per action, hidden actions redacted."""
        return [self.log_line(i, seat, lang) for i in range(len(self.history))]

    def hidden_action_text(self, index: int, lang: str) -> str:
        return "?"

    @abstractmethod
    def clone(self) -> Self: ...

    def sample_hidden(self, seat: int, rng: random.Random) -> tuple[Any, list[int]]:
        """A (deal, actions) pair consistent with everything `seat` knows.

        It goes through `Game.sample_from_view`, so the sampler can only use the seat's view.
        """
        return self.game.sample_from_view(self.view(seat), rng)

    def sample_state(self, seat: int, rng: random.Random) -> Self:
        deal, actions = self.sample_hidden(seat, rng)
        return self.game.replay(deal, actions)

    # --- copying and pickling --------------------------------------------------------------
    def __copy__(self) -> Self:
        """A shallow copy of the attributes (what `clone` implementations start from); without
        it `copy.copy` would go through `__reduce__` and replay the deal."""
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        return new

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        """A deep copy is a `clone`: the game (ruleset, tables) is shared, as it never changes."""
        return self.clone()

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle as (game, deal, actions): a few hundred bytes, replayed on loading."""
        return (_restore_state, (self.game, self.deal, list(self.history)))


#: the module that computes hints: the bots sit above the core, so the core names them, as the
#: registry names the games (`yezi.core.registry.GAMES`), and imports them only when asked
HINTS_MODULE = "yezi.bots.hints"


def _hints() -> Any:
    return importlib.import_module(HINTS_MODULE)


def common_view(state: State, seat: int | None) -> dict[str, Any]:
    """The keys every game's view carries under the same names (`yezi.core.views.BaseView`,
    docs/research.md): the game and preset, `num_seats`, the viewing `seat` (None: a spectator),
    `current_player` (None once the deal is over), `terminal` and `actors` (the seat that took
    each action of the history). Games keep their own older keys beside these."""
    game = state.game
    player = state.current_player
    actor_of = state.actor_of
    return {
        "game": game.name, "preset": game.rules.preset, "num_seats": game.num_seats, "seat": seat,
        "current_player": player, "terminal": player is None,
        "actors": [actor_of(i) for i in range(len(state.history))],
    }


_GAMES: dict[tuple[type, int], Game] = {}


def _restore_game(cls: type, rules: Ruleset) -> Game:
    """A game rebuilt from its class and ruleset, shared between the states of one process."""
    try:
        key = (cls, hash(rules))
    except TypeError:
        return cls(rules)
    game = _GAMES.get(key)
    if game is None or game.rules != rules:
        game = cls(rules)
        if len(_GAMES) < 256:
            _GAMES[key] = game
    return game


def _restore_state(game: Game, deal: Any, actions: list[int]) -> State:
    state = game.new_state(deal)
    for a in actions:
        state.apply_unchecked(a)
    return state

