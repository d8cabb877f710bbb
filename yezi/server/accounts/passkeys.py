"""Passkeys (WebAuthn): an account made with one, more added to it, a sign-in with one, the list and
its removal. The handlers (`yezi.server.routes.passkeys`) stay thin; everything here is synchronous
and runs off the event loop (the database calls through `Store.run`, the checks of a signature in a
worker thread).

Each ceremony has two requests. The first stores a challenge row (`passkey_challenges_t`: random,
expiring after `CHALLENGE_S`, bound to its purpose, to the relying party and origins of that request,
and to the user it is for) and answers the options for ``navigator.credentials.create/get``; the
second names the row, which is deleted as it is read, so a challenge works once and nowhere after
it expired, whichever instance the second request reaches. Passkeys are discoverable (resident
keys required, user verification preferred): a sign-in names no account, the authenticator offers
the person its passkeys for this site and says which account the chosen one belongs to (its user
handle is the account's id). The signature counter must go forward (the library refuses a counter
that does not; a cloned authenticator betrays itself so); it is written back only if nobody else
wrote it in between.

The relying party (`relying_party`) is never taken from an arbitrary Host header: YEZI_RP_ID, or the
request's host name only where it is localhost or a name the operator listed.
"""

from __future__ import annotations

import base64
import json
import re
import secrets
import time
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from sqlalchemy import delete, func, insert, select, update
from sqlalchemy.engine import Engine, Row
from sqlalchemy.exc import IntegrityError
from starlette.concurrency import run_in_threadpool

from yezi.server.accounts import export, identity
from yezi.server.accounts.model import users_t
from yezi.server.accounts.passkey_model import passkey_challenges_t, passkeys_t
from yezi.server.config import Settings
from yezi.server.db import Store
from yezi.server.errors import TableError
from yezi.server.origin import allowed_host_names, host_name
from yezi.server.tables import clean_name

RP_NAME = "葉子 yezi"
CHALLENGE_S = 300.0  # a ceremony's challenge lives this long (the browser's prompt: `PROMPT_MS`)
PROMPT_MS = 180_000
MAX_PASSKEYS = 20  # per account: the list stays a list
# ceremonies in progress on the whole site: past it new ones wait (503 busy), so that a spray of
# addresses each within its own rate cannot grow the table without bound
MAX_LIVE_CHALLENGES = 20_000


#: the HTTP status of each refusal (400 where not named)


STATUS = {"not-signed-in": 401, "no-passkey": 404, "name-taken": 409, "passkey-known": 409, "last-passkey": 409,
          "too-many-passkeys": 409, "busy": 503}


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def expired() -> TableError:
    return TableError("passkey-expired", "this passkey prompt is over (used, expired or unknown): start again")


def refused(why: str) -> TableError:
    return TableError("passkey-refused", f"the passkey's answer does not check out: {why[:200]}")


# ---- where we are: the relying party ----------------------------------------------------------

@dataclass(frozen=True)
class RelyingParty:
    id: str
    origins: tuple[str, ...]  # what a browser's clientDataJSON may name as its origin


_HOST = re.compile(r"[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?\.?(?::[0-9]{1,5})?")


def _under(name: str, rp_id: str) -> bool:
    return name == rp_id or name.endswith("." + rp_id)


def relying_party(settings: Settings, host: str, scheme: str) -> RelyingParty | None:
    """The relying party of a request that came to `host` (its Host header) over `scheme`, or None when
    passkeys cannot be used there (an IP address, a name nobody listed: a Host header alone is not
    believed, or a page of a look-alike host the server answers under `*` would pass the origin check)."""
    if not _HOST.fullmatch(host.strip().lower()):
        return None  # not a plain name[:port]: nothing to make an origin of
    name = host_name(host)
    listed = allowed_host_names(settings.allowed_hosts, settings.allowed_origins) - {"*"}
    trusted = name in listed or name == "localhost" or name.endswith(".localhost")
    rp_id = settings.rp_id or (name if trusted else "")
    if not rp_id or not _under(name, rp_id):
        return None
    origins = {o for o in settings.allowed_origins
               if "//" in o and _under(host_name(urlsplit(o).netloc), rp_id)}
    if trusted:
        origins.add(f"{scheme}://{host.strip().lower()}")
    if settings.rp_id:
        origins.add(f"https://{rp_id}")
    return RelyingParty(rp_id, tuple(sorted(origins)))


def device_name(user_agent: str) -> str:
    """A passkey's default name from the browser that made it, e.g. "Chrome · Linux"."""
    ua = user_agent or ""
    browser = next((b for pat, b in (("Edg/", "Edge"), ("OPR/", "Opera"), ("Firefox/", "Firefox"),
                                     ("Chrome/", "Chrome"), ("Chromium/", "Chromium"), ("Safari/", "Safari"))
                    if pat in ua), "")
    system = next((s for pat, s in (("Android", "Android"), ("iPhone", "iOS"), ("iPad", "iPadOS"),
                                    ("CrOS", "ChromeOS"), ("Mac OS X", "macOS"), ("Windows", "Windows"),
                                    ("Linux", "Linux")) if pat in ua), "")
    return " · ".join(x for x in (browser, system) if x) or "passkey"


# ---- challenges -------------------------------------------------------------------------------

def begin(engine: Engine, purpose: str, rp: RelyingParty, user_id: str | None = None,
          name: str | None = None) -> tuple[str, bytes]:
    """A new ceremony: (its handle, its challenge). Expired ceremonies are swept on the way."""
    ceremony, challenge = secrets.token_urlsafe(18), secrets.token_bytes(32)
    now = time.time()
    with engine.begin() as c:
        c.execute(delete(passkey_challenges_t).where(passkey_challenges_t.c.expires_at < now))
        live = c.execute(select(func.count()).select_from(passkey_challenges_t)).scalar_one()
        if live >= MAX_LIVE_CHALLENGES:
            raise TableError("busy", "too many passkey prompts open on this server; try again in a minute")
        c.execute(insert(passkey_challenges_t).values(
            id=ceremony, challenge=b64url(challenge), purpose=purpose, user_id=user_id, name=name,
            rp_id=rp.id, origins=json.dumps(list(rp.origins)), expires_at=now + CHALLENGE_S))
    return ceremony, challenge


@dataclass(frozen=True)
class Ceremony:
    challenge: bytes
    user_id: str | None
    name: str | None
    rp: RelyingParty


def take(engine: Engine, ceremony: str, purpose: str) -> Ceremony:
    """The ceremony `ceremony` of this purpose, deleted as it is read (once: a second taker, here or on
    another instance, finds nothing); a TableError when it is unknown, used or expired."""
    t = passkey_challenges_t
    with engine.begin() as c:
        r = c.execute(select(t).where(t.c.id == ceremony, t.c.purpose == purpose)).first()
        if r is None or c.execute(delete(t).where(t.c.id == ceremony)).rowcount != 1:
            raise expired()
    if r.expires_at < time.time():
        raise expired()
    return Ceremony(unb64url(r.challenge), r.user_id, r.name,
                    RelyingParty(r.rp_id, tuple(json.loads(r.origins))))


# ---- options ----------------------------------------------------------------------------------

# The WebAuthn library is imported where it is used: it loads OpenSSL's certificate code, some 0.4 s
# that every server start (and every test's) would pay for passkeys it may never see.

def _descriptor(row: Row) -> Any:
    from webauthn.helpers.structs import AuthenticatorTransport, PublicKeyCredentialDescriptor

    transports = [AuthenticatorTransport(x) for x in row.transports.split(",")
                  if x in AuthenticatorTransport._value2member_map_]
    return PublicKeyCredentialDescriptor(id=unb64url(row.id), transports=transports or None)


def registration_options(rp: RelyingParty, challenge: bytes, user_id: str, user_name: str,
                         existing: list[Row]) -> dict[str, Any]:
    """The options for ``navigator.credentials.create``: a discoverable credential (the sign-in names no
    account), user verification preferred, never a second passkey on an authenticator that has one."""
    from webauthn import generate_registration_options, options_to_json
    from webauthn.helpers.structs import (
        AuthenticatorSelectionCriteria,
        ResidentKeyRequirement,
        UserVerificationRequirement,
    )

    options = generate_registration_options(
        rp_id=rp.id, rp_name=RP_NAME, user_id=user_id.encode(), user_name=user_name, user_display_name=user_name,
        challenge=challenge, timeout=PROMPT_MS,
        authenticator_selection=AuthenticatorSelectionCriteria(
            resident_key=ResidentKeyRequirement.REQUIRED, require_resident_key=True,
            user_verification=UserVerificationRequirement.PREFERRED),
        exclude_credentials=[_descriptor(r) for r in existing])
    return json.loads(options_to_json(options))


def authentication_options(rp: RelyingParty, challenge: bytes) -> dict[str, Any]:
    """The options for ``navigator.credentials.get``: no credentials named (discoverable ones)."""
    from webauthn import generate_authentication_options, options_to_json
    from webauthn.helpers.structs import UserVerificationRequirement

    options = generate_authentication_options(rp_id=rp.id, challenge=challenge, timeout=PROMPT_MS,
                                              user_verification=UserVerificationRequirement.PREFERRED)
    return json.loads(options_to_json(options))


# ---- checking the browser's answers (CPU: a signature; run in a worker thread) ------------------

def _bad_shape() -> tuple[type[Exception], ...]:
    """What the library raises for an answer it cannot read or check."""
    from webauthn.helpers.exceptions import WebAuthnException

    return (WebAuthnException, ValueError, TypeError, KeyError, AttributeError, IndexError)


@dataclass(frozen=True)
class NewPasskey:
    id: str
    public_key: bytes
    sign_count: int
    transports: str


def check_registration(ceremony: Ceremony, credential: dict[str, Any]) -> NewPasskey:
    from webauthn import verify_registration_response
    from webauthn.helpers import parse_registration_credential_json

    try:
        parsed = parse_registration_credential_json(credential)
        v = verify_registration_response(credential=parsed, expected_challenge=ceremony.challenge,
                                         expected_rp_id=ceremony.rp.id, expected_origin=list(ceremony.rp.origins))
    except _bad_shape() as e:
        raise refused(str(e)) from None
    transports = ",".join(str(x.value) for x in (parsed.response.transports or []))[:200]
    return NewPasskey(b64url(v.credential_id), v.credential_public_key, v.sign_count, transports)


def credential_id_of(credential: dict[str, Any]) -> str:
    """The credential id an assertion names (checked against rawId by the verification)."""
    cid = credential.get("id")
    if not isinstance(cid, str) or not 1 <= len(cid) <= 1400 or not re.fullmatch(r"[A-Za-z0-9_-]+", cid):
        raise refused("no credential id")
    return cid


def check_assertion(ceremony: Ceremony, stored: Row, credential: dict[str, Any]) -> int:
    """The new signature counter of a valid assertion by the stored passkey; a TableError otherwise
    (wrong challenge, origin or relying party, a bad signature, a counter that did not go forward, an
    authenticator that names another account)."""
    from webauthn import verify_authentication_response
    from webauthn.helpers import parse_authentication_credential_json

    if stored.rp_id != ceremony.rp.id:
        raise refused("this passkey was made for another site name")
    try:
        parsed = parse_authentication_credential_json(credential)
        handle = parsed.response.user_handle
        if handle is not None and handle != stored.user_id.encode():
            raise refused("the passkey names another account")
        v = verify_authentication_response(credential=parsed, expected_challenge=ceremony.challenge,
                                           expected_rp_id=ceremony.rp.id, expected_origin=list(ceremony.rp.origins),
                                           credential_public_key=stored.public_key,
                                           credential_current_sign_count=stored.sign_count)
    except _bad_shape() as e:
        raise refused(str(e)) from None
    return v.new_sign_count


# ---- the database -------------------------------------------------------------------------------

def clean_account_name(name: str) -> str:
    """The lobby's name rules (`yezi.server.tables.clean_name`: no control or direction characters,
    24 characters at most), refusing rather than cutting: an account's name is what its owner typed."""
    cleaned = clean_name(name)
    if not cleaned or cleaned != name.strip():
        raise TableError("bad-account-name", "a name is 1 to 24 visible characters, without control characters")
    return cleaned


def name_free(engine: Engine, name: str) -> bool:
    return identity.user_by_name(engine, name) is None


def passkey_row(engine: Engine, credential_id: str) -> Row | None:
    with engine.connect() as c:
        return c.execute(select(passkeys_t).where(passkeys_t.c.id == credential_id)).first()


def rows_of(engine: Engine, user_id: str) -> list[Row]:
    with engine.connect() as c:
        return list(c.execute(select(passkeys_t).where(passkeys_t.c.user_id == user_id)
                              .order_by(passkeys_t.c.created_at)).all())


def _insert(user_id: str, rp_id: str, new: NewPasskey, name: str):
    return insert(passkeys_t).values(id=new.id, user_id=user_id, rp_id=rp_id, public_key=new.public_key,
                                     sign_count=new.sign_count, transports=new.transports, name=name[:80],
                                     created_at=time.time(), last_used=None)


def create_account(engine: Engine, ceremony: Ceremony, new: NewPasskey, label: str) -> identity.User:
    """The account the sign-up ceremony was for, with its passkey, in one transaction."""
    assert ceremony.user_id is not None and ceremony.name is not None
    if passkey_row(engine, new.id) is not None:
        raise TableError("passkey-known", "this passkey is registered already")
    try:
        return identity.create_user(engine, ceremony.name, user_id=ceremony.user_id,
                                    also=[_insert(ceremony.user_id, ceremony.rp.id, new, label)])
    except IntegrityError:
        if not name_free(engine, ceremony.name):
            raise TableError("name-taken", "that name is taken; choose another") from None
        raise TableError("passkey-known", "this passkey is registered already") from None


def add_passkey(engine: Engine, user_id: str, ceremony: Ceremony, new: NewPasskey, label: str) -> None:
    if len(rows_of(engine, user_id)) >= MAX_PASSKEYS:
        raise TableError("too-many-passkeys", f"at most {MAX_PASSKEYS} passkeys an account")
    try:
        with engine.begin() as c:
            c.execute(_insert(user_id, ceremony.rp.id, new, label))
    except IntegrityError:
        raise TableError("passkey-known", "this passkey is registered already") from None


def record_use(engine: Engine, stored: Row, new_count: int) -> identity.User:
    """Write the passkey's new counter (only over the one the check was made against: two assertions
    racing with one counter, one wins) and return its live account."""
    with engine.begin() as c:
        done = c.execute(update(passkeys_t).where(passkeys_t.c.id == stored.id,
                                                  passkeys_t.c.sign_count == stored.sign_count)
                         .values(sign_count=new_count, last_used=time.time())).rowcount
    if done != 1:
        raise refused("the passkey was used at the same moment elsewhere")
    user = identity.user_by_id(engine, stored.user_id)
    if user is None or user.deleted:
        raise TableError("passkey-unknown", "this passkey's account is gone")
    return user


def listing(engine: Engine, user: identity.User) -> dict[str, Any]:
    """The account page's list: no key material, only what its owner recognises a passkey by."""
    with engine.connect() as c:
        password = c.execute(select(users_t.c.password_hash).where(users_t.c.id == user.id)).scalar()
    return {"user": {"name": user.name}, "has_password": password is not None,
            "passkeys": [{"id": r.id, "name": r.name, "created_at": r.created_at, "last_used": r.last_used,
                          "transports": [x for x in r.transports.split(",") if x]} for r in rows_of(engine, user.id)]}


def remove(engine: Engine, user_id: str, credential_id: str) -> None:
    """Remove one of the user's own passkeys, never the last way in (a user without a password keeps
    one passkey). The user's row is locked first (PostgreSQL: FOR UPDATE), so two removals at once
    cannot each leave the other's last."""
    with engine.begin() as c:
        password = c.execute(select(users_t.c.password_hash).where(users_t.c.id == user_id)
                             .with_for_update()).first()
        mine = passkeys_t.c.user_id == user_id
        if password is None or c.execute(select(passkeys_t.c.id).where(mine, passkeys_t.c.id == credential_id)
                                         ).first() is None:
            raise TableError("no-passkey", "you have no such passkey")
        left = c.execute(select(func.count()).select_from(passkeys_t).where(mine)).scalar_one()
        if left <= 1 and password.password_hash is None:
            raise TableError("last-passkey", "this is your account's only way in: add another passkey "
                               "or a password first")
        c.execute(delete(passkeys_t).where(mine, passkeys_t.c.id == credential_id))


# ---- the ceremonies, as the handlers run them ---------------------------------------------------
# The library's work (options, checks; its first import) runs in a worker thread, the database's
# through `Store.run`: nothing of it on the event loop.

async def start_signup(store: Store, rp: RelyingParty, name: str) -> dict[str, Any]:
    """Options to make a passkey for a new account named `name` (made only when the passkey checks out)."""
    name = clean_account_name(name)
    if not await store.run(name_free, store.engine, name):
        raise TableError("name-taken", "that name is taken; choose another")
    user_id = secrets.token_urlsafe(12)
    ceremony, challenge = await store.run(begin, store.engine, "signup", rp, user_id, name)
    return {"ceremony": ceremony,
            "options": await run_in_threadpool(registration_options, rp, challenge, user_id, name, [])}


async def finish_signup(store: Store, ceremony_id: str, credential: dict[str, Any], user_agent: str,
                        old_secret: str | None) -> str:
    """The new account with its passkey, signed in (a session this browser had is revoked): the session's
    secret."""
    ceremony = await store.run(take, store.engine, ceremony_id, "signup")
    new = await run_in_threadpool(check_registration, ceremony, credential)
    user = await store.run(create_account, store.engine, ceremony, new, device_name(user_agent))
    return await _new_session(store, user.id, user_agent, old_secret)


async def _new_session(store: Store, user_id: str, user_agent: str, old_secret: str | None) -> str:
    """A fresh session row for the user; the browser's previous one, if any, is revoked (no session
    outlives a sign-in on its browser: a planted cookie is worth nothing after it)."""
    if old_secret and len(old_secret) <= 128:
        await store.run(identity.revoke_session, store.engine, old_secret)
    return await store.run(identity.open_session, store.engine, user_id, user_agent)


async def start_add(store: Store, rp: RelyingParty, user: identity.User) -> dict[str, Any]:
    """Options to add a passkey to the signed-in account (none on an authenticator holding one of its)."""
    existing = await store.run(rows_of, store.engine, user.id)
    ceremony, challenge = await store.run(begin, store.engine, "add", rp, user.id)
    return {"ceremony": ceremony,
            "options": await run_in_threadpool(registration_options, rp, challenge, user.id, user.name, existing)}


async def finish_add(store: Store, user: identity.User, ceremony_id: str, credential: dict[str, Any],
                     user_agent: str) -> None:
    ceremony = await store.run(take, store.engine, ceremony_id, "add")
    if ceremony.user_id != user.id:  # another account's prompt (or a browser that changed accounts meanwhile)
        raise expired()
    new = await run_in_threadpool(check_registration, ceremony, credential)
    await store.run(add_passkey, store.engine, user.id, ceremony, new, device_name(user_agent))


async def start_signin(store: Store, rp: RelyingParty) -> dict[str, Any]:
    ceremony, challenge = await store.run(begin, store.engine, "signin", rp)
    return {"ceremony": ceremony, "options": await run_in_threadpool(authentication_options, rp, challenge)}


async def finish_signin(store: Store, ceremony_id: str, credential: dict[str, Any], user_agent: str,
                        old_secret: str | None) -> str:
    """A new session for the passkey's account (the session this browser had, if any, is revoked: a
    sign-in always starts a fresh row); its secret."""
    ceremony = await store.run(take, store.engine, ceremony_id, "signin")
    stored = await store.run(passkey_row, store.engine, credential_id_of(credential))
    if stored is None:
        raise TableError("passkey-unknown", "this passkey is not registered here (removed, or made for another site)")
    count = await run_in_threadpool(check_assertion, ceremony, stored, credential)
    user = await store.run(record_use, store.engine, stored, count)
    return await _new_session(store, user.id, user_agent, old_secret)


# ---- the user's data: export and erasure (`yezi.server.accounts.export`) ----------------------

def _export_passkeys(engine: Engine, user_id: str) -> list[dict[str, Any]]:
    """Each passkey: its id, name, site, public key (not a secret), hints and times."""
    with engine.connect() as c:
        rows = c.execute(select(passkeys_t).where(passkeys_t.c.user_id == user_id)
                         .order_by(passkeys_t.c.created_at)).all()
    return [{"id": r.id, "name": r.name, "rp_id": r.rp_id, "public_key": base64.b64encode(r.public_key).decode(),
             "sign_count": r.sign_count, "transports": r.transports, "created_at": r.created_at,
             "last_used": r.last_used} for r in rows]


def _erase_passkeys(engine: Engine, user_id: str) -> None:
    with engine.begin() as c:
        c.execute(delete(passkeys_t).where(passkeys_t.c.user_id == user_id))
        c.execute(delete(passkey_challenges_t).where(passkey_challenges_t.c.user_id == user_id))


export.register("passkeys", _export_passkeys, _erase_passkeys,
                covers=(("yezi_passkeys", "user_id"), ("yezi_passkey_challenges", "user_id")))
