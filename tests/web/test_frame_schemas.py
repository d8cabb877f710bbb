"""The WebSocket frames' JSON Schema (issue 25, item 5: every frame checked): served at
/api/schema/frames beside the views' schemas and the OpenAPI document; the state frames of random
deals of every game and every replay match it; and the check that runs after every test
(tests/conftest.py, tests/frame_check.py) refuses a frame that drifts, whether it came through the
websockets `Client` or a Starlette test socket."""

from __future__ import annotations

import asyncio
import json
import random
import zlib

import httpx
import pytest

from tests import frame_check
from tests.view_helpers import view_errors
from tests.web.test_frames import _table
from yezi.core.registry import available_games, load_game
from yezi.server.app import create_app
from yezi.server.config import Settings
from yezi.server.frame_schema import frame_schema, schemas_document
from yezi.server.tables import Conn


def test_the_schemas_are_served_beside_the_openapi_document(tmp_path):
    app = create_app(Settings(database_url=f"sqlite:///{tmp_path}/frames.db"))

    async def go() -> tuple[httpx.Response, httpx.Response]:
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://127.0.0.1") as c:
            return await c.get("/api/schema/frames"), await c.get("/api/openapi.json")

    got, doc = asyncio.run(go())
    assert got.status_code == 200 and got.headers["content-type"].startswith("application/json")
    assert got.json() == json.loads(json.dumps(schemas_document()))
    assert set(got.json()["websocket"]["$defs"]) == {"state", "ack", "error", "pong", "chat", "explain", "why", "hint",
                                                      "notice"}
    assert "/api/schema/frames" in doc.json()["paths"]


@pytest.mark.parametrize("name", available_games())
def test_every_state_frame_of_a_random_deal_matches_the_schema(name):
    """Each seat's and the spectator's frame, encoded and read back, every 10 moves to the end."""
    t = _table(name, 6)
    for pos in [None, *range(t.n)]:
        t.conns.add(Conn(pos))
    rng = random.Random(zlib.crc32(b"frames " + name.encode()))
    st = t.current.state
    moves = 0
    while True:
        if moves % 10 == 0 or st.current_player is None:
            t.broadcast()
            for c in t.conns:
                frame = json.loads(c.queue.get_nowait())
                assert not frame_check.frame_errors(frame, view_errors), (name, moves, frame_check.frame_errors(frame))
        if st.current_player is None:
            break
        st.apply(rng.choice(st.legal_actions()))
        moves += 1


@pytest.mark.parametrize("name", available_games())
def test_every_replay_matches_the_replay_schema(name):
    """A finished random deal's record replayed from every seat, the public and the whole record,
    as /api/replay answers it."""
    from yezi.core.playout import random_playout
    from yezi.core.record import Record
    from yezi.server.replays import replay_record

    game = load_game(name)
    state = random_playout(game.start(seed=zlib.crc32(name.encode())), random.Random(3))
    text = Record.from_state(state).to_text()
    for seat in ("all", "public", *map(str, range(game.num_seats))):
        status, body = replay_record(text, seat, (name,))
        assert status == 200, body
        assert not frame_check.replay_errors(body), (name, seat, frame_check.replay_errors(body)[:3])


def test_the_check_after_each_test_refuses_a_frame_off_its_schema():
    good = _table("lukfu", 3).frame_for(0)
    assert frame_check.frame_errors(good, view_errors) == []
    for frame, why in [
        ({k: v for k, v in good.items() if k != "legal" and k != "seq"}, "'seq' is a required property"),
        ({**good, "surprise": 1}, "surprise"),
        ({**good, "deal_no": "1"}, "deal_no"),
        ({"type": "telegram"}, "no known type"),
        ({"type": "ack", "id": "a", "action": "x"}, "action"),
        ({"type": "error", "code": "x"}, "'message' is a required property"),
    ]:
        errors = frame_check.frame_errors(frame, view_errors)
        assert any(why in e for e in errors), (why, errors)
    # a frame a Starlette test socket returned is noted, then checked after the test
    frame_check.note(json.dumps({"type": "pong", "id": "p", "late": True}))
    with pytest.raises(AssertionError, match="late"):
        frame_check.check_noted()
    frame_check.note({"type": "pong", "id": "p"})
    frame_check.check_noted()


def test_the_schema_names_every_frame_type_the_server_sends():
    """Every ``"type": "..."`` a server module puts in a frame to a client is a type of the schema (the
    client's own message types, which the server only reads, aside)."""
    import re
    from pathlib import Path

    import yezi.server

    root = Path(yezi.server.__file__).parent
    sent = set()
    for path in root.rglob("*.py"):
        if path.name.endswith("openapi.py") or path.name in ("origin.py", "frame_schema.py", "__init__.py"):
            continue
        sent |= set(re.findall(r'"type":\s*"([a-z_]+)"', path.read_text(encoding="utf-8")))
    sent |= {"state"}  # the frame builder writes its type into the text ('{"type":"state",')
    client_only = {"action", "next_deal", "lang", "name", "sync", "ping"}
    assert sent - client_only <= set(frame_schema()["$defs"]), sent - client_only - set(frame_schema()["$defs"])


def test_a_replay_the_server_builds_in_the_test_process_is_checked_after_the_test():
    from yezi.core.playout import random_playout
    from yezi.core.record import Record
    from yezi.server import replays

    frame_check.wrap_replays()
    game = load_game("tiengow")
    state = random_playout(game.start(seed=4), random.Random(4))
    status, body = replays.replay_record(Record.from_state(state).to_text(), "0", ("tiengow",))
    assert status == 200 and frame_check._REPLAYS and frame_check._REPLAYS[-1] is body
    frame_check.check_noted()
    body["frames"][0]["surprise"] = True  # a frame drifted
    frame_check._REPLAYS.append(body)
    with pytest.raises(AssertionError, match="surprise"):
        frame_check.check_noted()
