"""Who a request is: the ``yezi_session`` cookie → a session row → a user.

The cookie holds a random secret; the database keeps its SHA-256 only. Sessions are rows, so a
device is signed out everywhere (every instance) by marking its row revoked. Every function that
touches the database is synchronous and runs through `Store.run` (off the event loop); the async
`current_user` does that for a request.
"""

from __future__ import annotations

import hashlib
import secrets
import time
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import insert, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.sql import Executable
from starlette.requests import HTTPConnection
from starlette.responses import Response

from yezi.server.accounts.model import sessions_t, users_t
from yezi.server.clients import ANONYMOUS, SIGNED_IN, CapacityClass
from yezi.server.context import context_of
from yezi.server.errors import TableError

SESSION_COOKIE = "yezi_session"
SESSION_DAYS = 180  # a session not seen for this long is over
TOUCH_EVERY = 300.0  # s: last_seen is written at most this often per session


@dataclass(frozen=True)
class User:
    id: str
    name: str
    created_at: float
    deleted: bool = False


def name_key(name: str) -> str:
    """The folded form two display names collide on."""
    return unicodedata.normalize("NFKC", name).casefold().strip()


def _hash(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def _user(r) -> User:
    return User(id=r.id, name=r.name, created_at=r.created_at, deleted=bool(r.deleted))


def create_user(engine: Engine, name: str, password_hash: str | None = None, *, user_id: str | None = None,
                also: Sequence[Executable] = ()) -> User:
    """A new account (raises sqlalchemy's IntegrityError when the folded name is taken).

    `user_id`: an id chosen beforehand (a passkey's user handle is made before its account);
    `also`: statements committed with the user or not at all (the passkey that is its only way in)."""
    user = User(id=user_id or secrets.token_urlsafe(12), name=name, created_at=time.time())
    with engine.begin() as c:
        c.execute(insert(users_t).values(id=user.id, name=name, name_key=name_key(name),
                                         created_at=user.created_at, password_hash=password_hash))
        for statement in also:
            c.execute(statement)
    return user


def user_by_id(engine: Engine, user_id: str) -> User | None:
    with engine.connect() as c:
        r = c.execute(select(users_t).where(users_t.c.id == user_id)).first()
    return _user(r) if r is not None else None


def user_by_name(engine: Engine, name: str) -> User | None:
    with engine.connect() as c:
        r = c.execute(select(users_t).where(users_t.c.name_key == name_key(name))).first()
    return _user(r) if r is not None else None


def open_session(engine: Engine, user_id: str, user_agent: str = "") -> str:
    """A new session for the user; returns the cookie's secret (kept nowhere else)."""
    secret = secrets.token_urlsafe(32)
    now = time.time()
    with engine.begin() as c:
        c.execute(insert(sessions_t).values(id_hash=_hash(secret), user_id=user_id, created_at=now,
                                            last_seen=now, user_agent=user_agent[:200]))
    return secret


def user_of_session(engine: Engine, secret: str) -> User | None:
    """The live session's user (None: unknown, revoked, expired, or the user deleted)."""
    now = time.time()
    with engine.connect() as c:
        r = c.execute(select(sessions_t.c.last_seen, users_t).join(users_t, users_t.c.id == sessions_t.c.user_id)
                      .where(sessions_t.c.id_hash == _hash(secret), sessions_t.c.revoked.is_(False))).first()
    if r is None or r.deleted or now - r.last_seen > SESSION_DAYS * 86400:
        return None
    if now - r.last_seen > TOUCH_EVERY:
        with engine.begin() as c:
            c.execute(update(sessions_t).where(sessions_t.c.id_hash == _hash(secret)).values(last_seen=now))
    return _user(r)


def revoke_session(engine: Engine, secret: str) -> None:
    with engine.begin() as c:
        c.execute(update(sessions_t).where(sessions_t.c.id_hash == _hash(secret)).values(revoked=True))


def set_session_cookie(resp: Response, secret: str, secure: bool) -> None:
    """HttpOnly, SameSite=Lax, Secure over HTTPS; the whole site (every page shows who you are)."""
    resp.set_cookie(SESSION_COOKIE, secret, max_age=SESSION_DAYS * 86400, path="/", httponly=True,
                    samesite="lax", secure=secure)


def clear_session_cookie(resp: Response) -> None:
    resp.delete_cookie(SESSION_COOKIE, path="/")


async def signed_in_user(conn: HTTPConnection) -> User:
    """The signed-in user, or the refusal every account endpoint gives a guest (401 not-signed-in)."""
    user = await current_user(conn)
    if user is None:
        raise TableError("not-signed-in", "sign in first")
    return user


async def capacity_of(conn: HTTPConnection) -> CapacityClass:
    """How much of a full server the request's client may use: a signed-in player also the share
    held back from anonymous clients (`Settings.reserved_share`), so that a crowd of strangers
    never locks a club out of its Sunday table."""
    return SIGNED_IN if await current_user(conn) is not None else ANONYMOUS


async def current_user(conn: HTTPConnection) -> User | None:
    """The signed-in user of a request or WebSocket, or None for a guest."""
    secret = conn.cookies.get(SESSION_COOKIE)
    if not secret or len(secret) > 128:
        return None
    store = context_of(conn).store
    return await store.run(user_of_session, store.engine, secret)
