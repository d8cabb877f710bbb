"""Quick match over HTTP (logic in `yezi.server.quick`): join the queue, look, leave, and how many wait.

A ticket's secret lives in an HttpOnly, SameSite=Strict cookie scoped to its own address
(``/api/quick/<ticket>``), never in a body a script reads: the page knows the ticket's id only.
Looking at the ticket moves the queue (`seating.match_now`): whichever instance answers seats whoever
can be seated now, and a seated ticket's answer sets the seat's cookie and names the table. A guest
may wait for a realtime unrated table; a turn-based or rated one needs an account.
"""

from __future__ import annotations

import secrets
import time

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from yezi.server import wallclock
from yezi.server.accounts.identity import capacity_of, current_user
from yezi.server.accounts.seats import link_if_signed_in
from yezi.server.clients import client_key
from yezi.server.context import context_of
from yezi.server.errors import TableError
from yezi.server.http_util import err, rate_limit, read_model, refused
from yezi.server.quick import queue, seating
from yezi.server.quick.queue import Wish
from yezi.server.schemas import QuickJoin
from yezi.server.seats import set_seat_cookie
from yezi.server.tables import clean_name

GUEST = "yezi_guest"  # a guest's queue identity (one ticket a game), HttpOnly


def _cookie(ticket_id: str) -> str:
    return "yezi_quick_" + ticket_id


def _no_ticket() -> Response:
    return err("no-ticket", "no such ticket: it expired, or it is not yours", 404)


async def _ticket(request: Request, tid: str) -> tuple[str, dict | None]:
    """The ticket's secret (its cookie) and the ticket it proves, marked seen; None for an unknown
    ticket and a wrong or missing secret alike."""
    ctx = context_of(request)
    secret = request.cookies.get(_cookie(tid), "")
    row = await ctx.store.run(queue.ticket, ctx.store.engine, tid, secret, wallclock.now()) if secret else None
    return secret, row


def _wish(row: dict) -> Wish:
    return Wish(row["game"], row["preset"], row["pace"], row["move_days"], bool(row["rated"]))


async def join(request: Request) -> Response:
    """POST /api/quick: wait for a table of people; answers the ticket's id (its secret in a cookie)."""
    ctx = context_of(request)
    s = ctx.settings
    client = client_key(request)
    try:
        rate_limit(request, "quick-join", s.quick_joins_per_minute)
        body = await read_model(request, QuickJoin, 4096)
        user = await current_user(request)
        pace = body.get("pace", "realtime")
        rated = bool(body.get("rated"))
        if (pace == "turn" or rated) and user is None:
            raise TableError("quick-sign-in", "sign in to wait for a turn-based or rated table")
        preset = body.get("preset") or await ctx.store.run(seating.default_preset, body["game"])
        seating.layout(body["game"], preset)  # an unknown game or preset: refused here
        days = body.get("move_days") or (1 if pace == "turn" else None)
        wish = Wish(body["game"], preset, pace, days if pace == "turn" else None, rated)
        guest = request.cookies.get(GUEST) or ""
        if user is None and not (16 <= len(guest) <= 64 and guest.isascii()):
            guest = secrets.token_urlsafe(18)
        holder = f"u:{user.id}" if user is not None else f"g:{guest}"
        name = clean_name(user.name if user is not None else body.get("name"), "")
        tid, secret = await ctx.store.run(queue.join, ctx.store.engine, holder, user.id if user else None, client, wish,
                                          name, body.get("bot_after"), wallclock.now(),
                                          (s.quick_max, s.quick_per_client))
        await seating.match_now(ctx.manager, wish, client, await capacity_of(request))
    except TableError as e:
        return refused(e)
    waiting = await ctx.store.run(queue.waiting_in, ctx.store.engine, wish.pool)
    resp = JSONResponse({"ticket": tid, "waiting": waiting}, status_code=201)
    https = request.url.scheme == "https"
    resp.set_cookie(_cookie(tid), secret, max_age=3600, path=f"/api/quick/{tid}", httponly=True, samesite="strict",
                    secure=https)
    if user is None:
        resp.set_cookie(GUEST, guest, max_age=30 * 86400, path="/api/quick", httponly=True, samesite="strict",
                        secure=https)
    return resp


async def look(request: Request) -> Response:
    """GET /api/quick/{ticket}: still waiting (how many, for how long), or seated (the table; its
    seat's cookie set). Looking also seats whoever can be seated now."""
    ctx = context_of(request)
    client = client_key(request)
    tid = request.path_params["ticket"]
    if not ctx.manager.rate_ok("quick-look:" + client, ctx.settings.quick_polls_per_minute):
        return err("rate-limited", "too many requests; wait a minute", 429)
    secret, row = await _ticket(request, tid)
    if row is None:
        return _no_ticket()
    if row["state"] != "seated":
        await seating.match_now(ctx.manager, _wish(row), client, await capacity_of(request))
        row = await ctx.store.run(queue.ticket, ctx.store.engine, tid, secret, wallclock.now()) or row
    if row["state"] != "seated":
        waiting = await ctx.store.run(queue.waiting_in, ctx.store.engine, row["pool"])
        return JSONResponse({"state": "waiting", "waiting": waiting, "waited_s": round(time.time() - row["created_at"]),
                             "bot_after": row["bot_after"]}, headers={"Cache-Control": "no-store"})
    try:
        token = await seating.collect(ctx.manager, row["table_id"], row["position"], secret)
    except TableError as e:
        return refused(e)
    await link_if_signed_in(request, row["table_id"], row["position"])  # the account opens it from any device
    resp = JSONResponse({"state": "seated", "table": row["table_id"], "position": row["position"]},
                        headers={"Cache-Control": "no-store"})
    set_seat_cookie(resp, row["table_id"], row["position"], token, ctx.settings, request.url.scheme == "https")
    return resp


async def leave(request: Request) -> Response:
    """DELETE /api/quick/{ticket}: stop waiting."""
    ctx = context_of(request)
    tid = request.path_params["ticket"]
    _secret, row = await _ticket(request, tid)
    if row is None:
        return _no_ticket()
    await ctx.store.run(queue.leave, ctx.store.engine, tid)
    resp = JSONResponse({"left": True})
    resp.delete_cookie(_cookie(tid), path=f"/api/quick/{tid}")
    return resp


async def counts(request: Request) -> Response:
    """GET /api/quick: how many wait for each game now."""
    store = context_of(request).store
    return JSONResponse({"waiting": await store.run(queue.counts, store.engine, wallclock.now())})
