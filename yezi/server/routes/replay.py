"""Finished deals as records and replays; an uploaded record replayed.

What a request gets is what its reader may know at the deal's end (`Record.seen`): everybody's
record and replay, unless it names a seat (``?seat=N``; the match's ``?position=P``) and holds that
seat's credential, a ``Bearer`` token or the browser's seat cookie (sent to ``/t/<id>/...`` only,
so those paths serve the same handlers). The whole record stays in the database, for the operator
(`yezi record`) and for disputes.
"""

from __future__ import annotations

import io
import zipfile

from starlette.requests import Request
from starlette.responses import Response

from yezi.core.protocol import LANGS, NOTATIONS
from yezi.core.record import PUBLIC, Record
from yezi.core.settleup import WORDS as SETTLE_WORDS
from yezi.core.settleup import settle_up_lines
from yezi.server.built import BuiltCache, built, respond
from yezi.server.clients import client_key
from yezi.server.context import context_of
from yezi.server.http_util import err, read_body
from yezi.server.seats import bearer, checked, held_positions
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


async def _held_position(request: Request, t: LiveTable, position: int) -> bool:
    """Whether the request holds the credential of `position` (raises TableError for a bad token)."""
    tok = bearer(request.headers)
    if tok is not None:
        return await checked(context_of(request).manager, t, lambda: t.auth(tok)) == position
    return position in held_positions(t, request.cookies)


def _number(text: str | None, n: int) -> int | None:
    return int(text) if text is not None and text.isascii() and text.isdigit() and int(text) < n else None


async def _reader_seat(request: Request, t: LiveTable, k: int) -> int | None:
    """The seat of deal `k` named by ``?seat=`` when the request holds its credential, else None
    (everybody): without the credential a seat's record is the public one."""
    seat = _number(request.query_params.get("seat"), t.n)
    if seat is None or not await _held_position(request, t, (t.deals[k].dealer + seat) % t.n):
        return None
    return seat


def seen_record(t: LiveTable, k: int, seat: int | None) -> Record:
    """Deal `k` as `seat` (None: everybody) knew it at its end, from a replay of the whole record
    (never the live state: this runs off the event loop)."""
    full = t.record(k)
    return Record.seen(full.replay(), seat, full.tags)


def _seen_text(t: LiveTable, k: int, seat: int | None, lang: str) -> str:
    return seen_record(t, k, seat).to_text(lang)


#: a finished deal's record and a finished match's zip, as one reader saw them, built once: each is a
#: replay (a match's, of every deal) in a thread, and a client asking the same one in a loop would
#: otherwise have the server replay it every time. The most recent few hundred are kept.
SEEN = BuiltCache(threads=2, max_entries=256)
PRIVATE = "private, no-cache"  # a seat's own record is for its holder's browser only


async def record_txt(request: Request) -> Response:
    lang = request.query_params.get("lang", "zh-hant")
    if lang not in NOTATIONS:
        return err("bad-lang", "lang is one of " + ", ".join(NOTATIONS))
    try:
        t, k = await _finished_deal(request)
        seat = await _reader_seat(request, t, k)
    except TableError as e:
        return err(e.code, e.message, _status(e.code))
    b = await SEEN.get((t.id, k, seat, lang), lambda: built(_seen_text(t, k, seat, lang).encode(),
                                                                "text/plain; charset=utf-8"))
    return respond(request, b, PRIVATE, headers={
        "Content-Disposition": f'attachment; filename="yezi-{t.row.game}-{t.id}-{k + 1}.txt"'})


def match_zip(t: LiveTable, lang: str, position: int | None = None) -> bytes:
    """A finished match to take home: every deal's record as the player at `position` (None:
    everybody) saw it, each in a file of its own and all in one (``-match.txt``, which `yezi replay`
    reads deal by deal), and the settle-up (settle-up.txt)."""
    buf = io.BytesIO()
    names = [(p.kind == "human" and p.name) or SETTLE_WORDS[lang]["player"].format(n=p.position + 1) for p in t.players]
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        texts = []
        for d in t.deals:
            seat = None if position is None else (position - d.dealer) % t.n
            texts.append(_seen_text(t, d.no, seat, lang))
            z.writestr(f"yezi-{t.row.game}-{t.id}-{d.no + 1}.txt", texts[-1])
        z.writestr(f"yezi-{t.row.game}-{t.id}-match.txt", "\n".join(texts))
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
    position = _number(request.query_params.get("position"), t.n)
    try:
        if position is not None and not await _held_position(request, t, position):
            position = None
    except TableError as e:
        return err(e.code, e.message, _status(e.code))
    b = await SEEN.get((t.id, "zip", position, lang), lambda: built(match_zip(t, lang, position), "application/zip", compress=False))
    return respond(request, b, PRIVATE, headers={
        "Content-Disposition": f'attachment; filename="yezi-{t.row.game}-{t.id}-match.zip"'})


async def table_replay(request: Request) -> Response:
    """A table's finished deal replayed: from the seat's own record when the request holds that
    seat's credential, else as everybody saw it ('all' is everybody's too: a table's deal is
    replayed with every hand shown to nobody)."""
    try:
        t, k = await _finished_deal(request)
        asked = request.query_params.get("seat", "all")
        if asked not in ("all", PUBLIC) and _number(asked, t.n) is None:
            return err("bad-seat", "seat is a seat number or 'public'")
        seat = await _reader_seat(request, t, k)
    except TableError as e:
        return err(e.code, e.message, _status(e.code))
    if seat is None:  # the whole record goes to the worker only: it answers with the spectator's views
        return await _replayed(request, t.record(k).to_json(), PUBLIC)
    # the seat's own record is a replay of the deal: built once (a holder asking in a loop), in a thread
    b = await SEEN.get((t.id, k, seat, "json"), lambda: built(seen_record(t, k, seat).to_json().encode(),
                                                              "application/json", compress=False))
    return await _replayed(request, b.body.decode(), str(seat))


def _status(code: str) -> int:
    return {"no-table": 404, "no-deal": 404, "bad-token": 403}.get(code, 409)


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
