"""The account's cookie and its cross-site refusals (issue 22 audit): the session cookie is Secure
over HTTPS (and HttpOnly, SameSite=Lax) and not over plain HTTP; another site's POST (a bad Origin,
or only Sec-Fetch-Site: cross-site) is refused on the account, club and social endpoints, signed in
or not, and changes nothing."""

from __future__ import annotations

import json

import pytest
from starlette.testclient import TestClient

from tests.accounts.helpers import sign_in
from yezi.server.accounts import identity
from yezi.server.app import create_app
from yezi.server.config import Settings

EVIL = "https://evil.example"
PW = "correct horse battery"


@pytest.fixture
def app(tmp_path):
    return create_app(Settings(database_url=f"sqlite:///{tmp_path / 'yezi.db'}", bot_delay=0.0))


def _cookie(r) -> str:
    return next(v for k, v in r.headers.multi_items() if k == "set-cookie" and v.startswith(identity.SESSION_COOKIE))


def test_the_session_cookie_is_secure_over_https(app):
    with TestClient(app, base_url="https://localhost") as c, TestClient(app, base_url="http://localhost") as plain:
        r = c.post("/api/account/signup", json={"name": "Ann", "password": PW})
        assert r.status_code == 201, r.text
        attrs = [a.strip().lower() for a in _cookie(r).split(";")]
        assert "secure" in attrs and "httponly" in attrs and "samesite=lax" in attrs
        c.cookies.clear()
        r = c.post("/api/account/signin", json={"name": "Ann", "password": PW})
        assert "secure" in [a.strip().lower() for a in _cookie(r).split(";")]
        r = plain.post("/api/account/signin", json={"name": "Ann", "password": PW})
        attrs = [a.strip().lower() for a in _cookie(r).split(";")]
        assert "secure" not in attrs and "httponly" in attrs  # plain HTTP (a local server): no Secure


ENDPOINTS = [
    ("/api/account/signup", {"name": "Mallory", "password": PW}),
    ("/api/account/signin", {"name": "Ann", "password": PW}),
    ("/api/account/signout", {}),
    ("/api/account/email", {"email": "evil@example.org"}),
    ("/api/account/recovery-codes", {}),
    ("/api/account/sessions/revoke-others", {}),
    ("/api/passkeys/add/options", {}),
    ("/api/clubs", {"name": "Evil club"}),
    ("/api/me/profile", {"bio": "pwned"}),
    ("/api/me/friends/ask", {"name": "Bob"}),
    ("/api/me/blocks/add", {"name": "Bob"}),
    ("/api/me/delete", {"confirm": "Ann"}),
]


@pytest.mark.parametrize("headers", [{"Origin": EVIL}, {"Sec-Fetch-Site": "cross-site"}], ids=["origin", "fetch-site"])
def test_a_cross_site_post_is_refused_on_account_club_and_social_endpoints(app, headers):
    with TestClient(app, base_url="http://localhost") as ann, TestClient(app, base_url="http://localhost") as bob:
        a = sign_in(ann, "Ann")
        sign_in(bob, "Bob")
        before = ann.get("/api/me/export").json()
        for path, body in ENDPOINTS:
            for ctype in ("text/plain", "application/json"):
                r = ann.post(path, content=json.dumps(body), headers={"Content-Type": ctype, **headers})
                assert r.status_code == 403 and r.json()["error"] == "bad-origin", (path, ctype, r.text)
                assert "set-cookie" not in r.headers
        # nothing changed: still signed in, the same data, no club, no new account
        assert ann.get("/api/me").json()["user"]["name"] == "Ann"
        assert identity.user_by_name(app.state.store.engine, "Mallory") is None
        assert ann.get("/api/clubs").json().get("mine", []) == []
        assert ann.get("/api/me/export").json() == before
        assert identity.user_by_name(app.state.store.engine, "Ann").id == a.id
