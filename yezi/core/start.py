"""The starting position of a recorded deal: each seat's view once the cards are in the hands.

`yezi replay` prints it and the web replay viewer shows it; both draw it with the game's own text
renderer (yezi/games/<game>/text.py), from the per-seat view, so no hidden card of another seat appears.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Sequence
from types import ModuleType
from typing import Any

from yezi.core.protocol import Game, State


def text_module(game: Game) -> ModuleType | None:
    """The game's text renderer module (yezi/games/<pkg>/text.py), or None for a game without one."""
    try:
        return importlib.import_module(type(game).__module__.rsplit(".", 1)[0] + ".text")
    except ModuleNotFoundError:
        return None


def dealt(state: State) -> bool:
    """Whether the cards are in the hands (Ma Diao, say, bids its stake before dealing)."""
    return "hand" in state.view(0)


def start_state(game: Game, deal: Any, actions: Sequence[int]) -> tuple[State, int]:
    """The state at the starting position and how many actions of the record come before it."""
    state = game.new_state(deal)
    for i, a in enumerate(actions):
        if dealt(state):
            return state, i
        state.apply(a)
    return state, len(actions)


def start_texts(game: Game, state: State, seats: Iterable[int], lang: str,
                render: Callable[..., str] | None = None, viewer: int | str | None = "each") -> list[str]:
    """Each of `seats`'s view of `state`, drawn as the game's text renderer draws it.

    A seat's view marks that seat "(you)"; shown to someone else (`viewer`: the seat the reader holds, None
    for a spectator) the mark goes, so that only the reader's own seat says "you" (issue 21: a finished
    deal's replay marked every seat "(you)"). The default "each" keeps every view's own mark."""
    mod = text_module(game)
    if render is None:
        render = getattr(mod, "render", None) if mod else None
    if render is None:
        return [", ".join(f"{k}: {v}" for k, v in state.view(s).items() if k == "hand") for s in seats]
    return [render(game, state.view(s), lang) if viewer == "each" or s == viewer
            else _without_you(render(game, state.view(s), lang), mod, lang) for s in seats]


def _without_you(text: str, mod: ModuleType | None, lang: str) -> str:
    """`text` without the "(you)" mark of the text renderer's words (its ``you`` entry)."""
    from yezi.i18n import Words

    for words in vars(mod).values() if mod else ():
        if isinstance(words, Words) and "you" in words.table:
            you = words[lang]["you"]
            for mark in (f" ({you})", f"({you})", f"（{you}）"):
                text = text.replace(mark, "")
    return text
