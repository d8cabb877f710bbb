"""Frames encoded once per table change and audience (yezi.server.frames) say exactly what
`LiveTable.frame_for` says, for every game, seat, spectator and language, at every move."""

from __future__ import annotations

import asyncio
import json
import random

import pytest

from yezi.core.protocol import LANGS
from yezi.core.registry import load_game
from yezi.server import catalog
from yezi.server.config import Settings
from yezi.server.db import PlayerRow, TableRow
from yezi.server.tables import Conn, LiveTable


def _table(name: str) -> LiveTable:
    g = load_game(name)
    row = TableRow("t1", name, g.rules.preset, {}, 2, 7, "", False, "playing", 0.0)
    players = [PlayerRow(i, "human", None, f"P{i}", None, True) for i in range(g.num_seats)]
    t = LiveTable(row, players, g, store=None, settings=Settings())  # type: ignore[arg-type]
    t.start_deal(0, 0, 5, g.deal_from_seed(5))
    return t


@pytest.mark.parametrize("name", catalog.playable_games())
def test_cached_frames_equal_frame_for(name):
    async def run() -> None:
        t = _table(name)
        positions: list[int | None] = [None, *range(t.n)]
        for pos in positions:
            t.conns.add(Conn(pos))
        rng = random.Random(1)
        st = t.current.state
        moves = 0
        while True:
            t.broadcast()
            for pos in positions:
                for lang in (*LANGS, "xx"):
                    want = json.loads(json.dumps(t.frame_for(pos, lang), ensure_ascii=False))
                    assert json.loads(t.frame_text(pos, lang)) == want, (name, moves, pos, lang)
            for c in t.conns:  # every connection got the frame of its own seat
                got = json.loads(c.queue.get_nowait())
                assert got["position"] == c.position and got["seq"] == len(st.history)
            if st.current_player is None or moves >= 40:
                break
            st.apply(rng.choice(st.legal_actions()))
            moves += 1

    asyncio.run(run())
