"""A table's seat sessions: a seat link exchanged for a cookie, the seats this browser holds, and
the host's new invitations (logic in `yezi.server.seats` and `TableManager.reissue`)."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from yezi.server.accounts.guard import check_seat_welcome
from yezi.server.accounts.rated_seats import refuse_guest_seat
from yezi.server.accounts.seats import account_positions, link_if_signed_in
from yezi.server.clients import client_key
from yezi.server.context import context_of
from yezi.server.http_util import err, read_model
from yezi.server.schemas import OpenSession, ReissueInvite
from yezi.server.seats import bearer, checked, cookie_name, held_positions, seat_link, set_seat_cookie
from yezi.server.tables import TableError


async def open_session(request: Request) -> Response:
    """POST /t/<id>/session {"token": <secret from the link>}: sets the seat's cookie."""
    ctx = context_of(request)
    if not ctx.manager.rate_ok("session:" + client_key(request)):
        return err("rate-limited", "too many requests; wait a minute", 429)
    tid = request.path_params["tid"]
    t = await ctx.manager.get(tid)
    if t is None:
        return err("no-table", "no such table", 404)
    try:
        token = (await read_model(request, OpenSession, 4096))["token"]
        position = await checked(ctx.manager, t, lambda: t.auth(token))
        await check_seat_welcome(request, tid)
        await refuse_guest_seat(request, t)
    except TableError as e:
        return err(e.code, e.message, 403 if e.code in ("bad-token", "blocked-by-host", "rated-guest") else 400)
    if position is None:  # an empty secret opens no seat
        return err("bad-token", "this seat link is not valid for this table", 403)
    await link_if_signed_in(request, tid, position)
    resp = JSONResponse({"position": position})
    set_seat_cookie(resp, tid, position, token, ctx.settings, request.url.scheme == "https")
    return resp


async def my_seats(request: Request) -> Response:
    """GET /t/<id>/session: the seats this browser opens (positions, no secrets): by their cookies, or
    through the signed-in account that opened them on another device."""
    t = await context_of(request).manager.get(request.path_params["tid"])
    if t is None:
        return err("no-table", "no such table", 404)
    held = set(held_positions(t, request.cookies))
    return JSONResponse({"positions": sorted(held | set(await account_positions(request, t)))})


async def reissue_invite(request: Request) -> Response:
    """POST /t/<id>/invite {"position": p}: the host's new invitation link for seat p."""
    ctx = context_of(request)
    tid = request.path_params["tid"]
    t = await ctx.manager.get(tid)
    if t is None:
        return err("no-table", "no such table", 404)
    try:
        body = await read_model(request, ReissueInvite, 4096)
        host = t.row.host_position
        tok = bearer(request.headers)
        if tok is None and host is not None:
            tok = request.cookies.get(cookie_name(host))
        by = await checked(ctx.manager, t, lambda: t.auth(tok)) if tok else None
        new = await ctx.manager.reissue(t, by, body.get("position"))
    except TableError as e:
        return err(e.code, e.message, {"not-host": 403, "bad-token": 403, "match-over": 409, "seats-closed": 409, "invite-closed": 409}.get(e.code, 400))
    return JSONResponse({"position": body["position"], "token": new, "link": seat_link(tid, new)})
