"""A rated club standing table (issue 22): the organiser saves "Rated table", a member opens it with
nobody seated yet, two members take its seats and play the match to its end, and each finished deal
moves both ratings exactly as OpenSkill's Plackett–Luce model says for its payments. A guest takes no
seat at it (by the club or by the lobby), and a non-member none either."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce
from sqlalchemy import select
from starlette.testclient import TestClient

from tests.accounts.helpers import sign_in
from tests.accounts.test_ratings import _play_deal
from yezi.server.accounts.ratings_model import ratings_t
from yezi.server.app import create_app
from yezi.server.config import Settings

RATED = {"game": "paigow", "options": {"players": 2}, "num_deals": 2, "move_timer": 0, "rated": True,
         "seats": [{"kind": "human"}, {"kind": "human"}]}


@pytest.fixture
def app(tmp_path):
    return create_app(Settings(database_url=f"sqlite:///{tmp_path / 'yezi.db'}", bot_delay=0.0,
                               next_deal_delay=0.0, create_per_minute=1000))


def test_two_members_play_a_rated_club_table_and_both_ratings_move(app):
    with TestClient(app, base_url="http://localhost") as ann, TestClient(app, base_url="http://localhost") as bob, \
            TestClient(app, base_url="http://localhost") as guest, TestClient(app, base_url="http://localhost") as cat:
        a, b = sign_in(ann, "Ann"), sign_in(bob, "Bob")
        sign_in(cat, "Cat")
        cid = ann.post("/api/clubs", json={"name": "Lee family"}).json()["id"]
        secret = ann.post(f"/api/clubs/{cid}/invite").json()["link"].split("#join=")[1]
        assert bob.post(f"/api/clubs/{cid}/join", json={"invite": secret}).status_code == 200
        assert ann.post(f"/api/clubs/{cid}/standing", json=RATED).status_code == 200
        r = bob.post(f"/api/clubs/{cid}/open")
        assert r.status_code == 201, r.text
        tid = r.json()["table"]
        assert ann.get(f"/api/tables/{tid}").json()["rated"] is True
        # a guest and a non-member take no seat of it
        assert guest.post(f"/api/clubs/{cid}/tables/{tid}/take", json={"position": 0}).status_code in (401, 403)
        r = guest.post(f"/api/tables/{tid}/claim", json={"position": 0, "name": "Gus"})
        assert r.status_code == 403 and r.json()["error"] in ("rated-guest", "invite-only")
        assert cat.post(f"/api/clubs/{cid}/tables/{tid}/take", json={"position": 0}).json()["error"] == "not-member"
        t0 = ann.post(f"/api/clubs/{cid}/tables/{tid}/take", json={"position": 0})
        t1 = bob.post(f"/api/clubs/{cid}/tables/{tid}/take", json={"position": 1})
        assert t0.status_code == t1.status_code == 200, (t0.text, t1.text)
        model = PlackettLuce()
        expect = [model.rating(), model.rating()]
        for k in range(2):  # the match to its end: each deal moves both ratings as it finishes
            pay = _play_deal(ann, tid)
            expect = [x[0] for x in model.rate([[expect[0]], [expect[1]]], scores=pay)]
            with app.state.store.engine.connect() as c:
                got = {r.user_id: (r.mu, r.sigma, r.deals, r.family) for r in c.execute(select(ratings_t))}
            assert set(got) == {a.id, b.id}
            assert got[a.id][:3] == pytest.approx((expect[0].mu, expect[0].sigma, k + 1), abs=1e-9)
            assert got[b.id][:3] == pytest.approx((expect[1].mu, expect[1].sigma, k + 1), abs=1e-9)
            assert got[a.id][3] == got[b.id][3] == "paigow"
        assert app.state.ctx.manager.live[tid].match_over  # the match played to its end
