"""Why the table refuses a move, in the reader's words, from the seat's view alone.

The tutorial's path, reused at the table: the engine names the rule a move breaks
(`State.explain_illegal`: the rule's id and a message in every language) and ``rules.toml``
says what that rule is (`yezi.learn.labels.rule_text`, the sentence a lesson shows).

The explanation is worked out on a world drawn from the seat's view (`Game.sample_from_view`),
never on the table's own state: whatever the engine's reasoning reads, it can only read what
the seat could know, so a tapped card reveals nothing hidden (tests/web/test_refusals.py checks,
for every game, that the reasons on the real state and on drawn worlds agree).
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from yezi.core.protocol import Game
from yezi.learn.labels import rule_text

#: at most this many moves are explained per request (a hand's refused cards fit)
MAX_ACTIONS = 64


def refusal_words(game: Game, err: Any, lang: str) -> dict[str, Any]:
    """One refusal for a reader: the rule's id, its sentence (the tutorial's) and the engine's
    own message about this move, both in `lang`."""
    message = err.text(lang)
    if lang == "en" and message[:1].islower():  # the engine's phrase, shown on its own: a sentence
        message = message[0].upper() + message[1:]
    return {"rule": err.rule, "rule_text": rule_text(game.name, err.rule, lang), "message": message}


def refusals(game: Game, view: dict[str, Any], actions: Iterable[int], lang: str,
             seed: int | None = None, tries: int = 4) -> dict[str, Any]:
    """``{code: refusal_words}`` for each of `actions` the seat of `view` may not take now (a
    legal one maps to None), explained on a world consistent with `view`; ``{}`` where no such
    world could be drawn (the reasons are a courtesy: the table plays on without them)."""
    rng = random.Random(seed)
    state = None
    for _ in range(tries):
        try:
            deal, history = game.sample_from_view(view, rng)
            state = game.replay(deal, history)
            break
        except Exception:  # a sampler that could not complete this world: draw another
            state = None
    if state is None or state.current_player != view.get("seat"):
        return {}
    legal = state.legal_actions()
    allowed = set(legal)
    out: dict[str, Any] = {}
    for a in list(dict.fromkeys(actions))[:MAX_ACTIONS]:
        if not 0 <= a < game.action_space_size:
            continue
        out[str(a)] = None if a in allowed else refusal_words(game, state.explain_illegal(a, legal), lang)
    return out


__all__ = ["MAX_ACTIONS", "refusal_words", "refusals"]
