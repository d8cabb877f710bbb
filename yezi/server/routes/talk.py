"""A club's chat and two friends' chat over HTTP (logic in `yezi.server.accounts.talk`): read by
polling (``?after=<id>``), written through the table chat's per-speaker bucket and the one
per-minute limiter; every request needs a signed-in member or friend."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from yezi.server.accounts import talk
from yezi.server.accounts.identity import User, signed_in_user
from yezi.server.chat import EVERY_S
from yezi.server.clients import client_key
from yezi.server.context import context_of
from yezi.server.errors import TableError
from yezi.server.http_util import rate_limit, read_model, refused
from yezi.server.schemas import TalkPost, TalkReport

READS_PER_MINUTE = 240  # a page polling two rooms every few seconds, with room to spare
LIMIT = 4096

Room = Callable[[Any, Request, User], str]


def _club(engine: Any, request: Request, user: User) -> str:
    return talk.club_room(engine, request.path_params["cid"], user)


def _friend(engine: Any, request: Request, user: User) -> str:
    return talk.friends_room(engine, user, request.path_params["name"])


async def _room(request: Request, which: Room) -> tuple[User, str]:
    user = await signed_in_user(request)
    store = context_of(request).store
    return user, await store.run(which, store.engine, request, user)


async def _read(request: Request, which: Room) -> Response:
    ctx = context_of(request)
    try:
        rate_limit(request, "talk-read", READS_PER_MINUTE)
        user, key = await _room(request, which)
        after = request.query_params.get("after", "0")
        n = int(after) if after.isdigit() and len(after) < 19 else 0
        msgs = await ctx.store.run(talk.read, ctx.store.engine, key, n, user)
    except TableError as e:
        return refused(e)
    return JSONResponse({"messages": msgs}, headers={"Cache-Control": "private, no-store"})


async def _write(request: Request, which: Room) -> Response:
    ctx = context_of(request)
    try:
        user, key = await _room(request, which)
        body = await read_model(request, TalkPost, LIMIT)
        if not ctx.chat.limits.take("u:" + user.id) or not ctx.manager.rate_ok("chat:" + client_key(request)):
            raise TableError("rate-limited", f"too many chat messages: one every {EVERY_S:g} s")
        m = await ctx.store.run(talk.post, ctx.store.engine, key, user, body)
    except TableError as e:
        return refused(e)
    return JSONResponse({"message": m.to_json()})


async def _report(request: Request, which: Room) -> Response:
    ctx = context_of(request)
    try:
        rate_limit(request, "chat-report")
        user, key = await _room(request, which)
        body = await read_model(request, TalkReport, LIMIT)
        await ctx.store.run(talk.report_message, ctx.store.engine, key, body["msg"], "u:" + user.id)
    except TableError as e:
        return refused(e)
    return JSONResponse({"reported": True})


async def club_read(request: Request) -> Response:
    """GET /api/clubs/{cid}/chat?after=<id>."""
    return await _read(request, _club)


async def club_write(request: Request) -> Response:
    """POST /api/clubs/{cid}/chat."""
    return await _write(request, _club)


async def club_report(request: Request) -> Response:
    """POST /api/clubs/{cid}/chat/report."""
    return await _report(request, _club)


async def friend_read(request: Request) -> Response:
    """GET /api/friends/{name}/chat?after=<id>."""
    return await _read(request, _friend)


async def friend_write(request: Request) -> Response:
    """POST /api/friends/{name}/chat."""
    return await _write(request, _friend)


async def friend_report(request: Request) -> Response:
    """POST /api/friends/{name}/chat/report."""
    return await _report(request, _friend)
