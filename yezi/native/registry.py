"""Which games have a native engine: name → wrapper class, imported lazily (as yezi.core.registry)."""

from __future__ import annotations

import importlib
from typing import Any

from yezi.native import available

NATIVE: dict[str, str] = {
    # (each game's module adds its line)
    "lukfu": "yezi.native.lukfu:NativeLukFu",
}


def native_game(game: Any) -> Any | None:
    """The native wrapper for `game` under its ruleset, or None where there is none (no library,
    no native module for the game, or an option value it does not implement)."""
    from yezi.native.base import Unsupported

    target = NATIVE.get(game.name)
    if target is None or not available():
        return None
    module, _, cls = target.partition(":")
    try:
        return getattr(importlib.import_module(module), cls)(game)
    except Unsupported:
        return None
