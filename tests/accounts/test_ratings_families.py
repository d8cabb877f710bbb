"""Ratings the audit of issue 22 found untested: a 3-player Luk Fu rated table rates in the family
lukfu-3p (and moves no lukfu-4p rating), as OpenSkill says; a tie is a tie (equal payments, equal
changes, as OpenSkill's tied ranks); the profile page shows a player's ratings."""

from __future__ import annotations

import time

import pytest
from openskill.models import PlackettLuce
from sqlalchemy import insert, select
from starlette.testclient import TestClient

from tests.accounts.helpers import sign_in
from tests.accounts.test_ratings import _app, _play_deal
from yezi.server.accounts import ratings
from yezi.server.accounts.model import seat_users_t
from yezi.server.accounts.ratings_model import ratings_t


def test_a_three_player_luk_fu_table_rates_in_lukfu_3p(tmp_path):
    app = _app(tmp_path)
    spec = {"game": "lukfu", "options": {"players": 3}, "num_deals": 1, "rated": True, "name": "Ann",
            "seats": [{"kind": "human"}] * 3}
    with TestClient(app, base_url="http://localhost") as ann, TestClient(app, base_url="http://localhost") as bob, \
            TestClient(app, base_url="http://localhost") as cy:
        users = [sign_in(c, n) for c, n in ((ann, "Ann"), (bob, "Bob"), (cy, "Cy"))]
        r = ann.post("/api/tables", json=spec)
        assert r.status_code == 201, r.text
        t = r.json()
        for pos, c in ((1, bob), (2, cy)):
            assert c.post(f"/t/{t['id']}/session", json={"token": t["seats"][str(pos)]["token"]}).status_code == 200
        pay = _play_deal(ann, t["id"])
        model = PlackettLuce()
        expect = [x[0] for x in model.rate([[model.rating()] for _ in range(3)], scores=pay)]
        with app.state.store.engine.connect() as c:
            got = {r.user_id: r for r in c.execute(select(ratings_t))}
        assert {r.family for r in got.values()} == {"lukfu-3p"}  # no lukfu-4p row
        for u, e in zip(users, expect, strict=True):
            assert (got[u.id].mu, got[u.id].sigma, got[u.id].deals) == pytest.approx((e.mu, e.sigma, 1), abs=1e-9)


def test_a_tie_is_a_tie(tmp_path):
    app = _app(tmp_path)
    with TestClient(app, base_url="http://localhost"):
        engine = app.state.store.engine
        with engine.begin() as c:
            for pos, u in enumerate(("ann", "bob", "cy")):
                c.execute(insert(seat_users_t).values(table_id="t1", position=pos, user_id=u, linked_at=time.time()))
        seats = [ratings.Seat(0, "human", None, 2.0), ratings.Seat(1, "human", None, 2.0),
                 ratings.Seat(2, "human", None, -4.0)]
        assert ratings.rate_finished_deal(engine, "t1", 0, "lukfu-3p", seats)
        with engine.connect() as c:
            got = {r.user_id: (r.mu, r.sigma) for r in c.execute(select(ratings_t))}
        assert got["ann"] == got["bob"] != got["cy"]  # the two paid alike moved alike
        model = PlackettLuce()
        want = model.rate([[model.rating()] for _ in range(3)], ranks=[1, 1, 2])  # OpenSkill's tie
        assert got["ann"] == pytest.approx((want[0][0].mu, want[0][0].sigma), abs=1e-9)
        assert got["cy"] == pytest.approx((want[2][0].mu, want[2][0].sigma), abs=1e-9)
        # a two-player deal nobody won: both as they started, but surer
        seats = [ratings.Seat(0, "human", None, 0.0), ratings.Seat(1, "human", None, 0.0)]
        with engine.begin() as c:
            for pos, u in enumerate(("dee", "eve")):
                c.execute(insert(seat_users_t).values(table_id="t2", position=pos, user_id=u, linked_at=time.time()))
        assert ratings.rate_finished_deal(engine, "t2", 0, "paigow", seats)
        with engine.connect() as c:
            two = {r.user_id: (r.mu, r.sigma) for r in c.execute(select(ratings_t).where(ratings_t.c.family == "paigow"))}
        start = model.rating()
        assert two["dee"] == two["eve"] and two["dee"][0] == pytest.approx(start.mu) and two["dee"][1] < start.sigma


def test_the_profile_page_shows_the_ratings(tmp_path):
    app = _app(tmp_path)
    with TestClient(app, base_url="http://localhost") as ann:
        a = sign_in(ann, "Ann")
        with app.state.store.engine.begin() as c:
            c.execute(insert(ratings_t).values(user_id=a.id, family="lukfu-3p", mu=30.0, sigma=2.0, deals=25,
                                               updated_at=time.time()))
        for lang in ("en", "zh-hant", "zh-hans"):
            html = ann.get(f"/u/Ann?lang={lang}").text
            assert 'id="ratings"' in html and 'data-family="lukfu-3p"' in html, lang
            assert "24.0" in html and "25" in html  # μ − 3σ, and the deals
            assert f'href="/leaderboard/lukfu?lang={lang}"' in html
