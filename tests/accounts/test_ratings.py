"""Rated tables (issue 22): a finished deal moves its signed-in players' ratings exactly as OpenSkill's
Plackett–Luce model says for its payments, once per deal (a restart's catch-up finds it rated);
unrated tables and guests move nothing; a guest cannot sit at a rated table; bots play with their
calibrated ratings, which nothing moves."""

from __future__ import annotations

from typing import Any

import pytest
from openskill.models import PlackettLuce
from sqlalchemy import select
from starlette.testclient import TestClient

from tests.accounts.helpers import sign_in
from yezi.server.accounts import ratings
from yezi.server.accounts.ratings_model import rated_deals_t, ratings_t
from yezi.server.app import create_app
from yezi.server.config import Settings

TWO = {"game": "paigow", "options": {"players": 2}, "num_deals": 2, "name": "Ann",
       "seats": [{"kind": "human"}, {"kind": "human"}]}


def _app(tmp_path) -> Any:
    return create_app(Settings(database_url=f"sqlite:///{tmp_path / 'yezi.db'}", bot_delay=0.0))


def _play_deal(client: TestClient, tid: str) -> list[float]:
    """Play the table's current deal to its end through the server's own commit (each seat's first
    legal move), deal the next one if the match goes on; returns the deal's payments per position."""
    manager = client.app.state.ctx.manager  # type: ignore[attr-defined]

    async def play() -> list[float]:
        t = await manager.get(tid)
        async with t.lock:
            if t.deal_over:
                await t.next_deal()
            no = t.current.no
            while not t.deal_over:
                st = t.current.state
                await t.commit_action(t.position_of(st.current_player), min(st.legal_actions()), None)
            return [float(x) for x in t.match.deals[no].result]

    return client.portal.call(play)  # type: ignore[union-attr]


def _rows(engine) -> dict[str, tuple[float, float, int]]:
    with engine.connect() as c:
        return {r.user_id: (r.mu, r.sigma, r.deals) for r in c.execute(select(ratings_t))}


def _two_signed_in(app, ann: TestClient, bob: TestClient, spec: dict[str, Any]) -> tuple[Any, Any, str]:
    a, b = sign_in(ann, "Ann"), sign_in(bob, "Bob")
    r = ann.post("/api/tables", json=spec)
    assert r.status_code == 201, r.text
    t = r.json()
    r = bob.post(f"/t/{t['id']}/session", json={"token": t["seats"]["1"]["token"]})
    assert r.status_code == 200, r.text
    return a, b, t["id"]


def test_a_rated_table_moves_both_ratings_as_openskill_says(tmp_path):
    app = _app(tmp_path)
    with TestClient(app, base_url="http://localhost") as ann, TestClient(app, base_url="http://localhost") as bob:
        a, b, tid = _two_signed_in(app, ann, bob, {**TWO, "rated": True})
        info = ann.get(f"/api/tables/{tid}").json()
        assert info["rated"] is True and info["hints"] is False  # a rated table gives no hints
        model = PlackettLuce()
        expect = [model.rating(), model.rating()]
        for k in range(2):
            pay = _play_deal(ann, tid)
            expect = [x[0] for x in model.rate([[expect[0]], [expect[1]]], scores=pay)]
            got = _rows(app.state.store.engine)
            assert got[a.id][:2] == pytest.approx((expect[0].mu, expect[0].sigma), abs=1e-9)
            assert got[b.id][:2] == pytest.approx((expect[1].mu, expect[1].sigma), abs=1e-9)
            assert got[a.id][2] == got[b.id][2] == k + 1
        mine = ann.get("/api/me/ratings").json()
        assert mine["signed_in"] is True and [r["family"] for r in mine["ratings"]] == ["paigow"]
        assert mine["ratings"][0]["deals"] == 2 and mine["ratings"][0]["provisional"] is True
        export = ratings.export_section(app.state.store.engine, a.id)
        assert [(d["table"], d["deal"]) for d in export["deals"]] == [(tid, 0), (tid, 1)]


def test_unrated_and_guest_tables_move_no_rating(tmp_path):
    app = _app(tmp_path)
    with TestClient(app, base_url="http://localhost") as ann, TestClient(app, base_url="http://localhost") as bob, \
            TestClient(app, base_url="http://localhost") as guest:
        _a, _b, tid = _two_signed_in(app, ann, bob, TWO)  # signed in, but the table is not rated
        _play_deal(ann, tid)
        r = guest.post("/api/tables", json={**TWO, "rated": True})  # a guest cannot open a rated table
        assert r.status_code == 403 and r.json()["error"] == "rated-sign-in"
        r = guest.post("/api/tables", json=TWO)
        assert r.status_code == 201
        _play_deal(guest, r.json()["id"])
        assert _rows(app.state.store.engine) == {}
        assert guest.get("/api/me/ratings").json() == {"signed_in": False, "name": None, "ratings": []}


def test_a_guest_cannot_take_a_seat_at_a_rated_table(tmp_path):
    app = _app(tmp_path)
    spec = {**TWO, "rated": True, "seats": [{"kind": "human"}, {"kind": "human", "access": "open"}]}
    with TestClient(app, base_url="http://localhost") as ann, TestClient(app, base_url="http://localhost") as guest, \
            TestClient(app, base_url="http://localhost") as bob:
        sign_in(ann, "Ann")
        t = ann.post("/api/tables", json=spec).json()
        r = guest.post(f"/api/tables/{t['id']}/claim", json={"position": 1, "name": "Gus"})
        assert r.status_code == 403 and r.json()["error"] == "rated-guest"
        assert not ann.get(f"/api/tables/{t['id']}").json()["players"][1]["claimed"]  # nothing changed
        sign_in(bob, "Bob")
        assert bob.post(f"/api/tables/{t['id']}/claim", json={"position": 1, "name": "Bob"}).status_code == 200
        t2 = ann.post("/api/tables", json={**TWO, "rated": True}).json()  # an invitation link, opened by a guest
        r = guest.post(f"/t/{t2['id']}/session", json={"token": t2["seats"]["1"]["token"]})
        assert r.status_code == 403 and r.json()["error"] == "rated-guest"
        assert "set-cookie" not in r.headers


def test_a_deal_is_rated_once_across_a_restart(tmp_path, monkeypatch):
    """The rating write fails after the deal's last move (the server stops there): the restarted
    server rates it when it loads the table, once; a second restart and a second try change nothing."""
    app = _app(tmp_path)
    real = ratings.catch_up
    with TestClient(app, base_url="http://localhost") as ann, TestClient(app, base_url="http://localhost") as bob:
        a, b, tid = _two_signed_in(app, ann, bob, {**TWO, "rated": True})
        monkeypatch.setattr(ratings, "catch_up", lambda *_: (_ for _ in ()).throw(OSError("disk gone")))
        pay = _play_deal(ann, tid)
        assert _rows(app.state.store.engine) == {}
    monkeypatch.setattr(ratings, "catch_up", real)
    model = PlackettLuce()
    want = [x[0] for x in model.rate([[model.rating()], [model.rating()]], scores=pay)]
    for _restart in range(2):
        app2 = _app(tmp_path)
        with TestClient(app2, base_url="http://localhost") as c:
            assert c.get(f"/api/tables/{tid}").status_code == 200  # loads the table from its log
            got = _rows(app2.state.store.engine)
            assert got[a.id] == pytest.approx((want[0].mu, want[0].sigma, 1))
            assert got[b.id] == pytest.approx((want[1].mu, want[1].sigma, 1))
            t = c.app.state.ctx.manager.live[tid]  # type: ignore[attr-defined]
            seats = ratings.deal_seats(t, 0)
            assert not ratings.rate_finished_deal(app2.state.store.engine, tid, 0, "paigow", seats)
            with app2.state.store.engine.connect() as conn:
                assert conn.execute(select(rated_deals_t.c.deal_no).where(rated_deals_t.c.table_id == tid)).all() == [(0,)]
    assert _rows(app2.state.store.engine)[a.id][2] == 1


def test_bots_play_with_fixed_calibrated_ratings(tmp_path):
    app = _app(tmp_path)
    fam = "lukfu-4p"
    cal = ratings.calibration()[fam]
    spec = {"game": "lukfu", "num_deals": 1, "rated": True,
            "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "heuristic"},
                      {"kind": "bot", "bot": "random"}]}
    with TestClient(app, base_url="http://localhost") as ann:
        a = sign_in(ann, "Ann")
        r = ann.post("/api/tables", json={**spec, "seats": [*spec["seats"][:3], {"kind": "bot", "bot": "search-strong"}]})
        assert r.status_code == 400 and r.json()["error"] == "rated-bots"  # no measured rating: refused
        tid = ann.post("/api/tables", json=spec).json()["id"]
        manager = ann.app.state.ctx.manager  # type: ignore[attr-defined]

        async def finish() -> list[ratings.Seat]:
            import asyncio

            t = await manager.get(tid)
            for _ in range(2000):  # the bots move in their loop; the person plays the first legal move
                async with t.lock:
                    if t.deal_over:
                        return ratings.deal_seats(t, 0)
                    st = t.current.state
                    if t.position_of(st.current_player) == 0:
                        await t.commit_action(0, min(st.legal_actions()), None)
                t.kick()
                await asyncio.sleep(0.01)
            raise AssertionError("the deal did not end")

        seats = ann.portal.call(finish)  # type: ignore[union-attr]
    model = PlackettLuce()
    before = [model.rating() if s.kind == "human" else model.rating(mu=cal[s.bot].mu, sigma=cal[s.bot].sigma)
              for s in seats]
    want = [x[0] for x in model.rate([[r] for r in before], scores=[s.payment for s in seats])]
    me = next(i for i, s in enumerate(seats) if s.position == 0)
    got = _rows(app.state.store.engine)
    assert set(got) == {a.id}  # the bots' ratings are not stored, nor moved
    assert got[a.id] == pytest.approx((want[me].mu, want[me].sigma, 1))
    assert ratings.calibration()[fam] == cal


@pytest.fixture(scope="module")
def pg_url(postgres):
    return postgres.url("yezi_ratings")


def test_two_instances_on_postgresql_rate_a_deal_once(pg_url):
    """PostgreSQL (the production database): the update as OpenSkill says, and a second instance
    loading the same table (its catch-up) finds the deal rated and moves nothing."""
    settings = Settings(database_url=pg_url, bot_delay=0.0)
    app = create_app(settings)
    with TestClient(app, base_url="http://localhost") as ann, TestClient(app, base_url="http://localhost") as bob:
        a, b, tid = _two_signed_in(app, ann, bob, {**TWO, "rated": True})
        pay = _play_deal(ann, tid)
        first = _rows(app.state.store.engine)
        other = create_app(Settings(database_url=pg_url, bot_delay=0.0))
        with TestClient(other, base_url="http://localhost") as c:
            assert c.get(f"/api/tables/{tid}").status_code == 200  # loaded there too: its catch-up runs
            assert _rows(other.state.store.engine) == first
            # both instances saw the deal unrated and rate it at once: the second one's write finds it rated
            seats = ratings.deal_seats(other.state.ctx.manager.live[tid], 0)
            assert not ratings.rate_finished_deal(other.state.store.engine, tid, 0, "paigow", seats)
            assert _rows(other.state.store.engine) == first
    model = PlackettLuce()
    want = [x[0] for x in model.rate([[model.rating()], [model.rating()]], scores=pay)]
    assert first[a.id] == pytest.approx((want[0].mu, want[0].sigma, 1))
    assert first[b.id] == pytest.approx((want[1].mu, want[1].sigma, 1))
