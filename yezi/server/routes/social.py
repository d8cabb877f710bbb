"""Profiles, settings, friends and blocks, invitations to a seat, export and deletion (logic in
`yezi.server.accounts.social`, `.games` and `.export`; pages in `.pages`). Every handler is thin:
who the request is, its body through its model, the logic off the event loop, the answer."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response

from yezi.server import catalog
from yezi.server.accounts import games as played
from yezi.server.accounts import leaderboard, notices, pages, ratings, social
from yezi.server.accounts.export import export_user
from yezi.server.accounts.identity import User, clear_session_cookie, current_user, name_key, signed_in_user
from yezi.server.accounts.seats import link_seats, users_of_table
from yezi.server.accounts.social_schemas import ByName, DeleteAccount, InvitationRef, InviteFriend, ProfileChange
from yezi.server.clients import client_key
from yezi.server.context import context_of
from yezi.server.http_util import SECURITY_HEADERS, err, read_model, refused
from yezi.server.routes.rules import _lang
from yezi.server.seats import bearer, checked, cookie_name, set_seat_cookie
from yezi.server.tables import TableError

JSON_LIMIT = 4096
#: the refusals' HTTP statuses (any other code: 400)
STATUS = {"not-signed-in": 401, "rate-limited": 429, "no-user": 404, "no-table": 404, "no-invitation": 404,
          "name-taken": 409, "invitation-void": 409, "invite-closed": 409, "match-over": 409, "not-host": 403,
          "bad-token": 403, "no-invites": 403, "no-requests": 403, "you-blocked": 409, "blocked-by-host": 403}
PAGE_HEADERS = {**SECURITY_HEADERS, "Vary": "Accept-Language, Cookie", "Cache-Control": "no-store"}


def _rate_ok(request: Request, user: User | None) -> bool:
    """The one per-minute limit (`ClientLimits.rate_ok`), per address and per account."""
    manager = context_of(request).manager
    ok = manager.rate_ok("social:" + client_key(request))
    return ok and (user is None or manager.rate_ok("social-user:" + user.id))


async def _me(request: Request) -> User:
    user = await signed_in_user(request)
    if not _rate_ok(request, user):
        raise TableError("rate-limited", "too many requests; wait a minute")
    return user


async def _run(request: Request, fn: Callable[..., Any], *args: Any) -> Any:
    store = context_of(request).store
    return await store.run(fn, store.engine, *args)


def _api(handler: Callable[[Request], Awaitable[Response]]) -> Callable[[Request], Awaitable[Response]]:
    """A refusal (`TableError`, a bad body included) answered with its code and status."""
    async def run(request: Request) -> Response:
        try:
            return await handler(request)
        except TableError as e:
            return refused(e, STATUS)
    run.__doc__, run.__name__ = handler.__doc__, handler.__name__
    return run


# ---- profiles ----------------------------------------------------------------------------------

async def _profile_data(request: Request, viewer: User | None, name: str) -> tuple[social.Seen, list | None, dict | None]:
    seen = await _run(request, social.view_profile, viewer.id if viewer else None, name)
    if seen is None:
        raise TableError("no-user", "no such player")
    if not seen.games:
        return seen, None, None
    games = await played.games_of(context_of(request).manager, seen.profile.id)
    mine = viewer is not None and viewer.id == seen.profile.id
    return seen, games if mine else played.shown_to_others(games), played.per_game(games)


@_api
async def profile_api(request: Request) -> Response:
    """GET /api/users/<name>: a profile as the caller may see it (404: none, or its owner blocked you)."""
    viewer = await current_user(request)
    if not _rate_ok(request, None):
        raise TableError("rate-limited", "too many requests; wait a minute")
    seen, games, summary = await _profile_data(request, viewer, request.path_params["name"])
    p = seen.profile
    out: dict[str, Any] = {"name": p.name, "avatar": p.avatar, "languages": p.languages, "bio": p.bio,
                           "created_at": p.created_at, "relation": seen.relation}
    if games is None:
        out["games"] = None
    else:
        out["games"] = {"per_game": summary, "recent": [g.as_json() for g in games[:50]]}
    return JSONResponse(out)


async def profile_page(request: Request) -> Response:
    """/u/<name>: the profile page (404 as if unknown where its owner blocked the viewer)."""
    lang = _lang(request)
    viewer = await current_user(request)
    if not _rate_ok(request, None):
        return err("rate-limited", "too many requests; wait a minute", 429)
    try:
        seen, games, summary = await _profile_data(request, viewer, request.path_params["name"])
    except TableError:
        return HTMLResponse(pages.not_found_page(lang, viewer is not None, request.url.path), 404,
                            headers=PAGE_HEADERS)
    store = context_of(request).store
    lines = await store.run(ratings.ratings_of_user, store.engine, seen.profile.id) if games is not None else []
    titles = {g: catalog.describe(g)["titles"].get(lang, g) for g in {r["game"] for r in lines}}
    block = leaderboard.profile_block(lines, titles, lang)
    return HTMLResponse(pages.profile_page(lang, seen, viewer.id if viewer else None, games, summary, block),
                        headers=PAGE_HEADERS)


async def settings_page(request: Request) -> Response:
    """/settings: my profile, privacy, invitations, friends, blocks and data (signed out: how to sign in)."""
    lang = _lang(request)
    user = await current_user(request)
    if user is None:
        return HTMLResponse(pages.signed_out_page(lang), headers=PAGE_HEADERS)
    if not _rate_ok(request, user):
        return err("rate-limited", "too many requests; wait a minute", 429)
    p = await _run(request, social.profile, user.id)
    friends = await _run(request, social.friends_of, user.id)
    invitations = await _invitations(request, user)
    return HTMLResponse(pages.settings_page(lang, p, friends, invitations), headers=PAGE_HEADERS)


@_api
async def my_profile(request: Request) -> Response:
    """GET /api/me/profile: my profile and privacy settings."""
    user = await _me(request)
    return JSONResponse(_profile_json(await _run(request, social.profile, user.id)))


def _profile_json(p: social.Profile) -> dict[str, Any]:
    return {"name": p.name, "avatar": p.avatar, "languages": p.languages, "bio": p.bio, "privacy": p.privacy}


@_api
async def change_profile(request: Request) -> Response:
    """POST /api/me/profile: change my display name, languages, bio, mark or privacy."""
    user = await _me(request)
    body = await read_model(request, ProfileChange, JSON_LIMIT)
    changes = {k: v for k, v in body.items() if v is not None}
    if "privacy" in changes:
        changes["privacy"] = {k: v for k, v in changes["privacy"].items() if v is not None}
    return JSONResponse(_profile_json(await _run(request, social.update_profile, user.id, changes)))


# ---- friends and blocks ------------------------------------------------------------------------

@_api
async def friends(request: Request) -> Response:
    """GET /api/me/friends: friends, requests both ways, and the players I blocked."""
    user = await _me(request)
    return JSONResponse(await _run(request, social.friends_of, user.id))


def _by_name(fn: Callable[[Any, str, str], Any]) -> Callable[[Request], Awaitable[Response]]:
    async def handler(request: Request) -> Response:
        user = await _me(request)
        name = (await read_model(request, ByName, JSON_LIMIT))["name"]
        out = await _run(request, fn, user.id, name)
        return JSONResponse({"ok": True} | ({"relation": out} if isinstance(out, str) else {}))
    handler.__name__ = fn.__name__
    return _api(handler)


ask = _by_name(social.ask)
accept = _by_name(social.accept)
decline = _by_name(social.decline)
unfriend = _by_name(social.remove)
block = _by_name(social.block)
unblock = _by_name(social.unblock)


# ---- invitations to a seat ---------------------------------------------------------------------

async def _invitations(request: Request, user: User) -> list[dict[str, Any]]:
    """My invitations still good: the seat still holds the credential it was invited with."""
    manager = context_of(request).manager
    out = []
    for inv in await _run(request, social.invitations_to, user.id):
        if inv["table"] not in manager.live:  # a finished or archived table is not loaded for a list
            row = await manager.store.run(manager.store.table, inv["table"])
            if row is None or row.status != "playing":
                continue
        t = await manager.get(inv["table"])
        if t is None or t.match_over or inv["position"] >= t.n:
            continue
        p = t.players[inv["position"]]
        if p.claimed or p.token_hash != inv.pop("token_hash"):
            continue
        out.append(inv | {"game": t.row.game})
    return out


@_api
async def invitations(request: Request) -> Response:
    """GET /api/me/invitations: the seats hosts invited me to, still free."""
    user = await _me(request)
    return JSONResponse({"invitations": await _invitations(request, user)})


@_api
async def invite_friend(request: Request) -> Response:
    """POST /t/<id>/invite-friend {"position", "name"}: the host (signed in, holding the host seat)
    invites a player to a free invitation seat; the player finds it in their invitations."""
    ctx = context_of(request)
    user = await _me(request)
    t = await ctx.manager.get(request.path_params["tid"])
    if t is None:
        raise TableError("no-table", "no such table")
    body = await read_model(request, InviteFriend, JSON_LIMIT)
    host = t.row.host_position
    tok = bearer(request.headers) or (request.cookies.get(cookie_name(host)) if host is not None else None)
    by = await checked(ctx.manager, t, lambda: t.auth(tok)) if tok else None
    if host is None or by != host or (await _run(request, users_of_table, t.id)).get(host) != user.id:
        raise TableError("not-host", "only the table's host, signed in, can invite a friend")
    t.refuse_if_archived()
    if t.match_over:
        raise TableError("invite-closed", "the match is over: new invitations are issued at the rematch table")
    pos = body["position"]
    if pos >= t.n or pos == host or t.players[pos].kind != "human":
        raise TableError("bad-seat", "an invitation is for another person's seat")
    p = t.players[pos]
    if p.claimed or p.access != "invite" or p.token_hash is None:
        raise TableError("seat-taken", "this seat is not a free invitation seat")
    friend = await _run(request, social.check_invite, user.id, body["name"])
    inv = await _run(request, social.add_invitation, user.id, friend.id, t.id, pos, p.token_hash)
    ctx.notices.send_later([friend.id], notices.FRIEND_INVITE,
                           {"table": t.id, "game": t.row.game, "title": t.row.title, "name": user.name},
                           f"invite:{inv}")
    return JSONResponse({"ok": True, "invitation": inv, "name": friend.name, "position": pos})


@_api
async def take_invitation(request: Request) -> Response:
    """POST /api/me/invitations/accept {"id"}: take the seat. The host's invitation is issued anew for
    me (`TableManager.reissue`: any older link of the seat stops working) and its cookie set here."""
    ctx = context_of(request)
    user = await _me(request)
    inv_id = (await read_model(request, InvitationRef, JSON_LIMIT))["id"]
    inv = await _run(request, social.take_invitation, user.id, inv_id)
    t = await ctx.manager.get(inv["table"])
    if t is None:
        raise TableError("no-table", "no such table")
    pos, host = inv["position"], t.row.host_position
    p = t.players[pos] if pos < t.n else None
    if p is None or p.claimed or p.token_hash != inv["token_hash"]:
        raise TableError("invitation-void", "this seat was taken or invited again since")
    if host is None or (await _run(request, users_of_table, t.id)).get(host) != inv["from"]:
        raise TableError("invitation-void", "the table's host is no longer the player who invited you")
    token = await ctx.manager.reissue(t, host, pos)
    await _run(request, link_seats, user.id, [(t.id, pos)])
    resp = JSONResponse({"table": t.id, "position": pos, "link": f"/t/{t.id}"})
    set_seat_cookie(resp, t.id, pos, token, ctx.settings, request.url.scheme == "https")
    return resp


@_api
async def drop_invitation(request: Request) -> Response:
    """POST /api/me/invitations/decline {"id"}."""
    user = await _me(request)
    inv_id = (await read_model(request, InvitationRef, JSON_LIMIT))["id"]
    await _run(request, social.take_invitation, user.id, inv_id)
    return JSONResponse({"ok": True})


# ---- my data -----------------------------------------------------------------------------------

@_api
async def export_me(request: Request) -> Response:
    """GET /api/me/export: everything the server keeps about me, as one JSON file."""
    user = await _me(request)
    data = await _run(request, export_user, user.id)
    return Response(json.dumps(data, ensure_ascii=False, indent=1), media_type="application/json",
                    headers={"Content-Disposition": 'attachment; filename="yezi-my-data.json"',
                             "Cache-Control": "no-store"})


@_api
async def delete_me(request: Request) -> Response:
    """POST /api/me/delete {"confirm": my display name}: the account erased, its records anonymised."""
    ctx = context_of(request)
    user = await _me(request)
    confirm = (await read_model(request, DeleteAccount, JSON_LIMIT))["confirm"]
    if name_key(confirm) != name_key(user.name):
        raise TableError("bad-confirmation", "type your display name to confirm")
    held = await _run(request, social.delete_account, user.id)
    elsewhere = []
    for tid, pos in held:  # the live tables' seats too (the rows were renamed by delete_account)
        ctx.chat.changed(tid)  # (its lines there are renamed too: not from what the chat kept)
        t = ctx.manager.live.get(tid)
        if t is not None and pos < t.n:
            t.players[pos].name = social.DELETED_NAME
            t.broadcast()  # (in a cluster this tells the other instances too)
        elif t is None:
            elsewhere.append(tid)
    if ctx.cluster is not None and elsewhere:  # a table another instance runs reads its players again
        ctx.cluster.tables_changed(sorted(set(elsewhere)))
    resp = JSONResponse({"ok": True, "deleted": True})
    clear_session_cookie(resp)
    return resp
