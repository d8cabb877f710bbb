"""Two instances sharing PostgreSQL: a passkey prompt begun on one is finished on the other, and once
finished it works on neither (the challenge is a row, deleted by the request that used it); the
passkey made through one instance signs in through the other; removing the last way in is refused
there too."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from tests.accounts.soft_authenticator import register
from yezi.server.accounts import identity
from yezi.server.app import create_app
from yezi.server.config import Settings

ORIGIN = "http://localhost"


@pytest.fixture(scope="module")
def pg_url(postgres):
    return postgres.url("yezi_passkeys")


def test_a_ceremony_begun_on_one_instance_ends_on_the_other_once(pg_url):
    a_app = create_app(Settings(database_url=pg_url, bot_delay=0.0))
    b_app = create_app(Settings(database_url=pg_url, bot_delay=0.0))
    with TestClient(a_app, base_url=ORIGIN) as a, TestClient(b_app, base_url=ORIGIN) as b:
        start = a.post("/api/passkeys/signup/options", json={"name": "Ann"}).json()
        key, answer = register(start["options"], ORIGIN)
        body = {"ceremony": start["ceremony"], "credential": answer}
        r = b.post("/api/passkeys/signup/verify", json=body)
        assert r.status_code == 200, r.text
        assert a.post("/api/passkeys/signup/verify", json=body).json()["error"] == "passkey-expired"
        start = b.post("/api/passkeys/signin/options", json={}).json()
        body = {"ceremony": start["ceremony"], "credential": key.assertion(start["options"], ORIGIN)}
        r = a.post("/api/passkeys/signin/verify", json=body)
        assert r.status_code == 200, r.text
        secret = a.cookies.get(identity.SESSION_COOKIE)
        b.cookies.set(identity.SESSION_COOKIE, secret)
        [only] = b.get("/api/account/passkeys").json()["passkeys"]
        assert b.delete(f"/api/account/passkeys/{only['id']}").json()["error"] == "last-passkey"
        assert b.post("/api/passkeys/signin/verify", json=body).json()["error"] == "passkey-expired"
