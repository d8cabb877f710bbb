"""Finding 9: after a deal ends, live frames and frames after a restart show the same log.

In 接龍, 斜釘, 頂牛 and Ma Diao a face-down move stays hidden from the other seats while the deal
is played, and the engine reveals it once the deal is over (`State.redact`). The server keeps
each seat's log lines as the deal goes on; it used to keep the hidden lines after the end too,
while a restarted server (which builds the lines afresh) showed them revealed. The engine decides:
after the end, live frames must show what it reveals, as a restart does.
"""

from __future__ import annotations

import asyncio
import os
import random
import tempfile

import pytest

pytest.importorskip("sqlalchemy")

from yezi.core.protocol import LANGS
from yezi.core.registry import load_game
from yezi.server.config import Settings
from yezi.server.db import Store, make_engine, migrate
from yezi.server.tables import TableManager

GAMES = ["jielong", "tseding", "dingniu", "madiao"]


def _manager(url: str) -> TableManager:
    engine = make_engine(url, "NORMAL")
    migrate(engine)
    return TableManager(Store(engine, checkpoint_every=0), Settings(database_url=url))


def _logs(t, n: int) -> dict:
    """Every seat's log (and a spectator's) in every language, as the frames carry it."""
    return {pos: t.frame_for(pos)["log"] for pos in [*range(n), None]}


async def _play_one_deal(url: str, game: str, seed: int) -> tuple[str, dict, dict, int]:
    """A deal of `game` played to its end through the table (frames asked after every move, as
    connected seats would); returns the table id, the live logs at the end, the logs while
    the last move was still to come, and how many lines the end revealed."""
    m = _manager(url)
    try:
        n = load_game(game).num_seats
        t, _ = await m.create({"game": game, "seats": [{"kind": "human"}] * n}, owner="t")
        rng = random.Random(seed)
        before = _logs(t, n)
        while not t.deal_over:
            st = t.current.state
            pos = t.position_of(st.current_player)
            async with t.lock:
                action, cid = t.check_action(pos, {"action": rng.choice(st.legal_actions())})
                await t.commit_action(pos, action, cid)
            if not t.deal_over:
                before = _logs(t, n)
        live = _logs(t, n)
        revealed = sum(a != b for pos in live for lang in LANGS
                       for a, b in zip(before[pos][lang], live[pos][lang], strict=False))
        return t.id, live, before, revealed
    finally:
        m.thinker.close()
        m.store.close()


@pytest.mark.parametrize("game", GAMES)
def test_end_of_deal_log_is_the_same_live_and_after_restart(game):
    url = "sqlite:///" + os.path.join(tempfile.mkdtemp(prefix="yezi-reveal-"), "t.db")
    revealed_any = 0
    for seed in range(12):  # until a deal has a face-down move that the end reveals
        tid, live, _, revealed = asyncio.run(_play_one_deal(url, game, seed))
        restarted = _manager(url)
        try:
            t = asyncio.run(restarted.get(tid))
            after = _logs(t, t.n)
            assert live == after, f"{game} seed {seed}: live frames and a restart disagree on the log"
            st = t.current.state
            for pos in range(t.n):  # and both are what the engine says this seat may now see
                for lang in LANGS:
                    assert live[pos][lang] == st.log_for(t.seat_of(pos), lang)
        finally:
            restarted.thinker.close()
            restarted.store.close()
        revealed_any += revealed
        if revealed_any:
            break
    assert revealed_any, f"no deal of {game} had a face-down move revealed at the end: the test proves nothing"
