"""A PostgreSQL outage heals itself (issue 26, finding 1).

A real PostgreSQL of this test's own is stopped (`pg_ctl stop`, as an operator or a crash does) for a
few seconds while two tables play: one of bots only, and one where a person waits for the bots.
Before issue 26 each table's bot loop, meeting the refused write, logged "bot loop of table … failed"
and ended; nothing started it again, so both tables stayed on a bot's turn for good (the person was
told "not your turn" until a restart), and a table created meanwhile was answered 500.

Now the loops back off and resume: both tables play on once the database is back, the person's move
is taken, the lobby answers 503 with Retry-After during the outage and 201 after it, and the health
page shows the bot loops backing off (with the error's class) and then running.

The leases (`yezi.server.lease`) are made longer than the outage so that no take-over rebuilds the
tables afterwards: the tables must resume by themselves, not be rescued by the cluster reloading them
(which happens only when a lease ran out, and not reliably: the renewal may come first).
"""

from __future__ import annotations

import time

import httpx
import pytest

from tests.web.helpers import Client, Postgres, Server, postgres_available

BOT_DELAY = 0.5  # a bot's move comes this long after the one before: the outage begins between two


@pytest.fixture
def own_postgres():
    """A PostgreSQL of this test's own: stopping the session's one would cut the other tests off."""
    if not postgres_available():
        pytest.skip("PostgreSQL binaries (initdb, pg_ctl) not installed")
    pg = Postgres().start()
    yield pg
    pg.stop()


def _drain(cl: Client, seconds: float) -> tuple[int, int]:
    """Read frames for `seconds`; returns where the table last stood (deal, move)."""
    deadline = time.time() + seconds
    while (left := deadline - time.time()) > 0:
        try:
            cl.recv(left)
        except TimeoutError:
            break
    st = cl.last_state or {}
    return st.get("deal_no", -1), st.get("seq", -1)


def _health(srv: Server) -> dict:
    r = srv.get("/api/health")
    assert r.status_code == 200
    return r.json()


def test_bot_tables_play_on_after_a_database_outage(own_postgres):
    srv = Server(own_postgres.url("yezi_outage"), bot_delay=BOT_DELAY, env={"YEZI_LEASE_S": "30"}).start()
    try:
        bots = srv.create(seats=[{"kind": "bot", "bot": "random"}] * 4, num_deals=8)
        watcher = srv.client(bots["id"])
        watcher.state()
        made = srv.create()  # a person at seat 0, three bots
        person = srv.client(made["id"], made["seats"]["0"]["token"])
        # the person plays until a bot is to act, then the database goes away before that bot's move
        k = 0
        while True:
            st = person.my_turn()
            assert not st["deal_over"]
            k, sent = k + 1, st["seq"]
            person.send({"type": "action", "action": st["legal"][0], "id": f"m{k}", "seq": sent})
            person.wait(lambda f, cid=f"m{k}": f["type"] == "ack" and f.get("id") == cid)
            st = person.last_state
            if st["seq"] <= sent:  # the new state follows the ack
                st = person.wait(lambda f, sent=sent: f["type"] == "state" and f["seq"] > sent)
            if not st.get("legal") and not st["deal_over"]:
                break
        waiting_at = (st["deal_no"], st["seq"])
        own_postgres.halt()
        down_at = time.time()

        # during the outage: the bot loops back off (the health page says so), creating a table is a 503
        h = _health(srv)
        deadline = time.time() + 10
        # (the health page asks the database at most once a second: its answer may be from just before)
        while (h["loops"]["bots"]["backing_off"] < 2 or h["database"]["reachable"]) and time.time() < deadline:
            time.sleep(0.2)
            h = _health(srv)
        assert h["loops"]["bots"]["backing_off"] == 2, h["loops"]
        assert h["loops"]["bots"]["errors"] and h["loops"]["bots"]["since"] >= down_at - 1
        assert h["database"]["reachable"] is False and h["ready"] is False
        assert bots["id"] not in str(h) and made["id"] not in str(h)
        r = httpx.post(srv.base + "/api/tables", json={"game": "lukfu"}, timeout=10)
        assert r.status_code == 503, r.text
        assert int(r.headers["Retry-After"]) > 0
        body = r.json()
        assert body["error"] == "db-unavailable" and body["message"]
        assert body["messages"]["zh-hant"] != body["messages"]["en"]
        assert (person.last_state["deal_no"], person.last_state["seq"]) == waiting_at  # the bot could not move
        time.sleep(max(0.0, down_at + 2.0 - time.time()))
        own_postgres.resume()

        # after it: both tables play on by themselves, and the person's move is taken
        st = person.my_turn(timeout=15)
        assert (st["deal_no"], st["seq"]) != waiting_at
        if st.get("legal"):
            person.send({"type": "action", "action": st["legal"][0], "id": "after", "seq": st["seq"]})
            reply = person.wait(lambda f: f.get("id") == "after" and f["type"] in ("ack", "error"))
            assert reply["type"] == "ack", reply
        start = _drain(watcher, BOT_DELAY / 2)
        end = _drain(watcher, 4 * BOT_DELAY)
        assert end > start and (end[0] > start[0] or end[1] >= start[1] + 2), (start, end)
        assert not any(f.get("code") == "not-your-turn" for f in person.frames)
        h = _health(srv)
        deadline = time.time() + 10
        while not h["ready"] and time.time() < deadline:
            time.sleep(0.2)
            h = _health(srv)
        assert h["ready"] and h["database"]["reachable"], h
        assert h["loops"]["bots"]["backing_off"] == 0 and h["loops"]["bots"]["restarts"] >= 2
        assert srv.post("/api/tables", {"game": "lukfu"}).status_code == 201
        watcher.close()
        person.close()
    finally:
        srv.stop()


def test_a_server_started_during_an_outage_waits_for_its_database(own_postgres):
    """Started while PostgreSQL is down (a host rebooting with its database, an orchestrator starting
    both at once), `yezi serve` exited at once with a traceback: nothing started it again. Now it says
    why and tries again, and serves once the database is back; with YEZI_DB_START_WAIT=0 it gives up
    at once, in one line."""
    import threading

    url = own_postgres.url("yezi_late")
    own_postgres.halt()
    quick = Server(url, env={"YEZI_DB_START_WAIT": "0"})
    with pytest.raises(RuntimeError, match="server exited") as gave_up:
        quick.start()
    assert "cannot open the database" in str(gave_up.value) and "Traceback" not in str(gave_up.value)
    srv = Server(url, env={"YEZI_DB_START_WAIT": "60"})
    started: list[BaseException | None] = []
    th = threading.Thread(target=lambda: started.append(_start(srv)))
    th.start()
    try:
        deadline = time.time() + 30
        while "is out of reach" not in srv.log_tail() and time.time() < deadline:
            time.sleep(0.2)
        time.sleep(1)
        assert not started, "the server gave up, or served without its database"
        own_postgres.resume()
        th.join(40)
        assert started == [None], started
        assert "trying again" in srv.log() and "Traceback" not in srv.log()
        r = srv.post("/api/tables", {"game": "lukfu"})
        assert r.status_code == 201, r.text
    finally:
        th.join(40)
        srv.stop()


def _start(srv: Server) -> BaseException | None:
    try:
        srv.start()
    except BaseException as e:
        return e
    return None
