"""Issue 11, finding 3: anyone who knew a table's id (it is in the watch link) could claim the seat
kept for a friend before the friend opened the invitation, whose link then failed."""

from __future__ import annotations

import httpx
import pytest

from tests.security._access import access_server
from tests.web.helpers import Client, Server

SEATS = [{"kind": "human"}, {"kind": "human", "access": "invite"}, {"kind": "human", "access": "open"},
         {"kind": "bot", "bot": "random"}]


@pytest.fixture(scope="module")
def srv():
    with access_server() as s:
        yield s


def _ws(srv: Server, tid: str, seat: int, cookie: str) -> Client:
    """A browser's WebSocket: the seat's cookie, no secret in the address."""
    return Client(f"{srv.ws_base}/t/{tid}/ws?seat={seat}", {"Cookie": cookie})


def test_stranger_cannot_take_an_invited_seat(srv: Server):
    t = srv.create(seats=SEATS, name="Host")
    assert set(t["seats"]) == {"0", "1"} and t["seats"]["1"]["access"] == "invite"
    r = srv.post(f"/api/tables/{t['id']}/claim", {"position": 1, "name": "stranger"})
    assert r.status_code == 403 and r.json()["error"] == "invite-only"
    info = srv.get(f"/api/tables/{t['id']}").json()
    assert info["players"][1]["claimed"] is False and info["players"][1]["name"] == ""
    # the friend's link still works: exchanged for a cookie, which opens the seat's WebSocket
    r = srv.post(f"/t/{t['id']}/session", {"token": t["seats"]["1"]["token"]})
    assert r.status_code == 200 and r.json() == {"position": 1}
    cookie = r.headers["set-cookie"]
    assert "httponly" in cookie.lower() and "samesite=strict" in cookie.lower() and f"Path=/t/{t['id']}" in cookie
    cl = _ws(srv, t["id"], 1, cookie.split(";")[0])
    assert cl.state()["position"] == 1
    cl.close()


def test_an_open_seat_is_offered_and_taken(srv: Server):
    t = srv.create(seats=SEATS, name="Host")
    lobby = {x["id"]: x for x in srv.get("/api/tables").json()["tables"]}
    players = lobby[t["id"]]["players"]
    assert [p["access"] for p in players] == ["invite", "invite", "open", None]
    r = srv.post(f"/api/tables/{t['id']}/claim", {"position": 2, "name": "Wu"})
    assert r.status_code == 200 and r.json()["position"] == 2
    cookie = r.headers["set-cookie"].split(";")[0]
    assert cookie.startswith("yz_s2=")
    cl = _ws(srv, t["id"], 2, cookie)
    assert cl.state()["position"] == 2
    cl.close()
    assert srv.post(f"/api/tables/{t['id']}/claim", {"position": 2}).json()["error"] == "seat-taken"
    # no free open seat any more: the table no longer waits for players
    assert t["id"] not in {x["id"] for x in srv.get("/api/tables").json()["tables"]}
    only_invites = srv.create(seats=[{"kind": "human"}, {"kind": "human"}, {"kind": "bot"}, {"kind": "bot"}])
    assert only_invites["id"] not in {x["id"] for x in srv.get("/api/tables").json()["tables"]}


def test_host_reissues_an_invitation(srv: Server):
    t = srv.create(seats=SEATS, name="Host")
    tid, old = t["id"], t["seats"]["1"]["token"]
    friend = srv.client(tid, old)
    assert friend.state()["position"] == 1
    # only the host may; the friend (or a stranger) may not
    assert srv.post(f"/t/{tid}/invite", {"position": 1}).status_code == 403
    r = httpx.post(f"{srv.base}/t/{tid}/invite", json={"position": 2}, headers={"Authorization": f"Bearer {old}"})
    assert r.status_code == 403 and r.json()["error"] == "not-host"
    host_cookie = srv.post(f"/t/{tid}/session", {"token": t["seats"]["0"]["token"]}).headers["set-cookie"].split(";")[0]
    r = httpx.post(f"{srv.base}/t/{tid}/invite", json={"position": 1}, headers={"Cookie": host_cookie})
    assert r.status_code == 200, r.text
    new = r.json()["token"]
    assert r.json()["link"] == f"/t/{tid}#seat={new}" and new != old
    # the holder of the old link is told and disconnected; the old link opens nothing any more
    assert friend.wait(lambda f: f["type"] == "error")["code"] == "bad-token"
    friend.close()
    stale = srv.client(tid, old)
    assert stale.recv()["code"] == "bad-token"
    stale.close()
    assert srv.post(f"/t/{tid}/session", {"token": old}).status_code == 403
    fresh = srv.client(tid, new)
    assert fresh.state()["position"] == 1
    fresh.close()


def test_a_token_in_the_websocket_address_is_refused(srv: Server):
    t = srv.create(seats=SEATS)
    cl = Client(f"{srv.ws_base}/ws/{t['id']}?token={t['seats']['0']['token']}")
    assert cl.recv()["code"] == "token-in-url"
    cl.close()
    # a cookie of another seat does not open this one
    c1 = srv.post(f"/t/{t['id']}/session", {"token": t["seats"]["1"]["token"]}).headers["set-cookie"].split(";")[0]
    cl = _ws(srv, t["id"], 0, c1.replace("yz_s1", "yz_s0"))
    assert cl.recv()["code"] == "bad-token"
    cl.close()
    seats = httpx.get(f"{srv.base}/t/{t['id']}/session", headers={"Cookie": c1}).json()
    assert seats == {"positions": [1]}


def test_old_tables_keep_open_seats(tmp_path):
    """Seats made before seat access existed (revision 0002) stay open, as they behaved."""
    from sqlalchemy import text

    from yezi.server.db import Store, make_engine, migrate

    e = make_engine("sqlite:///" + str(tmp_path / "old.db"))
    migrate(e, "0002")
    with e.begin() as c:
        c.execute(text("insert into yezi_tables (id, game, preset, options, num_deals, seed, title, listed, status, "
                       "created_at) values ('old', 'lukfu', 'hakka-hk', '{}', 1, 7, '', true, 'playing', 0)"))
        c.execute(text("insert into yezi_players (table_id, position, kind, bot, name, token_hash, claimed) "
                       "values ('old', 1, 'human', null, '', null, false)"))
    migrate(e)
    st = Store(e, checkpoint_every=0)
    assert st.players("old")[0].access == "open" and st.table("old").host_position is None
    e.dispose()
