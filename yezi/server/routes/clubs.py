"""Clubs over HTTP: make one, join it (invite link or request), roles, the standing table and its
seats, the club's page data and its ledger (logic in `yezi.server.accounts.clubs` and `.ledger`).

Every change needs a signed-in user and goes through the one per-minute limiter
(`TableManager.rate_ok`, key ``club:<client>``). What a private club holds (members, games,
leaderboard, ledger) is answered to its members only; its standing table's seats are taken by
members only, whoever asks.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from yezi.server import tournament
from yezi.server.accounts import clubs, ledger, ratings
from yezi.server.accounts.club_schemas import AnswerRequest, JoinClub, LedgerNote, NewClub, SetRole, TakeSeat
from yezi.server.accounts.identity import User, current_user, signed_in_user
from yezi.server.accounts.model import users_t
from yezi.server.accounts.seats import users_of_table
from yezi.server.accounts.social import DELETED_NAME
from yezi.server.clients import client_key
from yezi.server.context import context_of
from yezi.server.errors import json_num
from yezi.server.expiry import make_room
from yezi.server.http_util import rate_limit, read_model, read_request, refused
from yezi.server.openapi import JSON_LIMITS
from yezi.server.schemas import CreateTable
from yezi.server.seats import seat_link, set_seat_cookie
from yezi.server.tables import TableError

STATUS = {"not-signed-in": 401, "no-club": 404, "not-member": 403, "not-organiser": 403, "not-owner": 403,
          "bad-invite": 403, "club-name-taken": 409, "already-member": 409, "last-owner": 409,
          "no-standing-table": 409, "no-request": 404, "no-table": 404, "already-seated": 409, "seat-taken": 409,
          "seats-closed": 409, "expired": 409, "rate-limited": 429, "too-many-tables": 429,
          "too-many-bot-tables": 429, "full": 503, "too-large": 413}
LIMIT = JSON_LIMITS["club"]


async def _club(request: Request) -> clubs.Club:
    store = context_of(request).store
    club = await store.run(clubs.club_by_id, store.engine, request.path_params["cid"])
    if club is None:
        raise TableError("no-club", "no such club")
    return club


async def _role(request: Request, club: clubs.Club, user: User | None) -> str | None:
    store = context_of(request).store
    return await store.run(clubs.role_of, store.engine, club.id, user.id if user else None)


async def _acting(request: Request, allowed: tuple[str, ...] = clubs.ROLES) -> tuple[clubs.Club, User]:
    """A change to the club: limited, signed in, and by a member whose role is `allowed`."""
    rate_limit(request, "club")
    user = await signed_in_user(request)
    club = await _club(request)
    role = await _role(request, club, user)
    if role is None:
        raise TableError("not-member", "only the club's members can do this")
    if role not in allowed and allowed == ("owner",):
        raise TableError("not-owner", "only the club's owners can do this")
    if role not in allowed:
        raise TableError("not-organiser", "only the club's owners and organisers can do this")
    return club, user


# ---- the list, making a club, joining and leaving ------------------------------------------------

async def list_clubs(request: Request) -> Response:
    """GET /api/clubs: my clubs (signed in) and the public ones."""
    store = context_of(request).store
    user = await current_user(request)
    mine = await store.run(clubs.clubs_of_user, store.engine, user.id) if user else []
    return JSONResponse({"signed_in": user is not None, "mine": mine,
                         "public": await store.run(clubs.public_clubs, store.engine)})


async def create_club(request: Request) -> Response:
    """POST /api/clubs {"name", "languages", "private"}: the signed-in user makes a club and owns it."""
    store = context_of(request).store
    try:
        rate_limit(request, "club")
        user = await signed_in_user(request)
        body = await read_model(request, NewClub, LIMIT)
        club = await store.run(clubs.create_club, store.engine, user.id, body["name"], body.get("languages", []),
                               body.get("private", True))
    except TableError as e:
        return refused(e, STATUS)
    return JSONResponse(club.public() | {"role": "owner", "page": f"/c/{club.id}"}, status_code=201)


async def join(request: Request) -> Response:
    """POST /api/clubs/{cid}/join {"invite": secret}: join by the club's invite link."""
    store = context_of(request).store
    try:
        rate_limit(request, "club")
        user = await signed_in_user(request)
        club = await _club(request)
        body = await read_model(request, JoinClub, LIMIT)
        await store.run(clubs.join_by_invite, store.engine, club.id, user.id, body["invite"])
    except TableError as e:
        return refused(e, STATUS)
    return JSONResponse({"club": club.id, "role": await _role(request, club, user)})


async def ask(request: Request) -> Response:
    """POST /api/clubs/{cid}/requests: ask to join (an organiser accepts)."""
    store = context_of(request).store
    try:
        rate_limit(request, "club")
        user = await signed_in_user(request)
        club = await _club(request)
        await store.run(clubs.ask_to_join, store.engine, club.id, user.id)
    except TableError as e:
        return refused(e, STATUS)
    return JSONResponse({"club": club.id, "asked": True})


async def answer(request: Request) -> Response:
    """POST /api/clubs/{cid}/requests/answer {"user", "accept"}: an organiser's answer to a request."""
    store = context_of(request).store
    try:
        club, _ = await _acting(request, clubs.ORGANISERS)
        body = await read_model(request, AnswerRequest, LIMIT)
        await store.run(clubs.answer_request, store.engine, club.id, body["user"], body["accept"])
    except TableError as e:
        return refused(e, STATUS)
    return JSONResponse({"user": body["user"], "member": body["accept"]})


async def leave(request: Request) -> Response:
    """POST /api/clubs/{cid}/leave: a member leaves (the last owner hands over first)."""
    store = context_of(request).store
    try:
        club, user = await _acting(request)
        await store.run(clubs.leave, store.engine, club.id, user.id)
    except TableError as e:
        return refused(e, STATUS)
    return JSONResponse({"club": club.id, "left": True})


async def set_role(request: Request) -> Response:
    """POST /api/clubs/{cid}/role {"user", "role"}: an owner promotes or demotes a member."""
    store = context_of(request).store
    try:
        club, _ = await _acting(request, ("owner",))
        body = await read_model(request, SetRole, LIMIT)
        await store.run(clubs.set_role, store.engine, club.id, body["user"], body["role"])
    except TableError as e:
        return refused(e, STATUS)
    return JSONResponse({"user": body["user"], "role": body["role"]})


async def new_invite(request: Request) -> Response:
    """POST /api/clubs/{cid}/invite: an organiser's new invite link (the old one stops working)."""
    store = context_of(request).store
    try:
        club, _ = await _acting(request, clubs.ORGANISERS)
        secret = await store.run(clubs.new_invite, store.engine, club.id)
    except TableError as e:
        return refused(e, STATUS)
    # the secret travels in the fragment: never in a request line, so in no access log
    return JSONResponse({"link": f"/c/{club.id}#join={secret}"})


async def revoke_invite(request: Request) -> Response:
    """DELETE /api/clubs/{cid}/invite: the invite link stops working."""
    store = context_of(request).store
    try:
        club, _ = await _acting(request, clubs.ORGANISERS)
        await store.run(clubs.revoke_invite, store.engine, club.id)
    except TableError as e:
        return refused(e, STATUS)
    return JSONResponse({"club": club.id, "invite": None})


# ---- the standing table ----------------------------------------------------------------------------

async def save_standing(request: Request) -> Response:
    """POST /api/clubs/{cid}/standing (the lobby's create body): an organiser saves the standing table."""
    ctx = context_of(request)
    try:
        club, _ = await _acting(request, clubs.ORGANISERS)
        spec = await read_request(request, CreateTable, JSON_LIMITS["create"])
        await run_in_threadpool(clubs.check_standing, spec)
        saved = spec.model_dump(exclude_unset=True, exclude={"name", "host_seat"})
        await ctx.store.run(clubs.set_standing, ctx.store.engine, club.id, saved)
    except TableError as e:
        return refused(e, STATUS)
    return JSONResponse({"club": club.id, "standing": saved})


async def open_standing(request: Request) -> Response:
    """POST /api/clubs/{cid}/open: a member opens this week's table from the standing one; members
    then take its seats (POST .../tables/{tid}/take)."""
    ctx = context_of(request)
    try:
        club, user = await _acting(request)
        await make_room(ctx.manager, client_key(request))
        t = await clubs.open_standing(ctx.manager, club, user, client_key(request))
    except TableError as e:
        return refused(e, STATUS)
    return JSONResponse({"table": t.id, "seats": clubs.seats_info(t, {})}, status_code=201)


async def take_seat(request: Request) -> Response:
    """POST /api/clubs/{cid}/tables/{tid}/take {"position"}: a member takes a free seat of the club's
    table; sets the seat's cookie, as a claim does."""
    ctx = context_of(request)
    tid = request.path_params["tid"]
    try:
        club, user = await _acting(request)
        body = await read_model(request, TakeSeat, LIMIT)
        if await ctx.store.run(clubs.club_of_table, ctx.store.engine, tid) != club.id:
            raise TableError("no-table", "no such table at this club")
        t = await ctx.manager.get(tid)
        if t is None:
            raise TableError("no-table", "no such table at this club")
        tok = await clubs.take_seat(ctx.manager, t, body["position"], user)
    except TableError as e:
        return refused(e, STATUS)
    resp = JSONResponse({"table": tid, "position": body["position"], "token": tok, "link": seat_link(tid, tok)})
    set_seat_cookie(resp, tid, body["position"], tok, ctx.settings, request.url.scheme == "https")
    return resp


# ---- what the club's page shows --------------------------------------------------------------------

async def _names(request: Request, ids: set[str]) -> dict[str, str]:
    store = context_of(request).store

    def names() -> dict[str, str]:
        with store.engine.connect() as c:
            rows = c.execute(select(users_t.c.id, users_t.c.name, users_t.c.deleted)
                             .where(users_t.c.id.in_(sorted(ids)))).all()
        return {r.id: DELETED_NAME if r.deleted else r.name for r in rows}  # as the records name them

    return await store.run(names) if ids else {}


async def _seen(request: Request) -> tuple[clubs.Club, User | None, str | None, bool]:
    """The club, who asks, their role, and whether they may see its members, games and ledger."""
    club = await _club(request)
    user = await current_user(request)
    role = await _role(request, club, user)
    return club, user, role, role is not None or not club.private


async def club_page(request: Request) -> Response:
    """GET /api/clubs/{cid}: the club's home: its standing table and open tables, members, recent
    games and leaderboard (a private club shows a non-member its name only)."""
    ctx = context_of(request)
    engine = ctx.store.engine
    try:
        club, user, role, seen = await _seen(request)
    except TableError as e:
        return refused(e, STATUS)
    out: dict[str, Any] = {"club": club.public(), "role": role, "signed_in": user is not None, "visible": seen,
                           "you": user.id if user else None,
                           "members_count": await ctx.store.run(clubs.member_count, engine, club.id)}
    if user is not None and role is None:
        out["asked"] = await ctx.store.run(clubs.has_asked, engine, club.id, user.id)
    if not seen:
        return JSONResponse(out)
    members = await ctx.store.run(clubs.members, engine, club.id)
    rows = await clubs.sync_results(ctx.manager, club.id)
    led = ledger.build(clubs.results_of(rows), [])
    game = (club.standing or {}).get("game")
    rated = await ctx.store.run(ratings.ordinals_in_game, engine, [m["user"] for m in members], game) if game else {}
    out.update(members=members, standing=club.standing, leaderboard=leaderboard(members, led, rated),
               recent=[h for h in reversed(led.history)][:10], open=[])
    for r in rows:
        if r["status"] == "playing" and len(out["open"]) < 5:
            t = await ctx.manager.get(r["table"])
            if t is not None and not t.match_over:
                users = await ctx.store.run(users_of_table, engine, t.id)
                out["open"].append({"table": t.id, "game": t.row.game, "opened_at": r["opened_at"],
                                    "seats": clubs.seats_info(t, users)})
    out["tournaments"] = [t.public() for t in await ctx.store.run(tournament.listed, engine, 10, club.id)]
    if role in clubs.ORGANISERS:
        out["requests"] = await ctx.store.run(clubs.requests_of, engine, club.id)
        out["invite"] = club.has_invite
    return JSONResponse(out)


def leaderboard(members: list[dict[str, Any]], led: ledger.Ledger,
                rated: dict[str, float] | None = None) -> list[dict[str, Any]]:
    """The members by their points over every match at the club's tables (most first), each with
    their rating at the standing table's game (None: not rated there)."""
    board = [{"user": m["user"], "name": m["name"], "points": led.all_time.get("user:" + m["user"], 0),
              "games": led.games.get("user:" + m["user"], 0),
              "rating": (rated or {}).get(m["user"])} for m in members]
    board.sort(key=lambda b: (-b["points"], -b["games"], b["name"]))
    return [b | {"points": json_num(b["points"])} for b in board]


async def club_ledger(request: Request) -> Response:
    """GET /api/clubs/{cid}/ledger: every finished match at the club's tables, the balance since the
    last settling and who owes whom in the fewest transfers (members only, for a private club)."""
    ctx = context_of(request)
    try:
        club, _who, role, seen = await _seen(request)
        if not seen:
            raise TableError("not-member", "only the club's members can see its ledger")
    except TableError as e:
        return refused(e, STATUS)
    rows = await clubs.sync_results(ctx.manager, club.id)
    notes = await ctx.store.run(clubs.notes_of, ctx.store.engine, club.id)
    led = ledger.build(clubs.results_of(rows), notes)
    ids = {k[5:] for k in led.all_time if k.startswith("user:")} | {n.by for n in notes}
    names = await _names(request, ids)
    parties = {k: _party(k, names) for k in set(led.all_time) | set(led.balance)}
    members = {m["user"] for m in await ctx.store.run(clubs.members, ctx.store.engine, club.id)}
    for k, p in parties.items():
        p["member"] = k.startswith("user:") and k[5:] in members
    for h in led.history:
        if h["kind"] == "note":
            h["by"] = names.get(h["by"], "")
    return JSONResponse({
        "club": club.public(), "role": role, "parties": parties, "settled_at": led.settled_at,
        "balance": {k: json_num(v) for k, v in led.balance.items()},
        "all_time": {k: json_num(v) for k, v in led.all_time.items()},
        "transfers": [[a, b, json_num(x)] for a, b, x in led.transfers],
        "history": led.history})


def _party(key: str, names: dict[str, str]) -> dict[str, Any]:
    """How the page names a ledger party (`ledger.party`'s keys)."""
    kind, _, rest = key.partition(":")
    if kind == "user":
        return {"kind": "member", "name": names.get(rest, "")}
    if kind == "bot":  # "random:3": the bot's level and its place at the table
        level, _, place = rest.rpartition(":")
        return {"kind": "bot", "bot": level, "place": int(place), "name": ""}
    if kind == "seat":  # "2:Gus": a guest's place and seat name
        place, _, name = rest.partition(":")
        return {"kind": "guest", "place": int(place), "name": name}
    return {"kind": "pool", "name": ""}


async def add_note(request: Request) -> Response:
    """POST /api/clubs/{cid}/notes {"text", "settled"}: an organiser annotates the ledger; "settled"
    starts the running balance again from this note."""
    store = context_of(request).store
    try:
        club, user = await _acting(request, clubs.ORGANISERS)
        body = await read_model(request, LedgerNote, LIMIT)
        await store.run(clubs.add_note, store.engine, club.id, user.id, body["text"].strip(), body.get("settled", False))
    except TableError as e:
        return refused(e, STATUS)
    return JSONResponse({"club": club.id, "noted": True}, status_code=201)
