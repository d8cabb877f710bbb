"""What a seat's view is: the keys every game shares, typed, and the one shape of its history.

A view (`State.view(seat)`) is plain JSON sent to browsers, handed to bots and written into
records, so its shape is a contract between the engines and every client. Each game declares a
`TypedDict` on `BaseView` (`Game.view_type`); `view_schema` turns it into JSON Schema, which the
server publishes at ``/api/schema/views`` beside its OpenAPI document and the tests check every
view and every frame against.

The history is the same in every game: ``history[i]`` is the code of the i-th action as the
viewing seat saw it (``None`` where it was hidden from that seat: a face-down discard) and
``actors[i]`` the seat that took it (who acted is public in every game: the info-state tensors
encode it for every seat). `Game.sample_from_view` reads both.

A view holds no object that another view, or the state, also holds: a client (a bot, a test, a
renderer) may change what it was given without changing what anybody else sees. Games that cache
the parts every seat shares hand out `json_copy` of them.

These are `typing_extensions.TypedDict`: pydantic builds JSON Schema from them, which it does only
from that class on Python 3.11.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from typing_extensions import TypedDict

if TYPE_CHECKING:  # pragma: no cover
    from yezi.core.protocol import Game

Seat = int | None
"""A seat number, or None: the spectator, or nobody (no seat to act once the deal is over)."""

SeenAction = int | None
"""An action code as one seat saw it: None where it was hidden from that seat."""


LangLines = TypedDict("LangLines", {"zh-hant": list[str], "zh-hans": list[str], "en": list[str]})
"""Lines of text in each language of `yezi.core.protocol.LANGS` (a settlement, a hand's names)."""


class BaseView(TypedDict):
    """The keys every game's view carries under the same names (docs/research.md)."""

    game: str
    preset: str
    num_seats: int
    seat: Seat
    current_player: Seat
    to_act: Seat
    terminal: bool
    history: list[SeenAction]
    actors: list[int]


def json_copy(x: Any) -> Any:
    """A copy of JSON data with no list or dict in common with `x` (strings and numbers are
    immutable, so shared). Several times faster than `copy.deepcopy` on a view, which matters to
    the views cached once per state version and handed to every seat."""
    t = type(x)
    if t is dict:
        return {k: json_copy(y) if type(y) in _CONTAINERS else y for k, y in x.items()}
    if t in _CONTAINERS:
        return [json_copy(y) if type(y) in _CONTAINERS else y for y in x]
    return x


_CONTAINERS = frozenset((list, tuple, dict))  # a scalar item is taken as it is, without a call


def _tighten(node: Any) -> None:
    """Refuse keys a view type does not declare (a key added to a view without its type is drift
    the schema tests should see; maps typed ``dict[str, X]`` keep taking any key), and write
    ``int | None`` as one ``type`` list rather than pydantic's ``anyOf`` of two schemas: the same
    meaning, checked several times faster (a long history is a list of them)."""
    if isinstance(node, dict):
        if node.get("type") == "object" and "properties" in node:
            node.setdefault("additionalProperties", False)
        alts = node.get("anyOf")
        if alts and all(isinstance(a, dict) and set(a) == {"type"} and isinstance(a["type"], str) for a in alts):
            del node["anyOf"]
            node["type"] = [a["type"] for a in alts]
        for v in node.values():
            _tighten(v)
    elif isinstance(node, list):
        for v in node:
            _tighten(v)


@cache
def schema_of(view_type: type) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of one view type; pydantic is imported only here."""
    from pydantic import TypeAdapter

    schema = TypeAdapter(view_type).json_schema(mode="serialization")
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    _tighten(schema)
    return schema


@cache
def _game_schema(name: str, view_type: type) -> dict[str, Any]:
    schema = json_copy(schema_of(view_type))
    schema["properties"]["game"] = {"title": "Game", "const": name}  # one view type may serve several games
    return schema


def view_schema(game: Game | type[Game]) -> dict[str, Any]:
    """The JSON Schema of the views of `game` (a game class or a game)."""
    return _game_schema(game.name, game.view_type)


def view_schemas() -> dict[str, dict[str, Any]]:
    """Every registered game's view schema, by game name."""
    from yezi.core.registry import GAMES, game_class

    return {name: view_schema(game_class(name)) for name in GAMES}


__all__ = ["BaseView", "LangLines", "Seat", "SeenAction", "json_copy", "schema_of", "view_schema", "view_schemas"]
