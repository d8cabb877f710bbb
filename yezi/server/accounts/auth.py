"""Password accounts' rows: sign-up, a device's sessions, recovery codes and mailed tokens.

Every function here is synchronous and touches the database only (the argon2 work is the
caller's, on `passwords.Hashing`'s threads); the route module awaits them through `Store.run`.
A secret (a session's cookie, a recovery code, a mailed link's token) is stored as its SHA-256
and consumed by one conditional UPDATE, so two requests racing with one code cannot both win.
"""

from __future__ import annotations

import hashlib
import secrets
import time
from typing import Any

from sqlalchemy import delete, insert, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from yezi.server.accounts import export, identity
from yezi.server.accounts.auth_model import email_tokens_t, recovery_codes_t
from yezi.server.accounts.model import seat_users_t, sessions_t, users_t
from yezi.server.db import tables_t

RECOVERY_CODES = 10
CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"  # no 0/O, 1/I/L: read aloud or copied by hand
CODE_GROUPS = 4  # four groups of four: 16 characters, about 79 bits


def _sha(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def create_password_user(engine: Engine, name: str, password_hash: str) -> identity.User | None:
    """The new account, or None when its folded name is taken."""
    try:
        return identity.create_user(engine, name, password_hash)
    except IntegrityError:
        return None


def password_of(engine: Engine, name: str) -> tuple[identity.User | None, str | None]:
    """The account of `name` (not deleted) and its password hash; (None, None) for nobody."""
    with engine.connect() as c:
        r = c.execute(select(users_t).where(users_t.c.name_key == identity.name_key(name))).first()
    if r is None or r.deleted:
        return None, None
    return identity.User(id=r.id, name=r.name, created_at=r.created_at), r.password_hash


def set_password(engine: Engine, user_id: str, password_hash: str) -> None:
    with engine.begin() as c:
        c.execute(update(users_t).where(users_t.c.id == user_id).values(password_hash=password_hash))


def account_info(engine: Engine, user_id: str) -> dict[str, Any]:
    """What the account page shows of its own account."""
    with engine.connect() as c:
        r = c.execute(select(users_t.c.email, users_t.c.email_verified, users_t.c.password_hash)
                      .where(users_t.c.id == user_id)).first()
        left = c.execute(select(recovery_codes_t.c.code_hash).where(
            recovery_codes_t.c.user_id == user_id, recovery_codes_t.c.used_at.is_(None))).all()
    return {"email": r.email if r else None, "email_verified": bool(r and r.email_verified),
            "has_password": bool(r and r.password_hash), "recovery_codes_left": len(left)}


# ---- sessions (a signed-in device each) --------------------------------------------------------

def sign_in_session(engine: Engine, user_id: str, user_agent: str, old_secret: str | None) -> str:
    """A new session (rotated: the device's old cookie, whoever's it was, no longer opens one)."""
    if old_secret:
        identity.revoke_session(engine, old_secret)
    return identity.open_session(engine, user_id, user_agent)


def sessions_of(engine: Engine, user_id: str, current: str | None) -> list[dict[str, Any]]:
    """The user's live sessions, the most recently seen first; `id` is the row's key (the hash of
    its secret, which opens nothing), `current` marks the asking device's."""
    now = time.time()
    mine = _sha(current) if current else None
    with engine.connect() as c:
        rows = c.execute(select(sessions_t).where(sessions_t.c.user_id == user_id, sessions_t.c.revoked.is_(False))
                         .order_by(sessions_t.c.last_seen.desc()).limit(100)).all()
    return [{"id": r.id_hash, "user_agent": r.user_agent, "created_at": r.created_at, "last_seen": r.last_seen,
             "current": r.id_hash == mine} for r in rows if now - r.last_seen <= identity.SESSION_DAYS * 86400]


def revoke_one(engine: Engine, user_id: str, session_id: str) -> bool:
    """Sign one of the user's own devices out (another user's session id changes nothing)."""
    with engine.begin() as c:
        n = c.execute(update(sessions_t).where(sessions_t.c.id_hash == session_id, sessions_t.c.user_id == user_id,
                                               sessions_t.c.revoked.is_(False)).values(revoked=True)).rowcount
    return n == 1


def revoke_others(engine: Engine, user_id: str, keep_secret: str | None) -> int:
    keep = _sha(keep_secret) if keep_secret else ""
    with engine.begin() as c:
        return c.execute(update(sessions_t).where(sessions_t.c.user_id == user_id, sessions_t.c.id_hash != keep,
                                                  sessions_t.c.revoked.is_(False)).values(revoked=True)).rowcount


# ---- recovery codes ------------------------------------------------------------------------------

def _new_code() -> str:
    raw = "".join(secrets.choice(CODE_ALPHABET) for _ in range(4 * CODE_GROUPS))
    return "-".join(raw[i:i + 4] for i in range(0, len(raw), 4))


def normal_code(code: str) -> str:
    """A code as typed (any case, with or without its dashes or spaces) in its stored form."""
    s = "".join(ch for ch in code.upper() if ch.isalnum())
    return "-".join(s[i:i + 4] for i in range(0, len(s), 4))


def new_recovery_codes(engine: Engine, user_id: str, n: int = RECOVERY_CODES) -> list[str]:
    """A fresh set of codes (the old ones stop working); shown once, kept as hashes only."""
    codes = [_new_code() for _ in range(n)]
    now = time.time()
    with engine.begin() as c:
        c.execute(delete(recovery_codes_t).where(recovery_codes_t.c.user_id == user_id))
        c.execute(insert(recovery_codes_t), [{"code_hash": _sha(k), "user_id": user_id, "created_at": now}
                                             for k in codes])
    return codes


def use_recovery_code(engine: Engine, user_id: str, code: str) -> bool:
    """Spend one of the user's codes: True once per code."""
    with engine.begin() as c:
        n = c.execute(update(recovery_codes_t).where(
            recovery_codes_t.c.code_hash == _sha(normal_code(code)), recovery_codes_t.c.user_id == user_id,
            recovery_codes_t.c.used_at.is_(None)).values(used_at=time.time())).rowcount
    return n == 1


# ---- email ---------------------------------------------------------------------------------------

def set_email(engine: Engine, user_id: str, email: str | None) -> None:
    """A new address (unverified until its link is opened), or none; its pending links stop working."""
    with engine.begin() as c:
        c.execute(update(users_t).where(users_t.c.id == user_id).values(email=email, email_verified=False))
        c.execute(update(email_tokens_t).where(email_tokens_t.c.user_id == user_id,
                                               email_tokens_t.c.used_at.is_(None)).values(used_at=time.time()))


def verified_email_of(engine: Engine, who: str) -> tuple[str, str] | None:
    """(user id, address) for a name or a verified address, when the account has a verified address."""
    with engine.connect() as c:
        col = users_t.c.email if "@" in who else users_t.c.name_key
        key = who.strip().lower() if "@" in who else identity.name_key(who)
        r = c.execute(select(users_t.c.id, users_t.c.email).where(
            col == key, users_t.c.email_verified.is_(True), users_t.c.deleted.is_(False))).first()
    return (r.id, r.email) if r is not None else None


def email_of(engine: Engine, user_id: str) -> str | None:
    with engine.connect() as c:
        return c.execute(select(users_t.c.email).where(users_t.c.id == user_id)).scalar()


def new_email_token(engine: Engine, user_id: str, purpose: str, email: str, ttl_s: float) -> str:
    secret = secrets.token_urlsafe(32)
    now = time.time()
    with engine.begin() as c:
        c.execute(insert(email_tokens_t).values(token_hash=_sha(secret), user_id=user_id, purpose=purpose, email=email,
                                                created_at=now, expires_at=now + ttl_s))
    return secret


def use_email_token(engine: Engine, secret: str, purpose: str) -> tuple[str, str] | None:
    """Spend a mailed token: (user id, address) once, while it has not expired; else None."""
    now = time.time()
    h = _sha(secret)
    with engine.begin() as c:
        n = c.execute(update(email_tokens_t).where(
            email_tokens_t.c.token_hash == h, email_tokens_t.c.purpose == purpose,
            email_tokens_t.c.used_at.is_(None), email_tokens_t.c.expires_at > now).values(used_at=now)).rowcount
        if n != 1:
            return None
        r = c.execute(select(email_tokens_t.c.user_id, email_tokens_t.c.email)
                      .where(email_tokens_t.c.token_hash == h)).first()
    return (r.user_id, r.email) if r is not None else None


def mark_verified(engine: Engine, user_id: str, email: str) -> bool:
    """The address is the user's still (not changed since the link was sent): now verified."""
    with engine.begin() as c:
        n = c.execute(update(users_t).where(users_t.c.id == user_id, users_t.c.email == email)
                      .values(email_verified=True)).rowcount
    return n == 1


def games_of(engine: Engine, user_id: str, limit: int = 200) -> list[dict[str, Any]]:
    """The tables whose seats the user held (newest first): "your games" from any device."""
    with engine.connect() as c:
        rows = c.execute(select(seat_users_t.c.table_id, seat_users_t.c.position, tables_t.c.game,
                                tables_t.c.created_at, tables_t.c.status)
                         .join(tables_t, tables_t.c.id == seat_users_t.c.table_id)
                         .where(seat_users_t.c.user_id == user_id)
                         .order_by(seat_users_t.c.linked_at.desc()).limit(limit)).all()
    return [{"table": r.table_id, "seat": r.position, "game": r.game, "created_at": r.created_at, "status": r.status}
            for r in rows]


# ---- the user's data: export and erasure (`yezi.server.accounts.export`) ----------------------

def _export_recovery(engine: Engine, user_id: str) -> dict[str, Any]:
    """Recovery codes and mailed links: when each was made and used, and the address a link went
    to; never a code or a token (only their hashes are kept, and not even those are shown)."""
    with engine.connect() as c:
        codes = c.execute(select(recovery_codes_t.c.created_at, recovery_codes_t.c.used_at)
                          .where(recovery_codes_t.c.user_id == user_id).order_by(recovery_codes_t.c.created_at)).all()
        mails = c.execute(select(email_tokens_t.c.purpose, email_tokens_t.c.email, email_tokens_t.c.created_at,
                                 email_tokens_t.c.expires_at, email_tokens_t.c.used_at)
                          .where(email_tokens_t.c.user_id == user_id).order_by(email_tokens_t.c.created_at)).all()
    return {"recovery_codes": [{"created_at": r.created_at, "used_at": r.used_at} for r in codes],
            "mailed_links": [{"purpose": r.purpose, "email": r.email, "created_at": r.created_at,
                              "expires_at": r.expires_at, "used_at": r.used_at} for r in mails]}


def _erase_recovery(engine: Engine, user_id: str) -> None:
    with engine.begin() as c:
        c.execute(delete(recovery_codes_t).where(recovery_codes_t.c.user_id == user_id))
        c.execute(delete(email_tokens_t).where(email_tokens_t.c.user_id == user_id))  # the addresses too


export.register("recovery", _export_recovery, _erase_recovery,
                covers=(("yezi_recovery_codes", "user_id"), ("yezi_email_tokens", "user_id")))
