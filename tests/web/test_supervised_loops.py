"""Background loops supervised (issue 26): the helper of `yezi.server.loops` with fake failures, and
a table whose bot loop meets a failing database (a store that refuses its writes for a while), all
in one process with no database: the PostgreSQL outage itself is tests/web/test_db_outage.py.

On the code before issue 26 the bot loop logged "bot loop of table … failed" and ended at the first
failed write: the table stayed on the bot's turn for good."""

from __future__ import annotations

import asyncio
import json
import sqlite3

import pytest
from sqlalchemy.exc import IntegrityError, OperationalError

from yezi.core.registry import load_game
from yezi.server.config import Settings
from yezi.server.db import PlayerRow, TableRow
from yezi.server.loops import BACKING_OFF, RUNNING, STOPPED, Backoff, Loop, Loops, is_outage, supervise
from yezi.server.tables import LiveTable


def _outage() -> OperationalError:
    return OperationalError("INSERT ...", {}, Exception("connection refused"))


# ---- the helper ----------------------------------------------------------------------------------

def test_backoff_doubles_up_to_its_cap_with_jitter_and_starts_over():
    b = Backoff(first_s=0.1, max_s=1.0, jitter=0.25)
    waits = [b.delay() for _ in range(8)]
    for w, base in zip(waits, [0.1, 0.2, 0.4, 0.8, 1.0, 1.0, 1.0, 1.0], strict=True):
        assert base * 0.75 <= w <= base * 1.25
    assert len({round(w, 9) for w in waits[4:]}) > 1  # jittered: loops failing together spread out
    b.reset()
    assert b.delay() <= 0.125


def test_a_failing_loop_backs_off_then_runs_again_and_a_cancelled_one_is_stopped():
    loops = Loops()
    fails = 3
    seen: list[dict] = []
    resumed = asyncio.Event()

    async def body(lp: Loop) -> None:
        nonlocal fails
        while True:
            if fails:
                fails -= 1
                raise _outage()
            lp.ok()
            resumed.set()
            await asyncio.sleep(3600)

    async def run() -> None:
        task = loops.start("sweeper", body, backoff=Backoff(0.01, 0.02))
        await asyncio.sleep(0.005)
        seen.append(loops.health()["sweeper"])
        await asyncio.wait_for(resumed.wait(), 5)
        seen.append(loops.health()["sweeper"])
        assert not loops.backing_off()
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        seen.append(loops.health()["sweeper"])

    asyncio.run(run())
    failing, running, stopped = seen
    assert failing["state"] == BACKING_OFF and failing["error"] == "OperationalError" and failing["since"] > 0
    assert "connection refused" not in json.dumps(failing)  # the class only: an error's text can name the database
    assert running == {"state": RUNNING, "restarts": 3}
    assert stopped["state"] == STOPPED


def test_a_loop_that_returns_is_done_and_is_not_run_again():
    runs = 0

    async def body(lp: Loop) -> None:
        nonlocal runs
        runs += 1

    lp = Loop("once", "once")
    asyncio.run(supervise(lp, body))
    assert runs == 1 and lp.state == STOPPED and lp.restarts == 0


def test_table_loops_are_counted_per_kind_never_named():
    loops = Loops()
    gate = asyncio.Event()

    async def failing(lp: Loop) -> None:
        raise _outage()

    async def waiting(lp: Loop) -> None:
        await gate.wait()

    async def run() -> dict:
        tasks = [loops.start("bot loop of table SECRETid1", failing, kind="bots", backoff=Backoff(5, 5)),
                 loops.start("bot loop of table SECRETid2", waiting, kind="bots")]
        await asyncio.sleep(0.01)
        out = loops.health()
        gate.set()
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        out["after"] = loops.health()["bots"]
        return out

    h = asyncio.run(run())
    assert "SECRETid" not in json.dumps(h)
    assert h["bots"]["running"] == 1 and h["bots"]["backing_off"] == 1
    assert h["bots"]["errors"] == {"OperationalError": 1}
    assert h["after"] == {"running": 0, "backing_off": 0, "restarts": 1}


def test_what_counts_as_an_outage():
    assert is_outage(_outage())
    assert is_outage(sqlite3.OperationalError("database is locked"))
    assert is_outage(ConnectionRefusedError())
    assert not is_outage(IntegrityError("INSERT", {}, Exception("duplicate key")))  # a bug, not an outage
    assert not is_outage(ValueError("x"))


# ---- a table's bot loop through a database that refuses writes for a while ----------------------------

class _FlakyStore:
    """Refuses every write while `down`, as a database out of reach does; else keeps nothing."""

    def __init__(self) -> None:
        self.down = False
        self.refused = 0

    async def run(self, fn, *args):
        if self.down:
            self.refused += 1
            raise _outage()
        return fn(*args)

    async def store_event(self, *row):  # (the server's one way to store a move: through `run` here)
        return await self.run(lambda *r: None, *row)

    def __getattr__(self, name):
        return lambda *args: None


def _table(store: _FlakyStore, humans: int) -> LiveTable:
    g = load_game("lukfu")
    row = TableRow("t26", "lukfu", g.rules.preset, {}, 4, 7, "", False, "playing", 0.0, True, 0, 0, 0)
    players = [PlayerRow(i, "human" if i < humans else "bot", None if i < humans else "random", f"P{i}", None, True)
               for i in range(4)]
    t = LiveTable(row, players, g, store=store, settings=Settings(bot_delay=0.01, next_deal_delay=0.0))  # type: ignore[arg-type]
    t.start_deal(0, 0, 11, g.deal_from_seed(11))
    return t


def test_an_all_bot_table_plays_on_after_the_database_comes_back():
    store = _FlakyStore()
    t = _table(store, humans=0)

    async def run() -> tuple[int, int, int]:
        t.kick()
        await asyncio.sleep(0.1)
        before = len(t.current.state.history) + 100 * t.current.no
        assert before > 0
        store.down = True
        await asyncio.sleep(0.4)
        during = len(t.current.state.history) + 100 * t.current.no
        assert store.refused >= 2  # the loop kept trying (backing off), it did not end
        assert t.loops.health()["bots"]["backing_off"] == 1
        store.down = False
        await asyncio.sleep(0.6)  # the longest wait after 0.4 s of failures is under 0.5 s
        after = len(t.current.state.history) + 100 * t.current.no
        t.bot_task.cancel()
        return before, during, after

    before, during, after = asyncio.run(run())
    assert after > during + 3, (before, during, after)
    assert t.loops.health()["bots"]["backing_off"] == 0


def test_a_bot_on_turn_at_a_persons_table_moves_once_the_database_is_back():
    store = _FlakyStore()
    t = _table(store, humans=1)

    async def run() -> None:
        while t.position_of(t.current.state.current_player) == 0:  # the person plays until a bot is to act
            await t.commit_action(0, t.current.state.legal_actions()[0], None)
        seq = len(t.current.state.history)
        store.down = True
        t.kick()
        await asyncio.sleep(0.3)
        assert len(t.current.state.history) == seq and store.refused >= 1
        store.down = False
        for _ in range(100):
            await asyncio.sleep(0.02)
            if t._bot_to_act() is None:
                break
        assert len(t.current.state.history) > seq
        assert t._bot_to_act() is None  # the bots played on until the person's turn (or the deal's end)
        t.bot_task.cancel()

    asyncio.run(run())


# ---- a request meeting a database error: one handler for the whole app ------------------------------

def test_a_request_meeting_an_outage_gets_503_with_retry_after_and_a_bug_stays_500(tmp_path, monkeypatch):
    from starlette.testclient import TestClient

    from yezi.server.app import create_app

    app = create_app(Settings(database_url=f"sqlite:///{tmp_path / 'yezi.db'}"))
    manager = app.state.manager
    # (no lifespan: no worker processes to start; a host name the allow-list passes)
    client = TestClient(app, base_url="http://localhost", raise_server_exceptions=False)

    def down(*_a, **_k):
        raise _outage()

    monkeypatch.setattr(manager, "create", down)
    r = client.post("/api/tables", json={"game": "lukfu"})
    assert r.status_code == 503 and int(r.headers["retry-after"]) > 0
    body = r.json()
    assert body["error"] == "db-unavailable" and "connection refused" not in r.text
    assert set(body["messages"]) == {"zh-hant", "zh-hans", "en"} and body["messages"]["zh-hans"] != body["message"]
    assert r.headers["x-content-type-options"] == "nosniff"  # answered inside the app's middleware

    def bug(*_a, **_k):
        raise IntegrityError("INSERT", {}, Exception("duplicate key"))

    monkeypatch.setattr(manager, "create", bug)
    r = client.post("/api/tables", json={"game": "lukfu"})
    assert r.status_code == 500 and r.json()["error"] == "server"
    manager.close()
    app.state.store.close()
