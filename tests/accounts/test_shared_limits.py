"""Sign-in and sign-up limits shared by every instance (issue 22 audit): two apps on one SQLite file
stand for two instances behind a balancer; a loop of guesses spread over both is refused after the
tries one instance allows, not twice as many. The in-memory limiter stays the first line. And the
password sign-up limit per address."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from tests.accounts.test_auth import PW, _app, _client, _signin, _signup
from yezi.server.accounts import attempts
from yezi.server.app import create_app
from yezi.server.config import Settings


def test_two_instances_share_the_sign_in_limit(tmp_path):
    one = _app(tmp_path, signin_per_minute=6)
    two = _app(tmp_path, signin_per_minute=6)
    with _client(one) as a, _client(two) as b:
        assert _signup(a, "Di").status_code == 201
        a.post("/api/account/signout", json={})
        codes = [_signin(c, "Di", f"guess {i}").status_code for i in range(8) for c in (a, b)]
        assert codes[:6] == [401] * 6 and set(codes[6:]) == {429}, codes  # 6 in all, not 6 on each
        assert _signin(b, "dI").status_code == 429  # the right password too, the name folded
    with one.state.store.engine.connect() as c:  # nothing names the account or the address
        keys = {r.key for r in c.execute(select(attempts.attempts_t))}
    assert keys and all(len(k) == 64 and "Di" not in k and "di" not in k for k in keys)


def test_the_password_sign_up_limit_per_address(tmp_path):
    app = _app(tmp_path, signup_per_minute=3)
    with _client(app) as c:
        codes = [_signup(c, f"Newcomer {i}", PW).status_code for i in range(6)]
        for _ in range(len(codes)):
            c.cookies.clear()
    assert codes[:3] == [201] * 3 and set(codes[3:]) == {429}, codes


def test_the_sliding_minute_counts_the_last_window_by_its_share(tmp_path):
    from yezi.server.db import make_engine, migrate
    e = make_engine(f"sqlite:///{tmp_path}/a.db")
    migrate(e)
    t0 = 600 * 60.0  # a window's start
    keys = [("signin", "k", 4.0)]
    assert all(attempts.take(e, keys, t0 + 50 + i) for i in range(4))
    assert not attempts.take(e, keys, t0 + 55)  # the fifth in the minute
    # 45 s into the next window: a quarter of the last one still counts (5 / 4 = 1.25), 2 new ones fit
    assert attempts.take(e, keys, t0 + 105) and attempts.take(e, keys, t0 + 106)
    assert not attempts.take(e, keys, t0 + 107)
    assert attempts.take(e, [("signin", "other", 4.0)], t0 + 107)  # another key has its own count
    e.dispose()


@pytest.mark.slow
def test_two_instances_share_the_sign_in_limit_on_postgresql(postgres):
    url = postgres.url("yezi_limits_two")
    one, two = (create_app(Settings(database_url=url, bot_delay=0.0, signin_per_minute=4)) for _ in range(2))
    with _client(one) as a, _client(two) as b:
        assert _signup(a, "Di").status_code == 201
        codes = [_signin(c, "Di", f"guess {i}").status_code for i in range(4) for c in (a, b)]
        assert codes[:4] == [401] * 4 and set(codes[4:]) == {429}, codes
