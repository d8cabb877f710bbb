"""Password accounts over HTTP: sign up, in and out; argon2id hashes only in the database; the
NIST rules; a wrong password and an unknown name answer alike; the limits hold against a loop;
recovery codes work once; a device revoked is signed out; a guest who signs up keeps their games."""

from __future__ import annotations

import statistics
import time

import pytest
from argon2 import PasswordHasher
from sqlalchemy import select
from starlette.testclient import TestClient

from yezi.server.accounts import identity, passwords
from yezi.server.accounts.auth_model import recovery_codes_t
from yezi.server.accounts.model import sessions_t, users_t
from yezi.server.app import create_app
from yezi.server.config import Settings

PW = "correct horse battery"


def _app(tmp_path, **kw):
    return create_app(Settings(database_url=f"sqlite:///{tmp_path / 'yezi.db'}", bot_delay=0.0, **kw))


def _client(app, **kw) -> TestClient:
    return TestClient(app, base_url="http://localhost", **kw)


def _signup(c: TestClient, name: str, password: str = PW):
    return c.post("/api/account/signup", json={"name": name, "password": password})


def _signin(c: TestClient, name: str, password: str = PW):
    return c.post("/api/account/signin", json={"name": name, "password": password})


def _db_text(engine) -> str:
    """Every value of every table, as text: what a stolen database gives away."""
    from yezi.server.db import metadata

    out = []
    with engine.connect() as c:
        for t in metadata.sorted_tables:
            for row in c.execute(select(t)).all():
                out.extend(str(v) for v in row)
    return "\n".join(out)


def test_sign_up_in_and_out_with_argon2id_hashes_only(tmp_path):
    app = _app(tmp_path)
    with _client(app) as c:
        engine = app.state.store.engine
        assert c.get("/api/me").json()["user"] is None
        r = _signup(c, "Ann")
        assert r.status_code == 201, r.text
        codes = r.json()["recovery_codes"]
        assert len(codes) == 10 and len(set(codes)) == 10
        cookie = r.headers["set-cookie"]
        assert "yezi_session=" in cookie and "HttpOnly" in cookie and "samesite=lax" in cookie.lower()
        me = c.get("/api/me")
        assert me.json()["user"]["name"] == "Ann" and "no-store" in me.headers["cache-control"]
        first = c.cookies.get(identity.SESSION_COOKIE)
        domain = next(k.domain for k in c.cookies.jar)  # as the server's cookies are kept ("localhost.local")

        assert c.post("/api/account/signout", json={}).json() == {"user": None}
        assert c.get("/api/me").json()["user"] is None
        assert identity.user_of_session(engine, first) is None

        assert _signin(c, "Ann", PW + "!").status_code == 401
        c.cookies.set(identity.SESSION_COOKIE, identity.open_session(engine, r.json()["user"]["id"], "old"), domain=domain)
        before = c.cookies.get(identity.SESSION_COOKIE)
        r = _signin(c, "aNN")  # names fold
        assert r.status_code == 200, r.text
        assert r.json()["user"]["name"] == "Ann"
        after = c.cookies.get(identity.SESSION_COOKIE)
        assert after != before and identity.user_of_session(engine, before) is None  # rotated at sign-in
        assert identity.user_of_session(engine, after).name == "Ann"

        with engine.connect() as conn:
            stored = conn.execute(select(users_t.c.password_hash)).scalar()
        assert stored.startswith("$argon2id$")
        text = _db_text(engine)
        assert PW not in text and first not in text and after not in text
        assert not any(code in text for code in codes)


def test_the_rules_of_nist_800_63b_and_names(tmp_path):
    app = _app(tmp_path, signup_per_minute=100)
    with _client(app) as c, _client(app) as d:
        assert _signup(c, "Bo", "short7!").json()["error"] == "password-short"
        assert _signup(c, "Bo", "x" * 129).json()["error"] == "password-long"
        assert _signup(c, "Bo", "PassWord1").json()["error"] == "password-common"  # the shipped list, folded
        assert _signup(c, "Bartholomew", "bartholomew").json()["error"] == "password-common"  # its own name
        assert _signup(c, "\u200b\u202e", PW).json()["error"] == "bad-account-name"
        r = _signup(c, "葉子迷", "一二三四五六七八")  # 8 code points: long enough, no composition rules
        assert r.status_code == 201, r.text
        r = _signup(d, "葉子迷")
        assert (r.status_code, r.json()["error"]) == (409, "name-taken")
        r = _signup(d, "x" * 100, "y" * 128)
        assert r.json()["user"]["name"] == "x" * 24, r.text  # the lobby's rule for names: 24 at most
        assert passwords.refusal("a" * 128) is None and passwords.refusal("é" * 8) is None


def test_wrong_password_and_unknown_name_answer_alike(tmp_path, monkeypatch):
    """Same status, same body, no cookie; and the same argon2 work: an unknown name's password is
    checked against a dummy hash of today's parameters."""
    app = _app(tmp_path, signin_per_minute=10_000)
    with _client(app) as c:
        assert _signup(c, "Cy").status_code == 201
        c.post("/api/account/signout", json={})
        checked: list[str] = []

        class Counting(PasswordHasher):
            def verify(self, hash, password):
                checked.append(hash)
                return super().verify(hash, password)

        h = passwords.HASHER
        monkeypatch.setattr(passwords, "HASHER", Counting(h.time_cost, h.memory_cost, h.parallelism))
        wrong, unknown = _signin(c, "Cy", "not the password"), _signin(c, "Nobody", "not the password")
        assert wrong.status_code == unknown.status_code == 401
        assert wrong.content == unknown.content
        assert wrong.headers.get("set-cookie") is None and unknown.headers.get("set-cookie") is None
        assert len(checked) == 2 and checked[0] != checked[1]
        assert not any(passwords.HASHER.check_needs_rehash(h) for h in checked)  # the same cost both times


@pytest.mark.alone  # it times requests: run by itself (.ci/run)
def test_wrong_password_and_unknown_name_take_the_same_time(tmp_path):
    """The median of interleaved pairs' differences is within a few ms (a name not checked against
    a hash would answer some 50 ms sooner)."""
    app = _app(tmp_path, signin_per_minute=10_000)
    with _client(app) as c:
        assert _signup(c, "Cy").status_code == 201
        c.post("/api/account/signout", json={})
        diffs = []  # interleaved pairs, in turn first and second: a drift of the machine's load moves both alike
        for i in range(31):
            took = {}
            for name in ("Cy", "Nobody") if i % 2 else ("Nobody", "Cy"):
                t0 = time.perf_counter()
                _signin(c, name, "not the password")
                took[name] = time.perf_counter() - t0
            diffs.append((took["Nobody"] - took["Cy"]) * 1000)
        assert abs(statistics.median(diffs)) < 5, sorted(diffs)


def test_sign_in_limit_holds_against_a_loop(tmp_path):
    """Ten tries a minute per address and per name: a loop of guesses is refused after ten, the right
    password too; other addresses (through a trusted proxy) get no more tries at that name."""
    app = _app(tmp_path, signin_per_minute=10, trusted_proxies="127.0.0.1")
    proxied = {"client": ("127.0.0.1", 40000)}
    with _client(app, headers={"X-Forwarded-For": "203.0.113.9"}, **proxied) as c, \
            _client(app, headers={"X-Forwarded-For": "198.51.100.7"}, **proxied) as other:
        assert _signup(c, "Di").status_code == 201
        c.post("/api/account/signout", json={})
        codes = [_signin(c, "Di", f"guess {i}").status_code for i in range(40)]
        assert codes[:10] == [401] * 10 and set(codes[10:]) == {429}
        assert _signin(c, "Di").status_code == 429
        assert _signin(other, "dI").status_code == 429  # the name's limit, folded, from another address
        assert _signin(other, "Someone else").status_code == 401  # that address still has its own tries


def test_stale_hash_parameters_are_rehashed_at_sign_in(tmp_path):
    app = _app(tmp_path)
    with _client(app) as c:
        engine = app.state.store.engine
        old = PasswordHasher(time_cost=1, memory_cost=8192, parallelism=1).hash(PW)
        identity.create_user(engine, "Eve", old)
        assert _signin(c, "Eve").status_code == 200
        with engine.connect() as conn:
            now = conn.execute(select(users_t.c.password_hash)).scalar()
        assert now != old and not passwords.HASHER.check_needs_rehash(now)
        assert _signin(c, "Eve").status_code == 200


def test_a_recovery_code_works_once(tmp_path):
    app = _app(tmp_path)
    with _client(app) as c, _client(app) as elsewhere:
        codes = _signup(c, "Fay").json()["recovery_codes"]
        assert _signin(elsewhere, "Fay").status_code == 200
        c.cookies.clear()
        bad = c.post("/api/account/recover", json={"name": "Fay", "code": "AAAA-AAAA-AAAA-AAAA", "password": "new pass 1"})
        nobody = c.post("/api/account/recover", json={"name": "Nobody", "code": codes[0], "password": "new pass 1"})
        assert bad.status_code == nobody.status_code == 401 and bad.content == nobody.content
        typed = codes[0].lower().replace("-", " ")  # as a person copies it
        r = c.post("/api/account/recover", json={"name": "Fay", "code": typed, "password": "new pass 1"})
        assert r.status_code == 200, r.text
        assert c.get("/api/me").json()["user"]["name"] == "Fay"
        assert elsewhere.get("/api/me").json()["user"] is None  # recovery signs every other device out
        c.cookies.clear()
        again = c.post("/api/account/recover", json={"name": "Fay", "code": codes[0], "password": "new pass 2"})
        assert again.status_code == 401
        assert _signin(c, "Fay", "new pass 1").status_code == 200 and _signin(c, "Fay").status_code == 401
        fresh = c.post("/api/account/recovery-codes", json={}).json()["recovery_codes"]
        assert c.get("/api/account").json()["recovery_codes_left"] == 10
        c.cookies.clear()
        old = c.post("/api/account/recover", json={"name": "Fay", "code": codes[1], "password": "new pass 3"})
        assert old.status_code == 401  # a new set replaces the old
        assert c.post("/api/account/recover", json={"name": "Fay", "code": fresh[0],
                                                     "password": "new pass 3"}).status_code == 200
        with app.state.store.engine.connect() as conn:
            assert len(conn.execute(select(recovery_codes_t).where(recovery_codes_t.c.used_at.is_not(None))).all()) == 1


def test_a_revoked_device_is_signed_out(tmp_path):
    app = _app(tmp_path)
    with _client(app, headers={"User-Agent": "Phone/1"}) as phone, \
            _client(app, headers={"User-Agent": "Desk/1"}) as desk, _client(app, headers={"User-Agent": "Tab/1"}) as tab:
        assert _signup(phone, "Gil").status_code == 201
        assert _signin(desk, "Gil").status_code == 200 and _signin(tab, "Gil").status_code == 200
        devices = desk.get("/api/account").json()["sessions"]
        assert sorted(d["user_agent"] for d in devices) == ["Desk/1", "Phone/1", "Tab/1"]
        assert [d["user_agent"] for d in devices if d["current"]] == ["Desk/1"]
        phone_id = next(d["id"] for d in devices if d["user_agent"] == "Phone/1")
        assert desk.post("/api/account/sessions/revoke", json={"id": phone_id}).status_code == 200
        assert phone.get("/api/me").json()["user"] is None
        assert phone.get("/api/account").status_code == 401
        assert desk.post("/api/account/sessions/revoke", json={"id": phone_id}).status_code == 404
        assert desk.post("/api/account/sessions/revoke-others", json={}).json() == {"revoked": 1}
        assert tab.get("/api/me").json()["user"] is None
        assert desk.get("/api/me").json()["user"]["name"] == "Gil"
        mallory = _client(app)  # someone else's device id revokes nothing of theirs
        assert _signup(mallory, "Mal").status_code == 201
        with app.state.store.engine.connect() as conn:
            ids = conn.execute(select(sessions_t.c.id_hash).where(sessions_t.c.revoked.is_(False))).scalars().all()
        for sid in ids:
            mallory.post("/api/account/sessions/revoke", json={"id": sid})
        assert desk.get("/api/me").json()["user"]["name"] == "Gil"


SPEC = {"game": "paigow", "num_deals": 1, "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot"},
                                                     {"kind": "bot"}]}


def test_a_guest_who_signs_up_keeps_their_games(tmp_path):
    """The seats whose cookies the browser holds become the account's (the page posts /t/<id>/account
    for each table of "your games"); a seat only invited to, never opened, does not."""
    app = _app(tmp_path)
    with _client(app) as guest, _client(app) as other:
        t = guest.post("/api/tables", json=SPEC).json()
        assert guest.post(f"/t/{t['id']}/account", json={}).status_code == 401  # a guest has no account
        u = _signup(guest, "Hal").json()["user"]
        r = guest.post(f"/t/{t['id']}/account", json={})
        assert r.status_code == 200 and r.json() == {"positions": [t["host"]]}
        games = guest.get("/api/account/games").json()["games"]
        assert [(g["table"], g["seat"], g["game"]) for g in games] == [(t["id"], t["host"], "paigow")]
        assert _signup(other, "Ivy").status_code == 201  # holds no cookie of that table
        assert other.post(f"/t/{t['id']}/account", json={}).json() == {"positions": []}
        assert other.post("/t/nope/account", json={}).status_code == 404
        from yezi.server.accounts.seats import users_of_table
        assert users_of_table(app.state.store.engine, t["id"]) == {t["host"]: u["id"]}


@pytest.mark.parametrize("path,body", [
    ("/api/account/signup", {"name": "Jo", "password": PW, "admin": True}),
    ("/api/account/signin", {"name": 1, "password": PW}),
    ("/api/account/recover", {"name": "Jo"}),
    ("/api/account/sessions/revoke", {"id": ""}),
])
def test_bad_bodies_are_refused_cleanly(tmp_path, path, body):
    app = _app(tmp_path)
    with _client(app) as c:
        assert _signup(c, "Kim").status_code == 201
        r = c.post(path, json=body)
        assert 400 <= r.status_code < 500 and r.json()["error"], r.text
        assert c.post(path, content=b"{}", headers={"content-type": "text/plain"}).status_code == 415


def test_a_flood_of_hashes_waits_in_a_bounded_queue_then_is_refused():
    """argon2 runs on its own few threads; past `queue` waiting, a sign-in is refused ("busy", 503)
    at once instead of piling up threads or memory."""
    import asyncio
    import threading

    from yezi.server.errors import TableError

    gate = threading.Event()
    pool = passwords.Hashing(threads=1, queue=2)

    async def main():
        jobs = [asyncio.ensure_future(pool.run(gate.wait, 5)) for _ in range(3)]
        await asyncio.sleep(0.05)
        with pytest.raises(TableError) as refused:
            await pool.run(gate.wait, 5)
        gate.set()
        assert await asyncio.gather(*jobs) == [True] * 3
        assert await pool.run(lambda: "free again") == "free again"
        return refused.value.code

    try:
        assert asyncio.run(main()) == "busy"
    finally:
        gate.set()
        pool.close()
