"""The views' JSON Schemas (issue 25, item 5): served at /api/schema/views beside the OpenAPI
document, matched by the view of every state frame a table sends, and the check that runs after
every web test (tests/web/helpers.py `check_received_views`) refuses a frame that drifts."""

from __future__ import annotations

import asyncio
import json
import random
import zlib

import httpx
import pytest

from tests.view_helpers import view_errors
from tests.web import helpers
from tests.web.test_frames import _table
from yezi.core.registry import available_games, game_class
from yezi.core.views import view_schema
from yezi.server.app import create_app
from yezi.server.config import Settings
from yezi.server.tables import Conn


def test_the_schemas_are_served_beside_the_openapi_document(tmp_path):
    app = create_app(Settings(database_url=f"sqlite:///{tmp_path}/schemas.db"))

    async def go() -> tuple[httpx.Response, httpx.Response]:
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://127.0.0.1") as c:
            return await c.get("/api/schema/views"), await c.get("/api/openapi.json")

    got, doc = asyncio.run(go())
    assert got.status_code == 200 and got.headers["content-type"].startswith("application/json")
    games = got.json()["games"]
    assert set(games) == set(available_games())
    for name, schema in games.items():
        assert schema == json.loads(json.dumps(view_schema(game_class(name)))), name
    assert "/api/schema/views" in doc.json()["paths"]


@pytest.mark.parametrize("name", available_games())
def test_every_frame_of_a_random_deal_carries_a_view_matching_its_schema(name):
    """Frames as the table sends them (encoded, then read back as a client reads them), to every
    seat and the spectator, every 12 moves to the end of the deal (every frame of every web test
    is checked after it: `check_received_views`)."""
    t = _table(name, 5)
    positions: list[int | None] = [None, *range(t.n)]
    for pos in positions:
        t.conns.add(Conn(pos))
    rng = random.Random(zlib.crc32(name.encode()))
    st = t.current.state
    moves = 0
    while True:
        if moves % 12 == 0 or st.current_player is None:  # a frame every 12 moves and the last one
            t.broadcast()
            for c in t.conns:
                frame = json.loads(c.queue.get_nowait())
                assert not view_errors(frame["view"]), (name, moves, c.position, view_errors(frame["view"]))
        if st.current_player is None:
            break
        st.apply(rng.choice(st.legal_actions()))
        moves += 1


class _Frames:
    """A client's received frames, without a socket."""

    def __init__(self, frames: list[dict]):
        self.frames, self.checked = frames, 0


def test_the_check_after_each_web_test_refuses_a_view_off_its_schema(monkeypatch):
    good = _table("lukfu", 3).frame_for(0)  # a whole frame: its envelope is checked too (tests/frame_check.py)
    view = good["view"]
    drifted = {**good, "view": {**view, "history": [[0, code] for code in view["history"]] or [[0, 1]]}}
    monkeypatch.setattr(helpers, "_UNCHECKED", {1: _Frames([good, {"type": "ack"}])})
    helpers.check_received_views()
    monkeypatch.setattr(helpers, "_UNCHECKED", {1: _Frames([good, drifted])})
    with pytest.raises(AssertionError, match="lukfu view, history/0"):
        helpers.check_received_views()
    monkeypatch.setattr(helpers, "_UNCHECKED", {1: _Frames([{**good, "view": {**view, "extra": 1}}])})
    with pytest.raises(AssertionError, match="extra"):
        helpers.check_received_views()
