"""Replays of finished deals: the views at every step of a record, as the replay page shows them.

Building them applies every action and formats every log line in every language: tens of
milliseconds for one deal, so the server builds them in a worker process (`yezi.server.jobs`),
never on the event loop. Nothing here touches the server's state.
"""

from __future__ import annotations

import json
from typing import Any

from yezi.core.errors import YeziError
from yezi.core.protocol import LANGS, Game
from yezi.core.record import PUBLIC, Record
from yezi.core.seatlog import SeatLog


def json_num(x: Any) -> Any:
    """A payment as JSON: whole Fractions as ints, others as "p/q" strings."""
    from fractions import Fraction

    if isinstance(x, Fraction):
        return int(x) if x.denominator == 1 else str(x)
    return x


def replay_frames(state_factory, deal, actions, game: Game, seat: str) -> list[dict[str, Any]]:
    """Views at every step of a finished deal, for one seat, for everybody (seat='public': what a
    spectator saw) or (seat='all', a whole record only) with everything shown."""
    st = state_factory(deal)
    n = game.num_seats
    frames = []
    who = None if seat in ("all", PUBLIC) else int(seat)
    logs = {lang: SeatLog(st, who, lang) for lang in LANGS}  # each step formats only its own line

    def snap():
        log = {lang: list(lg.update()) for lang, lg in logs.items()}
        if seat == "all":
            f = {"view": st.view(None), "seat_views": [st.view(s) for s in range(n)], "log": log}
        else:
            f = {"view": st.view(who), "log": log}
        if st.current_player is None:
            f["payments"] = [json_num(p) for p in st.payments()]
        return f

    frames.append(snap())
    annotate = getattr(st, "annotate", None)
    for a in actions:
        # the engine's explanation of each action (as `Record.to_text(comments=True)` writes it), taken before it
        # a note may name the actor's hidden cards (牌九's setting): a seat's replay shows only its own notes
        mine = seat == "all" or (seat != PUBLIC and st.current_player == int(seat))
        notes = {lang: annotate(a, lang) for lang in LANGS} if annotate is not None and mine else {}
        st.apply(a)
        frames.append(snap())
        if any(notes.values()):
            frames[-1]["note"] = notes
    return frames


def start_position(game: Game, rec: Record, seat: str, finished: bool) -> dict[str, Any]:
    """The starting hands as the game's text renderer draws them: the chosen seat's view, and every seat's
    when the deal is over (then nothing is hidden any more; the viewer shows them at the last step).
    `step` is the frame of the starting position (Ma Diao bids its stake before the deal)."""
    from yezi.core.start import start_state, start_texts

    state, step = start_state(game, rec.deal, rec.actions)
    if rec.redacted:  # a seat's record: its sample's other hands are not the real ones
        finished = False
    seats = list(range(game.num_seats)) if seat == "all" or finished else [int(seat)]
    viewer = None if seat == "all" else int(seat)  # only the reader's own seat is "you"
    return {"step": step, "seats": seats,
            "texts": {lang: start_texts(game, state, seats, lang, viewer=viewer) for lang in LANGS}}


def replay_payload(game: Game, rec: Record, frames: list[dict[str, Any]], seat: str) -> dict[str, Any]:
    return {
        "game": rec.game, "preset": rec.preset, "seat": seat, "num_seats": game.num_seats,
        "titles": dict(game.titles),
        "active_seats": game.active_seats(), "tags": rec.tags,
        "seat_names": {lang: [game.seat_name(s, lang) for s in range(game.num_seats)] for lang in LANGS},
        "frames": frames,
    }


def seat_ok(seat: str, n: int) -> bool:
    """'all', 'public' or a seat number in ASCII digits ('²'.isdigit() is true, but int('²') fails)."""
    return seat in ("all", PUBLIC) or (seat.isascii() and seat.isdigit() and int(seat) < n)


def _error(code: str, message: str) -> dict[str, Any]:
    return {"error": code, "message": message}


def replay_record(text: str, seat: str, served: tuple[str, ...]) -> tuple[int, dict[str, Any]]:
    """(HTTP status, body) for a record's text (JSON or the PGN-like form) replayed from `seat`
    ('all' or a seat number); bad records get a 400 with a code and message, and change nothing."""
    from yezi.server.schemas import BadInput, RecordJson, parse_json, validate

    try:
        if text.lstrip().startswith("{"):
            validate(RecordJson, parse_json(text), default_code="bad-record")  # shape and depth first
            rec = Record.from_json(text)
        else:
            rec = Record.from_text(text)
        if rec.game not in served:
            return 400, _error("bad-game", f"game {rec.game!r} is not served here")
        game = rec.load()
        if not seat_ok(seat, game.num_seats):
            return 400, _error("bad-seat", "seat is a seat number, 'public' or 'all'")
        if rec.redacted:
            if rec.deal is None:
                return 400, _error("public-record", "this record shows only what everybody saw: it holds no "
                                   "deal to replay; replay the table's deal, or your own seat's record")
            seat = str(rec.seen_by)  # a seat's record replays as that seat saw it, and only so
        frames = replay_frames(game.new_state, rec.deal, rec.actions, game, seat)
    except BadInput as e:
        return 400, _error(e.code, e.message)
    except (YeziError, ValueError, KeyError, TypeError, IndexError, AttributeError, RecursionError) as e:
        # an uploaded deal is untrusted data: whatever it breaks in the engine, it is a bad record
        return 400, _error("bad-record", f"{type(e).__name__}: {e}"[:300])
    if seat in ("all", PUBLIC) and frames and frames[-1]["view"].get("to_act") is not None:
        # everything revealed only after the end: an unfinished record replays per seat only
        return 400, _error("not-finished", "this record is not finished; choose a seat to replay it from")
    body = replay_payload(game, rec, frames, seat)
    if seat != PUBLIC:  # everybody saw no starting hand
        body["start"] = start_position(game, rec, seat, frames[-1]["view"].get("to_act") is None)
    return 200, body


def encode(body: dict[str, Any]) -> bytes:
    """The JSON bytes Starlette's JSONResponse would send (built in the worker, not on the loop)."""
    return json.dumps(body, ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode("utf-8")
