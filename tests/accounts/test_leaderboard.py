"""The leaderboards: ranked players (at least `MIN_DEALS` rated deals) by mu − 3σ, the newer ones
after them marked provisional, deleted accounts left out, the reader's own line with the bot level
they play like; in three languages; the same boards as JSON."""

from __future__ import annotations

import time

from sqlalchemy import insert, update
from starlette.testclient import TestClient

from tests.accounts.helpers import sign_in
from yezi.server.accounts import identity, ratings
from yezi.server.accounts.model import users_t
from yezi.server.accounts.ratings_model import ratings_t
from yezi.server.app import create_app
from yezi.server.config import Settings

M = ratings.MIN_DEALS


def _rate(engine, user_id: str, mu: float, sigma: float, deals: int, fam: str = "lukfu-4p") -> None:
    with engine.begin() as c:
        c.execute(insert(ratings_t).values(user_id=user_id, family=fam, mu=mu, sigma=sigma, deals=deals,
                                           updated_at=time.time()))


def test_leaderboard_order_minimum_deals_and_provisional_mark(tmp_path):
    app = create_app(Settings(database_url=f"sqlite:///{tmp_path / 'yezi.db'}", bot_delay=0.0))
    with TestClient(app, base_url="http://localhost") as cee, TestClient(app, base_url="http://localhost") as guest:
        engine = app.state.store.engine
        ann, bob, dan, eve = (identity.create_user(engine, n) for n in ("Ann", "Bob", "Dan", "Eve"))
        cee_user = sign_in(cee, "Cee")
        _rate(engine, ann.id, 30.0, 3.0, M + 5)  # 21.0
        _rate(engine, bob.id, 33.0, 5.0, M)  # 18.0: a higher mu, but less sure; exactly the minimum: ranked
        _rate(engine, cee_user.id, 40.0, 4.0, M - 1)  # 28.0 but one deal short: provisional
        _rate(engine, dan.id, 45.0, 1.0, M + 50)  # the best, but deleted: left out
        _rate(engine, eve.id, 20.0, 2.0, M + 1, fam="lukfu-3p")  # another family
        with engine.begin() as c:
            c.execute(update(users_t).where(users_t.c.id == dan.id).values(deleted=True))
        ranked, newer = ratings.leaderboard(engine, "lukfu-4p")
        assert [x.name for x in ranked] == ["Ann", "Bob"] and [x.name for x in newer] == ["Cee"]
        assert [r["rank"] for r in ratings.ratings_of_user(engine, bob.id)] == [2]
        mine = ratings.ratings_of_user(engine, cee_user.id)
        assert mine[0]["provisional"] is True and mine[0]["rank"] is None

        data = guest.get("/api/leaderboard/lukfu").json()
        four, three = data["families"]
        assert (four["family"], three["family"]) == ("lukfu-4p", "lukfu-3p") and data["min_deals"] == M
        assert [(p["rank"], p["name"], p["rating"]) for p in four["ranked"]] == [(1, "Ann", 21.0), (2, "Bob", 18.0)]
        assert [(p["name"], p["provisional"]) for p in four["provisional"]] == [("Cee", True)]
        assert [p["name"] for p in three["ranked"]] == ["Eve"]
        assert {b["level"] for b in four["bots"]} >= {"random", "heuristic"}
        assert four["ranked"][0]["level"] == ratings.nearest_level("lukfu-4p", 30.0)

        page = cee.get("/leaderboard/lukfu?lang=en").text
        board = page[page.index('id="family-lukfu-4p"'):page.index('id="family-lukfu-3p"')]
        assert board.index(">Ann<") < board.index(">Bob<") < board.index(">Cee")  # ranked, then provisional
        assert "28.0?</b>" in board and "21.0</b>" in board and "Dan" not in page
        assert f"Your rating: 28.0? (rated deals: {M - 1}; ranked after {M}). You play at the level of " in board
        assert 'class="mine"' in board
        for lang, word in (("zh-hant", "排行榜"), ("zh-hans", "排行榜"), ("en", "Leaderboards")):
            r = guest.get(f"/leaderboard?lang={lang}")
            assert r.status_code == 200 and word in r.text and "Ann" in r.text
        assert "暫定" in guest.get("/leaderboard/lukfu?lang=zh-hant").text
        assert guest.get("/leaderboard/nosuchgame").status_code == 404
        assert guest.get("/api/leaderboard/nosuchgame").json()["error"] == "bad-game"


def test_the_boards_answer_a_loop_with_the_one_limiter(tmp_path):
    """A client asking in a loop meets the per-client limit (the server's one token bucket, the
    claims' per-minute rate), answered 429 with its code; nothing breaks and other clients are served."""
    settings = Settings(database_url=f"sqlite:///{tmp_path / 'yezi.db'}", bot_delay=0.0)
    app = create_app(settings)
    with TestClient(app, base_url="http://localhost") as c:
        codes = [c.get(path).status_code for path in ["/api/me/ratings", "/api/leaderboard/lukfu"]
                 * (settings.create_per_minute // 2 + 2)]
        assert codes[:settings.create_per_minute] == [200] * settings.create_per_minute
        assert set(codes[settings.create_per_minute:]) == {429}
        r = c.get("/leaderboard/lukfu")
        assert r.status_code == 429 and r.json()["error"] == "rate-limited"
        other = TestClient(app, base_url="http://localhost", client=("10.0.0.9", 5000))
        assert other.get("/api/leaderboard/lukfu").status_code == 200
