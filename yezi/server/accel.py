"""Faster sources for what the server's views ask most, where the native engine has them.

At 1,000 Luk Fu tables the deduced 老歲 marks of every seat's hand, worked out again after every
action for every view, were a quarter of the event loop's time spent on frames. The native engine
replays a deal and deduces them for every seat in one call; `tests/native/test_lukfu.py` holds its
answers equal to the Python engine's for every seat after every action, and
tests/web/test_accel.py holds the server's frames equal with and without it. Without the compiled
library (or with YEZI_ENGINE=python) nothing changes: the Python engine answers.
"""

from __future__ import annotations

import logging
from typing import Any

log = logging.getLogger("yezi.server.accel")

_oracles: dict[tuple, Any] = {}


def attach(game: Any, state: Any) -> None:
    """Give `state` the native engine's helpers where its game has them (a Luk Fu state under
    deduced 老歲)."""
    if game.name != "lukfu" or getattr(state, "_laosui_mode", None) != "deduce":
        return
    oracle = _oracle(game)
    if oracle is not None:
        state.laosui_oracle = oracle


def _oracle(game: Any) -> Any:
    key = (game.name, tuple(sorted((k, repr(v)) for k, v in game.rules.items())))
    if key in _oracles:
        return _oracles[key]
    oracle = None
    try:
        from yezi.native.registry import native_game

        nat = native_game(game)
        if nat is not None and hasattr(nat.lib, "yz_lukfu_laosui_steps"):
            def oracle(st: Any, nat: Any = nat) -> list[int]:
                arr = st.__dict__.get("_native_deal")  # encoded once per deal (clones share it)
                if arr is None:
                    arr = st._native_deal = nat.deal_array(st.deal)
                return nat.laosui_now(st.deal, st.history, arr)
    except Exception:  # a broken library must not stop the table: the Python engine answers
        log.exception("the native 老歲 deduction could not be loaded; the Python engine answers")
        oracle = None
    if len(_oracles) > 256:
        _oracles.clear()
    _oracles[key] = oracle
    return oracle
