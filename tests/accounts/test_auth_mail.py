"""Mail, against a local aiosmtpd server the test starts: an address is verified by a link that works
once; a recovery link works once and expires; a recovery request answers alike whatever it names,
and mails only a verified address; without SMTP the mail endpoints say so."""

from __future__ import annotations

import re
import time

from sqlalchemy import update
from starlette.testclient import TestClient

from yezi.server.accounts.auth_model import email_tokens_t
from yezi.server.app import create_app
from yezi.server.config import Settings

PW = "correct horse battery"


def _link(msg, kind: str) -> str:
    body = msg.get_content()
    m = re.search(rf"http://localhost:8000/(?:account|signin)#{kind}=([A-Za-z0-9_-]+)", body)
    assert m, body
    return m.group(1)


def test_verify_an_address_and_recover_the_account_by_mail(tmp_path, inbox):
    app = create_app(Settings(database_url=f"sqlite:///{tmp_path / 'yezi.db'}", bot_delay=0.0, smtp_url=inbox.url,
                              public_url="http://localhost:8000", mail_from="yezi <noreply@example.org>"))
    with TestClient(app, base_url="http://localhost") as c, TestClient(app, base_url="http://localhost") as d:
        engine = app.state.store.engine
        assert c.post("/api/account/signup", json={"name": "Ann", "password": PW}).status_code == 201
        assert c.get("/api/account").json()["mail"] is True
        r = c.post("/api/account/email", json={"email": "Ann@Example.org", "lang": "zh-hant"})
        assert r.status_code == 200 and r.json()["sent"] is True, r.text
        msg = inbox.wait(1)
        assert msg["To"] == "ann@example.org" and "驗證" in msg["Subject"]
        token = _link(msg, "verify")

        # not yet verified: a recovery request for it mails nothing, and answers as for nobody
        nobody = d.post("/api/account/recover/email", json={"who": "Nobody"})
        unverified = d.post("/api/account/recover/email", json={"who": "Ann"})
        assert nobody.status_code == unverified.status_code == 202 and nobody.content == unverified.content
        time.sleep(0.5)
        assert len(inbox.messages) == 1

        assert d.post("/api/account/email/verify", json={"token": token}).json()["email_verified"] is True
        assert d.post("/api/account/email/verify", json={"token": token}).json()["error"] == "bad-link"  # once
        assert c.get("/api/account").json()["email_verified"] is True

        # recovery: by name, then by address; each link works once
        assert d.post("/api/account/recover/email", json={"who": "ann", "lang": "en"}).status_code == 202
        first = _link(inbox.wait(2), "reset")
        assert inbox.messages[1]["Subject"] == "Recover your yezi account"
        r = d.post("/api/account/recover/reset", json={"token": first, "password": "brand new secret"})
        assert r.status_code == 200 and r.json()["user"]["name"] == "Ann", r.text
        assert c.get("/api/me").json()["user"] is None  # every other device signed out
        assert d.post("/api/account/recover/reset", json={"token": first, "password": "another secret"}
                      ).json()["error"] == "bad-link"
        d.cookies.clear()
        assert d.post("/api/account/signin", json={"name": "Ann", "password": "brand new secret"}).status_code == 200

        assert d.post("/api/account/recover/email", json={"who": "ANN@example.org"}).status_code == 202
        late = _link(inbox.wait(3), "reset")
        with engine.begin() as conn:  # an hour on (YEZI_EMAIL_LINK_HOURS): the link has expired
            conn.execute(update(email_tokens_t).values(expires_at=time.time() - 1))
        assert d.post("/api/account/recover/reset", json={"token": late, "password": "late secret 1"}
                      ).json()["error"] == "bad-link"
        d.cookies.clear()
        assert d.post("/api/account/signin", json={"name": "Ann", "password": "late secret 1"}).status_code == 401
        assert all("brand new secret" not in m.as_string() for m in inbox.messages)


def test_without_smtp_the_mail_endpoints_say_so(tmp_path):
    app = create_app(Settings(database_url=f"sqlite:///{tmp_path / 'yezi.db'}", bot_delay=0.0, smtp_url=""))
    with TestClient(app, base_url="http://localhost") as c:
        assert c.post("/api/account/signup", json={"name": "Bo", "password": PW}).status_code == 201
        assert c.get("/api/account").json()["mail"] is False
        r = c.post("/api/account/email", json={"email": "bo@example.org"})
        assert (r.status_code, r.json()["error"]) == (404, "mail-off")
        assert c.post("/api/account/recover/email", json={"who": "Bo"}).status_code == 404
