"""What the property tests share: a seeded walk through one deal that checks an invariant after every move."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any


def random_walk(game: Any, seed: int, bot: Any, heuristic: bool, conserved: Callable[[Any], bool],
                each: Callable[[Any, random.Random], None] | None = None) -> Any:
    """Play the deal ``game.start(seed=seed)`` to its end: each move is ``bot``'s choice half the time when
    ``heuristic`` (else a uniformly random legal action); there is always a legal action, ``conserved(state)``
    holds after every move, and ``each(state, rng)`` (when given) runs before every move and at the end.
    Returns the final state."""
    rng = random.Random(seed)
    state = game.start(seed=seed)
    while state.current_player is not None:
        if each:
            each(state, rng)
        legal = state.legal_actions()
        assert legal
        if heuristic and rng.random() < 0.5:
            a = bot.choose(game, state.view(state.current_player), legal, rng)
        else:
            a = legal[rng.randrange(len(legal))]
        state.apply(a)
        assert conserved(state)
    if each:
        each(state, rng)
    return state
