"""A club end to end through its API: made, joined by invite link and by request, its standing table
opened twice, two matches played to the end by members (bots in the other seats), and the ledger's
totals and transfers equal to the matches' own; a non-member refused everywhere a private club is
closed; the organiser's note that settles the balance; roles and the last owner."""

from __future__ import annotations

import random
from contextlib import ExitStack
from fractions import Fraction

import pytest
from starlette.testclient import TestClient

from tests.accounts.helpers import sign_in
from yezi.core.settleup import settle_up
from yezi.server import rematch
from yezi.server.accounts import seats
from yezi.server.app import create_app
from yezi.server.config import Settings

STANDING = {"game": "paigow", "num_deals": 1, "move_timer": 0,
            "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"},
                      {"kind": "bot", "bot": "random"}]}


@pytest.fixture
def app(tmp_path):
    return create_app(Settings(database_url=f"sqlite:///{tmp_path / 'yezi.db'}", bot_delay=0.0,
                               next_deal_delay=0.0, create_per_minute=1000))


def play_out(c: TestClient, tid: str, tokens: list[str], rng: random.Random) -> dict:
    """Play the table's people with random legal moves until its match is over (bots play themselves)."""
    with ExitStack() as stack:
        opened = [stack.enter_context(c.websocket_connect(f"ws://localhost/ws/{tid}",
                                                          headers={"Authorization": f"Bearer {tok}"}))
                  for tok in tokens]
        for _ in range(400):
            for ws in opened:
                ws.send_json({"type": "sync"})
                while (f := ws.receive_json())["type"] != "state":
                    pass
                if f["match_over"]:
                    return c.get(f"/api/tables/{tid}").json()
                if f.get("legal") and not f["deal_over"]:
                    ws.send_json({"type": "action", "action": rng.choice(f["legal"]), "seq": f["seq"],
                                  "id": f"m{f['seq']}-{rng.random()}"})
                    while ws.receive_json()["type"] not in ("ack", "error"):
                        pass
    raise AssertionError("the match did not end")


def test_a_club_plays_its_standing_table_twice_and_its_ledger_adds_up(app):
    with TestClient(app, base_url="http://localhost") as ann, TestClient(app, base_url="http://localhost") as bob, \
            TestClient(app, base_url="http://localhost") as dan, TestClient(app, base_url="http://localhost") as cat:
        a, b, d = sign_in(ann, "Ann"), sign_in(bob, "Bob"), sign_in(dan, "Dan")
        sign_in(cat, "Cat")
        r = ann.post("/api/clubs", json={"name": "Chan family", "languages": ["zh-hant", "en"], "private": True})
        assert r.status_code == 201, r.text
        cid = r.json()["id"]
        assert ann.post("/api/clubs", json={"name": "CHAN FAMILY"}).json()["error"] == "club-name-taken"

        # the invite link: a secret in the fragment; a wrong or revoked one opens nothing
        link = ann.post(f"/api/clubs/{cid}/invite").json()["link"]
        assert link.startswith(f"/c/{cid}#join=")
        secret = link.split("#join=")[1]
        assert bob.post(f"/api/clubs/{cid}/join", json={"invite": secret + "x"}).status_code == 403
        assert bob.post(f"/api/clubs/{cid}/invite").json()["error"] == "not-member"
        r = bob.post(f"/api/clubs/{cid}/join", json={"invite": secret})
        assert r.status_code == 200 and r.json()["role"] == "member", r.text
        assert bob.post(f"/api/clubs/{cid}/invite").json()["error"] == "not-organiser"
        assert ann.delete(f"/api/clubs/{cid}/invite").status_code == 200
        assert cat.post(f"/api/clubs/{cid}/join", json={"invite": secret}).json()["error"] == "bad-invite"

        # by request, which an organiser accepts
        assert dan.post(f"/api/clubs/{cid}/requests").status_code == 200
        assert ann.get(f"/api/clubs/{cid}").json()["requests"][0]["name"] == "Dan"
        assert bob.post(f"/api/clubs/{cid}/requests/answer", json={"user": d.id, "accept": True}).status_code == 403
        assert ann.post(f"/api/clubs/{cid}/requests/answer", json={"user": d.id, "accept": True}).status_code == 200
        assert [m["name"] for m in ann.get(f"/api/clubs/{cid}").json()["members"]] == ["Ann", "Bob", "Dan"]

        # the standing table: saved once by an organiser, opened by any member
        assert bob.post(f"/api/clubs/{cid}/standing", json=STANDING).json()["error"] == "not-organiser"
        assert bob.post(f"/api/clubs/{cid}/open").json()["error"] == "no-standing-table"
        assert ann.post(f"/api/clubs/{cid}/standing", json=STANDING).status_code == 200
        totals: dict[str, Fraction] = {}
        matches = []
        for first, second in ((ann, bob), (dan, ann)):
            r = bob.post(f"/api/clubs/{cid}/open")
            assert r.status_code == 201, r.text
            tid = r.json()["table"]
            assert [s["claimed"] for s in r.json()["seats"]][:2] == [False, False]
            # a non-member takes no seat, by the club or by the lobby
            assert cat.post(f"/api/clubs/{cid}/tables/{tid}/take", json={"position": 0}).json()["error"] == "not-member"
            assert cat.post(f"/api/tables/{tid}/claim", json={"position": 0}).json()["error"] == "invite-only"
            t0 = first.post(f"/api/clubs/{cid}/tables/{tid}/take", json={"position": 0})
            assert t0.status_code == 200, t0.text
            assert first.post(f"/api/clubs/{cid}/tables/{tid}/take", json={"position": 1}).json()["error"] == "already-seated"
            t1 = second.post(f"/api/clubs/{cid}/tables/{tid}/take", json={"position": 1})
            assert t1.status_code == 200, t1.text
            assert dan.post(f"/api/clubs/{cid}/tables/{tid}/take", json={"position": 1}).json()["error"] == "seat-taken"
            assert dan.post(f"/api/clubs/{cid}/tables/{tid}/take", json={"position": 2}).json()["error"] == "seat-taken"
            info = play_out(cat, tid, [t0.json()["token"], t1.json()["token"]], random.Random(len(matches)))
            users = seats.users_of_table(app.state.store.engine, tid)
            for pos, x in enumerate(info["totals"]):
                key = f"user:{users[pos]}" if pos in users else f"bot:random:{pos + 1}"
                totals[key] = totals.get(key, Fraction(0)) + Fraction(x)
            matches.append(tid)
        assert len(set(matches)) == 2

        led = bob.get(f"/api/clubs/{cid}/ledger").json()
        assert [h["table"] for h in led["history"]] == matches
        assert {k: Fraction(v) for k, v in led["balance"].items()} == totals
        assert {k: Fraction(v) for k, v in led["all_time"].items()} == totals
        net = dict.fromkeys(totals, Fraction(0))
        for payer, payee, x in led["transfers"]:
            net[payer] -= Fraction(x)
            net[payee] += Fraction(x)
        assert net == totals
        live = [v for v in totals.values() if v]
        assert len(led["transfers"]) == len(settle_up(live))  # as few as the one settle-up finds
        assert led["parties"][f"user:{a.id}"] == {"kind": "member", "name": "Ann", "member": True}
        assert led["parties"]["bot:random:3"]["kind"] == "bot"
        board = ann.get(f"/api/clubs/{cid}").json()["leaderboard"]
        assert {x["name"]: Fraction(x["points"]) for x in board} == {
            n: totals.get(f"user:{u.id}", Fraction(0)) for n, u in (("Ann", a), ("Bob", b), ("Dan", d))}
        assert sum(x["games"] for x in board) == 4

        # a non-member of a private club sees its name only
        seen = cat.get(f"/api/clubs/{cid}").json()
        assert seen["visible"] is False and "members" not in seen and "leaderboard" not in seen
        assert cat.get(f"/api/clubs/{cid}/ledger").json()["error"] == "not-member"
        assert TestClient(app, base_url="http://localhost").get(f"/api/clubs/{cid}/ledger").status_code == 403

        # the organiser's note: settled up, the balance starts again; a member cannot annotate
        assert bob.post(f"/api/clubs/{cid}/notes", json={"text": "settled 2026-12-06"}).json()["error"] == "not-organiser"
        r = ann.post(f"/api/clubs/{cid}/notes", json={"text": "settled 2026-12-06", "settled": True})
        assert r.status_code == 201, r.text
        led = bob.get(f"/api/clubs/{cid}/ledger").json()
        assert led["balance"] == {} and led["transfers"] == [] and led["settled_at"] is not None
        assert led["history"][-1] == {"kind": "note", "at": led["settled_at"], "text": "settled 2026-12-06",
                                      "by": "Ann", "settled": True}
        assert {k: Fraction(v) for k, v in led["all_time"].items()} == totals

        # roles: the last owner cannot leave until another member owns the club too
        assert ann.post(f"/api/clubs/{cid}/leave").json()["error"] == "last-owner"
        assert ann.post(f"/api/clubs/{cid}/role", json={"user": a.id, "role": "member"}).json()["error"] == "last-owner"
        assert bob.post(f"/api/clubs/{cid}/role", json={"user": b.id, "role": "owner"}).json()["error"] == "not-owner"
        assert ann.post(f"/api/clubs/{cid}/role", json={"user": b.id, "role": "owner"}).status_code == 200
        assert ann.post(f"/api/clubs/{cid}/leave").status_code == 200
        assert [m["name"] for m in bob.get(f"/api/clubs/{cid}").json()["members"]] == ["Bob", "Dan"]


def test_clubs_need_an_account_and_refuse_bad_input(app):
    with TestClient(app, base_url="http://localhost") as guest, TestClient(app, base_url="http://localhost") as ann:
        r = guest.post("/api/clubs", json={"name": "Guests"})
        assert r.status_code == 401 and r.json()["error"] == "not-signed-in"
        sign_in(ann, "Ann")
        for body, code in (({"name": ""}, "bad-club-name"), ({"name": "a\u202eb"}, "bad-club-name"),
                           ({"name": "x" * 41}, "bad-club-name"), ({"name": "Ok", "private": "yes"}, "bad-request"),
                           ({"name": "Ok", "languages": ["fr"]}, "bad-lang"), ({"name": "Ok", "extra": 1}, "bad-request")):
            r = ann.post("/api/clubs", json=body)
            assert r.status_code == 400 and r.json()["error"] == code, (body, r.text)
        assert ann.get("/api/clubs/nope").status_code == 404
        assert ann.get("/api/clubs/" + "x" * 200).status_code == 404
        cid = ann.post("/api/clubs", json={"name": "Ok"}).json()["id"]
        bad = dict(STANDING, seats=[{"kind": "bot"}] * 4)
        assert ann.post(f"/api/clubs/{cid}/standing", json=bad).json()["error"] == "bad-seats"
        assert ann.post(f"/api/clubs/{cid}/standing", json={"game": "nope"}).json()["error"] == "bad-game"
        assert ann.post(f"/api/clubs/{cid}/notes", json={"text": ""}).json()["error"] == "bad-note"
        assert ann.post(f"/api/clubs/{cid}/tables/zzz/take", json={"position": 0}).status_code == 404


def _club_with_table(ann: TestClient, bob: TestClient) -> tuple[str, str, list[str]]:
    cid = ann.post("/api/clubs", json={"name": "Lees"}).json()["id"]
    secret = ann.post(f"/api/clubs/{cid}/invite").json()["link"].split("#join=")[1]
    assert bob.post(f"/api/clubs/{cid}/join", json={"invite": secret}).status_code == 200
    assert ann.post(f"/api/clubs/{cid}/standing", json=STANDING).status_code == 200
    tid = ann.post(f"/api/clubs/{cid}/open").json()["table"]
    tokens = [c.post(f"/api/clubs/{cid}/tables/{tid}/take", json={"position": p}).json()["token"]
              for p, c in ((0, ann), (1, bob))]
    return cid, tid, tokens


def test_a_rematch_of_a_club_table_is_the_clubs_and_in_its_ledger(app):
    with TestClient(app, base_url="http://localhost") as ann, TestClient(app, base_url="http://localhost") as bob:
        a, b = sign_in(ann, "Ann"), sign_in(bob, "Bob")
        cid, tid, tokens = _club_with_table(ann, bob)
        play_out(ann, tid, tokens, random.Random(1))
        for pos, (c, tok) in enumerate(((ann, tokens[0]), (bob, tokens[1]))):
            r = c.post(f"/t/{tid}/rematch", json={"position": pos}, headers={"Authorization": f"Bearer {tok}"})
            assert r.status_code == 200, r.text
        new = r.json()["table"]
        assert new and new != tid
        assert [h["table"] for h in ann.get(f"/api/clubs/{cid}/ledger").json()["history"]] == [tid]
        open_ = ann.get(f"/api/clubs/{cid}").json()["open"]
        assert [t["table"] for t in open_] == [new]  # the club's now, its seats held by the same members
        assert [s["user"] for s in open_[0]["seats"]][:2] == [a.id, b.id]
        r = ann.post(f"/t/{tid}/rematch", json={"position": 0}, headers={"Authorization": f"Bearer {tokens[0]}"})
        assert r.json()["table"] == new  # Ann collects her seat there too
        again = [rematch.rematch_token(tok, new, pos) for pos, tok in enumerate(tokens)]  # what each collected
        play_out(ann, new, again, random.Random(2))
        led = bob.get(f"/api/clubs/{cid}/ledger").json()
        assert [h["table"] for h in led["history"]] == [tid, new]
        assert {k for k in led["all_time"] if k.startswith("user:")} == {f"user:{a.id}", f"user:{b.id}"}


def test_hostile_members_and_strangers_change_nothing(app):
    with TestClient(app, base_url="http://localhost") as ann, TestClient(app, base_url="http://localhost") as bob, \
            TestClient(app, base_url="http://localhost") as eve:
        sign_in(ann, "Ann"), sign_in(bob, "Bob")
        e = sign_in(eve, "Eve")
        cid, tid, _tokens = _club_with_table(ann, bob)
        other = eve.post("/api/clubs", json={"name": "Eve's", "private": False}).json()["id"]
        assert eve.post(f"/api/clubs/{other}/standing", json=STANDING).status_code == 200
        # Eve's own club's path does not reach the Lees' table, nor does a guess at its id
        assert eve.post(f"/api/clubs/{other}/tables/{tid}/take", json={"position": 2}).json()["error"] == "no-table"
        assert eve.post(f"/api/clubs/{cid}/tables/{tid}/take", json={"position": 0}).json()["error"] == "not-member"
        assert eve.post(f"/api/clubs/{cid}/notes", json={"text": "hi"}).json()["error"] == "not-member"
        assert eve.post(f"/api/clubs/{cid}/role", json={"user": e.id, "role": "owner"}).json()["error"] == "not-member"
        assert eve.post(f"/api/clubs/{cid}/requests/answer", json={"user": e.id, "accept": True}).status_code == 403
        assert eve.post(f"/api/clubs/{cid}/open").json()["error"] == "not-member"
        # a member promotes nobody, and asking again or twice changes nothing
        assert bob.post(f"/api/clubs/{cid}/role", json={"user": e.id, "role": "member"}).json()["error"] == "not-owner"
        assert eve.post(f"/api/clubs/{cid}/requests").status_code == 200
        assert eve.post(f"/api/clubs/{cid}/requests").status_code == 200
        assert len(ann.get(f"/api/clubs/{cid}").json()["requests"]) == 1
        assert bob.post(f"/api/clubs/{cid}/requests").json()["error"] == "already-member"
        assert ann.post(f"/api/clubs/{cid}/role", json={"user": e.id, "role": "owner"}).json()["error"] == "not-member"
        home = ann.get(f"/api/clubs/{cid}").json()
        assert [m["name"] for m in home["members"]] == ["Ann", "Bob"] and home["members_count"] == 2
        assert ann.get(f"/api/clubs/{cid}/ledger").json()["history"] == []
        # the public club shows its page to anyone, and its seats to its members only
        assert ann.get(f"/api/clubs/{other}").json()["visible"] is True
        assert ann.post(f"/api/clubs/{other}/open").json()["error"] == "not-member"
        public = TestClient(app, base_url="http://localhost").get("/api/clubs").json()["public"]
        assert [c["id"] for c in public] == [other]  # a private club is listed to nobody


def test_the_clubs_limiter_holds_against_a_loop(tmp_path):
    app = create_app(Settings(database_url=f"sqlite:///{tmp_path / 'yezi.db'}", create_per_minute=5))
    with TestClient(app, base_url="http://localhost") as ann:
        sign_in(ann, "Ann")
        answers = [ann.post("/api/clubs", json={"name": f"Club {i}"}).status_code for i in range(8)]
        assert answers == [201] * 5 + [429] * 3
        assert len(ann.get("/api/clubs").json()["mine"]) == 5  # the refused made nothing
