"""The lobby: list, create and inspect tables, claim an open seat."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from yezi.server.clients import client_key
from yezi.server.context import context_of
from yezi.server.http_util import err, read_model
from yezi.server.schemas import ClaimSeat, CreateTable
from yezi.server.tables import TableError, json_num


async def list_tables(request: Request) -> Response:
    ctx = context_of(request)
    out = []
    for row in ctx.store.list_tables(status="playing"):
        t = ctx.manager.live.get(row.id)
        players = t.public_info()["players"] if t else [
            {"position": p.position, "kind": p.kind, "bot": p.bot, "name": p.name, "claimed": p.claimed}
            for p in ctx.store.players(row.id)]
        out.append({"id": row.id, "game": row.game, "preset": row.preset, "title": row.title,
                    "num_deals": row.num_deals, "created_at": row.created_at, "players": players,
                    "deal_no": t.current.no if t else None})
    return JSONResponse({"tables": out})


async def create_table(request: Request) -> Response:
    manager = context_of(request).manager
    client = client_key(request)
    if not manager.rate_ok(client):
        return err("rate-limited", "too many tables created; wait a minute", 429)
    try:
        spec = await read_model(request, CreateTable, 16384)
        t, tokens = manager.create(spec, owner=client)
    except TableError as e:
        return err(e.code, e.message, 429 if e.code == "too-many-bot-tables" else 400)
    t.kick()
    host = next((p.position for p in t.players if p.kind == "human" and p.claimed), None)
    return JSONResponse({
        "id": t.id,
        "seats": {str(pos): {"token": tok, "link": f"/t/{t.id}?token={tok}"} for pos, tok in tokens.items()},
        "host": host,
        "watch": f"/t/{t.id}",
    }, status_code=201)


async def get_table(request: Request) -> Response:
    t = await context_of(request).manager.get(request.path_params["tid"])
    if t is None:
        return err("no-table", "no such table", 404)
    info = t.public_info()
    info["deals"] = [{"no": d.no, "dealer": d.dealer, "over": d.state.current_player is None,
                      "payments": [json_num(p) for p in d.state.payments()]} for d in t.deals]
    info["totals"] = [json_num(x) for x in t.totals]
    return JSONResponse(info)


async def claim(request: Request) -> Response:
    manager = context_of(request).manager
    client = request.client.host if request.client else "?"
    if not manager.rate_ok("claim:" + client):
        return err("rate-limited", "too many requests; wait a minute", 429)
    try:
        body = await read_model(request, ClaimSeat, 4096)
        tok = await manager.claim(request.path_params["tid"], body.get("position"), body.get("name"))
    except TableError as e:
        return err(e.code, e.message, 404 if e.code == "no-table" else 400)
    tid = request.path_params["tid"]
    return JSONResponse({"token": tok, "link": f"/t/{tid}?token={tok}"})
