"""Profiles, privacy, friends and blocks, invitations to a seat, export and deletion (issue 22):
each rule through the HTTP API, with signed-in test clients (`tests.accounts.helpers.sign_in`)."""

from __future__ import annotations

import json
import time

import pytest
from sqlalchemy import select
from starlette.testclient import TestClient

from tests.accounts.helpers import sign_in
from yezi.server.accounts import seats
from yezi.server.accounts.model import sessions_t, users_t
from yezi.server.accounts.social_model import blocks_t, friends_t, invitations_t
from yezi.server.app import create_app
from yezi.server.config import Settings

HOSTED = {"game": "paigow", "num_deals": 1, "name": "Ann",
          "seats": [{"kind": "human"}, {"kind": "human", "access": "invite"}, {"kind": "human", "access": "open"},
                    {"kind": "bot", "bot": "heuristic"}]}
BOTS = {"game": "paigow", "num_deals": 2, "seats": [{"kind": "bot", "bot": "random"}] * 4}


@pytest.fixture
def app(tmp_path):
    return create_app(Settings(database_url=f"sqlite:///{tmp_path / 'yezi.db'}", bot_delay=0.0))


@pytest.fixture
def people(app):
    """Three signed-in browsers, Ann, Bob and Cy, and a guest."""
    clients = [TestClient(app, base_url="http://localhost") for _ in range(4)]
    for c in clients:
        c.__enter__()
    users = [sign_in(c, n) for c, n in zip(clients, ("Ann", "Bob", "Cy"), strict=False)]
    yield clients, users
    for c in clients:
        c.__exit__(None, None, None)


def _ok(r, status=200):
    assert r.status_code == status, r.text
    return r.json()


def _error(r, code, status):
    assert r.status_code == status, r.text
    assert r.json()["error"] == code, r.text


def test_friends_ask_accept_decline_remove(people):
    (ann, bob, cy, _), _users = people
    assert _ok(ann.post("/api/me/friends/ask", json={"name": "bob"}))["relation"] == "asked"  # names fold
    assert _ok(bob.get("/api/me/friends"))["incoming"] == [{"name": "Ann", "avatar": ""}]
    assert _ok(ann.get("/api/me/friends"))["outgoing"] == [{"name": "Bob", "avatar": ""}]
    _ok(bob.post("/api/me/friends/accept", json={"name": "Ann"}))
    assert [f["name"] for f in _ok(ann.get("/api/me/friends"))["friends"]] == ["Bob"]
    assert _ok(ann.get("/api/users/Bob"))["relation"] == "friends"
    _ok(cy.post("/api/me/friends/ask", json={"name": "Ann"}))
    _ok(ann.post("/api/me/friends/decline", json={"name": "Cy"}))
    assert _ok(ann.get("/api/me/friends"))["incoming"] == []
    _error(ann.post("/api/me/friends/accept", json={"name": "Cy"}), "no-friend-request", 400)
    _ok(bob.post("/api/me/friends/remove", json={"name": "Ann"}))
    assert _ok(ann.get("/api/me/friends"))["friends"] == []
    _error(ann.post("/api/me/friends/ask", json={"name": "Nobody here"}), "no-user", 404)
    _error(ann.post("/api/me/friends/ask", json={"name": "Ann"}), "bad-friend", 400)


def test_a_guest_has_no_friends_and_changes_nothing(people):
    (_, _, _, guest), _users = people
    _error(guest.get("/api/me/friends"), "not-signed-in", 401)
    _error(guest.post("/api/me/friends/ask", json={"name": "Ann"}), "not-signed-in", 401)
    _error(guest.get("/api/me/export"), "not-signed-in", 401)
    assert "sign-in-needed" in guest.get("/settings").text


def test_friend_requests_refused_by_privacy(people):
    (ann, bob, _, _), _users = people
    _ok(bob.post("/api/me/profile", json={"privacy": {"requests": "nobody"}}))
    _error(ann.post("/api/me/friends/ask", json={"name": "Bob"}), "no-requests", 403)
    assert _ok(bob.get("/api/me/friends"))["incoming"] == []


def _table(client, spec=HOSTED):
    return _ok(client.post("/api/tables", json=spec), 201)


def test_a_blocked_player_is_refused_everywhere_the_block_applies(app, people):
    (ann, bob, cy, _), (a, _, _) = people
    _ok(ann.post("/api/me/friends/ask", json={"name": "Bob"}))
    _ok(bob.post("/api/me/friends/accept", json={"name": "Ann"}))
    t = _table(ann)
    _ok(ann.post(f"/t/{t['id']}/invite-friend", json={"position": 1, "name": "Bob"}))
    _ok(ann.post("/api/me/blocks/add", json={"name": "Bob"}))
    engine = app.state.store.engine
    with engine.connect() as c:  # the friendship and the invitation between them ended
        assert c.execute(select(friends_t)).all() == []
        assert c.execute(select(invitations_t)).all() == []
    assert _ok(bob.get("/api/me/invitations"))["invitations"] == []
    # the profile: as if it did not exist (the same answer as for a name nobody has)
    _error(bob.get("/api/users/Ann"), "no-user", 404)
    assert bob.get("/u/Ann").status_code == 404 and bob.get("/u/NoSuchName").status_code == 404
    assert cy.get("/u/Ann").status_code == 200
    # a friend request: answered as one to nobody (Bob is not told he is blocked)
    _error(bob.post("/api/me/friends/ask", json={"name": "Ann"}), "no-user", 404)
    # her table: the open seat and an invitation link are refused, and nothing is taken
    _error(bob.post(f"/api/tables/{t['id']}/claim", json={"position": 2, "name": "Bob"}), "blocked-by-host", 403)
    invite = t["seats"]["1"]["token"]
    _error(bob.post(f"/t/{t['id']}/session", json={"token": invite}), "blocked-by-host", 403)
    assert "yz_s1" not in bob.cookies and "yz_s2" not in bob.cookies
    info = _ok(ann.get(f"/api/tables/{t['id']}"))
    assert not info["players"][2]["claimed"]
    assert seats.users_of_table(engine, t["id"]) == {0: a.id}
    # a table Bob opens: he cannot invite Ann there
    t2 = _table(bob, HOSTED | {"name": "Bob"})
    _error(bob.post(f"/t/{t2['id']}/invite-friend", json={"position": 1, "name": "Ann"}), "no-user", 404)
    # others still sit at her table; unblocked, Bob may again
    _ok(cy.post(f"/api/tables/{t['id']}/claim", json={"position": 2, "name": "Cy"}))
    _ok(ann.post("/api/me/blocks/remove", json={"name": "Bob"}))
    _ok(bob.post(f"/t/{t['id']}/session", json={"token": invite}))
    with engine.connect() as c:
        assert c.execute(select(blocks_t)).all() == []


def test_invite_a_friend_to_a_seat(app, people):
    (ann, bob, cy, guest), (_, b, _) = people
    t = _table(ann)
    # not friends yet: Bob takes invitations from friends only (the default)
    _error(ann.post(f"/t/{t['id']}/invite-friend", json={"position": 1, "name": "Bob"}), "no-invites", 403)
    _ok(ann.post("/api/me/friends/ask", json={"name": "Bob"}))
    _ok(bob.post("/api/me/friends/accept", json={"name": "Ann"}))
    # only the host, signed in and holding the host seat, invites; only to a free invitation seat
    _error(cy.post(f"/t/{t['id']}/invite-friend", json={"position": 1, "name": "Bob"}), "not-host", 403)
    _error(guest.post(f"/t/{t['id']}/invite-friend", json={"position": 1, "name": "Bob"}), "not-signed-in", 401)
    _error(ann.post(f"/t/{t['id']}/invite-friend", json={"position": 3, "name": "Bob"}), "bad-seat", 400)
    _error(ann.post(f"/t/{t['id']}/invite-friend", json={"position": 2, "name": "Bob"}), "seat-taken", 400)
    _ok(ann.post(f"/t/{t['id']}/invite-friend", json={"position": 1, "name": "Bob"}))
    invs = _ok(bob.get("/api/me/invitations"))["invitations"]
    assert [(i["from"], i["table"], i["position"], i["game"]) for i in invs] == [("Ann", t["id"], 1, "paigow")]
    assert _ok(cy.get("/api/me/invitations"))["invitations"] == []
    _error(cy.post("/api/me/invitations/accept", json={"id": invs[0]["id"]}), "no-invitation", 404)
    assert "Take the seat" in bob.get("/settings?lang=en").text
    took = _ok(bob.post("/api/me/invitations/accept", json={"id": invs[0]["id"]}))
    assert took == {"table": t["id"], "position": 1, "link": f"/t/{t['id']}"}
    assert _ok(bob.get(f"/t/{t['id']}/session"))["positions"] == [1]  # the seat's cookie is his
    assert seats.users_of_table(app.state.store.engine, t["id"])[1] == b.id
    # the host's own old link for the seat no longer opens it
    _error(guest.post(f"/t/{t['id']}/session", json={"token": t["seats"]["1"]["token"]}), "bad-token", 403)
    _error(bob.post("/api/me/invitations/accept", json={"id": invs[0]["id"]}), "no-invitation", 404)


def test_an_invitation_voided_by_a_new_link(people):
    (ann, bob, _, _), _users = people
    _ok(bob.post("/api/me/profile", json={"privacy": {"invites": "everyone"}}))
    t = _table(ann)
    _ok(ann.post(f"/t/{t['id']}/invite-friend", json={"position": 1, "name": "Bob"}))
    inv = _ok(bob.get("/api/me/invitations"))["invitations"][0]
    _ok(ann.post(f"/t/{t['id']}/invite", json={"position": 1}))  # the host gave the seat to someone else
    assert _ok(bob.get("/api/me/invitations"))["invitations"] == []
    _error(bob.post("/api/me/invitations/accept", json={"id": inv["id"]}), "invitation-void", 409)


def test_profile_changes_keep_the_name_rules(people):
    (ann, bob, _, _), _users = people
    p = _ok(ann.post("/api/me/profile", json={"name": "Annie", "languages": ["yue", "en"], "bio": "Sundays\u202e!",
                                              "avatar": "coin"}))
    assert p == {"name": "Annie", "avatar": "coin", "languages": ["yue", "en"], "bio": "Sundays!",
                 "privacy": {"games": "everyone", "invites": "friends", "requests": "everyone"}}
    _error(bob.post("/api/me/profile", json={"name": "ANNIE"}), "name-taken", 409)  # the folded name is taken
    _error(bob.post("/api/me/profile", json={"name": "Bob\u202e"}), "bad-display-name", 400)
    _error(bob.post("/api/me/profile", json={"name": "x" * 25}), "bad-display-name", 400)
    _error(bob.post("/api/me/profile", json={"name": "\ufdfa" * 3}), "bad-display-name", 400)  # folds to 54 letters
    _error(bob.post("/api/me/profile", json={"name": "a/b"}), "bad-display-name", 400)  # /u/<name> is an address
    _error(bob.post("/api/me/profile", json={"avatar": "selfie"}), "bad-avatar", 400)
    _error(bob.post("/api/me/profile", json={"languages": ["xx"]}), "bad-languages", 400)
    _error(bob.post("/api/me/profile", json={"privacy": {"games": "some"}}), "bad-privacy", 400)
    assert _ok(bob.get("/api/me/profile"))["name"] == "Bob"
    _ok(bob.post("/api/me/profile", json={"name": "Bob #1?"}))
    assert "Bob #1?" in ann.get("/u/Bob%20%231%3F").text
    page = ann.get("/u/Annie?lang=en").text
    assert "Sundays!" in page and "Cantonese" in page and 'aria-label="Cash coin"' in page
    assert "粵語" in ann.get("/u/Annie?lang=zh-hant").text
    _error(bob.get("/api/users/Ann"), "no-user", 404)  # the old name is free


def _finished(client, tid, timeout=60.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        info = _ok(client.get(f"/api/tables/{tid}"))
        if info["status"] == "finished":
            return info
        time.sleep(0.05)
    raise AssertionError("the bots did not finish the match")


def test_profile_shows_games_played_and_won_as_the_match_end_totals_say(app, people):
    (ann, bob, cy, guest), (a, _, _) = people
    engine = app.state.store.engine
    matches = [_table(guest, BOTS), _table(guest, BOTS | {"listed": False})]  # the second: a private table
    infos = [_finished(guest, m["id"]) for m in matches]
    for m, pos in zip(matches, (0, 2), strict=True):  # Ann held one seat of each match
        seats.link_seats(engine, a.id, [(m["id"], pos)])
    mine = [info["totals"][pos] for info, pos in zip(infos, (0, 2), strict=True)]
    wins = sum(1 for info, pos, x in zip(infos, (0, 2), mine, strict=True)
               if x > 0 or (x == max(info["totals"]) and x > min(info["totals"])))
    prof = _ok(bob.get("/api/users/Ann"))
    assert prof["games"]["per_game"] == {"paigow": {"played": 2, "won": wins}}
    # the private table counts, but only her own profile names it (its id opens its records)
    assert [(g["table"], g["total"], g["deals"]) for g in prof["games"]["recent"]] == [(matches[0]["id"], mine[0], 2)]
    own = _ok(ann.get("/api/users/Ann"))["games"]["recent"]
    assert sorted((g["table"], g["total"]) for g in own) == sorted((m["id"], x) for m, x in zip(matches, mine, strict=True))
    page = bob.get("/u/Ann?lang=en").text
    assert f'<td class="num played">2</td><td class="num won">{wins}</td>' in page
    assert f"/replay?table={matches[0]['id']}" in page and f"/api/tables/{matches[0]['id']}/match.zip" in page
    assert matches[1]["id"] not in page and matches[1]["id"] in ann.get("/u/Ann").text
    # privacy: friends only hides them from a stranger, not from a friend
    _ok(ann.post("/api/me/profile", json={"privacy": {"games": "friends"}}))
    assert _ok(cy.get("/api/users/Ann"))["games"] is None
    assert 'id="games-hidden"' in cy.get("/u/Ann").text and "per-game" not in cy.get("/u/Ann").text
    assert _ok(guest.get("/api/users/Ann"))["games"] is None
    _ok(ann.post("/api/me/friends/ask", json={"name": "Cy"}))
    _ok(cy.post("/api/me/friends/accept", json={"name": "Ann"}))
    assert _ok(cy.get("/api/users/Ann"))["games"]["per_game"]["paigow"]["played"] == 2
    _ok(ann.post("/api/me/profile", json={"privacy": {"games": "nobody"}}))
    assert _ok(cy.get("/api/users/Ann"))["games"] is None
    assert _ok(ann.get("/api/users/Ann"))["games"]["per_game"]["paigow"]["played"] == 2  # she sees her own


def test_export_holds_everything_about_me_and_delete_removes_it(app, people):
    (ann, bob, cy, _), (a, _, _) = people
    engine = app.state.store.engine
    _ok(ann.post("/api/me/profile", json={"bio": "hello", "languages": ["cmn"], "avatar": "leaf"}))
    _ok(ann.post("/api/me/friends/ask", json={"name": "Bob"}))
    _ok(bob.post("/api/me/friends/accept", json={"name": "Ann"}))
    _ok(ann.post("/api/me/friends/ask", json={"name": "Cy"}))
    _ok(ann.post("/api/me/blocks/add", json={"name": "Cy"}))
    t = _table(ann)
    _ok(ann.post(f"/t/{t['id']}/invite-friend", json={"position": 1, "name": "Bob"}))
    r = ann.get("/api/me/export")
    assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
    data = r.json()
    assert data["account"] | {"created_at": 0} == {
        "id": a.id, "name": "Ann", "created_at": 0, "email": None, "email_verified": False, "has_password": False,
        "languages": ["cmn"], "bio": "hello", "avatar": "leaf",
        "privacy": {"games": "everyone", "invites": "friends", "requests": "everyone"}}
    assert [s["user_agent"] for s in data["sessions"]] == ["test"]
    assert data["seats"] == [{"table": t["id"], "position": 0, "linked_at": data["seats"][0]["linked_at"]}]
    assert data["friends"] == {"friends": ["Bob"], "incoming": [], "outgoing": []}
    assert data["blocks"] == ["Cy"]
    assert [(i["with"], i["position"]) for i in data["invitations"]["sent"]] == [("Bob", 1)]
    with engine.connect() as c:  # no secret in it: not a session's hash, not the seat credential's
        secrets_kept = [r.id_hash for r in c.execute(select(sessions_t))] + \
            [r.token_hash for r in c.execute(select(invitations_t))]
    assert secrets_kept and not any(s in r.text for s in secrets_kept)
    assert ann.cookies["yezi_session"] not in r.text
    # deleting needs the display name typed again
    _error(ann.post("/api/me/delete", json={"confirm": "someone"}), "bad-confirmation", 400)
    r = ann.post("/api/me/delete", json={"confirm": "ann"})
    assert _ok(r) == {"ok": True, "deleted": True}
    _error(ann.get("/api/me/export"), "not-signed-in", 401)
    with engine.connect() as c:
        row = c.execute(select(users_t).where(users_t.c.id == a.id)).one()
        assert row.deleted and row.name == "" and row.bio == "" and row.avatar == "" and row.languages == ""
        assert c.execute(select(sessions_t).where(sessions_t.c.user_id == a.id)).all() == []
        for table in (friends_t, blocks_t, invitations_t):
            assert c.execute(select(table)).all() == []
    _error(bob.get("/api/users/Ann"), "no-user", 404)
    assert _ok(bob.get("/api/me/friends"))["friends"] == []
    # her records stay, her seat named "a deleted player"; her name is free again
    info = _ok(bob.get(f"/api/tables/{t['id']}"))
    assert info["players"][0]["name"] == "a deleted player"
    assert seats.users_of_table(engine, t["id"]) == {0: a.id}
    _ok(cy.post("/api/me/profile", json={"name": "Ann"}))
    assert json.loads(json.dumps(_ok(bob.get("/api/users/Ann"))))["name"] == "Ann"


def test_two_players_asking_each_other_at_once_become_friends_once(app, people):
    """Both rows of a pair (each asked before seeing the other's request) read as one relation."""
    from sqlalchemy import insert

    (ann, bob, _, _), (a, b, _) = people
    with app.state.store.engine.begin() as c:
        for x, y in ((a, b), (b, a)):
            c.execute(insert(friends_t).values(asker_id=x.id, target_id=y.id, status="asked", created_at=0.0))
    assert _ok(ann.get("/api/me/friends"))["incoming"] == [{"name": "Bob", "avatar": ""}]
    _ok(ann.post("/api/me/friends/accept", json={"name": "Bob"}))
    assert _ok(bob.get("/api/me/friends")) == {"friends": [{"name": "Ann", "avatar": ""}], "incoming": [],
                                               "outgoing": [], "blocked": []}
    _ok(bob.post("/api/me/friends/remove", json={"name": "Ann"}))
    assert _ok(ann.get("/api/users/Bob"))["relation"] is None
