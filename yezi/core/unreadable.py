"""What a player is told when the move they typed does not read as one (pure): in their language, with
the moves they may make now as the game writes them in that language (every game reads back its own
labels in each language, so an English player is shown English words that work: "bid", "pass",
"keep quiet"). The engines' own notation errors are English and name a game's whole notation; the
clients (`yezi play`, `yezi learn`, the web tutorial) say this instead."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from yezi.i18n import NP_, _c

UNREADABLE = NP_("moves:unreadable", "“{text}” does not read as a move; the moves now: {moves}")
MORE = NP_("moves:more", "{moves} … and {n} more (type moves to list them)")
NONE = NP_("moves:none", "“{text}” does not read as a move, and it is not your turn")
LIMIT = 8


def unreadable(game: Any, text: str, legal: Sequence[int], lang: str, limit: int = LIMIT) -> str:
    """The refusal of typed `text` that parses as no move, listing the legal moves in `lang`."""
    if not legal:
        return _c(lang, "moves:none", NONE, text=text)
    labels = [game.format_action(a, lang) for a in legal[:limit]]
    moves = " · ".join(labels)
    if len(legal) > limit:
        moves = _c(lang, "moves:more", MORE, moves=moves, n=len(legal) - limit)
    return _c(lang, "moves:unreadable", UNREADABLE, text=text, moves=moves)
