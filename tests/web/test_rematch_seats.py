"""The rematch seat of a player who holds the old seat in more than one place (two browsers, a phone
and a laptop, a reload after the rematch table exists): each place collects the rematch seat, and
none of them may lock another out. A collect used to issue a fresh credential every time and so
voided the one collected before it: the first device sat at the rematch table refused (bad-token).

The rematch seat's credential is now derived from the old seat's (whoever proves the old seat gets
the same one, and nobody else can compute it); the host's new invitation at the rematch table still
closes the seat to every holder of the old credential, which cannot take it back."""

from __future__ import annotations

import random
import secrets
import time

import httpx

from tests.web.helpers import Client, Server

SEATS = [{"kind": "human"}, {"kind": "human", "access": "invite"}, {"kind": "bot", "bot": "random"},
         {"kind": "bot", "bot": "random"}]


def _browser(srv: Server, tid: str, token: str) -> httpx.Client:
    """A browser of its own (its own cookie jar) that opened the seat link of `token`."""
    b = httpx.Client(base_url=srv.base, timeout=10)
    r = b.post(f"/t/{tid}/session", json={"token": token})
    assert r.status_code == 200, r.text
    return b


def _cookie(b: httpx.Client, tid: str, position: int) -> str | None:
    """The seat cookie this browser holds for table `tid` (Path=/t/<tid>), as a Cookie header."""
    for c in b.cookies.jar:
        if c.name == f"yz_s{position}" and c.path == f"/t/{tid}":
            return f"{c.name}={c.value}"
    return None


def _seat_ws(srv: Server, tid: str, position: int, cookie: str | None) -> Client:
    return Client(f"{srv.ws_base}/t/{tid}/ws?seat={position}", {"Cookie": cookie} if cookie else None)


def _plays(srv: Server, tid: str, position: int, cookie: str | None) -> bool:
    """Whether the cookie opens the seat: a state frame for it with the seat's own hand (else an error)."""
    cl = _seat_ws(srv, tid, position, cookie)
    try:
        f = cl.wait(lambda x: x["type"] in ("state", "error"))
        if f["type"] == "error":
            assert f["code"] == "bad-token", f
            return False
        assert f["position"] == position and "hand" in f["view"], f
        return True
    finally:
        cl.close()


def _finished_match(srv: Server) -> tuple[str, str, str]:
    """A two-person match (no timer: the rematch table waits for its players), played out with
    random moves: (table id, host's token, seat 1's token)."""
    t = srv.create(game="lukfu", name="Ann", seats=SEATS)
    tid, tok0, tok1 = t["id"], t["seats"]["0"]["token"], t["seats"]["1"]["token"]
    players = {0: srv.client(tid, tok0), 1: srv.client(tid, tok1, name="Bob")}
    rng = random.Random(7)
    try:
        for _ in range(600):
            f = players[0].sync()
            if f["match_over"]:
                return tid, tok0, tok1
            pos = f["to_act_position"]
            if pos not in players:
                time.sleep(0.02)  # a bot's turn
                continue
            g = players[pos].sync()
            if g.get("legal"):
                players[pos].send({"type": "action", "action": rng.choice(g["legal"]), "id": f"a{g['seq']}",
                                   "seq": g["seq"]})
                players[pos].wait(lambda x: x["type"] in ("ack", "error"))
        raise AssertionError("the match did not end")
    finally:
        for cl in players.values():
            cl.close()


def _ask(b: httpx.Client, tid: str, position: int) -> httpx.Response:
    return b.post(f"/t/{tid}/rematch", json={"position": position})


def test_two_browsers_of_one_seat_both_keep_the_rematch_seat_and_a_stranger_gets_nothing(server: Server):
    srv = server
    tid, tok0, tok1 = _finished_match(srv)
    laptop, phone = _browser(srv, tid, tok1), _browser(srv, tid, tok1)  # one player, two devices
    host = _browser(srv, tid, tok0)
    stranger = httpx.Client(base_url=srv.base, timeout=10)
    try:
        assert _ask(host, tid, 0).json()["table"] is None
        r = _ask(laptop, tid, 1)  # the last acceptance: the rematch table is made
        assert r.status_code == 200, r.text
        new = r.json()["table"]
        assert new and "token" not in r.json()
        on_laptop = _cookie(laptop, new, 1)
        assert on_laptop and _plays(srv, new, 1, on_laptop)
        # the same seat collected on the phone, then the laptop's page reloaded: every copy still opens it
        assert _ask(phone, tid, 1).json()["table"] == new
        on_phone = _cookie(phone, new, 1)
        assert on_phone and _plays(srv, new, 1, on_phone)
        assert _plays(srv, new, 1, on_laptop), "the phone's collect locked the laptop out of its seat"
        assert _ask(laptop, tid, 1).status_code == 200
        assert _plays(srv, new, 1, _cookie(laptop, new, 1)) and _plays(srv, new, 1, on_phone)
        assert _ask(host, tid, 0).status_code == 200  # the host's own rematch seat
        # nobody else: no cookie, another seat's cookie, the old seat's token, a guess
        r = _ask(stranger, tid, 1)
        assert r.status_code == 403 and r.json()["error"] == "not-seated" and _cookie(stranger, new, 1) is None
        r = host.post(f"/t/{tid}/rematch", json={"position": 1})
        assert r.status_code == 403 and _cookie(host, new, 1) is None
        assert not _plays(srv, new, 1, f"yz_s1={tok1}")
        assert not _plays(srv, new, 1, f"yz_s1={secrets.token_urlsafe(24)}")
        assert not _plays(srv, new, 1, _cookie(host, new, 0).replace("yz_s0", "yz_s1"))
        assert stranger.get(f"/t/{new}/session").json() == {"positions": []}
    finally:
        for b in (laptop, phone, host, stranger):
            b.close()


def test_the_hosts_new_invitation_at_the_rematch_closes_the_seat_to_the_old_credential(server: Server):
    """A leaked seat link: its holder collects the rematch seat with the player. The rematch table's
    host issues a new invitation for the seat: both copies stop working, and the old credential
    cannot collect the seat again (which would void the new link the host sent the player)."""
    srv = server
    tid, tok0, tok1 = _finished_match(srv)
    player, thief = _browser(srv, tid, tok1), _browser(srv, tid, tok1)
    host = _browser(srv, tid, tok0)
    try:
        _ask(host, tid, 0)
        new = _ask(player, tid, 1).json()["table"]
        assert _ask(thief, tid, 1).status_code == 200 and _ask(host, tid, 0).status_code == 200
        at_player, at_thief = _cookie(player, new, 1), _cookie(thief, new, 1)
        seated = _seat_ws(srv, new, 1, at_thief)
        assert seated.state()["position"] == 1
        r = host.post(f"/t/{new}/invite", json={"position": 1})
        assert r.status_code == 200, r.text
        link = r.json()["token"]
        assert seated.wait(lambda x: x["type"] == "error")["code"] == "bad-token"
        seated.close()
        assert not _plays(srv, new, 1, at_player) and not _plays(srv, new, 1, at_thief)
        # the player opens the new link and sits down; the old credential cannot take the seat back
        fresh = _browser(srv, new, link)
        at_fresh = _cookie(fresh, new, 1)
        sits = Client(f"{srv.ws_base}/t/{new}/ws?seat=1&name=Bob", {"Cookie": at_fresh})
        assert sits.state()["position"] == 1
        sits.close()
        assert srv.get(f"/api/tables/{new}").json()["players"][1]["claimed"]
        for b in (thief, player):
            r = _ask(b, tid, 1)
            assert r.status_code == 403 and r.json()["error"] == "seat-reissued", r.text
            assert not _plays(srv, new, 1, _cookie(b, new, 1))
        assert _plays(srv, new, 1, at_fresh), "the old seat's credential voided the host's new invitation"
        fresh.close()
    finally:
        for b in (player, thief, host):
            b.close()


def test_the_rematch_credential_is_as_strong_as_a_new_token_and_bound_to_its_seat():
    """192 bits in the alphabet of `new_token`, one per (old credential, table, seat): neither the
    table's id nor the seat number, both public, lets anyone without the old credential compute it."""
    from yezi.server.rematch import rematch_token
    from yezi.server.tables import new_token

    old = new_token()
    tok = rematch_token(old, "T1", 1)
    assert len(tok) == len(new_token()) == 32 and set(tok) <= set(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    assert tok == rematch_token(old, "T1", 1) and tok != old
    assert len({tok, rematch_token(old, "T2", 1), rematch_token(old, "T1", 0), rematch_token(new_token(), "T1", 1)}) == 4


def test_the_old_tables_host_cannot_lock_a_guest_out_of_the_rematch_seat(server: Server):
    """Issue 26: the guest accepted, the host's acceptance made the rematch table, and before the guest
    came back for the seat the host issued a new invitation for it at the old table: the guest's
    credential, which collects the rematch seat, no longer opened the old seat, and nobody else
    could sit there. After the match the old table issues no invitations (the rematch table does)."""
    srv = server
    tid, tok0, tok1 = _finished_match(srv)
    guest, host = _browser(srv, tid, tok1), _browser(srv, tid, tok0)
    try:
        assert _ask(guest, tid, 1).json()["table"] is None
        new = _ask(host, tid, 0).json()["table"]
        assert new
        r = host.post(f"/t/{tid}/invite", json={"position": 1})
        assert r.status_code == 409 and r.json()["error"] == "invite-closed", r.text
        r = _ask(guest, tid, 1)
        assert r.status_code == 200 and r.json()["table"] == new, r.text
        assert _plays(srv, new, 1, _cookie(guest, new, 1))
    finally:
        for b in (guest, host):
            b.close()
