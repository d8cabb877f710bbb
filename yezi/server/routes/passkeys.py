"""Passkeys over HTTP (logic in `yezi.server.accounts.passkeys`): each ceremony's options and its
verification, the signed-in user's list and removal, and the page ``/account/passkeys``.

Every request of a ceremony counts against its address's per-minute limit (the one limiter,
`TableManager.rate_ok`); a refusal changes nothing and says why with a stable code.
"""

from __future__ import annotations

import os
from collections.abc import Awaitable, Callable

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from yezi.server.accounts import identity
from yezi.server.accounts import passkeys as pk
from yezi.server.accounts.passkey_schemas import PasskeyFinish, PasskeySignup, PasskeyStart
from yezi.server.built import REVALIDATE, Built, built, cached
from yezi.server.clients import client_key
from yezi.server.context import context_of
from yezi.server.http_util import SECURITY_HEADERS, err, read_model, refused
from yezi.server.openapi import JSON_LIMITS
from yezi.server.routes.pages import WEB_DIR
from yezi.server.tables import TableError

JSON_LIMIT = JSON_LIMITS["passkey"]
PAGE = os.path.join(WEB_DIR, "passkeys.html")


async def _ceremony(request: Request, work: Callable[[pk.RelyingParty], Awaitable[Response]]) -> Response:
    """The checks every passkey request shares: the address's rate, a relying party for this host."""
    ctx = context_of(request)
    if not ctx.manager.rate_ok("passkey:" + client_key(request)):
        return err("rate-limited", "too many passkey requests from this address; wait a minute", 429)
    rp = pk.relying_party(ctx.settings, request.headers.get("host", ""), request.url.scheme)
    if rp is None:
        return err("passkeys-off", "passkeys work under this site's host name only (the operator sets YEZI_RP_ID)")
    try:
        return await work(rp)
    except TableError as e:
        return refused(e, pk.STATUS)


def _with_session(request: Request, secret: str, body: dict) -> Response:
    resp = JSONResponse(body)
    identity.set_session_cookie(resp, secret, request.url.scheme == "https")
    return resp


def _agent(request: Request) -> str:
    return request.headers.get("user-agent", "")[:200]


async def signup_options(request: Request) -> Response:
    """POST /api/passkeys/signup/options {"name"}: options to make a new account's passkey."""
    async def work(rp: pk.RelyingParty) -> Response:
        body = await read_model(request, PasskeySignup, JSON_LIMIT)
        return JSONResponse(await pk.start_signup(context_of(request).store, rp, body["name"]))
    return await _ceremony(request, work)


async def signup_verify(request: Request) -> Response:
    """POST /api/passkeys/signup/verify {"ceremony", "credential"}: the account is made and signed in."""
    async def work(rp: pk.RelyingParty) -> Response:
        body = await read_model(request, PasskeyFinish, JSON_LIMIT)
        secret = await pk.finish_signup(context_of(request).store, body["ceremony"], body["credential"],
                                        _agent(request), request.cookies.get(identity.SESSION_COOKIE))
        return _with_session(request, secret, {"signed_in": True})
    return await _ceremony(request, work)


async def add_options(request: Request) -> Response:
    """POST /api/passkeys/add/options {}: options to add a passkey to the signed-in account."""
    async def work(rp: pk.RelyingParty) -> Response:
        user = await identity.signed_in_user(request)
        await read_model(request, PasskeyStart, JSON_LIMIT)
        return JSONResponse(await pk.start_add(context_of(request).store, rp, user))
    return await _ceremony(request, work)


async def add_verify(request: Request) -> Response:
    async def work(rp: pk.RelyingParty) -> Response:
        user = await identity.signed_in_user(request)
        body = await read_model(request, PasskeyFinish, JSON_LIMIT)
        await pk.finish_add(context_of(request).store, user, body["ceremony"], body["credential"], _agent(request))
        return JSONResponse({"added": True})
    return await _ceremony(request, work)


async def signin_options(request: Request) -> Response:
    """POST /api/passkeys/signin/options {}: options for a sign-in naming no account."""
    async def work(rp: pk.RelyingParty) -> Response:
        await read_model(request, PasskeyStart, JSON_LIMIT)
        return JSONResponse(await pk.start_signin(context_of(request).store, rp))
    return await _ceremony(request, work)


async def signin_verify(request: Request) -> Response:
    """POST /api/passkeys/signin/verify {"ceremony", "credential"}: a new session for the passkey's account."""
    async def work(rp: pk.RelyingParty) -> Response:
        body = await read_model(request, PasskeyFinish, JSON_LIMIT)
        secret = await pk.finish_signin(context_of(request).store, body["ceremony"], body["credential"],
                                        _agent(request), request.cookies.get(identity.SESSION_COOKIE))
        return _with_session(request, secret, {"signed_in": True})
    return await _ceremony(request, work)


async def list_passkeys(request: Request) -> Response:
    """GET /api/account/passkeys: the signed-in user's passkeys (401 signed-out for anyone else)."""
    try:
        user = await identity.signed_in_user(request)
    except TableError as e:
        return refused(e, pk.STATUS)
    store = context_of(request).store
    return JSONResponse(await store.run(pk.listing, store.engine, user), headers={"Cache-Control": "no-store"})


async def remove_passkey(request: Request) -> Response:
    """DELETE /api/account/passkeys/{cid}: remove one of the signed-in user's passkeys (not the last way in)."""
    ctx = context_of(request)
    if not ctx.manager.rate_ok("passkey:" + client_key(request)):
        return err("rate-limited", "too many passkey requests from this address; wait a minute", 429)
    try:
        user = await identity.signed_in_user(request)
        await ctx.store.run(pk.remove, ctx.store.engine, user.id, request.path_params["cid"][:1400])
    except TableError as e:
        return refused(e, pk.STATUS)
    return JSONResponse({"removed": True})


def _page() -> Built:
    with open(PAGE, "rb") as f:
        return built(f.read(), "text/html; charset=utf-8")


async def page(request: Request) -> Response:
    """/account/passkeys: the signed-in user's passkeys (signed out: sign in or sign up with one)."""
    st = os.stat(PAGE)
    return await cached(request, ("passkeys-page", st.st_mtime_ns, st.st_size), _page, REVALIDATE,
                        headers=SECURITY_HEADERS)
