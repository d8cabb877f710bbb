"""Checking views against their JSON Schemas (`yezi.core.views`): one validator per game, shared
by the random-play schema tests (tests/core/test_views.py) and the frame check of every web test
(tests/web/helpers.py `check_received_views`).

jsonschema walks a list one item at a time through a fresh sub-validator (about 60 µs an item
here): a 十五胡 view, whose history and actors hold some 400 codes, took 14 ms. A list of plain
scalars (``{"type": "integer"}`` or ``{"type": ["integer", "null"]}`` items: histories, actors,
hands) is checked here in one Python loop instead, the same rule; every other list is jsonschema's
own. The same views check in about a tenth of the time.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import Any

from jsonschema import Draft202012Validator, ValidationError, validators

from yezi.core.registry import game_class
from yezi.core.views import view_schema

_SCALARS: dict[str, tuple[type, ...]] = {"integer": (int,), "null": (type(None),), "string": (str,), "boolean": (bool,)}


def _scalar_types(schema: Any) -> tuple[tuple[type, ...], bool] | None:
    """(the Python types an item may have, whether bool is allowed) for items of plain scalars."""
    if not isinstance(schema, dict) or set(schema) != {"type"}:
        return None
    names = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
    if not all(n in _SCALARS for n in names):
        return None
    return tuple(t for n in names for t in _SCALARS[n]), "boolean" in names


_items = Draft202012Validator.VALIDATORS["items"]


def _fast_items(validator: Any, items: Any, instance: Any, schema: dict[str, Any]) -> Iterator[ValidationError]:
    scalars = _scalar_types(items)
    if scalars is None or "prefixItems" in schema or not isinstance(instance, list):
        yield from _items(validator, items, instance, schema)
        return
    types, bools = scalars
    for i, x in enumerate(instance):
        if not isinstance(x, types) or (isinstance(x, bool) and not bools):
            yield ValidationError(f"{x!r} is not of type {items['type']!r}", path=[i])
            return


FastValidator = validators.extend(Draft202012Validator, {"items": _fast_items})


@cache
def view_validator(game: str) -> Any:
    """The validator of `game`'s views."""
    return FastValidator(view_schema(game_class(game)))


def view_errors(view: Any) -> list[str]:
    """Why `view` does not match its game's schema (at most a few reasons): nothing when it does."""
    from yezi.core.registry import GAMES

    if not isinstance(view, dict) or view.get("game") not in GAMES:
        return [f"not a view of a known game: {str(view)[:200]}"]
    errors = sorted(view_validator(view["game"]).iter_errors(view), key=lambda e: list(e.absolute_path))
    return [f"{view['game']} view, {'/'.join(map(str, e.absolute_path)) or 'top'}: {e.message[:300]}"
            for e in errors[:5]]
