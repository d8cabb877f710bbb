"""Passkeys over the API with a software authenticator (tests/accounts/soft_authenticator.py): an
account made by its passkey alone signs in with it; a challenge works once and not after it expired;
an answer made for another origin, a counter gone backwards, another user's passkey and the last way
into an account are refused, each changing nothing; the relying party never comes from a Host header
the operator did not name."""

from __future__ import annotations

import time

import pytest
from sqlalchemy import func, select, update
from starlette.testclient import TestClient

from tests.accounts.helpers import sign_in
from tests.accounts.soft_authenticator import register
from yezi.server.accounts import identity
from yezi.server.accounts import passkeys as pk
from yezi.server.accounts.model import users_t
from yezi.server.accounts.passkey_model import passkey_challenges_t, passkeys_t
from yezi.server.app import create_app
from yezi.server.config import Settings

ORIGIN = "http://localhost"


@pytest.fixture
def app(tmp_path):
    return create_app(Settings(database_url=f"sqlite:///{tmp_path / 'yezi.db'}", bot_delay=0.0))


@pytest.fixture
def client(app):
    with TestClient(app, base_url=ORIGIN) as c:
        yield c


def _engine(client):
    return client.app.state.store.engine


def _count(client, table) -> int:
    with _engine(client).connect() as c:
        return c.execute(select(func.count()).select_from(table)).scalar_one()


def sign_up(client, name: str, origin: str = ORIGIN):
    """A passkey-only account named `name`: (the soft passkey, the verify answer)."""
    r = client.post("/api/passkeys/signup/options", json={"name": name})
    assert r.status_code == 200, r.text
    start = r.json()
    assert start["options"]["authenticatorSelection"]["residentKey"] == "required"
    assert start["options"]["authenticatorSelection"]["userVerification"] == "preferred"
    key, answer = register(start["options"], origin)
    return key, client.post("/api/passkeys/signup/verify", json={"ceremony": start["ceremony"], "credential": answer})


def signin_options(client) -> dict:
    r = client.post("/api/passkeys/signin/options", json={})
    assert r.status_code == 200, r.text
    assert r.json()["options"].get("allowCredentials", []) == []  # discoverable: no account named
    return r.json()


def test_a_passkey_account_signs_up_and_in_with_a_new_session_each_time(client):
    key, r = sign_up(client, "Ann")
    assert r.status_code == 200, r.text
    first = client.cookies.get(identity.SESSION_COOKIE)
    ann = identity.user_of_session(_engine(client), first)
    assert ann is not None and ann.name == "Ann" and key.user_handle == ann.id.encode()
    start = signin_options(client)
    r = client.post("/api/passkeys/signin/verify",
                    json={"ceremony": start["ceremony"], "credential": key.assertion(start["options"], ORIGIN)})
    assert r.status_code == 200, r.text
    second = client.cookies.get(identity.SESSION_COOKIE)
    assert second != first and identity.user_of_session(_engine(client), second) == ann
    assert identity.user_of_session(_engine(client), first) is None  # the old session was rotated out
    listed = client.get("/api/account/passkeys").json()
    assert listed["user"]["name"] == "Ann" and not listed["has_password"]
    [row] = listed["passkeys"]
    assert row["last_used"] is not None and "public_key" not in row


def test_a_replayed_challenge_is_refused(client):
    key, _ = sign_up(client, "Ann")
    start = signin_options(client)
    body = {"ceremony": start["ceremony"], "credential": key.assertion(start["options"], ORIGIN)}
    assert client.post("/api/passkeys/signin/verify", json=body).status_code == 200
    again = {"ceremony": start["ceremony"], "credential": key.assertion(start["options"], ORIGIN)}  # a fresh signature
    r = client.post("/api/passkeys/signin/verify", json=again)
    assert r.status_code == 400 and r.json()["error"] == "passkey-expired", r.text


def test_an_expired_challenge_is_refused(client):
    key, _ = sign_up(client, "Ann")
    start = signin_options(client)
    with _engine(client).begin() as c:
        c.execute(update(passkey_challenges_t).values(expires_at=time.time() - 1))
    r = client.post("/api/passkeys/signin/verify",
                    json={"ceremony": start["ceremony"], "credential": key.assertion(start["options"], ORIGIN)})
    assert r.status_code == 400 and r.json()["error"] == "passkey-expired", r.text
    assert _count(client, passkey_challenges_t) == 0  # used up all the same


def test_an_answer_made_for_another_origin_is_refused(client):
    key, r = sign_up(client, "Ann", origin="http://evil.localhost")
    assert r.status_code == 400 and r.json()["error"] == "passkey-refused", r.text
    assert _count(client, users_t) == 0 and _count(client, passkeys_t) == 0  # no account without its passkey
    _, r = sign_up(client, "Ann")
    assert r.status_code == 200, r.text
    key = _
    start = signin_options(client)
    client.cookies.clear()
    r = client.post("/api/passkeys/signin/verify", json={
        "ceremony": start["ceremony"], "credential": key.assertion(start["options"], "http://localhost:9999")})
    assert r.status_code == 400 and r.json()["error"] == "passkey-refused", r.text
    assert identity.SESSION_COOKIE not in client.cookies


def test_a_sign_count_going_backwards_is_refused(client):
    key, _ = sign_up(client, "Ann")
    start = signin_options(client)
    r = client.post("/api/passkeys/signin/verify", json={
        "ceremony": start["ceremony"], "credential": key.assertion(start["options"], ORIGIN, counter=7)})
    assert r.status_code == 200, r.text
    client.cookies.clear()
    start = signin_options(client)
    r = client.post("/api/passkeys/signin/verify", json={  # a clone still at an older count
        "ceremony": start["ceremony"], "credential": key.assertion(start["options"], ORIGIN, counter=5)})
    assert r.status_code == 400 and r.json()["error"] == "passkey-refused", r.text
    assert identity.SESSION_COOKIE not in client.cookies
    with _engine(client).connect() as c:
        assert c.execute(select(passkeys_t.c.sign_count)).scalar_one() == 7


def test_another_users_passkey_cannot_be_removed_nor_the_last_way_in(app):
    with TestClient(app, base_url=ORIGIN) as ann, TestClient(app, base_url=ORIGIN) as bob:
        _, r = sign_up(ann, "Ann")
        assert r.status_code == 200
        [ann_key] = ann.get("/api/account/passkeys").json()["passkeys"]
        sign_in(bob, "Bob")
        r = bob.delete(f"/api/account/passkeys/{ann_key['id']}")
        assert r.status_code == 404 and r.json()["error"] == "no-passkey", r.text
        r = ann.delete(f"/api/account/passkeys/{ann_key['id']}")
        assert r.status_code == 409 and r.json()["error"] == "last-passkey", r.text
        assert _count(ann, passkeys_t) == 1
        # a second passkey: now either may go, but not both
        start = ann.post("/api/passkeys/add/options", json={}).json()
        assert [c["id"] for c in start["options"]["excludeCredentials"]] == [ann_key["id"]]
        _, answer = register(start["options"], ORIGIN)
        r = bob.post("/api/passkeys/add/verify", json={"ceremony": start["ceremony"], "credential": answer})
        assert r.status_code == 400 and r.json()["error"] == "passkey-expired"  # Ann's prompt, not Bob's
        start = ann.post("/api/passkeys/add/options", json={}).json()
        _, answer = register(start["options"], ORIGIN)
        r = ann.post("/api/passkeys/add/verify", json={"ceremony": start["ceremony"], "credential": answer})
        assert r.status_code == 200, r.text
        assert ann.delete(f"/api/account/passkeys/{ann_key['id']}").status_code == 200
        [left] = ann.get("/api/account/passkeys").json()["passkeys"]
        assert ann.delete(f"/api/account/passkeys/{left['id']}").json()["error"] == "last-passkey"
        assert bob.get("/api/account/passkeys").json()["passkeys"] == []


def test_names_and_signed_out_requests_are_refused_with_nothing_made(client):
    assert sign_up(client, "Ann")[1].status_code == 200
    client.cookies.clear()
    r = client.post("/api/passkeys/signup/options", json={"name": "ａｎｎ"})  # the same name folded
    assert r.status_code == 409 and r.json()["error"] == "name-taken"
    r = client.post("/api/passkeys/signup/options", json={"name": "A\u202eB"})
    assert r.status_code == 400 and r.json()["error"] == "bad-account-name"
    assert client.post("/api/passkeys/add/options", json={}).json()["error"] == "not-signed-in"
    assert client.get("/api/account/passkeys").status_code == 401
    assert _count(client, users_t) == 1


def test_two_sign_ups_racing_for_one_name_make_one_account(client):
    first = client.post("/api/passkeys/signup/options", json={"name": "Ann"}).json()
    second = client.post("/api/passkeys/signup/options", json={"name": "ANN"}).json()
    _, a = register(first["options"], ORIGIN)
    _, b = register(second["options"], ORIGIN)
    assert client.post("/api/passkeys/signup/verify", json={"ceremony": first["ceremony"], "credential": a}).status_code == 200
    r = client.post("/api/passkeys/signup/verify", json={"ceremony": second["ceremony"], "credential": b})
    assert r.status_code == 409 and r.json()["error"] == "name-taken"
    assert _count(client, users_t) == 1 and _count(client, passkeys_t) == 1


def test_the_relying_party_is_never_an_unlisted_host():
    s = Settings(database_url="sqlite://")
    assert pk.relying_party(s, "localhost:8000", "http") == pk.RelyingParty("localhost", ("http://localhost:8000",))
    assert pk.relying_party(s, "127.0.0.1:8000", "http") is None  # WebAuthn takes no IP address
    s.allowed_hosts = ("*",)
    assert pk.relying_party(s, "evil.example", "https") is None  # answered to, but not believed
    s.allowed_hosts = ("play.example.org",)
    assert pk.relying_party(s, "play.example.org", "https").origins == ("https://play.example.org",)
    s.allowed_hosts, s.rp_id = ("*",), "example.org"
    assert pk.relying_party(s, "play.example.org", "http") == pk.RelyingParty("example.org", ("https://example.org",))
    assert pk.relying_party(s, "example.net", "https") is None
    s.allowed_hosts, s.rp_id = (), ""
    assert pk.relying_party(s, "localhost:8000/evil", "http") is None  # no origin made of a path
    assert pk.relying_party(s, "localhost:8000@evil.example", "http") is None


def test_a_flood_of_ceremonies_is_rate_limited(client):
    codes = [client.post("/api/passkeys/signin/options", json={}).status_code for _ in range(40)]
    assert codes.count(200) == Settings().create_per_minute and codes[-1] == 429


BAD_CREDENTIALS = [
    {},
    {"id": "AAAA", "rawId": "AAAA", "type": "public-key", "response": "x"},
    {"id": "AAAA", "rawId": "AAAA", "type": "public-key", "response": {"clientDataJSON": "%%%", "attestationObject": 3}},
    {"id": "AAAA", "rawId": "AAAA", "type": "public-key",
     "response": {"clientDataJSON": "e30", "attestationObject": "oA", "authenticatorData": "", "signature": ""}},
    {"id": "A" * 1400, "rawId": ["no"], "type": "secret", "response": {"clientDataJSON": None}},
    {"id": "../../etc", "response": {"userHandle": 5}},
]


def test_malformed_answers_are_refused_not_errors(client):
    """A hand-made answer of any shape is a 400 passkey-refused (or passkey-unknown), never a 500, and makes
    nothing (the fuzzers of tests/security reach these endpoints only under 127.0.0.1, refused earlier)."""
    for bad in BAD_CREDENTIALS:
        up = client.post("/api/passkeys/signup/options", json={"name": "Ann"}).json()
        r = client.post("/api/passkeys/signup/verify", json={"ceremony": up["ceremony"], "credential": bad})
        assert r.status_code == 400 and r.json()["error"] == "passkey-refused", (bad, r.text)
        start = signin_options(client)
        r = client.post("/api/passkeys/signin/verify", json={"ceremony": start["ceremony"], "credential": bad})
        assert r.status_code == 400 and r.json()["error"] in ("passkey-refused", "passkey-unknown"), (bad, r.text)
    assert _count(client, users_t) == 0


def test_ceremonies_open_on_the_whole_site_are_bounded(client, monkeypatch):
    monkeypatch.setattr(pk, "MAX_LIVE_CHALLENGES", 3)
    codes = [client.post("/api/passkeys/signin/options", json={}).status_code for _ in range(4)]
    assert codes == [200, 200, 200, 503] and _count(client, passkey_challenges_t) == 3
