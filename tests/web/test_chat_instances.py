"""The table's chat across a cluster (issue 23): two instances on one PostgreSQL, the two seats on
different instances, the spectators on both. A line said through one instance reaches its room on the
other (PostgreSQL NOTIFY, as moves do), never the other room; the host's removal reaches both."""

from __future__ import annotations

import os

from tests.web.helpers import Client, Server

SEATS = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "heuristic"}, {"kind": "bot", "bot": "heuristic"}]


def _chat_with(cl: Client, pred, timeout: float = 10) -> dict:
    return cl.wait(lambda m: m["type"] == "chat" and any(pred(x) for x in m.get("messages", [])), timeout=timeout)


def test_a_line_said_through_one_instance_reaches_its_room_on_the_other(postgres):
    url = postgres.url(f"yezi_chat_{os.getpid()}")
    a = Server(url).start()
    b = Server(url).start()
    clients: list[Client] = []
    try:
        t = a.create(game="paigow", name="Ann", seats=SEATS, num_deals=2)
        host = a.client(t["id"], t["seats"]["0"]["token"])  # the host through A (its owner)
        guest = b.client(t["id"], t["seats"]["1"]["token"], name="Bob")  # the guest through B
        watch_a, watch_b = a.client(t["id"]), b.client(t["id"])
        clients += [host, guest, watch_a, watch_b]
        for c in clients:
            c.wait(lambda m: m["type"] == "chat" and m.get("history"))
        guest.send({"type": "chat", "id": "g1", "text": "good luck from London"})
        guest.wait(lambda m: m["type"] == "ack" and m.get("id") == "g1")
        line = _chat_with(host, lambda x: x.get("text") == "good luck from London")["messages"][0]
        watch_b.send({"type": "chat", "id": "w1", "text": "a spectator on B", "name": "Kib"})
        _chat_with(watch_a, lambda x: x.get("text") == "a spectator on B")
        # rooms stay apart across instances: the seats never hear the spectators, nor the reverse
        host.send({"type": "ping", "id": "p1"})
        host.wait(lambda m: m["type"] == "pong")
        assert not any(m["type"] == "chat" and any(x.get("text") == "a spectator on B" for x in m.get("messages", []))
                       for m in host.frames + guest.frames)
        assert not any(m["type"] == "chat" and any(x.get("text") == "good luck from London" for x in m.get("messages", []))
                       for m in watch_a.frames + watch_b.frames)
        # the host (on A) takes the guest's line down: B's seat hears of it
        host.send({"type": "chat_remove", "id": "r1", "msg": line["id"]})
        host.wait(lambda m: m["type"] == "ack" and m.get("id") == "r1")
        guest.wait(lambda m: m["type"] == "chat" and m.get("removed") == line["id"], timeout=10)
    finally:
        for c in clients:
            c.close()
        a.stop()
        b.stop()
