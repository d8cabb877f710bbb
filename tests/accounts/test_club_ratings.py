"""A club's board shows each member's rating at its standing table's game: of that game's families
the one the member played most rated deals in; a member not rated there shows none."""

from __future__ import annotations

import time

import pytest
from sqlalchemy import insert

from yezi.server.accounts import ledger
from yezi.server.accounts.ratings import ordinals_in_game
from yezi.server.accounts.ratings_model import ratings_t
from yezi.server.db import make_engine, migrate
from yezi.server.routes.clubs import leaderboard


@pytest.fixture
def engine(tmp_path):
    e = make_engine(f"sqlite:///{tmp_path}/r.db")
    migrate(e)
    yield e
    e.dispose()


def test_the_board_shows_the_rating_of_the_family_played_most(engine):
    rows = [("ann", "lukfu-4p", 30.0, 2.0, 40), ("ann", "lukfu-3p", 20.0, 1.0, 5), ("ann", "fishing-3p", 40.0, 1.0, 50),
            ("bob", "lukfu-3p", 25.0, 3.0, 12)]
    with engine.begin() as c:
        for u, f, mu, sg, n in rows:
            c.execute(insert(ratings_t).values(user_id=u, family=f, mu=mu, sigma=sg, deals=n, updated_at=time.time()))
    got = ordinals_in_game(engine, ["ann", "bob", "cy"], "lukfu")
    assert got == {"ann": 24.0, "bob": 16.0}  # μ − 3σ of the most-played Luk Fu family; Cy is not rated
    members = [{"user": u, "name": u.title()} for u in ("ann", "bob", "cy")]
    board = leaderboard(members, ledger.build([], []), got)
    assert {b["user"]: b["rating"] for b in board} == {"ann": 24.0, "bob": 16.0, "cy": None}
