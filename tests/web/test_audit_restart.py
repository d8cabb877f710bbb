"""The frame audit (no frame to a seat holds a card outside its view) and restart after SIGKILL."""

from __future__ import annotations

import random
import time

import pytest

from tests.web.helpers import Client, Server, full_record
from yezi.core.registry import load_game
from yezi.games.lukfu import actions as A
from yezi.games.lukfu.plays import PLAYS
from yezi.render.lukfu import action_cards

# these tests hold wall-clock bounds while servers run: under pytest-xdist they take turns on one
# worker with the other such modules (tests/conftest.py)
pytestmark = pytest.mark.xdist_group("clock")


def _frame_cards(f: dict, seat: int | None) -> set[int]:
    """Every card a frame names outside the public trick record."""
    v = f["view"]
    out: set[int] = set(v.get("hand", [])) | set(v.get("deal", []))
    for _t, cards in v.get("my_discards", []):
        out |= set(cards)
    out |= set(v.get("pending_discard", []))
    for actor, code in zip(v["actors"], v["history"]):
        if code is not None and code >= A.DISCARD_BASE:
            assert actor == seat, f"seat {seat} sees a discard of seat {actor}"
            out.add(code - A.DISCARD_BASE)
    for c in (f.get("extras") or {}).get("laosui_why", {}):
        out.add(int(c))
    for a in f.get("legal", []):
        out |= set(action_cards(a))
    return out


def _settle(clients: dict[int, Client], key: tuple[int, int]) -> None:
    for c in clients.values():
        c.wait(lambda x: x["type"] == "state" and (x["deal_no"], x["seq"]) == key)


def _drive(clients: dict[int, Client], rng: random.Random, deals: int) -> None:
    """Play every active seat at random through `deals` deals, as the server tells whose turn it is."""
    f0 = clients[0].sync()
    _settle(clients, (f0["deal_no"], f0["seq"]))
    done = 0
    for _ in range(5000):
        f = next(c.last_state for c in clients.values() if c.last_state.get("legal") or c.last_state["deal_over"])
        if f["deal_over"]:
            done += 1
            if f["match_over"] or done >= deals:
                return
            c = clients[f["position"]]
            c.send({"type": "next_deal", "id": f"nd{f['deal_no']}"})
        else:
            c = clients[f["position"]]
            c.send({"type": "action", "action": rng.choice(f["legal"]), "id": f"a{f['deal_no']}.{f['seq']}"})
        ack = c.wait(lambda x: x["type"] in ("ack", "error"))
        assert ack["type"] == "ack", ack
        _settle(clients, (ack["deal_no"], ack["seq"]))
    raise AssertionError("did not finish")


def test_frame_audit(server: Server):
    rng = random.Random(2024)
    t = server.create(seats=[{"kind": "human"}] * 4, num_deals=3)
    clients = {p: server.client(t["id"], t["seats"][str(p)]["token"]) for p in range(4)}
    spectator = server.client(t["id"])
    _drive(clients, rng, deals=3)
    time.sleep(0.3)
    info = server.get(f"/api/tables/{t['id']}").json()
    records = {d["no"]: full_record(server, t["id"], d["no"])
               for d in info["deals"] if d["over"]}
    assert records
    game = load_game("lukfu", records[0].preset, records[0].overrides)
    audited = 0
    # drain what is left for the spectator
    try:
        while True:
            spectator.recv(timeout=0.5)
    except TimeoutError:
        pass
    for pos, c in [*clients.items(), (None, spectator)]:
        for f in c.frames:
            if f["type"] != "state":
                assert f["type"] in ("ack", "error", "pong", "chat"), f  # (chat: the room's history at connect)
                continue
            k = f["deal_no"]
            if k not in records:
                continue
            rec = records[k]
            st = game.new_state(rec.deal)
            for a in rec.actions[: f["seq"]]:
                st.apply(a)
            seat = f["seat"]
            assert (seat is None) == (pos is None)
            assert f["view"] == st.view(seat), f"frame to position {pos} differs from view({seat})"
            if seat is not None and st.current_player == seat:
                assert f["legal"] == st.legal_actions()
            else:
                assert "legal" not in f
            assert f["log"] == {"zh-hant": st.log_for(seat, "zh-hant")}
            allowed = set(PLAYS_FACEUP(st)) | set(rec.deal[seat] if seat is not None else [])
            if st.current_player is None:
                rv = st.view(seat).get("revealed", {})
                allowed |= set(rv.get("laosui", [])) | set(rv.get("hand", [])) | set(rv.get("tigers", []))
                if "dummy" in rv:
                    allowed.add(rv["dummy"])
            leaked = _frame_cards(f, seat) - allowed
            assert not leaked, f"frame to seat {seat} names cards it cannot see: {leaked}"
            if seat is None:
                assert ("hand" not in f["view"] and "deal" not in f["view"] and "extras" not in f) or not f["extras"]
            audited += 1
    assert audited > 50
    for c in [*clients.values(), spectator]:
        c.close()


def PLAYS_FACEUP(st) -> list[int]:
    out = []
    for tr in st.tricks:
        for e in tr["plays"]:
            if "play" in e:
                out.extend(PLAYS[e["play"]].cards)
    return out


def test_restart_after_sigkill(db_url_factory, db_kind):
    url = db_url_factory(db_kind)
    srv = Server(url, bot_delay=0.02).start()
    try:
        rng = random.Random(7)
        # T1: a person against three bots, a few moves in
        t1 = srv.create(name="Ann")
        p = srv.client(t1["id"], t1["seats"]["0"]["token"])
        for _ in range(3):
            f = p.my_turn()
            if f["deal_over"]:
                break
            p.send({"type": "action", "action": rng.choice(f["legal"]), "id": f"t1-{f['seq']}"})
            p.wait_type("ack")
            p.last_state = None
        before1 = p.my_turn()
        # T2: bots only, busy through many deals, watched by a spectator
        t2 = srv.create(seats=[{"kind": "bot", "bot": "random"}] * 4, num_deals=32)
        watch = srv.client(t2["id"])
        watch.state()
        time.sleep(0.5)
        # T3: four people; the last action is acknowledged and the server is killed at once
        t3 = srv.create(seats=[{"kind": "human"}] * 4)
        c3 = {q: srv.client(t3["id"], t3["seats"][str(q)]["token"]) for q in range(4)}
        for c in c3.values():
            c.state()
        f = next(c.last_state for c in c3.values() if c.last_state.get("legal"))
        actor = c3[f["position"]]
        actor.send({"type": "action", "action": f["legal"][-1], "id": "last-before-kill"})
        ack = actor.wait_type("ack")
        seen2 = watch.sync()
        srv.kill9()
        for c in [p, watch, *c3.values()]:
            c.close()

        srv2 = Server(url, bot_delay=0.02).start()
        try:
            q = srv2.client(t1["id"], t1["seats"]["0"]["token"])
            after1 = q.state()
            assert after1["view"] == before1["view"] and after1["seq"] == before1["seq"]
            assert after1.get("legal") == before1.get("legal")
            for pos in range(4):
                cl = srv2.client(t3["id"], t3["seats"][str(pos)]["token"])
                g = cl.state()
                assert g["seq"] == ack["seq"], "an acknowledged action was lost"
                assert g["view"]["history"][-1] in (f["legal"][-1], None)
                if g.get("legal"):  # the id used before the kill is still spent after the restart
                    cl.send({"type": "action", "action": g["legal"][0], "id": "last-before-kill"})
                    assert cl.wait(lambda x: x["type"] in ("ack", "error"))["code"] == "duplicate-id"
                cl.close()
            w = srv2.client(t2["id"])
            g2 = w.state()
            assert (g2["deal_no"], g2["seq"]) >= (seen2["deal_no"], seen2["seq"])
            if g2["deal_no"] == seen2["deal_no"]:
                assert g2["view"]["history"][: seen2["seq"]] == seen2["view"]["history"]
            # the bot table goes on by itself after the restart
            moved = w.wait(lambda x: x["type"] == "state" and (x["deal_no"], x["seq"]) > (g2["deal_no"], g2["seq"]),
                           timeout=20)
            assert moved
            # and the person's table is still playable
            if not after1["deal_over"]:
                q.send({"type": "action", "action": after1["legal"][0], "id": "after-restart"})
                assert q.wait(lambda x: x["type"] in ("ack", "error"))["type"] == "ack"
            w.close()
            q.close()
        finally:
            srv2.stop()
    finally:
        srv.stop()
