"""Password accounts over HTTP: sign up, sign in and out, the signed-in devices, recovery (codes,
and mailed links when SMTP is configured), and a guest's seats carried into the account.

Against a hostile client: every sign-in, sign-up and recovery try is counted per address and per
account name (`TableManager.rate_ok`, the one limiter), before any argon2 work; a wrong password
and an unknown name answer alike, in the same time (the unknown name is checked against a dummy
hash); a recovery request by mail answers at once and alike whatever it names, its work done in
the background. argon2 runs on `passwords.Hashing`'s bounded threads, the database through
`Store.run`: nothing here blocks the event loop.
"""

from __future__ import annotations

import asyncio
import logging
import os
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from yezi.i18n import _
from yezi.server.accounts import attempts, auth, awaiting, identity, passwords
from yezi.server.accounts.mail import mail_of, send
from yezi.server.accounts.seats import hold_seats
from yezi.server.clients import address_groups, client_key
from yezi.server.context import context_of
from yezi.server.http_util import err, read_model
from yezi.server.routes.pages import WEB_DIR
from yezi.server.schemas import (
    EmailAddress,
    MailedToken,
    NoFields,
    RecoverByCode,
    RequestRecovery,
    ResetPassword,
    SessionId,
    SignIn,
    SignUp,
)
from yezi.server.seats import held_positions
from yezi.server.tables import TableError, clean_name
from yezi.server.timers import remind

log = logging.getLogger("yezi.server")
LIMIT = 4096  # bytes of any body here
PRIVATE = {"Cache-Control": "private, no-store"}  # who you are is never kept by a cache on the way
SEAT_LINKS_PER_MINUTE = 120  # POST /t/<id>/account: a guest's tables, one request each, at sign-up
_background: set[asyncio.Task] = set()


def _hashing(request: Request) -> passwords.Hashing:
    return passwords.hashing()


def _limited(request: Request, kind: str, name: str, per_minute: int) -> bool:
    """True when this address (or its network, `group_share` times as many), or this account name,
    is past its tries a minute; every scope is counted."""
    ctx = context_of(request)
    client = client_key(request)
    scopes = [(f"{kind}:{client}", per_minute), (f"{kind}-name:{identity.name_key(name)}", per_minute)]
    scopes += [(f"{kind}:{g}", per_minute * ctx.settings.group_share) for g in address_groups(client)]
    return not all([ctx.manager.rate_ok(key, cap) for key, cap in scopes])


async def _over(request: Request, kind: str, name: str, per_minute: int) -> bool:
    """True when this try is one too many: first in this process's memory (`_limited`, no query),
    then in the database, where every instance counts the same name and address
    (`yezi.server.accounts.attempts`): N instances allow the tries of one."""
    if _limited(request, kind, name, per_minute):
        return True
    store = context_of(request).store
    keys = [(kind, client_key(request), float(per_minute)), (f"{kind}-name", identity.name_key(name), float(per_minute))]
    return not await store.run(attempts.take, store.engine, keys)


def _too_many() -> Response:
    return err("rate-limited", "too many tries; wait a minute", 429)


def _bad_credentials() -> Response:
    return err("bad-credentials", "wrong name or password", 401)


def _user_json(user: identity.User) -> dict[str, Any]:
    return {"id": user.id, "name": user.name}


def _signed_in(request: Request, user: identity.User, secret: str, body: dict[str, Any], status: int = 200) -> Response:
    resp = JSONResponse({"user": _user_json(user), **body}, status_code=status, headers=PRIVATE)
    identity.set_session_cookie(resp, secret, request.url.scheme == "https")
    return resp


async def _new_session(request: Request, user: identity.User) -> str:
    store = context_of(request).store
    return await store.run(auth.sign_in_session, store.engine, user.id, request.headers.get("user-agent", ""),
                           request.cookies.get(identity.SESSION_COOKIE))


def _has_passkeys() -> bool:
    """Whether the client has the passkeys script (the pages load it only then)."""
    return os.path.exists(os.path.join(WEB_DIR, "passkeys.js"))


async def me(request: Request) -> Response:
    """GET /api/me: who this browser is signed in as (``"user": null`` for a guest), and whether this
    server mails (recovery by link) and has passkeys, for the sign-in pages."""
    user = await identity.current_user(request)
    out: dict[str, Any] = {"user": _user_json(user) if user else None, "mail": mail_of(context_of(request).settings) is not None,
           "passkeys": _has_passkeys()}
    if user is not None:  # the header's badge: the games awaiting my move
        out["awaiting"] = len(await _awaiting(request, user.id))
    return JSONResponse(out, headers=PRIVATE)


async def _awaiting(request: Request, user_id: str) -> list[dict[str, Any]]:
    ctx = context_of(request)
    seats = await ctx.store.run(awaiting.open_seats, ctx.store.engine, user_id)
    return awaiting.awaiting(ctx.manager, seats)


async def awaiting_games(request: Request) -> Response:
    """GET /api/account/awaiting: the games awaiting my move, the nearest deadline first."""
    user = await _me_or_refusal(request)
    if isinstance(user, Response):
        return user
    return JSONResponse({"games": await _awaiting(request, user.id)}, headers=PRIVATE)


async def signup(request: Request) -> Response:
    ctx = context_of(request)
    store, settings = ctx.store, ctx.settings
    try:
        body = await read_model(request, SignUp, LIMIT)
    except TableError as e:
        return err(e.code, e.message)
    name = clean_name(body["name"])
    if not name:
        return err("bad-account-name", "a name is 1 to 24 visible characters")
    if await _over(request, "signup", name, settings.signup_per_minute):
        return _too_many()
    refused = passwords.refusal(body["password"], name)
    if refused is not None:
        return err(*refused)
    if await store.run(identity.user_by_name, store.engine, name) is not None:
        return err("name-taken", "that name is taken: choose another", 409)
    try:
        hashed = await _hashing(request).run(passwords.hash_password, body["password"])
    except TableError as e:
        return err(e.code, e.message, 503)
    user = await store.run(auth.create_password_user, store.engine, name, hashed)
    if user is None:  # taken a moment ago
        return err("name-taken", "that name is taken: choose another", 409)
    codes = await store.run(auth.new_recovery_codes, store.engine, user.id)
    secret = await _new_session(request, user)
    return _signed_in(request, user, secret, {"recovery_codes": codes}, 201)


async def signin(request: Request) -> Response:
    ctx = context_of(request)
    store = ctx.store
    try:
        body = await read_model(request, SignIn, LIMIT)
    except TableError as e:
        return err(e.code, e.message, 401 if e.code == "bad-credentials" else 400)
    name = clean_name(body["name"])
    if await _over(request, "signin", name, ctx.settings.signin_per_minute):
        return _too_many()
    user, stored = await store.run(auth.password_of, store.engine, name) if name else (None, None)
    try:
        ok, rehashed = await _hashing(request).run(passwords.verify, stored, body["password"])
    except TableError as e:
        return err(e.code, e.message, 503)
    if not ok or user is None:
        return _bad_credentials()
    if rehashed is not None:  # the stored hash's parameters were older than today's
        await store.run(auth.set_password, store.engine, user.id, rehashed)
    return _signed_in(request, user, await _new_session(request, user), {})


async def signout(request: Request) -> Response:
    try:
        await read_model(request, NoFields, LIMIT)
    except TableError as e:
        return err(e.code, e.message)
    secret = request.cookies.get(identity.SESSION_COOKIE)
    if secret and len(secret) <= 128:
        store = context_of(request).store
        await store.run(identity.revoke_session, store.engine, secret)
    resp = JSONResponse({"user": None})
    identity.clear_session_cookie(resp)
    return resp


async def _me_or_refusal(request: Request) -> identity.User | Response:
    try:
        return await identity.signed_in_user(request)
    except TableError as e:
        return err(e.code, e.message, 401)


async def account(request: Request) -> Response:
    """GET /api/account: my account page's data (email, recovery codes left, devices)."""
    user = await _me_or_refusal(request)
    if isinstance(user, Response):
        return user
    store = context_of(request).store
    info = await store.run(auth.account_info, store.engine, user.id)
    devices = await store.run(auth.sessions_of, store.engine, user.id, request.cookies.get(identity.SESSION_COOKIE))
    return JSONResponse({"user": _user_json(user), **info, "sessions": devices,
                         "mail": mail_of(context_of(request).settings) is not None}, headers=PRIVATE)


async def revoke_session(request: Request) -> Response:
    """POST /api/account/sessions/revoke {"id"}: sign one of my devices out."""
    user = await _me_or_refusal(request)
    if isinstance(user, Response):
        return user
    try:
        body = await read_model(request, SessionId, LIMIT)
    except TableError as e:
        return err(e.code, e.message, 404 if e.code == "no-session" else 400)
    store = context_of(request).store
    if not await store.run(auth.revoke_one, store.engine, user.id, body["id"]):
        return err("no-session", "no such signed-in device of yours", 404)
    return JSONResponse({"revoked": 1})


async def revoke_others(request: Request) -> Response:
    """POST /api/account/sessions/revoke-others: sign out everywhere but here."""
    user = await _me_or_refusal(request)
    if isinstance(user, Response):
        return user
    try:
        await read_model(request, NoFields, LIMIT)
    except TableError as e:
        return err(e.code, e.message)
    store = context_of(request).store
    n = await store.run(auth.revoke_others, store.engine, user.id, request.cookies.get(identity.SESSION_COOKIE))
    return JSONResponse({"revoked": n})


async def new_codes(request: Request) -> Response:
    """POST /api/account/recovery-codes: a new set (the old codes stop working), shown once."""
    user = await _me_or_refusal(request)
    if isinstance(user, Response):
        return user
    try:
        await read_model(request, NoFields, LIMIT)
    except TableError as e:
        return err(e.code, e.message)
    ctx = context_of(request)
    if not ctx.manager.rate_ok("codes:" + user.id, ctx.settings.signup_per_minute):
        return _too_many()
    return JSONResponse({"recovery_codes": await ctx.store.run(auth.new_recovery_codes, ctx.store.engine, user.id)})


async def _reset(request: Request, user_id: str, password: str) -> Response:
    """Set a recovered account's password; every other device is signed out, this one signed in."""
    store = context_of(request).store
    try:
        hashed = await _hashing(request).run(passwords.hash_password, password)
    except TableError as e:
        return err(e.code, e.message, 503)
    await store.run(auth.set_password, store.engine, user_id, hashed)
    await store.run(auth.revoke_others, store.engine, user_id, None)
    user = await store.run(identity.user_by_id, store.engine, user_id)
    if user is None:
        return err("bad-recovery", "wrong name or recovery code", 401)
    return _signed_in(request, user, await _new_session(request, user), {})


async def recover_by_code(request: Request) -> Response:
    """POST /api/account/recover {"name", "code", "password"}: a recovery code (once) sets a new password."""
    ctx = context_of(request)
    store = ctx.store
    try:
        body = await read_model(request, RecoverByCode, LIMIT)
    except TableError as e:
        return err(e.code, e.message, 401 if e.code == "bad-recovery" else 400)
    name = clean_name(body["name"])
    if await _over(request, "signin", name, ctx.settings.signin_per_minute):
        return _too_many()
    refused = passwords.refusal(body["password"], name)
    if refused is not None:
        return err(*refused)
    user, _hash = await store.run(auth.password_of, store.engine, name) if name else (None, None)
    if user is None or not await store.run(auth.use_recovery_code, store.engine, user.id, body["code"]):
        return err("bad-recovery", "wrong name or recovery code", 401)
    return await _reset(request, user.id, body["password"])


# ---- mail ------------------------------------------------------------------------------------------

def _later(coro) -> None:
    task = asyncio.get_running_loop().create_task(coro)
    _background.add(task)
    task.add_done_callback(_background.discard)


async def _mail_link(request: Request, user_id: str, email: str, purpose: str, lang: str) -> bool:
    ctx = context_of(request)
    mail = mail_of(ctx.settings)
    if mail is None:
        return False
    smtp, base = mail
    hours = ctx.settings.email_link_hours
    token = await ctx.store.run(auth.new_email_token, ctx.store.engine, user_id, purpose, email, hours * 3600)
    if purpose == "verify":
        link = f"{base}/account#verify={token}"
        subject = _(lang, "Verify your address for yezi")
        text = _(lang, "Open this link to verify this address for your yezi account (it works once, for {hours} "
                       "hours):\n\n{link}\n\nIf you did not ask for it, ignore this message.", link=link, hours=f"{hours:g}")
    else:
        link = f"{base}/signin#reset={token}"
        subject = _(lang, "Recover your yezi account")
        text = _(lang, "Open this link to choose a new password for your yezi account (it works once, for {hours} "
                       "hours):\n\n{link}\n\nIf you did not ask for it, ignore this message: your password stays "
                       "as it is.", link=link, hours=f"{hours:g}")
    return await send(smtp, ctx.settings.mail_from, email, subject, text)


async def set_email(request: Request) -> Response:
    """POST /api/account/email {"email", "lang"}: my address (null: none); a link is mailed to verify it."""
    user = await _me_or_refusal(request)
    if isinstance(user, Response):
        return user
    ctx = context_of(request)
    if mail_of(ctx.settings) is None:
        return err("mail-off", "this server sends no mail", 404)
    try:
        body = await read_model(request, EmailAddress, LIMIT)
    except TableError as e:
        return err(e.code, e.message)
    if not ctx.manager.rate_ok("email:" + user.id, ctx.settings.signup_per_minute):
        return _too_many()
    email = body["email"].strip().lower() if body.get("email") else None
    await ctx.store.run(auth.set_email, ctx.store.engine, user.id, email)
    sent = await _mail_link(request, user.id, email, "verify", body.get("lang", "en")) if email else False
    return JSONResponse({"email": email, "email_verified": False, "sent": sent})


async def verify_email(request: Request) -> Response:
    """POST /api/account/email/verify {"token"}: a verification link's token (once, before it expires)."""
    ctx = context_of(request)
    try:
        body = await read_model(request, MailedToken, LIMIT)
    except TableError as e:
        return err(e.code, e.message)
    if not ctx.manager.rate_ok("link:" + client_key(request), ctx.settings.signin_per_minute):
        return _too_many()
    used = await ctx.store.run(auth.use_email_token, ctx.store.engine, body["token"], "verify")
    if used is None or not await ctx.store.run(auth.mark_verified, ctx.store.engine, *used):
        return err("bad-link", "this link has been used, has expired or was replaced by a newer one", 400)
    return JSONResponse({"email": used[1], "email_verified": True})


async def request_recovery(request: Request) -> Response:
    """POST /api/account/recover/email {"who", "lang"}: mail a recovery link to the account's verified
    address. The answer is the same, at once, whether or not such an account exists."""
    ctx = context_of(request)
    try:
        body = await read_model(request, RequestRecovery, LIMIT)
    except TableError as e:
        return err(e.code, e.message)
    if mail_of(ctx.settings) is None:
        return err("mail-off", "this server sends no mail", 404)
    who = body["who"].strip()
    if await _over(request, "signin", who, ctx.settings.signin_per_minute):
        return _too_many()

    async def work() -> None:
        found = await ctx.store.run(auth.verified_email_of, ctx.store.engine, who)
        if found is not None:
            await _mail_link(request, found[0], found[1], "recover", body.get("lang", "en"))

    _later(work())
    return JSONResponse({"sent": True}, status_code=202)


async def reset_password(request: Request) -> Response:
    """POST /api/account/recover/reset {"token", "password"}: a mailed recovery link sets a new password."""
    ctx = context_of(request)
    try:
        body = await read_model(request, ResetPassword, LIMIT)
    except TableError as e:
        return err(e.code, e.message)
    if not ctx.manager.rate_ok("link:" + client_key(request), ctx.settings.signin_per_minute):
        return _too_many()
    refused = passwords.refusal(body["password"])
    if refused is not None:
        return err(*refused)
    used = await ctx.store.run(auth.use_email_token, ctx.store.engine, body["token"], "recover")
    if used is None:
        return err("bad-link", "this link has been used, has expired or was replaced by a newer one", 400)
    return await _reset(request, used[0], body["password"])


# ---- a guest's seats and games --------------------------------------------------------------------

async def link_table_seats(request: Request) -> Response:
    """POST /t/<id>/account: the seats of this table whose cookies this browser holds (they reach this
    path only) become the signed-in user's. The page sends it for each table of "your games" after
    signing up or in: a guest's games are the account's."""
    user = await _me_or_refusal(request)
    if isinstance(user, Response):
        return user
    ctx = context_of(request)
    try:
        await read_model(request, NoFields, LIMIT)
    except TableError as e:
        return err(e.code, e.message)
    if not ctx.manager.rate_ok("seatlink:" + client_key(request), SEAT_LINKS_PER_MINUTE):
        return _too_many()
    tid = request.path_params["tid"]
    t = await ctx.manager.get(tid)
    if t is None:
        return err("no-table", "no such table", 404)
    positions = held_positions(t, request.cookies)
    await ctx.store.run(hold_seats, ctx.store.engine, user.id,
                        [(tid, p, h) for p in positions if (h := t.players[p].token_hash) is not None])
    remind(t, positions)
    return JSONResponse({"positions": positions})


async def my_games(request: Request) -> Response:
    """GET /api/account/games: the tables whose seats I held, from any device."""
    user = await _me_or_refusal(request)
    if isinstance(user, Response):
        return user
    store = context_of(request).store
    return JSONResponse({"games": await store.run(auth.games_of, store.engine, user.id)}, headers=PRIVATE)
