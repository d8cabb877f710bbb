"""Hints for a seat, the one dispatcher behind `Game.hint` and `Game.hint_text` (the web table's
hint, `yezi play`'s ``hint`` command, the terminal tutor): the game's own advice where it has one
(Luk Fu's bid advisor), else the search bot's suggested move with its estimated value; or, at a
level registered with ``hints=True`` (`yezi.bots.registry`, e.g. a learned policy), that bot's move
(with its policy's scores of every legal action where it is a `yezi.bots.policy.PolicyBot`).

Like every bot, a hint is computed from the seat's view alone, so asking for one reveals
nothing the seat could not know.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from yezi.bots import registry
from yezi.bots.search import LEVELS, hint, hint_json, legal_from_view
from yezi.core.outcomes import DETAILS_WORDS, plain_text
from yezi.core.protocol import Game
from yezi.i18n import N_, _

#: simulated deals of a terminal's advice unless its ``hint`` names a number (``hint 1000``)
TEXT_SAMPLES = 300


def hint_levels(game_name: str) -> list[str]:
    """The levels a hint may be asked at for this game: the search's, then the registered hint levels."""
    return [*LEVELS, *(lv.name for lv in registry.levels(game_name, hints=True))]


def seat_hint(game: Game, view: dict[str, Any], legal: Sequence[int] | None = None, level: str = "normal",
              lang: str = "en", seed: int | None = None, samples: int | None = None) -> dict[str, Any]:
    """``{"kind": "advice", ...}`` from `Game.advice` (with `samples` simulated deals where it
    simulates), or ``{"kind": "search", ...}`` (see `hint_json`), or at a registered hint level
    ``{"kind": "bot", ...}`` (see `bot_hint`)."""
    if level not in LEVELS:
        lv = registry.get_level(level)
        if lv is None or not lv.hints or not lv.serves(game.name):
            raise ValueError(f"unknown hint level {level!r}; levels: " + ", ".join(hint_levels(game.name)))
        return bot_hint(game, view, legal, level, lang, seed)
    advice = game.advice(view, lang, seed=seed or 0, **({"samples": samples} if samples else {}))
    if advice is not None:
        return {"kind": "advice", **advice}
    analysis = hint(game, view, legal, level=level, seed=seed)
    return {"kind": "search", "level": level, **hint_json(game, analysis, lang)}


def bot_hint(game: Game, view: dict[str, Any], legal: Sequence[int] | None, level: str, lang: str = "en",
             seed: int | None = None) -> dict[str, Any]:
    """The move of the bot registered as `level`, from the view alone (built as web input is:
    registered names only), as JSON shaped like a search hint: ``action``, ``text``, ``line``,
    ``risk`` (empty), ``details`` and ``alternatives`` (each legal action with the policy's score,
    best first, where the bot has `scores`)."""
    rng = random.Random(seed or 0)
    legal = list(legal) if legal is not None else legal_from_view(game, view, rng)
    from yezi.bots import make_bot

    bot = make_bot(game.name, level, trusted=False)
    action = bot.choose(game, view, legal, rng)
    scores = bot.scores(game, view, legal) if hasattr(bot, "scores") else None
    alternatives = [] if scores is None else sorted(
        ({"action": a, "text": game.format_action(a, lang), "score": s} for a, s in zip(legal, scores)),
        key=lambda e: -e["score"])
    label = registry.get_level(level).label or level  # type: ignore[union-attr]  # a hint level is registered
    line = _(lang, N_("The {bot} bot would play {move}."), bot=_(lang, label), move=game.format_action(action, lang))
    details = "\n".join(f"{e['text']}: {e['score']:+.3f}" for e in alternatives) or None
    return {"kind": "bot", "level": level, "seat": view.get("seat"), "action": action,
            "text": game.format_action(action, lang), "alternatives": alternatives, "line": line, "risk": "",
            "details": details, "summary": line}


def hint_text(game: Game, view: dict[str, Any], arg: str = "", lang: str = "en") -> str:
    """The hint for a terminal (``hint [easy|normal|strong] [N] [details]``): the plain words, and
    with ``details`` the statistics behind them; N simulated deals for an advice (default 300)."""
    words = arg.strip().lower().split()
    level = next((w for w in words if w in hint_levels(game.name)), "normal")
    samples = next((int(w) for w in words if w.isdigit()), TEXT_SAMPLES)
    h = seat_hint(game, view, level=level, lang=lang, samples=samples)
    details = h["details"] if any(w in DETAILS_WORDS for w in words) else None
    return plain_text(h["line"], h["risk"], details)


__all__ = ["TEXT_SAMPLES", "bot_hint", "hint_levels", "hint_text", "seat_hint"]
