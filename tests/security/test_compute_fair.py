"""Issue 26, item 4: one client's instant tables must not delay another client's bots.

Before: the worker pool's queue was one heap in arrival order, so twenty instantly played tables
of one person kept twenty bot moves ahead of another client's bot (p99 988 ms late), and its length
rationed everyone's strong bots. The fair queue (`yezi.server.fairqueue`) serves clients, then
their tables, in turn: checked here with fake jobs, no clock and no workers.
"""

from __future__ import annotations

import contextlib
import json
import random
import threading
import time

import pytest

from yezi.server.fairqueue import FairQueue

httpx = pytest.importorskip("httpx")
pytest.importorskip("starlette")
from websockets.sync.client import connect  # noqa: E402

from tests.security._access import access_server  # noqa: E402


def _serve(q: FairQueue, n: int) -> list[tuple[str, str]]:
    """Take `n` jobs one at a time (one worker); their (client, table)."""
    out = []
    for _ in range(n):
        got = q.pop()
        if got is None:
            break
        ticket, _ = got
        q.finish(ticket)
        out.append((ticket.client, ticket.table))
    return out


@pytest.mark.parametrize("attackers", [1, 4])
@pytest.mark.parametrize("queued", [20, 1000])
def test_a_victims_job_is_served_next_whatever_the_attackers_queued(attackers, queued):
    q: FairQueue[str] = FairQueue()
    for i in range(queued):  # every attacker's tables, each with moves waiting
        q.push("a", f"attacker{i % attackers}", f"t{i % 20}")
    q.push("v", "victim", "mine")
    # as the flood starts, the attackers (also just come) and the victim take their first turns
    assert ("victim", "mine") in _serve(q, attackers + 1)
    for step in range(50):
        # a person's table: its bot moves now and then, while the attackers' bots keep the pool busy
        _serve(q, attackers + step % 3)
        q.push("v", "victim", "mine")  # the victim's bot is to move
        for i in range(attackers * 5):  # and the attackers queue more behind it
            q.push("a", f"attacker{i % attackers}", f"t{i % 20}")
        assert _serve(q, 1) == [("victim", "mine")], step  # at the next free worker
        assert q.queued_of("victim") == 0


@pytest.mark.parametrize("attackers", [1, 4])
def test_a_victim_asking_more_than_its_share_waits_one_turn_of_each_other_client_at_most(attackers):
    q: FairQueue[str] = FairQueue()
    for i in range(1000):
        q.push("a", f"attacker{i % attackers}", f"t{i % 20}")
    for _ in range(50):
        q.push("v", "victim", "mine")
        assert ("victim", "mine") in _serve(q, attackers + 1)


def test_a_victim_that_keeps_the_pool_busy_too_gets_an_even_share():
    q: FairQueue[str] = FairQueue()
    for i in range(300):
        q.push("a", "attacker", f"t{i % 20}")
    for _ in range(100):
        q.push("v", "victim", "mine")
    served = _serve(q, 100)
    assert sum(c == "victim" for c, _ in served) == 50
    # the attacker's jobs stay in order per table, its tables served in turn
    tables = [t for c, t in served if c == "attacker"]
    assert tables == [f"t{i}" for i in range(20)] * 2 + [f"t{i}" for i in range(10)]


def test_a_clients_weight_and_a_jobs_cost_set_its_share():
    q: FairQueue[str] = FairQueue()
    for _ in range(100):
        q.push("a", "heavy", cost=4.0)  # a search that takes four turns' worth
        q.push("b", "light")
        q.push("c", "weighty", weight=2.0)  # (a signed-in player, say) two turns for one
    served = [c for c, _ in _serve(q, 52)]  # 16 turns' worth each: 4 + 16 + 32 jobs
    for client, jobs in (("heavy", 4), ("light", 16), ("weighty", 32)):
        assert abs(served.count(client) - jobs) <= 1, served


def test_idle_time_saves_no_credit():
    q: FairQueue[str] = FairQueue()
    q.push("v", "victim")
    _serve(q, 1)
    for _ in range(100):
        q.push("a", "attacker")
    _serve(q, 90)  # the victim was idle meanwhile: it may not now take ninety turns in a row
    for _ in range(10):
        q.push("v", "victim")
    assert [c for c, _ in _serve(q, 6)] == ["victim", "attacker"] * 3


def test_within_a_client_bot_moves_go_before_hints_and_late_jobs_after_every_other_client():
    q: FairQueue[str] = FairQueue()
    q.push("hint", "c", "t1", priority=1)
    q.push("move", "c", "t2", priority=0)
    q.push("over", "d", "t3", late=True)  # its table is over its CPU budget
    q.push("other", "e", "t4", priority=2)
    order = []
    while (got := q.pop()) is not None:
        ticket, item = got
        q.finish(ticket)
        order.append(item)
    assert order.index("move") < order.index("hint")
    assert order[-1] == "over"
    assert len(q) == 0 and not q.clients  # nothing kept for clients that are gone


def test_clients_that_come_and_go_are_not_remembered():
    q: FairQueue[str] = FairQueue()
    for i in range(5000):  # one busy client all along, and a crowd asking once each
        q.push("a", "busy", f"t{i % 7}")
        q.push("x", f"passer-by {i}")
        _serve(q, 2)
    assert len(q.clients) < 50


# ---- a real server: a flooding client's tables against a victim's ---------------------------------

def _create_from(srv, source: str, spec: dict) -> dict:
    """A table opened from another loopback address: another client to the server."""
    with httpx.Client(transport=httpx.HTTPTransport(local_address=source), timeout=10) as c:
        r = c.post(srv.base + "/api/tables", json={"game": "lukfu", "num_deals": 32, "listed": False, **spec})
    assert r.status_code == 201, r.text
    return r.json()


def _seat(srv, table: dict, source: str):
    """Seat 0's WebSocket, from `source` (a hint is charged to the address that asks for it)."""
    return connect(f"{srv.ws_base}/ws/{table['id']}", additional_headers={
        "Authorization": f"Bearer {table['seats']['0']['token']}"}, source_address=(source, 0),
        max_size=2**24, open_timeout=10).__enter__()


def _flood(ws, stop: threading.Event, rng: random.Random) -> None:
    """An instant player: asks for a hint and plays at once whenever it is its turn."""
    with contextlib.suppress(Exception):
        n = 0
        while not stop.is_set():
            f = json.loads(ws.recv(timeout=10))
            if f.get("type") != "state":
                continue
            n += 1
            if f["deal_over"]:
                ws.send(json.dumps({"type": "next_deal", "id": f"d{n}"}))
            elif f.get("legal"):
                ws.send(json.dumps({"type": "hint", "id": f"h{n}", "level": "easy"}))
                ws.send(json.dumps({"type": "action", "id": f"a{n}", "seq": f["seq"],
                                    "action": rng.choice(f["legal"])}))
    ws.close()


def test_a_flooding_clients_tables_neither_ration_another_clients_bots_nor_refuse_its_hints():
    """Before: one people's worker with one queue for all; its length rationed every table's strong
    bots (``playing_as``) and refused every client's hints `busy` (at most `YEZI_MAX_QUEUED_JOBS`
    waiting, hints one at a time on the whole server). Now only the flooder's own queue counts."""
    # one strong bot a table (and two that pick at random, thinking nothing): the flood needs no more
    strong = [{"kind": "bot", "bot": "search-strong"}] + [{"kind": "bot", "bot": "random"}] * 2
    with access_server(bot_delay=0.0, YEZI_WORKERS="1", YEZI_RATION_QUEUE="1", YEZI_MAX_QUEUED_JOBS="1",
                       YEZI_CPU_BURST_S="600", YEZI_CREATE_PER_MINUTE="1000", YEZI_MAX_TABLES_PER_CLIENT="100",
                       YEZI_RATE_PER_S="1000", YEZI_RATE_BURST="1000") as srv:
        stop = threading.Event()
        flooders = []
        for i in range(5):  # a person and a strong bot at each, played instantly
            t = _create_from(srv, "127.0.0.2", {"seats": [{"kind": "human"}, *strong]})
            fws = _seat(srv, t, "127.0.0.2")
            th = threading.Thread(target=_flood, args=(fws, stop, random.Random(i)), daemon=True)
            th.start()
            flooders.append((th, fws))
        # the victim's bot: search-normal (a tenth of strong's CPU), which the flood rationed to search-easy
        normal = [{"kind": "bot", "bot": "search-normal"}, *strong[1:]]
        mine = _create_from(srv, "127.0.0.3", {"seats": [{"kind": "human"}, *normal]})
        ws = _seat(srv, mine, "127.0.0.3")
        rng = random.Random(7)
        turns, hints, rationed, refused = 0, 0, [], []
        deadline = time.time() + 60
        try:
            while turns < 5 and time.time() < deadline:
                f = json.loads(ws.recv(timeout=30))
                if f.get("type") == "state":
                    rationed += [p["playing_as"] for p in f["table"]["players"] if "playing_as" in p]
                    if f["deal_over"]:
                        ws.send(json.dumps({"type": "next_deal", "id": f"d{turns}"}))
                    elif f.get("legal"):
                        turns += 1
                        ws.send(json.dumps({"type": "hint", "id": f"h{turns}", "level": "easy"}))
                        while (r := json.loads(ws.recv(timeout=30)))["type"] not in ("hint", "error"):
                            pass
                        if r["type"] == "hint":
                            hints += 1
                        else:
                            refused.append(r["code"])
                        ws.send(json.dumps({"type": "action", "id": f"a{turns}", "seq": f["seq"],
                                            "action": rng.choice(f["legal"])}))
            health = srv.get("/api/health").json()["thinking"]
        finally:
            stop.set()
            ws.close()
            for th, fws in flooders:
                fws.close()  # its reader stops at once
                th.join(15)
        assert health["rationed_moves"] > 0, health  # the flood was real: the flooder's own bots were rationed
        assert turns == 5, turns
        # the victim's own table alone: no bot of its rationed, no hint of its refused
        assert not rationed and not refused and hints == turns, (
            f"because of another client's tables the victim's bots played as {rationed}, its hints were refused "
            f"{refused}")
