"""The differential tests' option cases, derived from the option tables rather than listed by hand.

A hand-written list misses the option added after it (issue 25: a new 打天九 option ran natively by
the default rules and no case named it). Here every value of every option the native table
encodes, other than the base preset's own, is one case; a new option or value is a new case the
day it enters options.toml. `on` names, per option, the preset (and the companion overrides) where
its value takes effect, for the few options that act only under another rule.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from yezi.core.registry import game_class, load_game
from yezi.native.options import table_for


def option_cases(game: str, base: str, *, on: Mapping[str, tuple[str, Mapping[str, Any]]] | None = None,
                 skip: tuple[str, ...] = ()) -> list[tuple[str, dict[str, Any]]]:
    """(preset, overrides) for every value of every natively encoded option of `game` that the
    preset does not already have (the base preset, or the one `on` names for that option)."""
    on = on or {}
    encoded = table_for(game).encoded
    cases = []
    for name, spec in game_class(game).option_table().options.items():
        if name not in encoded or name in skip:
            continue
        preset, extra = on.get(name, (base, {}))
        have = load_game(game, preset, dict(extra)).rules[name]
        cases.extend((preset, {**extra, name: c.value}) for c in spec.choices if c.value != have)
    return cases


def case_id(case: tuple[str, Mapping[str, Any]]) -> str:
    preset, overrides = case
    return preset + ":" + ",".join(f"{k}={v}" for k, v in overrides.items())
