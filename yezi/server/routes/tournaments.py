"""Duplicate tournaments over HTTP (logic in `yezi.server.tournament`): list, make, enter, leave,
start, and a tournament's page data (its rounds, tables, standings and "same cards, other tables").

A change needs a signed-in user and goes through the one per-minute limiter (`TableManager.rate_ok`,
key ``tournament:<client>``); the results are worked out in a thread (finished tables rebuilt from
their logs), never on the event loop, and limited the same way.
"""

from __future__ import annotations

import asyncio
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from yezi.core.errors import OptionError
from yezi.core.registry import load_game
from yezi.server import catalog, tournament
from yezi.server.accounts import clubs
from yezi.server.accounts.identity import current_user, signed_in_user
from yezi.server.context import context_of
from yezi.server.errors import TableError
from yezi.server.http_util import rate_limit, read_model, refused
from yezi.server.schemas import CreateTournament, NoFields

LIMIT = 16384
PER_MINUTE = 30


async def _tournament(request: Request) -> tournament.Tournament:
    """The tournament of the path; a private club's only for its members (to anyone else it is not there),
    a closed club's for nobody."""
    store = context_of(request).store
    t = await store.run(tournament.get, store.engine, request.path_params["tid"])
    if t is not None and t.club is not None:
        club = await store.run(clubs.club_by_id, store.engine, t.club)
        if club is None:  # the club was closed: its tournament went with it
            t = None
        elif club.private:
            user = await current_user(request)
            if user is None or await store.run(clubs.role_of, store.engine, club.id, user.id) is None:
                t = None
    if t is None:
        raise TableError("no-tournament", "no such tournament")
    return t


async def list_tournaments(request: Request) -> Response:
    """GET /api/tournaments: the newest, those still to play first (a private club's are on its page)."""
    store = context_of(request).store
    ts = await store.run(tournament.listed, store.engine)
    return JSONResponse({"tournaments": await _with_clubs(request, ts)})


async def _with_clubs(request: Request, ts: list[tournament.Tournament]) -> list[dict[str, Any]]:
    """The tournaments' public fields, a club's named."""
    store = context_of(request).store
    ids = sorted({t.club for t in ts if t.club})
    names = await store.run(clubs.names_of, store.engine, ids) if ids else {}
    return [t.public() | ({"club_name": names.get(t.club)} if t.club else {}) for t in ts]


async def create_tournament(request: Request) -> Response:
    """POST /api/tournaments: a new tournament, open for entries (its organiser in it)."""
    ctx = context_of(request)
    try:
        rate_limit(request, "tournament", PER_MINUTE)
        user = await signed_in_user(request)
        body = await read_model(request, CreateTournament, LIMIT)
        if body["game"] not in catalog.playable_games():
            raise TableError("bad-game", f"unknown or unavailable game {body['game']!r}")
        try:
            load_game(body["game"], body.get("preset"), body.get("options"))
        except OptionError as e:
            raise TableError("bad-options", str(e)) from None
        if body.get("club") is not None and await ctx.store.run(clubs.club_by_id, ctx.store.engine, body["club"]) is None:
            raise TableError("no-club", "no such club")
        if body.get("pace") == "turn":
            body.setdefault("move_days", 1)
        elif body.get("move_days") is not None:
            raise TableError("bad-pace", "move_days is for a turn-based tournament (pace \"turn\")")
        t = await ctx.store.run(tournament.create, ctx.store.engine, user, body)
    except TableError as e:
        return refused(e)
    return JSONResponse({"id": t.id, "tournament": t.public()}, status_code=201)


async def show_tournament(request: Request) -> Response:
    """GET /api/tournaments/{tid}: the tournament, its entrants (names), its rounds and standings."""
    ctx = context_of(request)
    try:
        rate_limit(request, "tournament", PER_MINUTE)
        t = await _tournament(request)
    except TableError as e:
        return refused(e)
    user = await current_user(request)
    people = await ctx.store.run(tournament.entrants, ctx.store.engine, t.id)
    res = await asyncio.to_thread(tournament.results, ctx.manager, t)
    me = user.id if user else None
    names = {e["user"]: e["name"] for e in people}
    for r in res["rounds"]:  # who sits where, by name (user ids stay on the server); my own seat marked
        playing = any(not x["over"] for x in r["tables"])
        for x in r["tables"]:
            seating = x.pop("seating")
            x["seats"] = {p: {"name": names.get(u) if u else None, "bot": u is None, "mine": u is not None and u == me}
                          for p, u in seating.items()}
            if playing and not any(s["mine"] for s in x["seats"].values()):
                # another table of a round being played holds the same hands: nobody watches it meanwhile
                x.pop("table")
    for row in res["standings"]:
        row["mine"] = row.pop("user") == me
    for r in res["rounds"]:
        for d in r["deals"]:
            for c in d["same_cards"]:
                for h in c["held_by"]:
                    h["mine"] = h.pop("user") == me and me is not None
    (shown,) = await _with_clubs(request, [t])
    return JSONResponse({"tournament": shown,
                         "entrants": [{"name": e["name"], "from_round": e["from_round"], "left": e["left"],
                                       "mine": e["user"] == me} for e in people],
                         "organiser": me == t.organiser, **res})


async def _change(request: Request, what: str) -> Response:
    ctx = context_of(request)
    try:
        rate_limit(request, "tournament", PER_MINUTE)
        user = await signed_in_user(request)
        await read_model(request, NoFields, 1024)  # the body of a button: {}
        t = await _tournament(request)
        if what == "enter":
            await ctx.store.run(tournament.enter, ctx.store.engine, t, user)
        elif what == "withdraw":
            await ctx.store.run(tournament.withdraw, ctx.store.engine, t, user)
        else:
            await tournament.start(ctx.manager, t, user)
    except TableError as e:
        return refused(e)
    return JSONResponse({"ok": True})


async def enter(request: Request) -> Response:
    """POST /api/tournaments/{tid}/enter."""
    return await _change(request, "enter")


async def withdraw(request: Request) -> Response:
    """POST /api/tournaments/{tid}/withdraw."""
    return await _change(request, "withdraw")


async def start(request: Request) -> Response:
    """POST /api/tournaments/{tid}/start (the organiser)."""
    return await _change(request, "start")

