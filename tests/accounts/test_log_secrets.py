"""No secret in a log line (issue 22 audit): a real server, its log at debug level (the access log
included), driven through the account flows that carry secrets: a password at sign-up, a wrong one
and the right one at sign-in, the recovery codes and one used, a mailed verify and reset token (a
local SMTP server receives them), a club's invite secret used to join, a passkey ceremony's
challenge, the session cookie. None of them is in the server's log."""

from __future__ import annotations

import re
import time

import httpx

from tests.web.helpers import Server

PW, PW2, WRONG = "correct horse battery", "brand new staple secret", "wrong guess of a password"


def _token(msg, kind: str) -> str:
    m = re.search(rf"#{kind}=([A-Za-z0-9_-]+)", msg.get_content())
    assert m, msg.get_content()
    return m.group(1)


def test_no_secret_of_the_account_flows_in_the_server_log(tmp_path, inbox):
    srv = Server(f"sqlite:///{tmp_path / 'yezi.db'}", log_level="debug",
                 env={"YEZI_SMTP_URL": inbox.url, "YEZI_PUBLIC_URL": "http://localhost:8000"}).start()
    secrets: dict[str, str] = {"password": PW, "new password": PW2, "wrong password": WRONG}
    try:
        with httpx.Client(base_url=srv.base, timeout=20) as ann, httpx.Client(base_url=srv.base, timeout=20) as bob:
            r = ann.post("/api/account/signup", json={"name": "Ann", "password": PW})
            assert r.status_code == 201, r.text
            codes = r.json()["recovery_codes"]
            secrets |= {f"code {i}": c for i, c in enumerate(codes)}
            secrets["session"] = ann.cookies.get("yezi_session") or ""
            assert ann.post("/api/account/email", json={"email": "ann@example.org"}).json()["sent"] is True
            secrets["verify token"] = _token(inbox.wait(1), "verify")
            assert bob.post("/api/account/email/verify", json={"token": secrets["verify token"]}).status_code == 200
            r = bob.post("/api/account/recover", json={"name": "Ann", "code": codes[0], "password": PW2})
            assert r.status_code == 200, r.text
            assert bob.post("/api/account/signin", json={"name": "Ann", "password": WRONG}).status_code == 401
            assert bob.post("/api/account/recover/email", json={"who": "Ann"}).status_code == 202
            secrets["reset token"] = _token(inbox.wait(2), "reset")
            r = bob.post("/api/account/recover/reset", json={"token": secrets["reset token"], "password": PW})
            assert r.status_code == 200, r.text
            r = ann.post("/api/account/signin", json={"name": "Ann", "password": PW})
            assert r.status_code == 200, r.text
            secrets["session 2"] = ann.cookies.get("yezi_session") or ""
            r = ann.post("/api/passkeys/add/options", json={})
            assert r.status_code == 200, r.text
            secrets["passkey challenge"] = r.json()["options"]["challenge"] if "options" in r.json() \
                else r.json()["publicKey"]["challenge"]
            cid = ann.post("/api/clubs", json={"name": "Ann's club"}).json()["id"]
            secrets["club invite"] = ann.post(f"/api/clubs/{cid}/invite").json()["link"].split("#join=")[1]
            bob.cookies.clear()
            assert bob.post("/api/account/signup", json={"name": "Bob", "password": PW2}).status_code == 201
            assert bob.post(f"/api/clubs/{cid}/join", json={"invite": secrets["club invite"]}).status_code == 200
        time.sleep(0.5)
        log = srv.log()
    finally:
        srv.stop()
    assert "POST /api/account/signup" in log or "signup" in log  # the log was written at all
    assert all(len(v) >= 8 for v in secrets.values()), secrets
    leaked = [k for k, v in secrets.items() if v in log]
    assert not leaked, f"in the server log: {leaked}"
