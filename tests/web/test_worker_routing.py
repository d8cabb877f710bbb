"""A table's clients reach the process that runs it (yezi.server.routing, yezi.server.supervisor).

With `--workers 2` the kernel used to hand each connection to either worker, so most seats of a
table sat on the worker that does not run it and every one of their moves was relayed between the
processes. Now the supervisor routes each connection by the table its request names, to the
worker that created the table and owns it; requests about no table go to the workers in turn.
"""

from __future__ import annotations

import os
import random
import socket
import time

import httpx
import pytest

from tests.web.helpers import Client, Server
from yezi.server.routing import Route, home_of, table_in_request, worker_of
from yezi.server.supervisor import Router


def test_home_is_nginx_hash_of_the_table_id():
    # crc32(b"abc") = 0x352441C2; nginx's `hash` takes ((crc32 >> 16) & 0x7fff) = 13604, mod the servers
    assert [home_of("abc", n) for n in (1, 2, 3, 5)] == [0, 0, 2, 4]


def test_the_table_is_read_from_the_request_line():
    assert table_in_request(b"GET /ws/abc_-1 HTTP/1.1\r\nHost: x\r\n") == "abc_-1"
    assert table_in_request(b"GET /t/Xy9/ws?seat=1 HTTP/1.1\r\n") == "Xy9"
    assert table_in_request(b"GET /t/Xy9 HTTP/1.1\r\n") == "Xy9"
    assert table_in_request(b"POST /api/tables/Xy9/claim HTTP/1.1\r\n") == "Xy9"
    assert table_in_request(b"POST /api/tables HTTP/1.1\r\n") is None  # a new table: any worker
    assert table_in_request(b"GET /static/app.js HTTP/1.1\r\n") is None
    assert table_in_request(b"GET /ws/abc") is None  # not a whole request line yet: the id may go on


def test_a_process_creates_the_tables_routed_to_it():
    for i in range(3):
        for w in range(2):  # machine i of 3 behind nginx, worker w of 2 on it
            ids = [Route(i, 3, w, 2).new_table_id() for _ in range(30)]
            assert all(home_of(t, 3) == i and worker_of(t, 2) == w for t in ids)
    assert Route.parse("1/2") == Route(1, 2) and Route.parse("") == Route()
    for bad in ("2/2", "x", "1/0", "-1/2"):
        with pytest.raises(ValueError, match="YEZI_ROUTE"):
            Route.parse(bad)


def test_router_passes_the_connection_untouched_to_the_tables_worker():
    listener = socket.create_server(("127.0.0.1", 0))
    pairs = [socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET) for _ in range(2)]
    router = Router(listener, [ours for ours, _ in pairs])
    port = listener.getsockname()[1]
    try:
        tid = next(t for t in (Route().new_table_id() for _ in range(100)) if worker_of(t, 2) == 1)
        request = f"GET /ws/{tid}?seat=0 HTTP/1.1\r\nHost: x\r\n\r\n".encode()
        clients = []
        for _ in range(3):  # three times: never the round-robin's turn by chance
            c = socket.create_connection(("127.0.0.1", port))
            c.sendall(request)
            clients.append(c)
        got = _passed(router, pairs[1][1], 3)
        assert [s.recv(4096) for s in got] == [request] * 3  # the whole request is still there to read
        got[0].sendall(b"pong")
        assert clients[0].recv(16) == b"pong"  # and it is the client's own connection
        other = [socket.create_connection(("127.0.0.1", port)) for _ in range(2)]
        for c in other:
            c.sendall(b"GET /api/games HTTP/1.1\r\n\r\n")
        a, b = _passed(router, pairs[0][1], 1), _passed(router, pairs[1][1], 1)  # no table: one each in turn
        assert a[0].recv(64).startswith(b"GET /api/games") and b[0].recv(64).startswith(b"GET /api/games")
    finally:
        router.close()
        listener.close()


def _passed(router: Router, theirs: socket.socket, k: int) -> list[socket.socket]:
    out: list[socket.socket] = []
    theirs.settimeout(0.05)
    for _ in range(200):
        router.step(0.01)
        try:
            _msg, fds, _f, _a = socket.recv_fds(theirs, 16, 8)
        except TimeoutError:
            continue
        out += [socket.socket(fileno=fd) for fd in fds]
        if len(out) >= k:
            return out
    raise AssertionError(f"{len(out)} of {k} connections passed")


def _current(c: Client) -> dict:
    """The table as the client's worker has it now (the last state frame before a pong)."""
    c.send({"type": "sync"})
    c.send({"type": "ping", "id": "now"})
    last = None
    while True:
        f = c.recv()
        if f["type"] == "state":
            last = f
        elif f["type"] == "pong" and last is not None:
            return last


@pytest.mark.xdist_group("clock")
def test_workers_run_their_tables_without_relaying_moves(postgres):
    """Eight tables over both workers, every seat connected: each table's moves are carried out
    by the worker its seats reached, none relayed (on main three seats in four were)."""
    srv = Server(postgres.url(f"yezi_routing_{os.getpid()}"), args=["--workers", "2"]).start()
    clients: list[Client] = []
    try:
        tables = []
        for _ in range(8):  # a new connection each: the creations go to the workers in turn
            r = httpx.post(srv.base + "/api/tables", json={"game": "lukfu", "seats": [{"kind": "human"}] * 4,
                                                           "num_deals": 2, "listed": False},
                           headers={"Connection": "close"}, timeout=30)
            r.raise_for_status()
            tables.append(r.json())
        assert {worker_of(t["id"], 2) for t in tables} == {0, 1}
        rng = random.Random(3)
        for t in tables:
            seats = {int(p): srv.client(t["id"], s["token"]) for p, s in t["seats"].items()}
            clients += seats.values()
            played, deadline = 0, time.time() + 20
            while played < 4 and time.time() < deadline:  # a replica may show the table a move late
                frames = {p: _current(c) for p, c in seats.items()}
                p, f = next(((p, f) for p, f in frames.items() if f.get("legal")), (None, None))
                if p is None:
                    time.sleep(0.05)
                    continue
                seats[p].send({"type": "action", "action": rng.choice(f["legal"]), "id": f"m{f['seq']}-{p}",
                               "seq": f["seq"]})
                got = seats[p].wait(lambda x: x["type"] in ("ack", "error"))
                played += got["type"] == "ack"
            assert played == 4
        seen: dict[int, dict] = {}
        for _ in range(50):
            h = httpx.get(srv.base + "/api/health", headers={"Connection": "close"}, timeout=10).json()["cluster"]
            seen[h["pid"]] = h
            if len(seen) == 2:
                break
        assert len(seen) == 2
        assert [h["forwarded"] for h in seen.values()] == [0, 0], seen  # no move relayed
        assert [h["replicas"] for h in seen.values()] == [0, 0], seen  # no table kept twice
        assert sorted(h["owned"] for h in seen.values()) == [4, 4], seen
    finally:
        for c in clients:
            c.close()
        srv.stop()
