"""Finished deals as records and replays; an uploaded record replayed."""

from __future__ import annotations

import asyncio
import io
import zipfile

from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response

from yezi.core.protocol import LANGS, NOTATIONS
from yezi.core.settleup import WORDS as SETTLE_WORDS
from yezi.core.settleup import settle_up_lines
from yezi.server.clients import client_key
from yezi.server.context import context_of
from yezi.server.http_util import err, read_body
from yezi.server.replays import seat_ok
from yezi.server.tables import LiveTable, TableError
from yezi.server.workers import Busy


async def _finished_deal(request: Request) -> tuple[LiveTable, int]:
    t = await context_of(request).manager.get(request.path_params["tid"])
    if t is None:
        raise TableError("no-table", "no such table")
    try:
        k = int(request.path_params["k"])
    except ValueError:
        raise TableError("no-deal", "deal number expected") from None
    t.record(k)  # raises unless the deal exists and is over
    return t, k


async def record_txt(request: Request) -> Response:
    lang = request.query_params.get("lang", "zh-hant")
    if lang not in NOTATIONS:
        return err("bad-lang", "lang is one of " + ", ".join(NOTATIONS))
    try:
        t, k = await _finished_deal(request)
    except TableError as e:
        return err(e.code, e.message, 404 if e.code in ("no-table", "no-deal") else 409)
    text = t.record(k).to_text(lang)
    return PlainTextResponse(text, headers={
        "Content-Disposition": f'attachment; filename="yezi-{t.row.game}-{t.id}-{k + 1}.txt"'})


def match_zip(t: LiveTable, lang: str) -> bytes:
    """A finished match to take home: every deal's record and the settle-up (settle-up.txt)."""
    buf = io.BytesIO()
    names = [(p.kind == "human" and p.name) or SETTLE_WORDS[lang]["player"].format(n=p.position + 1) for p in t.players]
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for d in t.deals:
            z.writestr(f"yezi-{t.row.game}-{t.id}-{d.no + 1}.txt", t.record(d.no).to_text(lang))
        text = settle_up_lines(names, t.match.final_totals(), lang, t.match.left_over(), t.match.closing())
        z.writestr("settle-up.txt", "\n".join(text) + "\n")
    return buf.getvalue()


async def match_zip_route(request: Request) -> Response:
    lang = request.query_params.get("lang", "zh-hant")
    if lang not in LANGS:
        return err("bad-lang", "lang is one of " + ", ".join(LANGS))
    t = await context_of(request).manager.get(request.path_params["tid"])
    if t is None:
        return err("no-table", "no such table", 404)
    if not t.match_over:
        return err("match-not-over", "the match's records and settle-up can be downloaded once the match is over", 409)
    data = await asyncio.to_thread(match_zip, t, lang)  # every deal replayed: off the event loop
    return Response(data, media_type="application/zip", headers={
        "Content-Disposition": f'attachment; filename="yezi-{t.row.game}-{t.id}-match.zip"'})


async def table_replay(request: Request) -> Response:
    try:
        t, k = await _finished_deal(request)
    except TableError as e:
        return err(e.code, e.message, 404 if e.code in ("no-table", "no-deal") else 409)
    seat = request.query_params.get("seat", "all")
    if not seat_ok(seat, t.n):
        return err("bad-seat", "seat is a seat number or 'all'")
    return await _replayed(request, t.record(k).to_json(), seat)


async def upload_replay(request: Request) -> Response:
    """A record sent by the client, replayed: size- and rate-limited per client, parsed and
    replayed in a worker process (tens of milliseconds a deal: never on the event loop)."""
    ctx = context_of(request)
    settings = ctx.settings
    wait = ctx.manager.thinker.upload_allowed(client_key(request))
    if wait:
        return _later("rate-limited", f"at most {settings.uploads_per_minute:g} records a minute; try again in "
                      f"{wait:.0f} s", wait)
    try:
        body = (await read_body(request, settings.max_record_bytes)).decode("utf-8")
    except TableError as e:
        return err(e.code, e.message, 413)
    except UnicodeDecodeError:
        return err("bad-record", "a record is UTF-8 text")
    return await _replayed(request, body, request.query_params.get("seat", "all"))


async def _replayed(request: Request, text: str, seat: str) -> Response:
    try:
        status, body = await context_of(request).manager.thinker.replay(client_key(request), text, seat)
    except Busy as e:
        return _later("busy", e.message, e.retry_after)
    return Response(body, status_code=status, media_type="application/json")


def _later(code: str, message: str, wait: float) -> Response:
    r = err(code, message, 429)
    r.headers["Retry-After"] = str(max(1, round(wait)))
    return r
