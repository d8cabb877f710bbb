"""Frames encoded once per table change and audience (yezi.server.frames, the server's one frame
builder) carry each connection's own seat, its view and its log, for every game in the registry,
at every move to the end of the deal (when the log is rewritten: face-down actions revealed)."""

from __future__ import annotations

import asyncio
import json
import random

import pytest

from yezi.core.registry import available_games, load_game
from yezi.server.config import Settings
from yezi.server.db import PlayerRow, TableRow
from yezi.server.tables import Conn, LiveTable


def _table(name: str, seed: int) -> LiveTable:
    g = load_game(name)
    row = TableRow("t1", name, g.rules.preset, {}, 2, 7, "", False, "playing", 0.0)
    players = [PlayerRow(i, "human", None, f"P{i}", None, True, "invite" if i % 2 else "open")
               for i in range(g.num_seats)]
    t = LiveTable(row, players, g, store=None, settings=Settings())  # type: ignore[arg-type]
    t.start_deal(0, 0, seed, g.deal_from_seed(seed))
    return t


@pytest.mark.parametrize("name", available_games())
def test_every_connection_gets_its_own_seats_frame(name):
    async def run() -> None:
        t = _table(name, 5)
        positions: list[int | None] = [None, *range(t.n)]
        for pos in positions:
            t.conns.add(Conn(pos))
        rng = random.Random(1)
        st = t.current.state
        moves = 0
        while True:
            if moves == 3:  # a strong bot rationed to a cheaper level: the frame says so
                t.playing_as = {0: "random"}
            t.broadcast()
            for c in t.conns:  # every connection got the frame of its own seat, the view of its seat
                got = json.loads(c.queue.get_nowait())
                assert got["position"] == c.position and got["seq"] == len(st.history)
                seat = t.seat_of(c.position) if c.position is not None else None
                assert got["view"] == json.loads(json.dumps(st.view(seat), ensure_ascii=False))
                assert got["log"]["zh-hant"] == st.log_for(seat, "zh-hant")
            if st.current_player is None or moves >= 2000:
                break
            st.apply(rng.choice(st.legal_actions()))
            moves += 1
        assert st.current_player is None, f"{name}: the deal did not end"

    asyncio.run(run())


@pytest.mark.parametrize("name", available_games())
def test_end_of_deal_reveal_reaches_cached_frames(name):
    """A frame asked for mid-deal (log lines encoded and kept) and again at the end of the deal
    shows the end-of-deal log, as a table rebuilt from its record would."""
    t = _table(name, 11)
    st = t.current.state
    rng = random.Random(2)
    positions: list[int | None] = [None, *range(t.n)]
    while st.current_player is not None:
        t.frames.invalidate()
        for pos in positions:
            t.frame_text(pos, "en")  # encodes and keeps the lines so far
        st.apply(rng.choice(st.legal_actions()))
    t.frames.invalidate()
    for pos in positions:
        seat = t.seat_of(pos) if pos is not None else None
        assert json.loads(t.frame_text(pos, "en"))["log"]["en"] == st.log_for(seat, "en")
