"""The lobby: list, create and inspect tables, claim an open seat."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from yezi.server.accounts.guard import check_seat_welcome
from yezi.server.accounts.identity import capacity_of
from yezi.server.accounts.rated_seats import refuse_guest_opening, refuse_guest_seat
from yezi.server.accounts.seats import link_if_signed_in
from yezi.server.clients import client_key
from yezi.server.context import context_of
from yezi.server.expiry import make_room, make_server_room
from yezi.server.http_util import err, read_model, read_request
from yezi.server.schemas import ClaimSeat, CreateTable
from yezi.server.seats import seat_link, set_seat_cookie, watch_link
from yezi.server.tables import LiveTable, TableError, json_num


async def list_tables(request: Request) -> Response:
    """The tables that wait for players (a free seat open to anyone)."""
    return JSONResponse({"tables": context_of(request).manager.lobby()})


async def create_table(request: Request) -> Response:
    ctx = context_of(request)
    manager = ctx.manager
    client, capacity = client_key(request), await capacity_of(request)
    await make_room(manager, client)
    refusal = manager.limits.creation_refusal(client)
    if refusal is not None:
        return err(*refusal, 429)
    try:
        spec = await read_request(request, CreateTable, 16384)
        await refuse_guest_opening(request, spec.rated, spec.pace == "turn")
        await make_server_room(manager, capacity)  # only for a creation the client's own caps allow
        t, tokens = await manager.create(spec, owner=client, capacity=capacity)
    except TableError as e:
        status = {"full": 503, "too-many-bot-tables": 429, "rate-limited": 429, "too-many-tables": 429,
                  "rated-sign-in": 403, "turn-sign-in": 403}.get(e.code, 400)
        return err(e.code, e.message, status)
    manager.limits.own(client, t.id)
    t.kick()
    if t.row.host_position is not None:
        await link_if_signed_in(request, t.id, t.row.host_position)
    return created(request, t, tokens)


def created(request: Request, t: LiveTable, tokens: dict[int, str]) -> Response:
    """The answer to a new table: its links, and the creator's seat cookie."""
    host = t.row.host_position
    resp = JSONResponse({
        "id": t.id,
        "seats": {str(pos): {"token": tok, "link": seat_link(t.id, tok), "access": t.players[pos].access}
                  for pos, tok in tokens.items()},
        "host": host,
        "watch": watch_link(t.id),
    }, status_code=201)
    if host is not None:  # the creator's browser holds its seat at once: no secret in its address bar
        set_seat_cookie(resp, t.id, host, tokens[host], context_of(request).settings, request.url.scheme == "https")
    return resp


async def get_table(request: Request) -> Response:
    t = await context_of(request).manager.get(request.path_params["tid"])
    if t is None:
        return err("no-table", "no such table", 404)
    info = t.public_info()
    info["deals"] = [{"no": d.no, "dealer": d.dealer, "over": d.state.current_player is None,
                      "payments": [json_num(p) for p in t.game.match_result(d.state)]} for d in t.deals]
    info["totals"] = [json_num(x) for x in t.totals]
    return JSONResponse(info)


async def claim(request: Request) -> Response:
    ctx = context_of(request)
    manager = ctx.manager
    client = client_key(request)
    if not manager.rate_ok("claim:" + client):
        return err("rate-limited", "too many requests; wait a minute", 429)
    try:
        body = await read_model(request, ClaimSeat, 4096)
        await check_seat_welcome(request, request.path_params["tid"])
        await refuse_guest_seat(request, await manager.get(request.path_params["tid"]))
        tok = await manager.claim(request.path_params["tid"], body.get("position"), body.get("name"))
    except TableError as e:
        refused = ("invite-only", "blocked-by-host", "rated-guest")
        return err(e.code, e.message, 404 if e.code == "no-table" else 403 if e.code in refused else 400)
    tid = request.path_params["tid"]
    position = body["position"]
    await link_if_signed_in(request, tid, position)
    resp = JSONResponse({"position": position, "token": tok, "link": seat_link(tid, tok)})
    set_seat_cookie(resp, tid, position, tok, ctx.settings, request.url.scheme == "https")
    return resp
