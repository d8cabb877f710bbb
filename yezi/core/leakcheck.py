"""The generic hidden-information check, usable by every game.

For a seat, draw other (deal, actions) histories that the seat cannot tell apart from the real
one (`State.sample_hidden`), replay each through the validating engine, and assert that the
seat's view, its legal actions (and those it may answer ahead of its turn, `State.together`) and its
projection of the record are unchanged. A game whose view
leaks a hidden card fails as soon as a sample moves that card.

`check_tensors` does the same for the numeric observations (`yezi.core.observation`): the seat's
tensors of every kind, written from the state and from its view (`Game.observe_view`), must be
equal to each other and unchanged in every world it cannot tell apart.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from yezi.core.protocol import State


@dataclass
class LeakReport:
    seat: int
    samples: int
    differing_worlds: int


class LeakError(AssertionError):
    pass


def check_seat(state: State, seat: int, rng: random.Random, samples: int = 2) -> LeakReport:
    base_view = state.view(seat)
    json.dumps(base_view)  # views must be plain data
    base_log = state.log_for(seat)
    base_legal = state.legal_actions() if state.current_player == seat else None
    base_together = state.together().get(seat)  # what the seat may answer ahead of its turn
    differing = 0
    for _ in range(samples):
        deal, actions = state.sample_hidden(seat, rng)
        other = state.game.replay(deal, actions)  # raises if the sample is not a legal game
        if deal != state.deal or actions != state.history:
            differing += 1
        if other.view(seat) != base_view:
            raise LeakError(_diff("view", seat, base_view, other.view(seat)))
        if other.log_for(seat) != base_log:
            raise LeakError(_diff("log", seat, base_log, other.log_for(seat)))
        if base_legal is not None and other.legal_actions() != base_legal:
            raise LeakError(_diff("legal actions", seat, base_legal, other.legal_actions()))
        if other.together().get(seat) != base_together:
            raise LeakError(_diff("answers asked together", seat, base_together, other.together().get(seat)))
        if other.current_player != state.current_player:
            raise LeakError(f"seat {seat}: whose turn differs between worlds it cannot tell apart")
    return LeakReport(seat, samples, differing)


#: an encoder under test: (state, seat, kind) -> the seat's tensor
Encoder = Callable[[State, int, str], Any]


def check_tensors(state: State, seat: int, rng: random.Random, samples: int = 2,
                  kinds: Sequence[str] = ("observation", "info_state"),
                  encode: Encoder | None = None) -> LeakReport:
    """The leak check on tensors: for each kind, the seat's tensor from the state
    (`Game.observe`) and from its view (`Game.observe_view`) are equal (dtype and shape too),
    and stay so in `samples` worlds drawn from the view and replayed. `encode(state, seat, kind)`
    replaces both encoders by one under test (the tests hand it one that leaks on purpose)."""
    import numpy as np

    game = state.game

    def tensors(st: State) -> list[Any]:
        if encode is not None:
            return [encode(st, seat, kind) for kind in kinds]
        view = st.view(seat)
        out = []
        for kind in kinds:
            a, b = game.observe(st, seat, kind), game.observe_view(view, kind)
            if a.dtype != b.dtype or a.shape != b.shape or not np.array_equal(a, b):
                raise LeakError(f"seat {seat} {kind}: the view's tensor differs from the state's"
                                f"{_pieces(game, kind, a, b)}")
            out.append(a)
        return out

    base = tensors(state)
    differing = 0
    for _ in range(samples):
        deal, actions = state.sample_hidden(seat, rng)
        other = game.replay(deal, actions)
        if deal != state.deal or actions != state.history:
            differing += 1
        for kind, a, b in zip(kinds, base, tensors(other)):
            if a.dtype != b.dtype or a.shape != b.shape or not np.array_equal(a, b):
                raise LeakError(f"seat {seat} {kind} tensor depends on what it cannot see{_pieces(game, kind, a, b)}")
    return LeakReport(seat, samples, differing)


def _pieces(game: Any, kind: str, a: Any, b: Any) -> str:
    """The names of the pieces where two tensors differ (when they have the spec's shape)."""
    import numpy as np

    spec = game.observation_spec(kind)
    if a.shape != spec.shape or b.shape != spec.shape:
        return f": shapes {a.shape} and {b.shape}"
    pa, pb = spec.split(a), spec.split(b)
    return ": in " + ", ".join(n for n in pa if not np.array_equal(pa[n], pb[n]))


def check_all_seats(state: State, rng: random.Random, samples: int = 2) -> list[LeakReport]:
    return [check_seat(state, s, rng, samples) for s in range(state.game.num_seats)]


def _diff(what: str, seat: int, a, b) -> str:
    if isinstance(a, dict) and isinstance(b, dict):
        keys = sorted(k for k in set(a) | set(b) if a.get(k) != b.get(k))
        detail = "; ".join(f"{k}: {a.get(k)!r} != {b.get(k)!r}" for k in keys[:5])
    else:
        detail = f"{a!r} != {b!r}"
    return f"seat {seat} {what} depends on what it cannot see: {detail}"
