"""A live table over a WebSocket: authenticate, then a reader (this handler) and a writer task.

Frames to a connection are queued on its `Conn` and written by `_writer`, so a slow socket never
holds the table's lock.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from yezi.core.protocol import LANGS
from yezi.server import catalog, timers
from yezi.server.accounts.identity import SESSION_COOKIE, current_user
from yezi.server.budget import TokenBucket
from yezi.server.clients import address_groups, client_key
from yezi.server.cluster import FORWARDED
from yezi.server.config import Settings
from yezi.server.context import AppContext, context_of
from yezi.server.frames import dumps
from yezi.server.http_util import store_failure
from yezi.server.schemas import BadInput, ws_message
from yezi.server.seats import seat_of_socket
from yezi.server.tables import Conn, LiveTable, TableError, clean_name
from yezi.server.workers import Busy

log = logging.getLogger("yezi.server")


async def ws_table(ws: WebSocket) -> None:
    """/t/<id>/ws?seat=<position> (the seat's cookie authenticates) or /ws/<id> (spectators, and
    programs with 'Authorization: Bearer <token>'); at most `max_ws_per_client` per client."""
    limits = context_of(ws).manager.limits
    key = client_key(ws)
    if not limits.socket_opened(key):
        await ws.accept()
        await ws.send_text(json.dumps({"type": "error", "code": "too-many-sockets", "message": (
            f"at most {limits.settings.max_ws_per_client} connections from one address; close another tab first")}))
        await ws.close(1013)
        return
    try:
        await _ws_session(ws)
    finally:
        limits.socket_closed(key)


async def _ws_session(ws: WebSocket) -> None:
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
        position = await seat_of_socket(ws, t)
    except TableError as e:
        await ws.send_text(json.dumps({"type": "error", "code": e.code, "message": e.message}))
        await ws.close(4403)
        return
    conn = Conn(position, messages=TokenBucket(settings.rate_per_s, settings.rate_burst), client=client_key(ws))
    if ws.query_params.get("lang") in LANGS:
        conn.lang = ws.query_params["lang"]
    if position is not None and t.playing:
        async with t.lock:
            await manager.rename_on_join(t, position, ws.query_params.get("name"))
    async with t.lock:  # checked and counted at once: two spectators cannot both take the last slot
        refusal = spectator_refusal(t, conn, settings) if position is None else None
        if refusal is None:
            t.conns.add(conn)
            t.note_presence()
            t.broadcast()
    if refusal is not None:
        await ws.send_text(json.dumps({"type": "error", "code": refusal[0], "message": refusal[1]}))
        await ws.close(1013)
        return
    writer = asyncio.get_running_loop().create_task(_writer(ws, conn))
    # the room's chat history in the background: the socket reads at once (awaited here, a seat
    # closed meanwhile by a new invitation lost its refusal: the loop below never ran to let it out)
    history = asyncio.get_running_loop().create_task(ctx.chat.opened(t, conn))
    ctx.hint_tasks.add(history)
    history.add_done_callback(_forget_task(ctx))
    # a signed-in player's notices come live to every table socket they have open
    user = await current_user(ws) if SESSION_COOKIE in ws.cookies else None
    if user is not None:
        ctx.notices.attach(user.id, conn)
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
            try:
                await handle_message(ctx, t, conn, text or "")
            except Exception as e:  # a bug must not drop the socket silently: say so, keep serving
                conn.send(store_failure(e, t.id, "not done"))
    except WebSocketDisconnect:
        pass
    finally:
        conn.closed = True
        ctx.chat.closed(conn)
        if user is not None:
            ctx.notices.detach(user.id, conn)
        writer.cancel()
        async with t.lock:
            t.conns.discard(conn)
            t.note_presence()
            t.broadcast()
            if not t.playing and not t.conns:
                manager.live.pop(t.id, None)  # reloaded from the log if anyone comes back


def spectator_refusal(t: LiveTable, conn: Conn, settings: Settings) -> tuple[str, str] | None:
    """(code, message) when a spectator may not watch `t` now. Spectators have slots of their own
    (`max_spectators_per_table`, `max_spectators_per_client` of one client, `group_share` times that
    of its network); a seat's holder is never refused for them (issue 26: 7 addresses x 32
    spectator sockets took all 200 places of a table, and both its players were refused)."""
    watching = [c for c in t.conns if c.position is None]
    if len(watching) >= settings.max_spectators_per_table:
        return "watchers-full", f"at most {settings.max_spectators_per_table} spectators at a table; try later"
    held = Counter(k for c in watching for k in (c.client, *address_groups(c.client)))
    per = settings.max_spectators_per_client
    for k, cap in [(conn.client, per)] + [(g, per * settings.group_share) for g in address_groups(conn.client)]:
        if held[k] >= cap:
            return "too-many-sockets", f"at most {cap} spectators of one table from one address or network"
    return None


def encode_frame(frame: dict[str, Any] | str) -> str:
    """A frame as JSON text that is valid UTF-8 whatever it holds: a string that cannot be sent
    (a lone surrogate) must not kill the connection's writer."""
    text = frame if isinstance(frame, str) else dumps(frame)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        log.warning("a frame held text that is not valid Unicode; sent escaped")
        text = json.dumps(json.loads(text), ensure_ascii=True, separators=(",", ":"))
    return text


async def _writer(ws: WebSocket, conn: Conn) -> None:
    try:
        while True:
            frame = await conn.queue.get()
            if frame is None:
                await ws.close(conn.close_code)
                return
            await ws.send_text(encode_frame(frame))
    except (asyncio.CancelledError, WebSocketDisconnect, RuntimeError):
        pass
    except Exception:
        log.exception("writer failed")
        conn.closed = True
        with contextlib.suppress(Exception):
            await ws.close(1011)  # never a socket that stays open and says nothing


async def handle_message(ctx: AppContext, t: LiveTable, conn: Conn, text: str) -> None:
    settings = ctx.settings
    if conn.messages is not None and not conn.messages.take():
        conn.send({"type": "error", "code": "rate-limited",
                   "message": f"too many messages: at most {settings.rate_per_s:g} a second; this one was ignored"})
        return
    if len(text.encode("utf-8")) > settings.max_message_bytes:
        conn.send({"type": "error", "code": "too-large",
                   "message": f"message over {settings.max_message_bytes} bytes; ignored"})
        return
    try:
        msg = ws_message(text)
    except BadInput as e:
        conn.send({"type": "error", "code": e.code, "message": e.message, **e.extra})
        return
    kind, cid = msg["type"], msg.get("id")
    if kind == "ping":
        conn.send({"type": "pong", "id": cid})
        return
    if kind == "sync":
        async with t.lock:
            conn.send(t.frame_text(conn.position, conn.lang))
        return
    if kind == "lang":
        conn.lang = msg["lang"]
        async with t.lock:
            conn.send(t.frame_text(conn.position, conn.lang))
        return
    if kind in CHAT:  # any instance takes a table's chat: it is no intent of the game
        await handle_chat(ctx, t, conn, msg, cid)
        return
    if kind in FORWARDED and ctx.cluster is not None and not t.owned:
        await ctx.cluster.forward(t, conn, msg)  # another instance runs this table
        return
    if kind == "action":
        async with t.lock:
            try:
                action, cid = t.check_action(conn.position, msg)
                await t.act(conn.position, action, cid)
            except TableError as e:
                conn.send({"type": "error", "code": e.code, "id": cid, **e.extra, "message": e.message_for(conn.lang)})
                return
            except Exception as e:  # the store failed: nothing was applied
                conn.send({**store_failure(e, t.id), "id": cid})
                return
            conn.send({"type": "ack", "id": cid, "action": action, "seq": len(t.current.state.history),
                       "deal_no": t.current.no,
                       "server_ms": round((time.perf_counter() - conn.received) * 1000, 2)})
            if conn.position in t.answers:  # an answer kept until all have answered: only this seat hears of it
                t.send_to_seat(conn.position)
            else:
                t.broadcast()
        t.kick()
        return
    if kind == "hint":  # in the background: the seat may play on (or ping) while it thinks
        task = asyncio.get_running_loop().create_task(handle_hint(ctx, t, conn, msg, cid))
        ctx.hint_tasks.add(task)
        task.add_done_callback(ctx.hint_tasks.discard)
        return
    if kind == "explain":  # in the background, like a hint: the table plays on meanwhile
        task = asyncio.get_running_loop().create_task(handle_explain(ctx, t, conn, cid))
        ctx.hint_tasks.add(task)
        task.add_done_callback(ctx.hint_tasks.discard)
        return
    if kind == "why":  # in the background, like a hint: the rule check runs in a worker
        task = asyncio.get_running_loop().create_task(handle_why(ctx, t, conn, msg, cid))
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
    if kind == "back":
        async with t.lock:
            if conn.position is None:
                conn.send({"type": "error", "code": "spectator", "id": cid, "message": "spectators hold no seat"})
                return
            changed = await timers.back(t, conn.position)  # only the connection's own seat, never another
            conn.send({"type": "ack", "id": cid})
            if changed:
                t.broadcast()
        t.kick()
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


CHAT = ("chat", "chat_remove", "chat_report", "chat_close")


def _forget_task(ctx: AppContext) -> Callable[[asyncio.Task[Any]], None]:
    """A background task done: dropped from the app's set, its failure (the chat's history could not
    be read) logged rather than lost."""

    def done(task: asyncio.Task[Any]) -> None:
        ctx.hint_tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.warning("chat history not sent: %s", task.exception())

    return done


async def handle_chat(ctx: AppContext, t: LiveTable, conn: Conn, msg: dict[str, Any], cid: str | None) -> None:
    """The table's chat (yezi.server.chat): post to the sender's room, or the host's removal and
    closing, or a report; the ack carries the stored message's id."""
    kind = msg["type"]
    try:
        if kind == "chat":
            m = await ctx.chat.post(t, conn, msg)
            conn.send({"type": "ack", "id": cid, "msg": m.id})
            return
        if kind == "chat_remove":
            await ctx.chat.remove(t, conn, msg["msg"])
        elif kind == "chat_close":
            await ctx.chat.close(t, conn)
        else:
            await ctx.chat.report(t, conn, msg["msg"])
    except TableError as e:
        conn.send({"type": "error", "code": e.code, "id": cid, "message": e.message_for(conn.lang)})
        return
    except Exception as e:  # the store failed: nothing was kept
        conn.send({**store_failure(e, t.id), "id": cid})
        return
    conn.send({"type": "ack", "id": cid})


#: what `_one_per_seat` returns when the work was refused (the refusal is already sent)
_REFUSED: Any = object()


def _refuser(conn: Conn, cid: str | None) -> Callable[[str, str], None]:
    """The error reply to one request of `conn` (its id echoed, so the page knows which ask failed)."""
    def refuse(code: str, message: str) -> None:
        conn.send({"type": "error", "code": code, "message": message, "id": cid})
    return refuse


async def _one_per_seat(t: LiveTable, key: Any, refuse: Callable[[str, str], None], what: str, nothing: str,
                        work: Callable[[], Awaitable[Any]]) -> Any:
    """A worker's answer for one seat (a hint, an explanation, a refusal's reason), at most one at a
    time per `key` (the seat, never the socket: more sockets or messages buy no more CPU); the
    caller has checked that `key` is free. A full pool or a failed worker is refused, never raised."""
    t.hinting.add(key)
    try:
        return await work()
    except Busy as e:
        refuse("busy", e.message)
    except Exception as e:
        log.exception("%s failed at table %s", what, t.id)
        refuse("server", f"{nothing}: {type(e).__name__}")
    finally:
        t.hinting.discard(key)
    return _REFUSED


async def handle_explain(ctx: AppContext, t: LiveTable, conn: Conn, cid: str | None) -> None:
    """The seat's explanations of its current position (Luk Fu: why each 老歲 card is one), from a
    worker process; the reply names the move it explains, so a late answer is recognisable. One
    at a time per seat, as hints are: more sockets or more messages buy no more CPU."""
    refuse = _refuser(conn, cid)

    if conn.position is None:
        return refuse("spectator", "spectators have no hand to explain")
    key = ("explain", conn.position)
    if key in t.hinting:
        return refuse("busy", "your explanations are already being worked out")
    async with t.lock:
        st = t.current.state
        seat = t.seat_of(conn.position)
        deal, history = st.deal, list(st.history)
        deal_no, seq = t.current.no, len(history)
    out = await _one_per_seat(t, key, refuse, "explain", "no explanation", lambda: ctx.manager.thinker.explain(
        t.id, conn.client, t.spec, deal, history, seat, conn.lang))
    if out is _REFUSED:
        return
    conn.send({"type": "explain", "id": cid, "deal_no": deal_no, "seq": seq, "extras": out})


async def handle_why(ctx: AppContext, t: LiveTable, conn: Conn, msg: dict[str, Any], cid: str | None) -> None:
    """Why the seat to act may not make these moves (greyed cards it tapped): the engine's rule and
    the tutorial's sentence for it, worked out in a worker from the seat's view alone (nothing hidden
    reaches the worker), for the seat's own decision only, one request at a time per seat (more
    sockets or messages buy no more CPU). The reply names the move it answers, as a hint's does."""
    refuse = _refuser(conn, cid)

    if conn.position is None:
        return refuse("spectator", "spectators have no moves to explain")
    key = ("why", conn.position)
    if key in t.hinting:
        return refuse("busy", "your last question is still being answered")
    async with t.lock:
        st = t.current.state
        seat = t.seat_of(conn.position)
        if st.current_player != seat or not t.may_act(seat):
            return refuse("not-your-turn", "refusals are explained on your own turn")
        view = st.view(seat)
        deal_no, seq = t.current.no, len(st.history)
    actions = [a for a in msg["actions"] if 0 <= a < t.game.action_space_size]
    out = await _one_per_seat(t, key, refuse, "why", "no explanation", lambda: ctx.manager.thinker.refusals(
        t.id, conn.client, t.spec, view, actions, conn.lang, random.SystemRandom().randrange(2**62)))
    if out is _REFUSED:
        return
    conn.send({"type": "why", "id": cid, "deal_no": deal_no, "seq": seq, "refusals": out})


async def handle_hint(ctx: AppContext, t: LiveTable, conn: Conn, msg: dict[str, Any], cid: str | None) -> None:
    """The seat's hint for its current decision, worked out from its view in a worker process
    (`Thinker.hint`); the reply carries the move number it was asked for, so a late answer is
    recognisable."""
    level = msg.get("level", "normal")

    refuse = _refuser(conn, cid)

    if conn.position is None:
        return refuse("spectator", "spectators cannot ask for hints")
    if not t.row.hints:
        return refuse("hints-off", "this table was opened without hints")
    levels = catalog.hint_levels(t.spec[0])  # the search's and the registered hint levels (never an import)
    if level not in levels:
        return refuse("bad-level", "level is one of " + ", ".join(levels))
    if conn.position in t.hinting:  # per seat, not per connection: more sockets get no more CPU
        return refuse("busy", "a hint is already being worked out for you")
    async with t.lock:
        st = t.current.state
        seat = t.seat_of(conn.position)
        if st.current_player != seat:
            return refuse("not-your-turn", "hints are for your own decisions: wait for your turn")
        view, legal = st.view(seat), st.legal_actions()
        deal_no, seq = t.current.no, len(st.history)
    h = await _one_per_seat(t, conn.position, refuse, "hint", "no hint", lambda: ctx.manager.thinker.hint(
        t.id, conn.client, t.spec, view, legal, level, conn.lang, random.SystemRandom().randrange(2**62)))
    if h is _REFUSED:
        return
    conn.send({"type": "hint", "id": cid, "deal_no": deal_no, "seq": seq, "hint": h})
