"""The daily digest of notices, mailed through a local SMTP server (aiosmtpd): one mail holds the
notices of the kinds the user asked mail for, at most one mail a day, none in quiet hours or to an
address not verified, and never a card whatever a notice's payload held."""

from __future__ import annotations

import time

import pytest
from sqlalchemy import update
from starlette.testclient import TestClient

from tests.accounts.helpers import sign_in
from yezi.server.accounts import notices
from yezi.server.accounts.deliver import DAY_S, DIGEST_AFTER_S
from yezi.server.accounts.model import users_t
from yezi.server.app import create_app
from yezi.server.config import Settings

HAND = "天牌 地牌 人牌 紅頭十 sky earth"  # stuffed into a payload: it must never be mailed


@pytest.fixture
def app(tmp_path, inbox):
    return create_app(Settings(database_url=f"sqlite:///{tmp_path / 'yezi.db'}", bot_delay=0.0, smtp_url=inbox.url,
                               public_url="https://yezi.example", mail_from="yezi <noreply@example.org>"))


def _verified(engine, user_id: str, address: str) -> None:
    with engine.begin() as c:
        c.execute(update(users_t).where(users_t.c.id == user_id).values(email=address, email_verified=True))


def test_a_daily_digest_of_the_kinds_asked_for(app, inbox):
    with TestClient(app, base_url="http://localhost") as c:
        engine = app.state.store.engine
        service = app.state.ctx.notices
        ann = sign_in(c, "Ann")
        _verified(engine, ann.id, "ann@example.org")
        r = c.post("/api/notices/prefs", json={"email": {"your-turn": True}, "lang": "zh-hant", "tz": "Asia/Hong_Kong"})
        assert r.status_code == 200, r.text
        # far in the future of the app's own loop, so that only these steps can mail them
        t0 = time.time() + 30 * DAY_S
        for i, kind in enumerate([notices.YOUR_TURN, notices.YOUR_TURN, notices.FRIEND_INVITE]):
            notices.add(engine, ann.id, kind, {"table": f"tab{i}", "game": "lukfu", "title": f"Sunday {i}",
                                               "name": "Bob", "hand": HAND, "view": {"hand": HAND}}, now=t0 + i)

        def step(now: float) -> tuple[int, int]:
            return c.portal.call(service.step, now)  # type: ignore[union-attr]

        # not yet an hour old: the digest waits for more to gather
        assert step(t0 + 60)[1] == 0
        assert step(t0 + DIGEST_AFTER_S + 10)[1] == 1
        msg = inbox.wait(1)
        body = msg.get_content()
        assert msg["To"] == "ann@example.org"
        assert "2" in msg["Subject"], msg["Subject"]
        assert "https://yezi.example/t/tab0" in body and "https://yezi.example/t/tab1" in body
        assert "tab2" not in body, "a friend's invitation was not asked for by mail"
        assert "六虎" in body, body  # the game named in the reader's language
        for word in HAND.split():
            assert word not in body and word not in msg["Subject"]

        # a new notice the same day waits for tomorrow's digest
        notices.add(engine, ann.id, notices.YOUR_TURN, {"table": "tab3", "game": "fishing", "title": "x"},
                    now=t0 + 2 * DIGEST_AFTER_S)
        assert step(t0 + 4 * DIGEST_AFTER_S)[1] == 0
        # quiet hours in her time zone hold it back, then it goes
        tomorrow = t0 + DAY_S + 5 * DIGEST_AFTER_S
        hk = time.gmtime(tomorrow + 8 * 3600)
        start = f"{hk.tm_hour:02d}:00"
        end = f"{(hk.tm_hour + 2) % 24:02d}:00"
        assert c.post("/api/notices/prefs", json={"quiet_start": start, "quiet_end": end}).status_code == 200
        assert step(tomorrow)[1] == 0
        assert c.post("/api/notices/prefs", json={"quiet_start": None, "quiet_end": None}).status_code == 200
        assert step(tomorrow + 60)[1] == 1
        second = inbox.wait(2).get_content()
        assert "tab3" in second and "tab0" not in second, "each notice is mailed once"
        # a notice read before its digest is not mailed
        notices.add(engine, ann.id, notices.YOUR_TURN, {"table": "tab4", "game": "fishing", "title": "y"},
                    now=tomorrow + 100)
        notices.mark_read(engine, ann.id, None)
        assert step(tomorrow + 2 * DAY_S)[1] == 0
        assert len(inbox.messages) == 2


def test_no_digest_to_an_address_not_verified(app, inbox):
    with TestClient(app, base_url="http://localhost") as c:
        engine = app.state.store.engine
        service = app.state.ctx.notices
        bob = sign_in(c, "Bob")
        with engine.begin() as conn:
            conn.execute(update(users_t).where(users_t.c.id == bob.id).values(email="bob@example.org"))
        assert c.post("/api/notices/prefs", json={"email": {"your-turn": True}}).status_code == 200
        t0 = time.time() + 30 * DAY_S
        notices.add(engine, bob.id, notices.YOUR_TURN, {"table": "tab0", "game": "lukfu"}, now=t0)
        assert c.portal.call(service.step, t0 + 2 * DIGEST_AFTER_S)[1] == 0
        _verified(engine, bob.id, "bob@example.org")
        # the notice was set aside for good when no address could take it: a later digest holds only new ones
        notices.add(engine, bob.id, notices.YOUR_TURN, {"table": "tab1", "game": "lukfu"}, now=t0 + DAY_S)
        assert c.portal.call(service.step, t0 + DAY_S + 2 * DIGEST_AFTER_S)[1] == 1
        body = inbox.wait(1).get_content()
        assert "tab1" in body and "tab0" not in body
