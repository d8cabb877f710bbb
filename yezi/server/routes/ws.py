"""A live table over a WebSocket: authenticate, then a reader (this handler) and a writer task.

Frames to a connection are queued on its `Conn` and written by `_writer`, so a slow socket never
holds the table's lock.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
import time
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from yezi.bots.hints import table_hint
from yezi.bots.search import LEVELS as SEARCH_LEVELS
from yezi.core.protocol import LANGS
from yezi.server.cluster import FORWARDED
from yezi.server.context import AppContext, context_of
from yezi.server.tables import Conn, LiveTable, TableError, clean_name, hint_slots

log = logging.getLogger("yezi.server")


async def ws_table(ws: WebSocket) -> None:
    ctx = context_of(ws)
    settings, manager = ctx.settings, ctx.manager
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
            await handle_message(ctx, t, conn, text or "")
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


async def handle_message(ctx: AppContext, t: LiveTable, conn: Conn, text: str) -> None:
    settings = ctx.settings
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
            conn.send(t.frame_text(conn.position, conn.lang))
        return
    if kind == "lang":
        if msg.get("lang") not in LANGS:
            conn.send({"type": "error", "code": "bad-lang", "id": cid,
                       "message": "lang is one of " + ", ".join(LANGS)})
            return
        conn.lang = msg["lang"]
        async with t.lock:
            conn.send(t.frame_text(conn.position, conn.lang))
        return
    if kind in FORWARDED and ctx.cluster is not None and not t.owned:
        await ctx.cluster.forward(t, conn, msg)  # another instance runs this table
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
        task = asyncio.get_running_loop().create_task(handle_hint(ctx, t, conn, msg, cid))
        ctx.hint_tasks.add(task)
        task.add_done_callback(ctx.hint_tasks.discard)
        return
    if kind == "name":
        name = clean_name(msg.get("name"))
        if conn.position is None or not name:
            conn.send({"type": "error", "code": "bad-name", "id": cid,
                       "message": "only a seat holder can set a name (1 to 24 visible characters)"})
            return
        async with t.lock:
            await ctx.store.run(ctx.store.rename, t.id, conn.position, name)
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


async def handle_hint(ctx: AppContext, t: LiveTable, conn: Conn, msg: dict[str, Any], cid: str | None) -> None:
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
        async with hint_slots(ctx.settings):
            h = await asyncio.to_thread(table_hint, t.game, view, legal, level, conn.lang,
                                        random.SystemRandom().randrange(2**62))
    except Exception as e:
        log.exception("hint failed at table %s", t.id)
        return refuse("server", f"no hint: {type(e).__name__}")
    finally:
        t.hinting.discard(conn.position)
    conn.send({"type": "hint", "id": cid, "deal_no": deal_no, "seq": seq, "hint": h})
