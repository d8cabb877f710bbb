"""A match: the deals one table plays in a row, as the game's rules chain them.

Every front end plays its matches through `Match`: `yezi play`, the web server's tables,
`play_match` (simulations, tests) and Ma Diao's sessions. So one seed gives the same deals, the
same dealers and the same totals wherever it is played, and the rules of a match live once:

- its length, in deals or in the game's own unit (`MatchLength`; `Game.match_length` reads the
  rules: Luk Fu's ``match_rounds`` rounds of the lead, S1's 共打四圈; Ma Diao's session end);
- the dealer / banker after each deal (`Game.first_dealer`, `Game.dealer_shift`);
- what a deal hands on to the next (`Game.match_carry`: Ma Diao's 官堆 pool, and so who takes it);
- what a deal books to each player (`Game.match_result`: Ma Diao books the pool flows too) and
  what is settled when the match closes (`Game.match_close`: the pool left over);
- the seeds: deal ``k`` of a match with seed ``s`` comes from ``derived_seed("deal", s, k)``, the
  scheme the batch simulations and the duplicate tournaments use for their deal ``k``.

Players are physical positions 0..n-1 round the table. In a deal whose dealer is at position
``d``, seat ``s`` (0 = the dealer / lead seat) is held by position ``(d + s) % n``. Totals are per
position, in exact arithmetic (Fractions where a game pays halves).

A match is rebuilt from what it played: `adopt` takes a deal stored elsewhere (the server's log)
in place of the one `next_deal` would draw, and `finish` books each finished deal in order.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from yezi.core.protocol import Game, State

#: a match played to the game's own length stops after this many deals whatever happens
MAX_MATCH_DEALS = 1000

#: the units a match length is counted in
UNITS = ("deals", "rounds", "chips")


def derived_seed(*parts: Any) -> int:
    """A 63-bit seed from any parts, the same on every machine and Python version."""
    text = ":".join(str(p) for p in parts).encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big") >> 1


def deal_seed(seed: int, no: int) -> int:
    """The seed of deal `no` (from 0) of a match seeded `seed`: the one scheme of every front end."""
    return derived_seed("deal", seed, no)


def bot_rng(seed: int) -> random.Random:
    """The bots' random stream at a match seeded `seed` (kept apart from the deals, so the deals of a
    seed never depend on how the bots played)."""
    return random.Random(derived_seed("bots", seed))


@dataclass(frozen=True)
class MatchLength:
    """How long a match lasts.

    ``deals``: `count` deals. ``rounds``: `count` rounds of the dealer (Luk Fu's 圈, where every
    player leads; Ma Diao's rotation of the bank): ``count × n`` changes of the dealer, so a
    dealer who stays does not shorten the match. ``chips``: until a player has lost `loss_limit`
    (Ma Diao's chip target). Every length but ``deals`` stops after `cap` deals whatever happens.
    """

    unit: str
    count: int
    loss_limit: Any = None
    cap: int = MAX_MATCH_DEALS
    of: str = "dealer"  # whose round a ``rounds`` length counts: the dealer's, Luk Fu's lead, Ma Diao's bank

    def __post_init__(self) -> None:
        if self.unit not in UNITS:
            raise ValueError(f"unknown match unit {self.unit!r}; units: {', '.join(UNITS)}")
        if self.count < 1:
            raise ValueError("a match lasts at least one deal, round or unit")

    @classmethod
    def deals(cls, n: int) -> MatchLength:
        return cls("deals", n)


@dataclass
class MatchDeal:
    """One deal of a match: its number (from 0), its dealer's position, its seed and the deal itself;
    `result` (per position) once it is finished."""

    no: int
    dealer: int
    seed: int
    deal: Any
    result: list[Any] | None = None

    def position_of(self, seat: int, n: int) -> int:
        return (self.dealer + seat) % n

    def seat_of(self, position: int, n: int) -> int:
        return (position - self.dealer) % n


class Match:
    """The deals of one match, their dealers, what each hands on, and the running totals."""

    def __init__(self, game: Game, seed: int, length: MatchLength | int | None = None):
        """`length`: a `MatchLength`, a number of deals, or None for the game's own (`Game.match_length`)."""
        self.game = game
        self.seed = seed
        self.n = game.num_seats
        if length is None:
            length = game.match_length()
        elif isinstance(length, int):
            length = MatchLength.deals(length)
        self.length = length
        self.deals: list[MatchDeal] = []
        self.totals: list[Any] = [0] * self.n
        self.carry: dict[str, Any] = {}
        self.dealer = game.first_dealer(seed)
        self.dealer_changes = 0

    # ---- where the match stands -----------------------------------------------------------
    @property
    def finished(self) -> int:
        """Deals played to the end."""
        return sum(1 for d in self.deals if d.result is not None)

    @property
    def current(self) -> MatchDeal | None:
        return self.deals[-1] if self.deals else None

    @property
    def in_deal(self) -> bool:
        return bool(self.deals) and self.deals[-1].result is None

    @property
    def over(self) -> bool:
        """No deal is being played and the match has reached its length."""
        if self.in_deal:
            return False
        done = self.finished
        ln = self.length
        if ln.unit == "deals":
            return done >= ln.count
        if done >= ln.cap:
            return True
        if ln.unit == "rounds":
            return self.dealer_changes >= ln.count * self.n
        return any(t <= -ln.loss_limit for t in self.totals)

    def progress(self) -> dict[str, Any]:
        """Where the match stands in its own unit, as plain JSON (a table's header: "round 2 of 4")."""
        ln = self.length
        out: dict[str, Any] = {"unit": ln.unit, "count": ln.count, "deals": self.finished}
        if ln.unit == "rounds":
            out["round"] = min(ln.count, self.dealer_changes // self.n + 1)
            out["of"] = ln.of
        if ln.unit == "chips":
            out["loss_limit"] = _plain(ln.loss_limit)
        return out

    # ---- playing --------------------------------------------------------------------------
    def draw(self) -> tuple[int, int, int, Any]:
        """The next deal, not yet begun: (its number, its dealer, its seed, the deal with what the
        last deal handed on). A server stores it first, then `adopt`s it."""
        self._may_deal()
        no = len(self.deals)
        seed = deal_seed(self.seed, no)
        deal = self.game.deal_from_seed(seed, **self.carry) if self.carry else self.game.deal_from_seed(seed)
        return no, self.dealer, seed, deal

    def next_deal(self) -> MatchDeal:
        """Begin the next deal (`draw`)."""
        return self.adopt(*self.draw())

    def adopt(self, no: int, dealer: int, seed: int, deal: Any) -> MatchDeal:
        """Take a deal stored elsewhere (a server's log) as the next one: the log is the truth, even
        where an older scheme drew it."""
        self._may_deal(check_over=False)
        if no != len(self.deals):
            raise ValueError(f"deal {no} adopted where deal {len(self.deals)} comes next")
        self.dealer = dealer
        d = MatchDeal(no, dealer, seed, deal)
        self.deals.append(d)
        return d

    def _may_deal(self, check_over: bool = True) -> None:
        if self.in_deal:
            raise ValueError("the current deal is not finished")
        if check_over and self.over:
            raise ValueError("the match is over")

    def finish(self, state: State) -> list[Any]:
        """Book the current deal, finished in `state`: its result to the totals (per position), the
        next dealer by the game's rules, and what it hands on. Returns the result per position."""
        d = self.current
        if d is None or d.result is not None:
            raise ValueError("no deal is being played")
        if state.current_player is not None:
            raise ValueError("the deal is not finished")
        g = self.game
        result: list[Any] = [0] * self.n
        for s, p in enumerate(g.match_result(state)):
            result[d.position_of(s, self.n)] = p
            self.totals[d.position_of(s, self.n)] += p
        d.result = result
        shift = g.dealer_shift(state) % self.n
        if shift:
            self.dealer_changes += 1
        self.dealer = (d.dealer + shift) % self.n
        self.carry = g.match_carry(state)
        return result

    def final_totals(self) -> list[Any]:
        """The totals once the match closes (Ma Diao: the 官堆 left over split, where the rules split it)."""
        adjust, _left = self.game.match_close(self.carry)
        return [_exact(t + a) for t, a in zip(self.totals, adjust, strict=True)]

    def closing(self) -> list[Any]:
        """What each position is paid when the match closes (Ma Diao: its share of the 官堆 left over)."""
        return [_exact(Fraction(a)) for a in self.game.match_close(self.carry)[0]]

    def left_over(self) -> dict[str, Any]:
        """What the match leaves unpaid when it closes (Ma Diao's pool where the rules carry it)."""
        return self.game.match_close(self.carry)[1]


#: the lobby's fixed numbers of deals, after the game's own match lengths
DEAL_CHOICES = (1, 2, 3, 4, 6, 8, 12)


def length_label(length: MatchLength, lang: str) -> str:
    """A match length as the lobby offers it ("4 rounds: each player deals 4 times", "3 deals")."""
    from yezi.i18n import _c, ngettext

    n = length.count
    if length.unit == "deals":
        return ngettext(lang, "{n} deal", "{n} deals", n)
    if length.unit == "chips":
        return _c(lang, "match-length:chips", "until a player has lost {limit}", limit=length.loss_limit)
    if length.of == "lead":
        return ngettext(lang, "{n} round: each player leads in turn", "{n} rounds: each player leads {n} times", n)
    if length.of == "bank":
        return ngettext(lang, "{n} round of the bank: each player banks in turn",
                        "{n} rounds of the bank: each player banks {n} times", n)
    return ngettext(lang, "{n} round: each player deals in turn", "{n} rounds: each player deals {n} times", n)


def length_choices(game: Game, lang: str) -> list[dict[str, Any]]:
    """What a lobby offers for a match at `game`'s ruleset: the game's own match at each choice of
    its length option (Luk Fu's ``match_rounds``, Ma Diao's ``session_length``), then N deals.
    Each is the create request's part (``match``/``options`` or ``num_deals``) and its label; the
    ruleset's own match is marked ``default``."""
    opt = game.match_length_option
    own: list[dict[str, Any]] = []
    if opt is not None:
        current = game.rules[opt]
        table = game.option_table().options[opt]
        for c in table.choices:
            g = type(game)(game.option_table().resolve(game.rules.preset, {**game.rules.overrides, opt: c.value}))
            own.append({"match": "own", "options": {opt: c.value}, "label": length_label(g.match_length(), lang)}
                       | ({"default": True} if c.value == current else {}))
    else:
        own.append({"match": "own", "label": length_label(game.match_length(), lang), "default": True})
    return own + [{"num_deals": k, "label": length_label(MatchLength.deals(k), lang)} for k in DEAL_CHOICES]


def _exact(x: Any) -> Any:
    """An integral Fraction as an int (totals print as 12, not 12/1)."""
    if isinstance(x, Fraction) and x.denominator == 1:
        return int(x)
    return x


def _plain(x: Any) -> Any:
    x = _exact(x)
    return float(x) if isinstance(x, Fraction) else x


@dataclass
class PlayedMatch:
    """A match played to its end by bots (`play`): the totals per position, each deal, its dealer."""

    match: Match
    states: list[State] = field(default_factory=list)

    @property
    def totals(self) -> list[Any]:
        return self.match.final_totals()

    @property
    def dealers(self) -> list[int]:
        return [d.dealer for d in self.match.deals]


def play(match: Match, bots_by_position: Any, rng: random.Random | None = None,
         keep_states: bool = False, max_deals: int | None = None) -> PlayedMatch:
    """Play `match` to its end with bots: `bots_by_position[p]` decides for position p from its
    seat's view only. Every decision asks the bot (a forced move too), from one stream `rng`
    (default `bot_rng(match.seed)`), so a table of random bots anywhere plays exactly this match."""
    rng = rng if rng is not None else bot_rng(match.seed)
    out = PlayedMatch(match)
    g = match.game
    while not match.over and (max_deals is None or len(match.deals) < max_deals):
        d = match.next_deal()
        state = g.new_state(d.deal)
        while (seat := state.current_player) is not None:
            legal = state.legal_actions()
            state.apply(bots_by_position[d.position_of(seat, match.n)].choose(g, state.view(seat), legal, rng))
        match.finish(state)
        if keep_states:
            out.states.append(state)
    return out
