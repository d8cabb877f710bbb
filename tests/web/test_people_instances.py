"""Quick match and tournaments across a cluster (issue 23): two instances on one PostgreSQL.

People who queue through different instances are seated at one table, each once, and each opens
their seat through their own instance. A tournament made on one instance is entered on the other;
its round is dealt once (both instances run the rounds' loop), each player is told and opens the
seat through their account on either instance, and both instances show the same standings."""

from __future__ import annotations

import os
import time

import httpx

from tests.web.helpers import Client, Server
from yezi.server.accounts import identity
from yezi.server.db import make_engine


def _user(url: str, name: str) -> str:
    engine = make_engine(url)
    try:
        user = identity.create_user(engine, name)
        return identity.open_session(engine, user.id, "test")
    finally:
        engine.dispose()


def _until(pred, timeout: float = 20.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        got = pred()
        if got:
            return got
        time.sleep(0.1)
    raise AssertionError("not in time")


def test_strangers_queueing_through_two_instances_share_one_table(postgres):
    url = postgres.url(f"yezi_quick_{os.getpid()}")
    a, b = Server(url).start(), Server(url).start()
    people = [httpx.Client(base_url=srv.base, timeout=20) for srv in (a, b, a, b)]
    try:
        tickets = []
        for i, c in enumerate(people):
            r = c.post("/api/quick", json={"game": "paigow", "name": f"P{i}"})
            assert r.status_code == 201, r.text
            tickets.append(r.json()["ticket"])
        # each polls its own instance; whichever sees four first seats them all
        seen = _until(lambda: (got := [c.get(f"/api/quick/{t}").json() for c, t in zip(people, tickets, strict=True)])
                      and all(s["state"] == "seated" for s in got) and got)
        assert len({s["table"] for s in seen}) == 1, seen
        assert sorted(s["position"] for s in seen) == [0, 1, 2, 3]
        tid = seen[0]["table"]
        for c, s in zip(people, seen, strict=True):  # its seat's cookie opens it through its own instance
            assert c.get(f"/t/{tid}/session").json()["positions"] == [s["position"]]
        assert people[0].get("/api/quick").json()["waiting"] == {}
    finally:
        for c in people:
            c.close()
        a.stop()
        b.stop()


def _play_round(servers: list[Server], secrets: dict[str, str], where: dict[str, int], table: str,
                seats: dict[str, int]) -> None:
    """Every person at `table` answers its questions through their own instance (by their account)."""
    cls = {n: Client(f"{servers[where[n]].ws_base}/t/{table}/ws?seat={seats[n]}",
                     {"Cookie": f"{identity.SESSION_COOKIE}={secrets[n]}"}) for n in seats}
    try:
        end = time.monotonic() + 60
        while time.monotonic() < end:
            over = False
            for cl in cls.values():
                f = cl.sync()
                over = over or f["match_over"]
                if f.get("legal") and not f["deal_over"]:
                    cl.send({"type": "action", "action": f["legal"][0], "seq": f["seq"], "id": f"m{f['seq']}"})
                    cl.wait(lambda x: x["type"] in ("ack", "error"))
            if over:
                return
        raise AssertionError("the round's match did not end")
    finally:
        for cl in cls.values():
            cl.close()


def test_a_tournament_made_on_one_instance_is_played_through_both(postgres):
    url = postgres.url(f"yezi_tour_{os.getpid()}")
    servers = [Server(url).start(), Server(url).start()]
    names = ["Ann", "Bob", "Cy"]
    where = {"Ann": 0, "Bob": 1, "Cy": 1}
    secrets = {n: _user(url, n) for n in names}
    http = {n: httpx.Client(base_url=servers[where[n]].base, cookies={identity.SESSION_COOKIE: secrets[n]}, timeout=20)
            for n in names}
    try:
        r = http["Ann"].post("/api/tournaments", json={"title": "Two cities", "game": "paigow", "rounds": 2, "deals": 1})
        assert r.status_code == 201, r.text
        tid = r.json()["id"]
        for n in ("Bob", "Cy"):
            assert http[n].post(f"/api/tournaments/{tid}/enter", json={}).status_code == 200
        assert http["Ann"].post(f"/api/tournaments/{tid}/start", json={}).status_code == 200
        for rnd in (1, 2):
            info = _until(lambda rnd=rnd: (i := http["Bob"].get(f"/api/tournaments/{tid}").json())
                          and i["tournament"]["round"] == rnd and len(i["rounds"]) == rnd and i)
            (table,) = info["rounds"][rnd - 1]["tables"]  # dealt once, though both instances run the loop
            seats = {s["name"]: int(p) for p, s in table["seats"].items() if not s["bot"]}
            assert sorted(seats) == names
            for n in names:  # told on their own instance, and their account opens the seat there
                got = _until(lambda n=n, table=table: [x for x in http[n].get("/api/notices").json()["notices"]
                                          if x["kind"] == "tournament-round" and x["url"] == f"/t/{table['table']}"])
                assert len(got) == 1
                assert http[n].get(f"/t/{table['table']}/session").json()["positions"] == [seats[n]]
            _play_round(servers, secrets, where, table["table"], seats)
        done = _until(lambda: (i := http["Ann"].get(f"/api/tournaments/{tid}").json())
                      and i["tournament"]["status"] == "finished" and i)
        other = http["Cy"].get(f"/api/tournaments/{tid}").json()
        strip = [{k: v for k, v in s.items() if k != "mine"} for s in done["standings"]]
        assert strip == [{k: v for k, v in s.items() if k != "mine"} for s in other["standings"]]
        assert all(s["deals"] == 2 for s in done["standings"]), done["standings"]
        assert [len(r["tables"]) for r in done["rounds"]] == [1, 1]
    finally:
        for c in http.values():
            c.close()
        for s in servers:
            s.stop()
