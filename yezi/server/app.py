"""The ASGI app: lobby and table API over HTTP, live tables over WebSockets, the static client.

Clients send intents (an action, "next deal"); the engine decides. Each frame to a connection
is built from `view(seat)` of the seat it holds (spectators: `view(None)`), so nothing a seat
may not see ever leaves the server towards it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import random
import time
from typing import Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from yezi.bots.hints import table_hint
from yezi.bots.search import LEVELS as SEARCH_LEVELS
from yezi.core.errors import YeziError
from yezi.core.protocol import LANGS, NOTATIONS
from yezi.core.record import Record
from yezi.core.registry import load_game
from yezi.server import catalog
from yezi.server.config import Settings
from yezi.server.db import Store, make_engine, migrate
from yezi.server.tables import Conn, LiveTable, TableError, TableManager, clean_name, hint_slots, json_num

log = logging.getLogger("yezi.server")
WEB_DIR = os.path.join(os.path.dirname(os.path.dirname(__file__)), "web")
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
                               "script-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


class SecurityHeaders:
    """Adds the security headers (CSP: every script and style from this app, nothing inline)."""

    def __init__(self, app):
        self.app = app
        self.extra = [(k.lower().encode(), v.encode()) for k, v in SECURITY_HEADERS.items()]

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)

        async def send_with_headers(message):
            if message["type"] == "http.response.start":
                have = {k for k, _ in message.get("headers", [])}
                message["headers"] = list(message.get("headers", [])) + [h for h in self.extra if h[0] not in have]
            await send(message)

        return await self.app(scope, receive, send_with_headers)


def err(code: str, message: str, status: int = 400, **extra: Any) -> JSONResponse:
    return JSONResponse({"error": code, "message": message, **extra}, status_code=status)


async def read_json(request: Request, limit: int) -> Any:
    body = await read_body(request, limit)
    try:
        return json.loads(body)
    except (ValueError, UnicodeDecodeError):
        raise TableError("bad-json", "the request body is not valid JSON") from None


async def read_body(request: Request, limit: int) -> bytes:
    cl = request.headers.get("content-length")
    if cl and cl.isdigit() and int(cl) > limit:
        raise TableError("too-large", f"request body over {limit} bytes")
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise TableError("too-large", f"request body over {limit} bytes")
        chunks.append(chunk)
    return b"".join(chunks)


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


def create_app(settings: Settings | None = None) -> Starlette:
    settings = settings or Settings()
    engine = make_engine(settings.database_url, settings.sqlite_synchronous)
    migrate(engine)
    store = Store(engine)
    manager = TableManager(store, settings)

    @contextlib.asynccontextmanager
    async def lifespan(app):
        n = await manager.restore_active()
        log.info("restored %d open tables", n)
        monitor = asyncio.get_running_loop().create_task(_watch_loop_lag())
        yield
        monitor.cancel()
        for t in manager.live.values():
            for task in (t.bot_task, t.next_task):
                if task is not None:
                    task.cancel()
        store.close()

    lag = {"max_ms": 0.0, "samples": [], "window": []}

    async def _watch_loop_lag() -> None:
        """How late the event loop wakes up: a blocked loop delays every table."""
        while True:
            t0 = time.perf_counter()
            await asyncio.sleep(0.01)
            late = (time.perf_counter() - t0 - 0.01) * 1000
            lag["max_ms"] = max(lag["max_ms"], late)
            lag["window"].append(late)
            if len(lag["window"]) > 1000:
                lag["window"] = lag["window"][-500:]

    async def index(request: Request) -> Response:
        return FileResponse(os.path.join(WEB_DIR, "index.html"), headers=SECURITY_HEADERS)

    async def games(request: Request) -> Response:
        return JSONResponse({"games": [catalog.describe(g) for g in catalog.playable_games()]})

    async def resolve(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in catalog.playable_games():
            return err("bad-game", f"unknown game {name!r}", 404)
        try:
            body = await read_json(request, 16384)
            if not isinstance(body, dict):
                raise TableError("bad-request", "expected an object")
            game = load_game(name, body.get("preset") or None, body.get("options") or {})
        except TableError as e:
            return err(e.code, e.message)
        except (YeziError, TypeError, AttributeError) as e:
            return err("bad-options", str(e))
        return JSONResponse({
            "num_seats": game.num_seats, "active": game.active_seats(), "preset": game.rules.preset,
            "seat_names": {lang: [game.seat_name(s, lang) for s in range(game.num_seats)] for lang in LANGS},
        })

    async def assets(request: Request) -> Response:
        name = request.path_params["name"]
        lang = request.query_params.get("lang", "zh-hant")
        if name not in catalog.playable_games() or lang not in LANGS:
            return err("bad-request", "unknown game or language", 404)
        mod = catalog.render_module(name)
        data = mod.assets(lang) if mod is not None and hasattr(mod, "assets") else {}
        game = load_game(name)
        data["actions"] = {str(a): game.format_action(a, lang) for a in range(game.action_space_size)}
        return JSONResponse(data, headers={"Cache-Control": "max-age=3600"})

    async def list_tables(request: Request) -> Response:
        out = []
        for row in store.list_tables(status="playing"):
            t = manager.live.get(row.id)
            players = t.public_info()["players"] if t else [
                {"position": p.position, "kind": p.kind, "bot": p.bot, "name": p.name, "claimed": p.claimed}
                for p in store.players(row.id)]
            out.append({"id": row.id, "game": row.game, "preset": row.preset, "title": row.title,
                        "num_deals": row.num_deals, "created_at": row.created_at, "players": players,
                        "deal_no": t.current.no if t else None})
        return JSONResponse({"tables": out})

    async def create_table(request: Request) -> Response:
        client = request.client.host if request.client else "?"
        if not manager.rate_ok(client):
            return err("rate-limited", "too many tables created; wait a minute", 429)
        try:
            spec = await read_json(request, 16384)
            t, tokens = manager.create(spec)
        except TableError as e:
            return err(e.code, e.message)
        t.kick()
        host = next((p.position for p in t.players if p.kind == "human" and p.claimed), None)
        return JSONResponse({
            "id": t.id,
            "seats": {str(pos): {"token": tok, "link": f"/t/{t.id}?token={tok}"} for pos, tok in tokens.items()},
            "host": host,
            "watch": f"/t/{t.id}",
        }, status_code=201)

    async def get_table(request: Request) -> Response:
        t = await manager.get(request.path_params["tid"])
        if t is None:
            return err("no-table", "no such table", 404)
        info = t.public_info()
        info["deals"] = [{"no": d.no, "dealer": d.dealer, "over": d.state.current_player is None,
                          "payments": [json_num(p) for p in d.state.payments()]} for d in t.deals]
        info["totals"] = [json_num(x) for x in t.totals]
        return JSONResponse(info)

    async def claim(request: Request) -> Response:
        client = request.client.host if request.client else "?"
        if not manager.rate_ok("claim:" + client):
            return err("rate-limited", "too many requests; wait a minute", 429)
        try:
            body = await read_json(request, 4096)
            if not isinstance(body, dict):
                raise TableError("bad-request", "expected an object")
            tok = await manager.claim(request.path_params["tid"], body.get("position"), body.get("name"))
        except TableError as e:
            return err(e.code, e.message, 404 if e.code == "no-table" else 400)
        tid = request.path_params["tid"]
        return JSONResponse({"token": tok, "link": f"/t/{tid}?token={tok}"})

    async def _finished_deal(request: Request) -> tuple[LiveTable, int]:
        t = await manager.get(request.path_params["tid"])
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
        if seat != "all" and not (seat.isdigit() and int(seat) < t.n):
            return err("bad-seat", "seat is a seat number or 'all'")
        d = t.deals[k]
        frames = replay_frames(t.game.new_state, d.deal, d.state.history, t.game, seat)
        rec = t.record(k)
        return JSONResponse(_replay_payload(t.game, rec, frames, seat))

    async def upload_replay(request: Request) -> Response:
        try:
            body = (await read_body(request, settings.max_http_body)).decode("utf-8")
        except TableError as e:
            return err(e.code, e.message, 413)
        except UnicodeDecodeError:
            return err("bad-record", "a record is UTF-8 text")
        seat = request.query_params.get("seat", "all")
        try:
            rec = Record.from_json(body) if body.lstrip().startswith("{") else Record.from_text(body)
            if rec.game not in catalog.playable_games():
                raise TableError("bad-game", f"game {rec.game!r} is not served here")
            game = rec.load()
            if seat != "all" and not (seat.isdigit() and int(seat) < game.num_seats):
                return err("bad-seat", "seat is a seat number or 'all'")
            frames = replay_frames(game.new_state, rec.deal, rec.actions, game, seat)
        except TableError as e:
            return err(e.code, e.message)
        except (YeziError, ValueError, KeyError, TypeError) as e:
            return err("bad-record", str(e))
        if seat == "all" and frames and frames[-1]["view"].get("to_act") is not None:
            # everything revealed only after the end: an unfinished record replays per seat only
            return err("not-finished", "this record is not finished; choose a seat to replay it from")
        return JSONResponse(_replay_payload(game, rec, frames, seat))

    def _replay_payload(game, rec: Record, frames, seat) -> dict[str, Any]:
        return {
            "game": rec.game, "preset": rec.preset, "seat": seat, "num_seats": game.num_seats,
            "titles": dict(game.titles),
            "active_seats": game.active_seats(), "tags": rec.tags,
            "seat_names": {lang: [game.seat_name(s, lang) for s in range(game.num_seats)] for lang in LANGS},
            "frames": frames,
        }

    async def health(request: Request) -> Response:
        w = sorted(lag["window"])
        return JSONResponse({"ok": True, "tables_live": len(manager.live), "time": time.time(),
                             "loop_lag_ms": {"max": round(lag["max_ms"], 1),
                                             "p50_recent": round(w[len(w) // 2], 2) if w else 0,
                                             "p99_recent": round(w[int(len(w) * 0.99)], 2) if w else 0}})

    async def ws_table(ws: WebSocket) -> None:
        tid = ws.path_params["tid"]
        t = await manager.get(tid)
        await ws.accept()
        if t is None:
            await ws.send_text(json.dumps({"type": "error", "code": "no-table", "message": "no such table"}))
            await ws.close(4404)
            return
        try:
            position = t.auth(ws.query_params.get("token"))
        except TableError as e:
            await ws.send_text(json.dumps({"type": "error", "code": e.code, "message": e.message}))
            await ws.close(4403)
            return
        if len(t.conns) >= settings.max_conns_per_table:
            await ws.send_text(json.dumps({"type": "error", "code": "full", "message": "too many connections"}))
            await ws.close(1013)
            return
        conn = Conn(position, tokens=settings.rate_burst)
        if ws.query_params.get("lang") in LANGS:
            conn.lang = ws.query_params["lang"]
        if position is not None:
            async with t.lock:
                await manager.rename_on_join(t, position, ws.query_params.get("name"))
        writer = asyncio.get_running_loop().create_task(_writer(ws, conn))
        async with t.lock:
            t.conns.add(conn)
            t.broadcast()
        try:
            while not conn.closed:
                msg = await ws.receive()
                if msg["type"] == "websocket.disconnect":
                    break
                text = msg.get("text")
                if text is None and msg.get("bytes") is not None:
                    try:
                        text = msg["bytes"].decode("utf-8")
                    except UnicodeDecodeError:
                        conn.send({"type": "error", "code": "bad-json", "message": "messages are UTF-8 JSON"})
                        continue
                conn.received = time.perf_counter()
                await handle_message(t, conn, text or "")
        except WebSocketDisconnect:
            pass
        finally:
            conn.closed = True
            writer.cancel()
            async with t.lock:
                t.conns.discard(conn)
                t.broadcast()
                if t.row.status == "finished" and not t.conns:
                    manager.live.pop(t.id, None)  # reloaded from the log if anyone comes back

    async def _writer(ws: WebSocket, conn: Conn) -> None:
        try:
            while True:
                frame = await conn.queue.get()
                if frame is None:
                    await ws.close(1008)
                    return
                if not isinstance(frame, str):
                    frame = json.dumps(frame, ensure_ascii=False, separators=(",", ":"))
                await ws.send_text(frame)
        except (asyncio.CancelledError, WebSocketDisconnect, RuntimeError):
            pass
        except Exception:
            log.exception("writer failed")

    async def handle_message(t: LiveTable, conn: Conn, text: str) -> None:
        now = time.monotonic()
        conn.tokens = min(settings.rate_burst, conn.tokens + (now - conn.last) * settings.rate_per_s)
        conn.last = now
        if conn.tokens < 1:
            conn.send({"type": "error", "code": "rate-limited",
                       "message": f"too many messages: at most {settings.rate_per_s:g} a second; this one was ignored"})
            return
        conn.tokens -= 1
        if len(text.encode("utf-8")) > settings.max_message_bytes:
            conn.send({"type": "error", "code": "too-large",
                       "message": f"message over {settings.max_message_bytes} bytes; ignored"})
            return
        try:
            msg = json.loads(text)
        except ValueError as e:
            conn.send({"type": "error", "code": "bad-json", "message": f"malformed JSON: {e}"})
            return
        if not isinstance(msg, dict):
            conn.send({"type": "error", "code": "bad-message", "message": "a message is a JSON object with a type"})
            return
        kind = msg.get("type")
        cid = msg.get("id") if isinstance(msg.get("id"), str) else None
        if kind == "ping":
            conn.send({"type": "pong", "id": cid})
            return
        if kind == "sync":
            async with t.lock:
                conn.send(t.frame_for(conn.position, conn.lang))
            return
        if kind == "lang":
            if msg.get("lang") not in LANGS:
                conn.send({"type": "error", "code": "bad-lang", "id": cid,
                           "message": "lang is one of " + ", ".join(LANGS)})
                return
            conn.lang = msg["lang"]
            async with t.lock:
                conn.send(t.frame_for(conn.position, conn.lang))
            return
        if kind == "action":
            async with t.lock:
                try:
                    action, cid = t.check_action(conn.position, msg)
                    await t.commit_action(conn.position, action, cid)
                except TableError as e:
                    conn.send({"type": "error", "code": e.code, "message": e.message, "id": cid, **e.extra})
                    return
                except Exception as e:  # the store failed: nothing was applied
                    log.exception("action failed at table %s", t.id)
                    conn.send({"type": "error", "code": "server", "message": f"not stored: {type(e).__name__}",
                               "id": cid})
                    return
                conn.send({"type": "ack", "id": cid, "action": action, "seq": len(t.current.state.history),
                           "deal_no": t.current.no,
                           "server_ms": round((time.perf_counter() - conn.received) * 1000, 2)})
                t.broadcast()
            t.kick()
            return
        if kind == "hint":  # in the background: the seat may play on (or ping) while it thinks
            task = asyncio.get_running_loop().create_task(handle_hint(t, conn, msg, cid))
            hint_tasks.add(task)
            task.add_done_callback(hint_tasks.discard)
            return
        if kind == "name":
            name = clean_name(msg.get("name"))
            if conn.position is None or not name:
                conn.send({"type": "error", "code": "bad-name", "id": cid,
                           "message": "only a seat holder can set a name (1 to 24 visible characters)"})
                return
            async with t.lock:
                await store.run(store.rename, t.id, conn.position, name)
                t.players[conn.position].name = name
                conn.send({"type": "ack", "id": cid})
                t.broadcast()
            return
        if kind == "next_deal":
            async with t.lock:
                try:
                    if conn.position is None:
                        raise TableError("spectator", "spectators cannot deal")
                    await t.next_deal()
                except TableError as e:
                    conn.send({"type": "error", "code": e.code, "message": e.message, "id": cid})
                    return
                conn.send({"type": "ack", "id": cid, "deal_no": t.current.no, "seq": 0})
                t.broadcast()
            t.kick()
            return
        conn.send({"type": "error", "code": "bad-message",
                   "message": f"unknown message type {kind!r}; expected action, next_deal, hint, name, lang, "
                              "sync or ping"})

    hint_tasks: set[asyncio.Task] = set()  # kept referenced until done

    async def handle_hint(t: LiveTable, conn: Conn, msg: dict[str, Any], cid: str | None) -> None:
        """The seat's hint for its current decision, computed from its view in a thread; the
        reply carries the move number it was asked for, so a late answer is recognisable."""
        level = msg.get("level", "normal")

        def refuse(code: str, message: str) -> None:
            conn.send({"type": "error", "code": code, "message": message, "id": cid})

        if conn.position is None:
            return refuse("spectator", "spectators cannot ask for hints")
        if not t.row.hints:
            return refuse("hints-off", "this table was opened without hints")
        if level not in SEARCH_LEVELS:
            return refuse("bad-level", "level is one of " + ", ".join(SEARCH_LEVELS))
        if conn.position in t.hinting:  # per seat, not per connection: more sockets get no more CPU
            return refuse("busy", "a hint is already being worked out for you")
        async with t.lock:
            st = t.current.state
            seat = t.seat_of(conn.position)
            if st.current_player != seat:
                return refuse("not-your-turn", "hints are for your own decisions: wait for your turn")
            view, legal = st.view(seat), st.legal_actions()
            deal_no, seq = t.current.no, len(st.history)
        t.hinting.add(conn.position)
        try:
            async with hint_slots(settings):
                h = await asyncio.to_thread(table_hint, t.game, view, legal, level, conn.lang,
                                            random.SystemRandom().randrange(2**62))
        except Exception as e:
            log.exception("hint failed at table %s", t.id)
            return refuse("server", f"no hint: {type(e).__name__}")
        finally:
            t.hinting.discard(conn.position)
        conn.send({"type": "hint", "id": cid, "deal_no": deal_no, "seq": seq, "hint": h})

    async def on_error(request: Request, exc: Exception) -> Response:
        return err("server", "internal error", 500)

    routes = [
        Route("/", index),
        Route("/t/{tid}", index),
        Route("/replay", index),
        Route("/api/health", health),
        Route("/api/games", games),
        Route("/api/games/{name}/resolve", resolve, methods=["POST"]),
        Route("/api/games/{name}/assets", assets),
        Route("/api/tables", list_tables, methods=["GET"]),
        Route("/api/tables", create_table, methods=["POST"]),
        Route("/api/tables/{tid}", get_table),
        Route("/api/tables/{tid}/claim", claim, methods=["POST"]),
        Route("/api/tables/{tid}/deals/{k}/record.txt", record_txt),
        Route("/api/tables/{tid}/deals/{k}/replay", table_replay),
        Route("/api/replay", upload_replay, methods=["POST"]),
        WebSocketRoute("/ws/{tid}", ws_table),
        Mount("/static", app=StaticFiles(directory=WEB_DIR), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan, exception_handlers={500: on_error},
                    middleware=[Middleware(SecurityHeaders)])

    app.state.manager = manager
    app.state.store = store
    app.state.settings = settings
    return app
