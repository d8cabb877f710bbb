"""Playing deals and matches with bots: the harness behind simulate, tests and benchmarks."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from yezi.core.match import Match, play
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


def play_match(
    game: Game, bots_by_player: Sequence[Any], num_deals: int | None, seed: int, keep_states: bool = False,
) -> MatchResult:
    """A match with bots, as `yezi play` and a web table play it (`yezi.core.match.Match`: the
    game's dealer rotation, what a deal hands on, running totals), `num_deals` deals long or, with
    None, the game's own length (Luk Fu's ``match_rounds``, a Ma Diao session).

    Players are physical positions 0..n-1 round the table; in each deal seat s (0 = the
    dealer / lead seat) is held by player (dealer + s) mod n."""
    played = play(Match(game, seed, num_deals), bots_by_player, keep_states=keep_states)
    return MatchResult(played.totals, played.states, played.dealers)
