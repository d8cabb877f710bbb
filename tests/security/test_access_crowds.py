"""Issue 26, findings 5-7: caps a crowd could exhaust. Spectators took the seats' places at a table,
idle sockets from a dozen addresses took every connection, 250 addresses filled the server with
tables (and 10 the lobby), an IPv6 /56 counted as 256 clients, and a seat connection alone kept a
table alive for ever. Addresses are named through a trusted proxy's X-Forwarded-For, as in
test_access_clients.py, or (TCP) bound on 127.0.k.x."""

from __future__ import annotations

import asyncio
import json
import socket
import time
from contextlib import suppress

import httpx
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from tests.security._access import access_server
from tests.web.helpers import Client
from yezi.server.accounts import identity
from yezi.server.db import make_engine

PROXIED = {"YEZI_TRUSTED_PROXIES": "127.0.0.1"}
OPEN_SEAT = {"game": "lukfu", "seats": [{"kind": "human"}, {"kind": "human", "access": "open"},
                                         {"kind": "bot"}, {"kind": "bot"}]}


def _from(addr: str) -> dict[str, str]:
    return {"X-Forwarded-For": addr}


def _status(srv, tid: str) -> str:
    return srv.get(f"/api/tables/{tid}").json()["status"]


async def _watch(url: str, headers: dict[str, str]) -> tuple[object | None, dict]:
    """A socket and the first frame it gets: its state (the socket kept open), or the refusal it is
    closed with (None)."""
    ws = await connect(url, additional_headers=headers, open_timeout=30, max_queue=None)  # reads every frame
    try:
        f = json.loads(await asyncio.wait_for(ws.recv(), 30))
    except ConnectionClosed:
        f = {"type": "closed"}
    if f["type"] != "state":
        await ws.close()
        return None, f
    return ws, f


async def _spectator_flood(srv, t: dict) -> tuple[list[dict], list[dict], list]:
    """7 addresses open 32 spectator sockets each at once; then both seats connect."""
    url = f"{srv.ws_base}/ws/{t['id']}"
    got = await asyncio.gather(*(_watch(url, _from(f"203.0.{a}.9")) for a in range(7) for _ in range(32)))
    watchers = [ws for ws, _f in got if ws is not None]
    seats = [await _watch(url, {"Authorization": f"Bearer {t['seats'][pos]['token']}", **_from("198.51.100.7")})
             for pos in ("0", "1")]
    await asyncio.gather(*(ws.close() for ws in watchers + [ws for ws, _f in seats if ws is not None]))
    return [f for _ws, f in got], [f for _ws, f in seats], watchers


def test_a_spectator_flood_does_not_refuse_the_seated_players():
    """7 addresses x 32 spectator sockets filled the 200 places of a table, and both its seated
    players were refused "full". Spectators have slots of their own now, capped per table and per
    address; the seats' holders always get in."""
    with access_server(YEZI_MAX_SPECTATORS="20", YEZI_MAX_SPECTATORS_PER_CLIENT="4", **PROXIED) as srv:
        t = srv.create(game="lukfu", seats=[{"kind": "human"}, {"kind": "human"}, {"kind": "bot"}, {"kind": "bot"}])
        flood, seats, watchers = asyncio.run(_spectator_flood(srv, t))
        assert [(f["type"], f.get("position")) for f in seats] == [("state", 0), ("state", 1)], seats
        codes = {f.get("code") for f in flood if f["type"] != "state"}
        assert len(watchers) == 20, len(watchers)  # the table's spectator slots, at most 4 per address
        assert codes == {"too-many-sockets", "watchers-full"}, codes


def _idle(port: int, source: str) -> socket.socket | None:
    """A connection from `source` that sends nothing; None if the server refused it at once."""
    with suppress(OSError):
        s = socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(source, 0))
        return s
    return None


def test_idle_sockets_from_many_addresses_do_not_stop_a_legitimate_client():
    """16 addresses held 64 idle connections each at a 1,024-descriptor limit, and 84 of 86
    requests of another client failed. Here the descriptor limit is a connection cap of 100 (the
    setting the open-file limit lowers), 16 addresses hold 8 idle connections each and top them up
    as they are closed: the oldest idle connections make room, every request is answered."""
    with access_server(YEZI_MAX_CONNECTIONS="100", YEZI_MAX_CONNS_PER_PEER="8", YEZI_HEADER_TIMEOUT="60",
                       YEZI_KEEP_ALIVE="60") as srv:
        sources = [f"127.0.{k}.2" for k in range(1, 17)]
        held: dict[str, list[socket.socket]] = {s: [] for s in sources}
        answered = failed = 0
        try:
            for _round in range(3):
                for src in sources:  # the attackers keep 8 connections each open
                    live = []
                    for s in held[src]:
                        s.setblocking(False)
                        try:
                            gone = s.recv(1) == b""
                        except BlockingIOError:
                            gone = False
                        except OSError:
                            gone = True
                        (s.close() if gone else live.append(s))
                    while len(live) < 8 and (s := _idle(srv.port, src)) is not None:
                        live.append(s)
                    held[src] = live
                time.sleep(0.2)
                for _ in range(6):  # the legitimate client: a new connection for each request
                    try:
                        ok = httpx.get(srv.base + "/api/health", timeout=3).status_code == 200
                    except httpx.HTTPError:
                        ok = False
                    answered += ok
                    failed += not ok
            assert failed == 0, f"{failed} of {answered + failed} requests failed"
        finally:
            for socks in held.values():
                for s in socks:
                    s.close()


def test_an_ipv6_56_is_one_network_for_the_caps():
    """IPv6 was counted per /64, so one /56 was 256 clients. Its /48 is held to `group_share`
    clients' worth of each cap; another /48 is untouched."""
    env = {"YEZI_MAX_TABLES_PER_CLIENT": "2", "YEZI_GROUP_SHARE": "4", **PROXIED}
    with access_server(**env) as srv, httpx.Client(base_url=srv.base, timeout=10) as h:
        codes = [h.post("/api/tables", json={"game": "lukfu"}, headers=_from(f"2001:db8:0:1{i:02x}::1")).status_code
                 for i in range(40)]  # 40 /64s of one /56
        assert codes.count(201) == 8 and set(codes[8:]) == {429}, codes
        assert h.post("/api/tables", json={"game": "lukfu"}, headers=_from("2001:db8:1:1::1")).status_code == 201
    from yezi.server.clients import address_groups, address_key

    assert address_groups(address_key("2001:db8:0:1ff::1")) == address_groups(address_key("2001:db8:0:100::1")) \
        == ("net:2001:db8::/48",)
    assert address_groups("203.0.113.9") == ("net:203.0.113.0/24",)


def test_a_table_flood_from_250_addresses_leaves_room_for_others():
    """250 addresses made 5,000 tables in 15 s and then everyone got 503; 10 addresses filled the
    lobby. A network's addresses share its cap (here 8 tables a /24), the lobby lists few tables
    per client (here 1, 4 a /24), and anonymous clients leave a share for signed-in players, who still get a table there."""
    env = {"YEZI_MAX_OPEN_TABLES": "40", "YEZI_MAX_TABLES_PER_CLIENT": "2", "YEZI_GROUP_SHARE": "4",
           "YEZI_LOBBY_PER_CLIENT": "1", "YEZI_TABLE_ABANDONED": "3600", **PROXIED}
    with access_server(**env) as srv, httpx.Client(base_url=srv.base, timeout=10) as h:
        flood = [f"10.1.{k}.{x}" for k in range(4) for x in range(1, 64)][:250]
        codes = [h.post("/api/tables", json=OPEN_SEAT, headers=_from(a)).status_code for a in flood]
        assert codes.count(201) == 4 * 8 and set(codes) == {201, 429}, codes
        r = h.post("/api/tables", json=OPEN_SEAT, headers=_from("198.51.100.7"))
        assert r.status_code == 201, r.text
        lobby = [x["id"] for x in h.get("/api/tables").json()["tables"]]
        assert r.json()["id"] in lobby and len(lobby) == 4 * 4 + 1, len(lobby)
        # a botnet spread over many networks fills what anonymous clients may: 36 of 40, 4 held back
        spread = [h.post("/api/tables", json=OPEN_SEAT, headers=_from(f"172.16.{k}.1")).status_code for k in range(5)]
        assert spread == [201, 201, 201, 503, 503], spread
        # the share held back is a signed-in player's, from any address; a forged session cookie is anonymous
        engine = make_engine(srv.database_url)
        try:
            user = identity.create_user(engine, "Ann")
            secret = identity.open_session(engine, user.id, "test")
        finally:
            engine.dispose()
        forged = h.post("/api/tables", json=OPEN_SEAT, headers=_from("172.16.9.1"),
                        cookies={identity.SESSION_COOKIE: "x" * 43})
        assert forged.status_code == 503, forged.text
        member = h.post("/api/tables", json=OPEN_SEAT, headers=_from("172.16.9.1"), cookies={identity.SESSION_COOKIE: secret})
        assert member.status_code == 201, member.text


def test_tables_nobody_is_at_make_way_when_the_server_is_full():
    """Tables count only while somebody is at them: when the server is full, the ones nobody has sat
    at for `YEZI_TABLE_ABANDONED` make way for a new one, whoever opened them; a table somebody is
    at is never taken."""
    env = {"YEZI_MAX_OPEN_TABLES": "4", "YEZI_TABLE_ABANDONED": "1", "YEZI_TABLE_EMPTY": "3600",
           "YEZI_EXPIRY_CHECK": "3600", **PROXIED}
    with access_server(**env) as srv:
        me = _from("198.51.100.7")
        mine = srv.post("/api/tables", OPEN_SEAT, headers=me).json()
        at_mine = Client(f"{srv.ws_base}/ws/{mine['id']}",
                         {"Authorization": f"Bearer {mine['seats']['0']['token']}", **me})
        at_mine.state()
        left = [srv.post("/api/tables", OPEN_SEAT, headers=_from(f"172.16.{k}.1")).json()["id"] for k in range(3)]
        time.sleep(1.5)  # nobody has sat at the three: they no longer hold their places
        r = srv.post("/api/tables", OPEN_SEAT, headers=_from("198.51.100.8"))
        assert r.status_code == 201, r.text
        assert _status(srv, mine["id"]) == "playing"
        assert [_status(srv, tid) for tid in left].count("expired") == 1
        at_mine.close()


def test_a_seat_connection_alone_does_not_keep_a_table_alive():
    """One seat connection per table, the timer playing its moves and dealing the deals, kept a
    table alive for ever. Only people's doings count at a table with people; a table of bots only
    may play on while watched, up to its maximum life."""
    with access_server(bot_delay=0.02, YEZI_TABLE_IDLE="2", YEZI_TABLE_EMPTY="3600", YEZI_EXPIRY_CHECK="0.2",
                       YEZI_TIMER_SCALE="0.01", YEZI_BOT_TABLE_LIFE="4") as srv:
        t = srv.create(game="lukfu", num_deals=32, move_timer=15,
                       seats=[{"kind": "human"}, {"kind": "bot"}, {"kind": "bot"}, {"kind": "bot"}])
        bots = srv.create(game="lukfu", num_deals=32, seats=[{"kind": "bot"}] * 4)
        seat = srv.client(t["id"], t["seats"]["0"]["token"])  # connected, never plays
        watcher = Client(f"{srv.ws_base}/ws/{bots['id']}")
        watcher.state()
        t0 = time.time()
        err = seat.wait(lambda f: f["type"] == "error" and f.get("code") == "expired", timeout=15)
        assert err["code"] == "expired" and _status(srv, t["id"]) == "expired"
        assert len(srv.get(f"/api/tables/{t['id']}").json()["deals"]) >= 1
        assert _status(srv, bots["id"]) == "playing" or time.time() - t0 > 3  # watched: it plays on...
        # ...up to its maximum life (its frames read meanwhile: a socket left unread is slow to close)
        assert watcher.wait(lambda f: f["type"] == "error", timeout=15)["code"] == "expired"
        assert _status(srv, bots["id"]) == "expired"
        seat.close()
        watcher.close()
