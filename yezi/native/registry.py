"""Which games have a native engine: name → wrapper class, imported lazily (as yezi.core.registry)."""

from __future__ import annotations

import importlib
import sys
from typing import Any

from yezi.native import available

NATIVE: dict[str, str] = {
    "fishing": "yezi.native.fishing:NativeFishing",
    "jielong": "yezi.native.dominoes:NativeJieLong",
    "tseding": "yezi.native.dominoes:NativeTseDing",
    "dingniu": "yezi.native.dominoes:NativeDingNiu",
    "madiao": "yezi.native.madiao:NativeMaDiao",
    "paigow": "yezi.native.paigow:NativePaiGow",
    "tiengow": "yezi.native.tiengow:NativeTienGow",
    "shiwuhu": "yezi.native.shiwuhu:NativeShiwuhu",
    "lukfu": "yezi.native.lukfu:NativeLukFu",
}


def native_game(game: Any) -> Any | None:
    """The native wrapper for `game` under its ruleset, or None where there is none (no library,
    no native module for the game, or an option value it does not implement)."""
    from yezi.native.base import NativeError, Unsupported

    target = NATIVE.get(game.name)
    if target is None or not available():
        return None
    module, _, cls = target.partition(":")
    try:
        return getattr(importlib.import_module(module), cls)(game)
    except Unsupported:
        return None
    except (AttributeError, NativeError) as e:
        # a library built before this game's module, or whose export table does not match what
        # yezi calls (`yezi.native.abi.bind`: a stale install): no engine
        if isinstance(e, AttributeError) and "yz_" not in str(e):
            raise
        if game.name not in _stale:
            _stale.add(game.name)
            print(f"yezi: the compiled library lacks {game.name} ({e}); rebuild it (pip install -e . or "
                  "cargo build --release --offline in native/)", file=sys.stderr)
        return None


_stale: set[str] = set()
