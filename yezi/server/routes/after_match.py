"""After a match, for a seat holder (its cookie or Bearer token proves the seat): ask for a
rematch with the same seats, or play again at a new table (logic in `yezi.server.rematch`)."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from yezi.server import rematch
from yezi.server.clients import client_key
from yezi.server.context import context_of
from yezi.server.expiry import make_room
from yezi.server.http_util import read_model, refused
from yezi.server.routes.api_tables import created
from yezi.server.schemas import SeatRequest
from yezi.server.seats import bearer, checked, cookie_name, set_seat_cookie
from yezi.server.tables import LiveTable, TableError

STATUS = {"no-table": 404, "bad-token": 403, "not-seated": 403, "rate-limited": 429, "too-many-tables": 429,
          "full": 503, "match-not-over": 409, "seat-reissued": 403}


async def _seat(request: Request, t: LiveTable, position: int) -> str:
    """The credential the request carries, which must open the seat at `position`."""
    ctx = context_of(request)
    tok = bearer(request.headers) or request.cookies.get(cookie_name(position))
    if not tok:
        raise TableError("not-seated", "only a player of this table can ask: this browser holds no seat here")
    by = await checked(ctx.manager, t, lambda: t.auth(tok))
    if by != position:
        raise TableError("not-seated", "that credential is for another seat")
    return tok


async def _table_and_seat(request: Request) -> tuple[LiveTable, int, str]:
    """The table, the seat asking and the credential that proved it."""
    ctx = context_of(request)
    if not ctx.manager.rate_ok("rematch:" + client_key(request)):
        raise TableError("rate-limited", "too many requests; wait a minute")
    t = await ctx.manager.get(request.path_params["tid"])
    if t is None:
        raise TableError("no-table", "no such table")
    body = await read_model(request, SeatRequest, 4096)
    return t, body["position"], await _seat(request, t, body["position"])


async def ask_rematch(request: Request) -> Response:
    """POST /t/<id>/rematch {"position": p}: seat p asks for (accepts) a rematch; once every player
    has, the answer names the new table and sets the cookie of p's seat there."""
    ctx = context_of(request)
    try:
        t, pos, proof = await _table_and_seat(request)
        await make_room(ctx.manager, client_key(request))
        out = await rematch.request(ctx.manager, t, pos, client_key(request), proof)
    except TableError as e:
        return refused(e, STATUS)
    token = out.pop("token", None)
    resp = JSONResponse(out)
    if token is not None:
        set_seat_cookie(resp, out["table"], pos, token, ctx.settings, request.url.scheme == "https")
    return resp


async def play_again(request: Request) -> Response:
    """POST /t/<id>/again {"position": p}: a new table like this one, seat p its host."""
    ctx = context_of(request)
    try:
        t, pos, _ = await _table_and_seat(request)
        await make_room(ctx.manager, client_key(request))
        new, tokens = await rematch.play_again(ctx.manager, t, pos, client_key(request))
    except TableError as e:
        return refused(e, STATUS)
    new.kick()
    return created(request, new, tokens)
