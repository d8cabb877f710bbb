"""The leaderboards and a reader's own ratings: ``/leaderboard``, ``/leaderboard/<game>``,
``GET /api/leaderboard/<game>`` and ``GET /api/me/ratings`` (what the lobby reads to offer a rated
table). Thin: the boards are `yezi.server.accounts.leaderboard`, read in the build threads and
kept `BOARD_SECONDS` (a flood of readers costs the database one query a game every few seconds);
the reader's own line is one indexed query, under the per-client limit."""

from __future__ import annotations

import json
import time
from typing import Any

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response

from yezi.server import catalog
from yezi.server.accounts import leaderboard, ratings
from yezi.server.accounts.identity import User, current_user
from yezi.server.built import BuiltCache, built_json
from yezi.server.clients import client_key
from yezi.server.context import context_of
from yezi.server.http_util import SECURITY_HEADERS, err
from yezi.server.routes.rules import _lang

#: how long a game's boards are kept before they are read again
BOARD_SECONDS = 10.0
BOARDS = BuiltCache(threads=1, max_entries=64)

HEADERS = {**SECURITY_HEADERS, "Vary": "Accept-Encoding, Accept-Language, Cookie", "Cache-Control": "no-cache"}


async def _board(request: Request, game: str) -> dict[str, Any]:
    engine = context_of(request).store.engine
    key = ("board", str(engine.url), game, int(time.monotonic() / BOARD_SECONDS))
    b = await BOARDS.get(key, lambda: built_json(leaderboard.board_data(engine, game)))
    return json.loads(b.body)


async def _reader(request: Request) -> tuple[User | None, list[dict[str, Any]]]:
    user = await current_user(request)
    if user is None:
        return None, []
    store = context_of(request).store
    return user, await store.run(ratings.ratings_of_user, store.engine, user.id)


def _limited(request: Request) -> Response | None:
    if not context_of(request).manager.rate_ok("ratings:" + client_key(request)):
        return err("rate-limited", "too many requests; wait a minute", 429)
    return None


def _not_found() -> Response:
    return HTMLResponse("<!doctype html><title>404</title><p>No such game. <a href='/leaderboard'>/leaderboard</a></p>",
                        status_code=404, headers=SECURITY_HEADERS)


async def index(request: Request) -> Response:
    """Every game's best players."""
    if (refused := _limited(request)) is not None:
        return refused
    lang = _lang(request)
    games = list(catalog.playable_games())
    boards = [await _board(request, g) for g in games]
    user, mine = await _reader(request)
    html = leaderboard.overview(boards, games, lang, user.id if user else None, mine, user is not None)
    return HTMLResponse(html, headers=HEADERS)


async def game_board(request: Request) -> Response:
    game = request.path_params["game"]
    lang = _lang(request)
    games = list(catalog.playable_games())
    if game not in games:
        return _not_found()
    if (refused := _limited(request)) is not None:
        return refused
    data = await _board(request, game)
    user, mine = await _reader(request)
    return HTMLResponse(leaderboard.page(data, games, lang, user.id if user else None, mine, user is not None),
                        headers=HEADERS)


async def game_board_json(request: Request) -> Response:
    """One game's boards: per rating family the ranked players, the provisional ones, the bots."""
    game = request.path_params["name"]
    if game not in catalog.playable_games():
        return err("bad-game", f"unknown or unavailable game {game[:32]!r}", 404)
    if (refused := _limited(request)) is not None:
        return refused
    return JSONResponse(await _board(request, game))


async def my_ratings(request: Request) -> Response:
    """Whether the reader is signed in, and their ratings (the lobby offers a rated table to a signed-in user)."""
    if (refused := _limited(request)) is not None:
        return refused
    user, mine = await _reader(request)
    return JSONResponse({"signed_in": user is not None, "name": user.name if user else None, "ratings": mine},
                        headers={"Cache-Control": "no-store"})
