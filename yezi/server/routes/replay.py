"""Finished deals as records and replays; an uploaded record replayed."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response

from yezi.core.errors import YeziError
from yezi.core.protocol import LANGS, NOTATIONS
from yezi.core.record import Record
from yezi.server import catalog
from yezi.server.context import context_of
from yezi.server.http_util import err, read_body
from yezi.server.schemas import RecordJson, parse_json, validate
from yezi.server.tables import LiveTable, TableError, json_num


def replay_frames(state_factory, deal, actions, game, seat: str) -> list[dict[str, Any]]:
    """Views at every step of a finished deal, for one seat or (seat='all') with everything shown."""
    st = state_factory(deal)
    n = game.num_seats
    frames = []

    def snap():
        if seat == "all":
            f = {"view": st.view(None), "seat_views": [st.view(s) for s in range(n)], "log": {
                lang: st.log_for(None, lang) for lang in LANGS}}
        else:
            f = {"view": st.view(int(seat)), "log": {lang: st.log_for(int(seat), lang) for lang in LANGS}}
        if st.current_player is None:
            f["payments"] = [json_num(p) for p in st.payments()]
        return f

    frames.append(snap())
    for a in actions:
        st.apply(a)
        frames.append(snap())
    return frames


def seat_ok(seat: str, n: int) -> bool:
    """'all' or a seat number in ASCII digits ('²'.isdigit() is true, but int('²') fails)."""
    return seat == "all" or (seat.isascii() and seat.isdigit() and int(seat) < n)


def replay_payload(game, rec: Record, frames, seat) -> dict[str, Any]:
    return {
        "game": rec.game, "preset": rec.preset, "seat": seat, "num_seats": game.num_seats,
        "titles": dict(game.titles),
        "active_seats": game.active_seats(), "tags": rec.tags,
        "seat_names": {lang: [game.seat_name(s, lang) for s in range(game.num_seats)] for lang in LANGS},
        "frames": frames,
    }


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


async def table_replay(request: Request) -> Response:
    try:
        t, k = await _finished_deal(request)
    except TableError as e:
        return err(e.code, e.message, 404 if e.code in ("no-table", "no-deal") else 409)
    seat = request.query_params.get("seat", "all")
    if not seat_ok(seat, t.n):
        return err("bad-seat", "seat is a seat number or 'all'")
    d = t.deals[k]
    frames = replay_frames(t.game.new_state, d.deal, d.state.history, t.game, seat)
    rec = t.record(k)
    return JSONResponse(replay_payload(t.game, rec, frames, seat))


async def upload_replay(request: Request) -> Response:
    settings = context_of(request).settings
    try:
        body = (await read_body(request, settings.max_http_body)).decode("utf-8")
    except TableError as e:
        return err(e.code, e.message, 413)
    except UnicodeDecodeError:
        return err("bad-record", "a record is UTF-8 text")
    seat = request.query_params.get("seat", "all")
    try:
        if body.lstrip().startswith("{"):
            validate(RecordJson, parse_json(body), default_code="bad-record")  # shape and depth first
            rec = Record.from_json(body)
        else:
            rec = Record.from_text(body)
        if rec.game not in catalog.playable_games():
            raise TableError("bad-game", f"game {rec.game!r} is not served here")
        game = rec.load()
        if not seat_ok(seat, game.num_seats):
            return err("bad-seat", "seat is a seat number or 'all'")
        frames = replay_frames(game.new_state, rec.deal, rec.actions, game, seat)
    except TableError as e:
        return err(e.code, e.message)
    except (YeziError, ValueError, KeyError, TypeError, IndexError, AttributeError, RecursionError) as e:
        # an uploaded deal is untrusted data: whatever it breaks in the engine, it is a bad record
        return err("bad-record", f"{type(e).__name__}: {e}"[:300])
    if seat == "all" and frames and frames[-1]["view"].get("to_act") is not None:
        # everything revealed only after the end: an unfinished record replays per seat only
        return err("not-finished", "this record is not finished; choose a seat to replay it from")
    return JSONResponse(replay_payload(game, rec, frames, seat))
