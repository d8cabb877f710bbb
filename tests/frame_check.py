"""Checking the frames tests receive against the server's frame schemas (`yezi.server.frame_schema`,
served at /api/schema/frames), each state frame's view against its game's view schema as well.

Two ways frames reach the tests: the websockets `Client` of tests/web/helpers.py (a server in its
own process) and Starlette's `TestClient.websocket_connect` (the app in the test's process). The
first keeps its frames (`check_received_views`); for the second, tests/conftest.py wraps the test
session's `receive_json` and `receive_text` so that every frame they return is noted here, and the
server's `replay_payload` so that every replay built in the test's process is too. After every
test the conftest checks what was noted: a frame off its schema fails the test that got it.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from jsonschema import Draft202012Validator

_PENDING: list[Any] = []
_REPLAYS: list[Any] = []  # replay payloads the server built in the test's process


@cache
def _validators() -> dict[str, Any]:
    from yezi.server.frame_schema import frame_schema

    schema = frame_schema()
    return {k: Draft202012Validator({**sub, "$defs": schema["$defs"]}) for k, sub in schema["$defs"].items()}


@cache
def replay_validator() -> Any:
    from yezi.server.frame_schema import replay_schema

    return Draft202012Validator(replay_schema())


def frame_errors(frame: Any, view_errors: Any = None) -> list[str]:
    """What is wrong with one frame (nothing: []); `view_errors(view)` checks a state frame's view."""
    if not isinstance(frame, dict) or frame.get("type") not in _validators():
        return [f"a frame of no known type: {str(frame)[:120]}"]
    kind = frame["type"]
    out = [f"{kind} frame: {'/'.join(map(str, e.absolute_path)) or '(top)'}: {e.message[:160]}"
           for e in _validators()[kind].iter_errors(frame)]
    if kind == "state" and view_errors is not None and isinstance(frame.get("view"), dict):
        out += view_errors(frame["view"])
    return out


def replay_errors(payload: Any) -> list[str]:
    """What is wrong with a replay's payload, its frames' views included."""
    from tests.view_helpers import view_errors

    out = [f"replay: {'/'.join(map(str, e.absolute_path)) or '(top)'}: {e.message[:160]}"
           for e in replay_validator().iter_errors(payload)]
    for f in payload.get("frames", []) if isinstance(payload, dict) else []:
        for v in [f.get("view"), *f.get("seat_views", [])] if isinstance(f, dict) else []:
            if isinstance(v, dict):
                out += view_errors(v)
    return out


def note(x: Any) -> None:
    """A frame (or a text that may hold one) a test received through a Starlette test socket."""
    if isinstance(x, str):
        try:
            x = json.loads(x)
        except ValueError:
            return
    if isinstance(x, dict) and "type" in x:
        _PENDING.append(x)


def check_noted() -> None:
    """Every frame and replay noted since the last call matches its schema (the conftest calls it
    after each test)."""
    if not _PENDING and not _REPLAYS:
        return
    from tests.view_helpers import view_errors

    frames, replays = list(_PENDING), list(_REPLAYS)
    _PENDING.clear()
    _REPLAYS.clear()
    errors = [e for f in frames for e in frame_errors(f, view_errors)]
    errors += [e for r in replays for e in replay_errors(r)]
    assert not errors, f"{len(errors)} frame(s) off their schema (/api/schema/frames): " + "; ".join(errors[:5])


def wrap_starlette() -> None:
    """Note every frame a Starlette test socket returns (once per process)."""
    from starlette.testclient import WebSocketTestSession

    if getattr(WebSocketTestSession, "_yezi_frames_noted", False):
        return
    receive_json, receive_text = WebSocketTestSession.receive_json, WebSocketTestSession.receive_text

    def noted_json(self: Any, *a: Any, **kw: Any) -> Any:
        x = receive_json(self, *a, **kw)
        note(x)
        return x

    def noted_text(self: Any, *a: Any, **kw: Any) -> str:
        x = receive_text(self, *a, **kw)
        note(x)
        return x

    WebSocketTestSession.receive_json = noted_json  # type: ignore[method-assign]
    WebSocketTestSession.receive_text = noted_text  # type: ignore[method-assign]
    WebSocketTestSession._yezi_frames_noted = True  # type: ignore[attr-defined]


def wrap_replays() -> None:
    """Note every replay the server builds in this process (`yezi.server.replays.replay_payload`:
    /api/replay and a table's replays, where they are not built in a worker process)."""
    from yezi.server import replays

    if getattr(replays.replay_payload, "_yezi_noted", False):
        return
    build = replays.replay_payload

    def noted(*a: Any, **kw: Any) -> Any:
        body = build(*a, **kw)
        _REPLAYS.append(body)
        return body

    noted._yezi_noted = True  # type: ignore[attr-defined]
    replays.replay_payload = noted  # type: ignore[assignment]
