"""Hints for a seat, as the web app shows them: the game's own advice where it has one (Luk Fu's
bid advisor), else the search bot's suggested move with its estimated value.

Like every bot, a hint is computed from the seat's view alone, so asking for one reveals
nothing the seat could not know.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from yezi.bots.search import LEVELS, hint, hint_json
from yezi.core.protocol import Game


def table_hint(game: Game, view: dict[str, Any], legal: Sequence[int], level: str = "normal",
               lang: str = "en", seed: int | None = None) -> dict[str, Any]:
    """``{"kind": "advice", ...}`` from `Game.advice`, or ``{"kind": "search", ...}`` (see `hint_json`)."""
    if level not in LEVELS:
        raise ValueError(f"unknown hint level {level!r}; levels: " + ", ".join(LEVELS))
    advice = game.advice(view, lang, seed=seed or 0)
    if advice is not None:
        return {"kind": "advice", **advice}
    analysis = hint(game, view, legal, level=level, seed=seed)
    return {"kind": "search", "level": level, **hint_json(game, analysis, lang)}
