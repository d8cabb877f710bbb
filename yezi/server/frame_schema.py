"""JSON Schemas of every WebSocket frame the server sends, and of a replay's frames.

Served at ``/api/schema/frames`` beside the views' schemas (``/api/schema/views``) and the OpenAPI
document. A frame is one of the types below, told apart by ``"type"``; each type names the keys
it may carry (no other key is sent) and which it always carries. A state frame's ``view`` and a
replay frame's ``view`` are the game's view, whose schema is the game's entry of
``/api/schema/views`` (kept apart, so that this document does not repeat nine views per frame).
The tests check every frame any test receives against this document (tests/frame_check.py, run
after every test from tests/conftest.py), so a frame that drifts from it is a failing test.
"""

from __future__ import annotations

from functools import cache
from typing import Any

_INT = {"type": "integer"}
_STR = {"type": "string"}
_BOOL = {"type": "boolean"}
_ID = {"type": ["string", "integer", "null"]}  # the client's own id, echoed (absent or null when it sent none)
_POSITION = {"type": ["integer", "null"]}
#: a payment or total: an int, or a fraction written "p/q" (Ma Diao's shares)
_NUM = {"type": ["integer", "string"]}
_LANG_TEXT = {"type": "object", "additionalProperties": _STR}  # language -> text
_VIEW = {"type": "object", "description": "the game's view: its schema is /api/schema/views, games.<game>"}


def _frame(kind: str, required: list[str], props: dict[str, Any], extra: bool = False,
           description: str = "") -> dict[str, Any]:
    return {"type": "object", "description": description,
            "properties": {"type": {"const": kind}, **props},
            "required": ["type", *required], "additionalProperties": extra}


def _state() -> dict[str, Any]:
    table = {"type": "object", "required": ["id", "game", "preset", "players", "spectators"],
             "properties": {"id": _STR, "game": _STR, "preset": _STR, "options": {"type": "object"},
                            "players": {"type": "array", "items": {"type": "object", "required": ["position", "kind"]}},
                            "spectators": _INT}}
    return _frame("state", [
        "table", "dealer", "deal_no", "seq", "seat_players", "to_act_position", "totals", "deal_over", "match_over",
        "finished_deals", "seat_names", "active_seats", "position", "seat", "view", "log",
    ], {
        "table": table, "dealer": _INT, "deal_no": _INT, "seq": _INT,
        "seat_players": {"type": "array", "items": _POSITION}, "to_act_position": _POSITION,
        "totals": {"type": "array", "items": _NUM}, "deal_over": _BOOL, "match_over": _BOOL,
        "finished_deals": {"type": "array", "items": _INT},
        "payments": {"type": "array", "items": _NUM},
        "seat_names": {"type": "object", "additionalProperties": {"type": "array", "items": _STR}},
        "active_seats": {"type": "array", "items": _INT},
        "position": _POSITION, "seat": _POSITION, "view": _VIEW,
        "log": {"type": "object", "additionalProperties": {"type": "array"}},
        "together": {"const": True}, "answered": {"type": ["boolean", "array", "object", "integer", "null"]},
        "legal": {"type": "array", "items": _INT},
        "labels": {"type": "object", "additionalProperties": _LANG_TEXT},
        "extras": {}, "svg": _LANG_TEXT,
    }, description="the table as one connection sees it, after every change")


@cache
def frame_schema() -> dict[str, Any]:
    """The schema of every frame a table's WebSocket sends (draft 2020-12)."""
    frames = {
        "state": _state(),
        "ack": _frame("ack", [], {"id": _ID, "action": _INT, "seq": _INT, "deal_no": _INT, "recovered": _BOOL,
                                  "msg": _INT, "server_ms": {"type": "number"}},
                        description="a message was taken (server_ms: how long the server took over an action)"),
        "error": _frame("error", ["code", "message"], {"code": _STR, "message": _STR, "id": _ID}, extra=True,
                        description="a message was refused (some codes add their own fields)"),
        "pong": _frame("pong", [], {"id": _ID}),
        "chat": _frame("chat", ["room"], {
            "room": _STR, "history": _BOOL, "closed": _BOOL, "removed": _INT,
            "messages": {"type": "array", "items": {
                "type": "object", "required": ["id", "seat", "name", "at"],
                "properties": {"id": _INT, "seat": _POSITION, "name": _STR, "at": {"type": "number"},
                               "removed": _BOOL, "text": _STR, "phrase": _STR},
                "additionalProperties": False}},
        }),
        "explain": _frame("explain", ["deal_no", "seq", "extras"], {"id": _ID, "deal_no": _INT, "seq": _INT,
                                                                    "extras": {}}),
        "why": _frame("why", ["deal_no", "seq", "refusals"], {"id": _ID, "deal_no": _INT, "seq": _INT,
                                                             "refusals": {}}),
        "hint": _frame("hint", ["deal_no", "seq", "hint"], {"id": _ID, "deal_no": _INT, "seq": _INT, "hint": {}}),
        "notice": _frame("notice", ["id", "kind", "text", "url", "created_at", "read"], {
            "id": _INT, "kind": _STR, "text": _STR, "url": {"type": ["string", "null"]},
            "created_at": {"type": "number"}, "read": _BOOL}),
    }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "yezi WebSocket frames (server to client)",
        "$defs": frames,
        "oneOf": [{"$ref": f"#/$defs/{k}"} for k in frames],
    }


@cache
def replay_schema() -> dict[str, Any]:
    """The schema of a replay (``/api/tables/{tid}/deals/{k}/replay``, ``POST /api/replay``): its frames,
    one per step, each the view then (and every seat's view for a whole record)."""
    frame = {"type": "object", "required": ["view", "log"], "additionalProperties": False, "properties": {
        "view": _VIEW, "seat_views": {"type": "array", "items": _VIEW},
        "log": {"type": "object", "additionalProperties": {"type": "array", "items": _STR}},
        "payments": {"type": "array", "items": _NUM}, "note": _LANG_TEXT}}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "a yezi replay",
        "type": "object",
        "required": ["game", "preset", "seat", "num_seats", "frames"],
        "properties": {"game": _STR, "preset": _STR, "seat": _STR, "num_seats": _INT, "titles": _LANG_TEXT,
                       "active_seats": {"type": "array", "items": _INT}, "tags": {"type": "object"},
                       "seat_names": {"type": "object", "additionalProperties": {"type": "array", "items": _STR}},
                       "start": {"type": "object", "required": ["step", "seats", "texts"]},
                       "frames": {"type": "array", "items": frame}},
        "additionalProperties": False,
        "$defs": {"frame": frame},
    }


def schemas_document() -> dict[str, Any]:
    """What /api/schema/frames serves: the WebSocket frames and the replay frames."""
    return {"websocket": frame_schema(), "replay": replay_schema()}
