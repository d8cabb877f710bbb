"""Playing deals and matches with bots: the harness behind simulate, tests and benchmarks."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from yezi.core.protocol import Game, State


def random_playout(state: State, rng: random.Random) -> State:
    """Play uniformly random legal actions to the end (in place) and return the state."""
    while state.current_player is not None:
        legal = state.legal_actions()
        state.apply_unchecked(legal[rng.randrange(len(legal))])
    return state


def play_deal(game: Game, bots: Sequence[Any], deal: Any, rng: random.Random) -> State:
    """Play one deal; `bots[seat]` decides for each active seat from that seat's view only."""
    state = game.new_state(deal)
    while (seat := state.current_player) is not None:
        legal = state.legal_actions()
        action = bots[seat].choose(game, state.view(seat), legal, rng)
        state.apply(action)
    return state


@dataclass
class MatchResult:
    totals: list[Any]
    deals: list[State] = field(default_factory=list)
    dealers: list[int] = field(default_factory=list)


#: a match played to the game's own length stops after this many deals whatever happens
MAX_MATCH_DEALS = 1000


def match_leads(game: Game) -> int:
    """How many changes of the lead seat make a match, by the game's ``match_rounds`` option
    (Luk Fu: one round = every player leads at least once; S1's 共打四圈 = four); 1 round
    where the game has no such option. `yezi play` and `play_match(num_deals=None)` both stop there."""
    return int(game.rules.get("match_rounds", 1)) * game.num_seats


def play_match(
    game: Game, bots_by_player: Sequence[Any], num_deals: int | None, seed: int, first_dealer: int = 0,
    keep_states: bool = False,
) -> MatchResult:
    """A match of several deals with the game's dealer rotation and running totals.

    Players are physical positions 0..n-1 around the table; in each deal seat s (0 = the
    dealer / lead seat) is held by player (dealer + s) mod n. ``num_deals=None`` plays the
    game's own match length (`match_leads`: so many changes of the lead), as `yezi play` does.
    """
    n = game.num_seats
    totals: list[Any] = [0] * n
    dealer = first_dealer
    rng = random.Random(seed)
    result = MatchResult(totals)
    leads_left = match_leads(game) if num_deals is None else None
    for _ in range(MAX_MATCH_DEALS if num_deals is None else num_deals):
        if leads_left is not None and leads_left <= 0:
            break
        deal = game.deal_from_seed(rng.randrange(2**63))
        seat_bots = [bots_by_player[(dealer + s) % n] for s in range(n)]
        state = play_deal(game, seat_bots, deal, rng)
        for s, p in enumerate(state.payments()):
            totals[(dealer + s) % n] += p
        result.dealers.append(dealer)
        if keep_states:
            result.deals.append(state)
        shift = game.dealer_shift(state)
        if shift and leads_left is not None:
            leads_left -= 1
        dealer = (dealer + shift) % n
    result.totals = [int(t) if isinstance(t, Fraction) and t.denominator == 1 else t for t in totals]
    return result
