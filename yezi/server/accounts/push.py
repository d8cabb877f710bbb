"""Web Push (RFC 8030 / 8291 / 8292): the server's VAPID key, the users' subscriptions, sending.

The VAPID key is made once and kept in the database (``yezi_vapid``), so every instance signs with
the same key and a browser subscribed through one is pushed to by any; an operator may give their
own (``YEZI_VAPID_PRIVATE_KEY``: a PEM, or the base64url raw key py-vapid prints).

A subscription's endpoint is a URL the server will POST to: an attacker's "subscription" could
make the server reach its own network (SSRF). So an endpoint is https, on the default port or
443, with a host name that resolves only to public addresses: never loopback, private, link-local,
multicast or reserved ones. It is checked when the browser subscribes and again before every push
(the name may resolve elsewhere later), and a push follows no redirect. ``YEZI_PUSH_ALLOW_PRIVATE=1``
(an operator's own push service on their network, or a test's on loopback) lifts the address and
scheme rules. A user keeps at most `MAX_SUBS` subscriptions (the oldest goes). A push service's
404 or 410 says the subscription is gone: it is removed.

pywebpush blocks (requests), so sending happens on threads of a small pool of its own, never on
the event loop (`yezi.server.accounts.deliver`).
"""

from __future__ import annotations

import base64
import ipaddress
import json
import logging
import os
import socket
import time
from typing import Any
from urllib.parse import urlsplit

import requests
from sqlalchemy import delete, select
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.engine import Engine

from yezi.server.accounts.notice_model import push_subs_t, vapid_t
from yezi.server.errors import TableError

log = logging.getLogger("yezi.server")
MAX_SUBS = 5
PUSH_TIMEOUT_S = 10.0
TTL_S = 24 * 3600


def allow_private() -> bool:
    """The operator's (or a test's) switch for push services on their own network."""
    return os.environ.get("YEZI_PUSH_ALLOW_PRIVATE", "") == "1"


# ---- where a push may go ------------------------------------------------------------------------

def _public(ip: str) -> bool:
    a = ipaddress.ip_address(ip.split("%", 1)[0])
    if isinstance(a, ipaddress.IPv6Address) and a.ipv4_mapped is not None:
        a = a.ipv4_mapped
    return a.is_global and not (a.is_multicast or a.is_reserved or a.is_loopback or a.is_link_local or a.is_private)


def check_endpoint(url: str, resolve: Any = socket.getaddrinfo) -> None:
    """Raise ``bad-push-endpoint`` unless the server may POST to `url` (see the module's rules)."""
    bad = TableError("bad-push-endpoint", "a push endpoint is an https address of a public push service")
    if not isinstance(url, str) or len(url) > 1024:
        raise bad
    try:
        u = urlsplit(url)
        port = u.port
    except ValueError:
        raise bad from None
    if not u.hostname or u.username or u.password or u.scheme not in ("https", "http"):
        raise bad
    if allow_private():
        return
    if u.scheme != "https" or port not in (None, 443):
        raise bad
    try:  # an address written out is judged as it is, a name by every address it resolves to
        literal = ipaddress.ip_address(u.hostname.split("%", 1)[0])
    except ValueError:
        literal = None
    if literal is not None:
        if not _public(str(literal)):
            raise bad
        return
    try:
        infos = resolve(u.hostname, 443, proto=socket.IPPROTO_TCP)
    except (OSError, UnicodeError):
        raise bad from None
    ips = {info[4][0] for info in infos}
    if not ips or not all(_public(ip) for ip in ips):
        raise bad


class _NoRedirects(requests.Session):
    """A push never follows a redirect (it could point anywhere); the endpoint is checked again
    just before each request."""

    def request(self, method: str, url: str, *args: Any, **kwargs: Any) -> requests.Response:  # type: ignore[override]
        check_endpoint(url)
        kwargs["allow_redirects"] = False
        return super().request(method, url, *args, **kwargs)


# ---- the VAPID key -----------------------------------------------------------------------------

def _b64(b: bytes) -> str:
    return base64.urlsafe_b64encode(b).rstrip(b"=").decode("ascii")


def _load(text: str) -> Any:
    from py_vapid import Vapid

    text = text.strip()
    return Vapid.from_pem(text.encode()) if text.startswith("-----") else Vapid.from_string(text)


def vapid_key(engine: Engine) -> Any:
    """The server's VAPID key (a py-vapid `Vapid`): the operator's, or the one in the database,
    made by the first instance that needed it (instances racing agree on the one row stored)."""
    given = os.environ.get("YEZI_VAPID_PRIVATE_KEY", "")
    if given:
        return _load(given)
    with engine.connect() as c:
        pem = c.execute(select(vapid_t.c.private_pem).where(vapid_t.c.id == 1)).scalar()
    if pem is None:
        from cryptography.hazmat.primitives import serialization
        from py_vapid import Vapid

        v = Vapid()
        v.generate_keys()
        mine = v.private_key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                           serialization.NoEncryption()).decode()
        insert = pg_insert if engine.dialect.name == "postgresql" else sqlite_insert
        with engine.begin() as c:
            c.execute(insert(vapid_t).values(id=1, private_pem=mine, created_at=time.time())
                      .on_conflict_do_nothing(index_elements=["id"]))
            pem = c.execute(select(vapid_t.c.private_pem).where(vapid_t.c.id == 1)).scalar()
    return _load(str(pem))


def public_key(v: Any) -> str:
    """The applicationServerKey a browser subscribes with: the uncompressed P-256 point, base64url."""
    from cryptography.hazmat.primitives import serialization

    return _b64(v.public_key.public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint))


# ---- subscriptions -----------------------------------------------------------------------------

def subscribe(engine: Engine, user_id: str, endpoint: str, p256dh: str, auth: str) -> None:
    """Keep the browser's subscription (the endpoint checked by the caller); at most `MAX_SUBS` a user.
    An endpoint already kept for someone else moves to this user (the browser signed in anew)."""
    with engine.begin() as c:
        c.execute(delete(push_subs_t).where(push_subs_t.c.endpoint == endpoint))
        c.execute(push_subs_t.insert().values(user_id=user_id, endpoint=endpoint, p256dh=p256dh, auth=auth,
                                              created_at=time.time()))
        ids = c.execute(select(push_subs_t.c.id).where(push_subs_t.c.user_id == user_id)
                        .order_by(push_subs_t.c.id.desc())).scalars().all()
        if len(ids) > MAX_SUBS:
            c.execute(delete(push_subs_t).where(push_subs_t.c.id.in_(ids[MAX_SUBS:])))


def unsubscribe(engine: Engine, user_id: str, endpoint: str) -> bool:
    with engine.begin() as c:
        n = c.execute(delete(push_subs_t).where(push_subs_t.c.user_id == user_id,
                                                push_subs_t.c.endpoint == endpoint)).rowcount
    return bool(n)


def subscriptions_of(engine: Engine, user_id: str) -> list[dict[str, Any]]:
    with engine.connect() as c:
        rows = c.execute(select(push_subs_t).where(push_subs_t.c.user_id == user_id)).all()
    return [{"id": r.id, "endpoint": r.endpoint, "keys": {"p256dh": r.p256dh, "auth": r.auth}} for r in rows]


def drop(engine: Engine, sub_id: int) -> None:
    with engine.begin() as c:
        c.execute(delete(push_subs_t).where(push_subs_t.c.id == sub_id))


OK, GONE, FAILED = "ok", "gone", "failed"


def send_one(sub: dict[str, Any], data: dict[str, Any], vapid: Any, subject: str) -> str:
    """Push `data` (JSON) to one subscription (blocking: call it on a thread, never the loop):
    `OK`, `GONE` (its push service says it is gone, 404 or 410, or its endpoint is not public any
    more: the caller removes it) or `FAILED` (tried again with the next notice)."""
    from pywebpush import WebPushException, webpush

    try:
        webpush({"endpoint": sub["endpoint"], "keys": sub["keys"]}, json.dumps(data, ensure_ascii=False),
                vapid_private_key=vapid, vapid_claims={"sub": subject}, ttl=TTL_S, timeout=PUSH_TIMEOUT_S,
                requests_session=_NoRedirects())
        return OK
    except TableError:
        log.warning("push subscription %s refused: its endpoint is not public any more", sub["id"])
        return GONE
    except WebPushException as e:
        status = e.response.status_code if e.response is not None else None
        if status in (404, 410):
            return GONE
        log.warning("push to subscription %s failed: %s", sub["id"], status)
    except (requests.RequestException, OSError, ValueError) as e:
        log.warning("push to subscription %s failed: %s", sub["id"], type(e).__name__)
    return FAILED
