"""Notices over HTTP (logic in `yezi.server.accounts.notices`, `.deliver` and `.push`): my recent
notices and their unread count, marking them read, my preferences (what is pushed and mailed, quiet
hours), the server's VAPID public key, and this browser's push subscription. Every request needs a
signed-in user and goes through the one per-minute limiter."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from yezi.server.accounts import notices, push
from yezi.server.accounts.identity import signed_in_user
from yezi.server.context import context_of
from yezi.server.errors import TableError
from yezi.server.http_util import rate_limit, read_model, refused
from yezi.server.schemas import NoticePrefs, PushSubscription, ReadNotices

PER_MINUTE = 120
PRIVATE = {"Cache-Control": "private, no-store"}


async def list_notices(request: Request) -> Response:
    """GET /api/notices: my recent notices (newest first, in the asked language) and the unread count."""
    ctx = context_of(request)
    try:
        rate_limit(request, "notices", PER_MINUTE)
        user = await signed_in_user(request)
    except TableError as e:
        return refused(e)
    lang = request.query_params.get("lang", "en")
    lang = lang if lang in ("zh-hant", "zh-hans", "en") else "en"
    got, unread = await ctx.store.run(notices.recent, ctx.store.engine, user.id)
    return JSONResponse({"notices": [n.as_json(lang) for n in got], "unread": unread}, headers=PRIVATE)


async def read_notices(request: Request) -> Response:
    """POST /api/notices/read {"ids": [...]} (or {} for all of them)."""
    ctx = context_of(request)
    try:
        rate_limit(request, "notices", PER_MINUTE)
        user = await signed_in_user(request)
        body = await read_model(request, ReadNotices, 8192)
    except TableError as e:
        return refused(e)
    n = await ctx.store.run(notices.mark_read, ctx.store.engine, user.id, body.get("ids"))
    return JSONResponse({"read": n})


async def prefs(request: Request) -> Response:
    """GET /api/notices/prefs: my preferences; POST: change some of them."""
    ctx = context_of(request)
    try:
        rate_limit(request, "notices", PER_MINUTE)
        user = await signed_in_user(request)
        if request.method == "POST":
            body = await read_model(request, NoticePrefs, 4096)
            if "tz" in body and not notices.valid_zone(body["tz"]):
                raise TableError("bad-time-zone", "not a time zone this server knows (an IANA name: Asia/Hong_Kong)")
            p = await ctx.store.run(notices.save_prefs, ctx.store.engine, user.id, body)
        else:
            p = await ctx.store.run(notices.prefs_of, ctx.store.engine, user.id)
    except TableError as e:
        return refused(e)
    return JSONResponse(p.as_json(), headers=PRIVATE)


async def push_key(request: Request) -> Response:
    """GET /api/push/key: the server's VAPID public key (a browser subscribes with it)."""
    try:
        rate_limit(request, "notices", PER_MINUTE)
    except TableError as e:
        return refused(e)
    return JSONResponse({"key": push.public_key(await context_of(request).notices.vapid())})


async def subscribe(request: Request) -> Response:
    """POST /api/push/subscribe: this browser's push subscription is mine (its endpoint checked:
    https, a public address)."""
    ctx = context_of(request)
    try:
        rate_limit(request, "notices", PER_MINUTE)
        user = await signed_in_user(request)
        body = await read_model(request, PushSubscription, 4096)
        if not body.get("keys"):
            raise TableError("bad-push-endpoint", "a subscription has its keys (p256dh, auth)")
        await ctx.store.run(push.check_endpoint, body["endpoint"])
        await ctx.store.run(push.subscribe, ctx.store.engine, user.id, body["endpoint"], body["keys"]["p256dh"],
                            body["keys"]["auth"])
    except TableError as e:
        return refused(e)
    return JSONResponse({"subscribed": True})


async def unsubscribe(request: Request) -> Response:
    """POST /api/push/unsubscribe {"endpoint": ...}."""
    ctx = context_of(request)
    try:
        rate_limit(request, "notices", PER_MINUTE)
        user = await signed_in_user(request)
        body = await read_model(request, PushSubscription, 4096)
    except TableError as e:
        return refused(e)
    return JSONResponse({"unsubscribed": await ctx.store.run(push.unsubscribe, ctx.store.engine, user.id,
                                                             body["endpoint"])})
