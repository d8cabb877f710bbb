"""The tutorials: ``/learn``, ``/learn/<game>`` and the frames ``POST /api/learn/<game>/<lesson>``.
Thin: the pages and frames are pure functions in `yezi.learn.html`, run in a worker thread."""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response

from yezi.core.registry import GAMES
from yezi.learn import LANGS, has_lessons
from yezi.server.http_util import SECURITY_HEADERS
from yezi.server.routes.rules import _lang

MAX_INPUTS = 400


async def index(request: Request) -> Response:
    from yezi.learn.html import index_page

    return HTMLResponse(await run_in_threadpool(index_page, _lang(request)), headers=SECURITY_HEADERS)


def _no_game() -> Response:
    return HTMLResponse("<!doctype html><title>404</title><p>No lessons for that game. <a href='/learn'>/learn</a></p>",
                        status_code=404, headers=SECURITY_HEADERS)


async def game(request: Request) -> Response:
    name = request.path_params["game"]
    if name not in GAMES or not has_lessons(name):
        return _no_game()
    from yezi.learn.html import game_page

    return HTMLResponse(await run_in_threadpool(game_page, name, _lang(request)), headers=SECURITY_HEADERS)


def _bad(msg: str, status: int = 400) -> Response:
    return JSONResponse({"error": msg}, status_code=status)


async def frame(request: Request) -> Response:
    """Body: ``{"lang", "inputs": [codes, -1 for next], "attempt": code or notation | null, "next": bool}``."""
    name, lesson_id = request.path_params["game"], request.path_params["lesson"]
    if name not in GAMES or not has_lessons(name):
        return _bad("no lessons for that game", 404)
    try:
        body = await request.json()
    except ValueError:
        return _bad("the body is not JSON")
    if not isinstance(body, dict):
        return _bad("the body is a JSON object")
    lang = body.get("lang", "zh-hant")
    inputs = body.get("inputs", [])
    attempt = body.get("attempt")
    if lang not in LANGS:
        return _bad(f"lang is one of {', '.join(LANGS)}")
    if not isinstance(inputs, list) or len(inputs) > MAX_INPUTS or not all(
            isinstance(x, int) and not isinstance(x, bool) for x in inputs):
        return _bad("inputs is a list of move codes")
    if attempt is not None and (isinstance(attempt, bool) or not isinstance(attempt, int | str)
                                or (isinstance(attempt, str) and len(attempt) > 64)):
        return _bad("attempt is a move code or its notation")
    from yezi.learn.html import TutorError
    from yezi.learn.html import frame as make_frame
    from yezi.learn.lessons import LessonError

    try:
        data = await run_in_threadpool(make_frame, name, lesson_id, lang, inputs, attempt, bool(body.get("next")))
    except LessonError as e:
        return _bad(str(e), 404)
    except TutorError as e:
        return _bad(str(e), 409)
    return JSONResponse(data)
