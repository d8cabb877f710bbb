"""Hints for a seat, the one dispatcher behind `Game.hint` and `Game.hint_text` (the web table's
hint, `yezi play`'s ``hint`` command, the terminal tutor): the game's own advice where it has one
(Luk Fu's bid advisor), else the search bot's suggested move with its estimated value.

Like every bot, a hint is computed from the seat's view alone, so asking for one reveals
nothing the seat could not know.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from yezi.bots.search import LEVELS, hint, hint_json
from yezi.core.outcomes import DETAILS_WORDS, plain_text
from yezi.core.protocol import Game

#: simulated deals of a terminal's advice unless its ``hint`` names a number (``hint 1000``)
TEXT_SAMPLES = 300


def seat_hint(game: Game, view: dict[str, Any], legal: Sequence[int] | None = None, level: str = "normal",
              lang: str = "en", seed: int | None = None, samples: int | None = None) -> dict[str, Any]:
    """``{"kind": "advice", ...}`` from `Game.advice` (with `samples` simulated deals where it
    simulates), or ``{"kind": "search", ...}`` (see `hint_json`)."""
    if level not in LEVELS:
        raise ValueError(f"unknown hint level {level!r}; levels: " + ", ".join(LEVELS))
    advice = game.advice(view, lang, seed=seed or 0, **({"samples": samples} if samples else {}))
    if advice is not None:
        return {"kind": "advice", **advice}
    analysis = hint(game, view, legal, level=level, seed=seed)
    return {"kind": "search", "level": level, **hint_json(game, analysis, lang)}


def hint_text(game: Game, view: dict[str, Any], arg: str = "", lang: str = "en") -> str:
    """The hint for a terminal (``hint [easy|normal|strong] [N] [details]``): the plain words, and
    with ``details`` the statistics behind them; N simulated deals for an advice (default 300)."""
    words = arg.strip().lower().split()
    level = next((w for w in words if w in LEVELS), "normal")
    samples = next((int(w) for w in words if w.isdigit()), TEXT_SAMPLES)
    h = seat_hint(game, view, level=level, lang=lang, samples=samples)
    details = h["details"] if any(w in DETAILS_WORDS for w in words) else None
    return plain_text(h["line"], h["risk"], details)


__all__ = ["TEXT_SAMPLES", "hint_text", "seat_hint"]
