"""Faster sources for what the server's views ask most, where the native engine has them.

At 1,000 Luk Fu tables the deduced 老歲 marks of every seat's hand, worked out again after every
action for every view, were a quarter of the event loop's time spent on frames. The native engine
replays a deal and deduces them for every seat in one call; `tests/native/test_lukfu.py` holds its
answers equal to the Python engine's for every seat after every action, and
tests/web/test_accel.py holds the server's frames equal with and without it. Without the compiled
library (or with YEZI_ENGINE=python) nothing changes: the Python engine answers.

A native call that fails (`NativeError`: a Rust panic comes back as one) costs its table only: the
Python engine answers that call and every later one at that table (`yezi.native.select.Fallback`,
one error in the log naming the table), and every other table keeps the native engine.
"""

from __future__ import annotations

import logging
from collections.abc import Hashable
from functools import partial
from typing import Any

from yezi.native.select import Fallback

log = logging.getLogger("yezi.server.accel")

_oracles: dict[tuple, Any] = {}
#: the tables (scopes) whose native 老歲 deduction failed: they run on the Python engine
fallback = Fallback("the native 老歲 deduction", log)


def attach(game: Any, state: Any, scope: Hashable = None) -> None:
    """Give `state` (a deal at table `scope`) the native engine's helpers where its game has them
    (a Luk Fu state under deduced 老歲) and the table has not fallen back to the Python engine."""
    if game.name != "lukfu" or getattr(state, "_laosui_mode", None) != "deduce" or fallback.failed(scope):
        return
    nat = _native(game)
    if nat is not None:
        state.laosui_oracle = partial(_laosui_now, nat, scope)


def _laosui_now(nat: Any, scope: Hashable, st: Any) -> list[int]:
    """Every seat's 老歲 mask (0 for the dummy), natively; from the Python engine where the native
    call fails (and from then on at this table)."""
    return fallback.call(scope, lambda: nat.laosui_now(st.deal, st.history, _deal_array(nat, st)),
                         partial(_python_laosui, st))


def _deal_array(nat: Any, st: Any) -> Any:
    """The deal as the library reads it, encoded once per deal (clones share it)."""
    arr = st.__dict__.get("_native_deal")
    if arr is None:
        arr = st._native_deal = nat.deal_array(st.deal)
    return arr


def _python_laosui(st: Any) -> list[int]:
    st.laosui_oracle = None  # this deal asks the Python engine directly from now on
    return [0 if s == st.dummy else st.laosui_mask(s, st.hands[s]) for s in range(st.game.num_seats)]


def _native(game: Any) -> Any:
    """The native Luk Fu engine for this ruleset (one per ruleset), or None."""
    key = (game.name, tuple(sorted((k, repr(v)) for k, v in game.rules.items())))
    if key in _oracles:
        return _oracles[key]
    nat = None
    try:
        from yezi.native.registry import native_game

        nat = native_game(game)
        if nat is not None and not hasattr(nat.lib, "yz_lukfu_laosui_steps"):
            nat = None
    except Exception:  # a broken library must not stop the table: the Python engine answers
        log.exception("the native 老歲 deduction could not be loaded; the Python engine answers")
        nat = None
    if len(_oracles) > 256:
        _oracles.clear()
    _oracles[key] = nat
    return nat
