"""A Rust panic in a native call costs its table, not the server (issue 25): the server's Luk Fu views
ask the native engine for every seat's 老歲 marks on the event loop (`yezi.server.accel`); here one
table's call panics for real (the library's `yz_test_panic`, through the same border every export
has). That table logs one error and goes on with the Python engine's answers; the other table keeps
the native engine; no request fails.

On the code before issue 25 the release library was built with ``panic = "abort"``: the first
such panic ended the whole server process, every table with it."""

from __future__ import annotations

import ctypes
import logging
import random
from collections import Counter
from contextlib import ExitStack
from typing import Any

import pytest

from yezi.native import available, library
from yezi.server import accel, catalog

pytestmark = pytest.mark.skipif(not available(), reason="no compiled native library")

MOVES = 8


def _table(client: Any, stack: ExitStack) -> tuple[str, list[Any]]:
    """A new Luk Fu table (deduced 老歲) of four people, and each seat's WebSocket."""
    r = client.post("/api/tables", json={"game": "lukfu", "preset": "hakka-hk", "seats": [{"kind": "human"}] * 4})
    assert r.status_code == 201, r.text
    t = r.json()
    return t["id"], [stack.enter_context(client.websocket_connect(
        f"ws://localhost/ws/{t['id']}", headers={"Authorization": f"Bearer {s['token']}"}))
        for _, s in sorted(t["seats"].items())]


def _state(ws: Any, seq: int) -> dict[str, Any]:
    """The seat's next state frame at `seq` (earlier ones, acks: skipped)."""
    for _ in range(50):
        f = ws.receive_json()
        assert f["type"] != "error", f
        if f["type"] == "state" and f["seq"] >= seq:
            return f
    raise AssertionError(f"no state frame at seq {seq}")


def _check_views(manager: Any, tid: str, frames: list[dict[str, Any]]) -> None:
    """Every seat's 老歲 marks as the Python engine alone gives them (a fresh replay, no native)."""
    live = manager.live[tid]
    st = live.current.state
    ref = live.game.replay(st.deal, list(st.history))
    for f in frames:
        assert f["view"].get("laosui") == ref.view(f["seat"]).get("laosui"), (tid, f["seq"], f["seat"])


def test_a_panicking_native_call_costs_its_table_only(tmp_path, monkeypatch, caplog):
    from starlette.testclient import TestClient

    from yezi.native.abi import bind
    from yezi.native.lukfu import NativeLukFu
    from yezi.server.app import create_app
    from yezi.server.config import Settings

    monkeypatch.setattr(accel, "fallback", type(accel.fallback)(accel.fallback.what, accel.log))  # this test's
    panic = bind(library(), "yz_test_panic", [ctypes.c_int64])
    real = NativeLukFu.laosui_now
    calls: Counter[str] = Counter()
    broken: set[str] = set()
    panicked_after: list[int] = []  # the broken table's native calls when it panicked
    app = create_app(Settings(database_url=f"sqlite:///{tmp_path / 'yezi.db'}", workers=1))
    manager = app.state.manager
    # no bots, no lobby: neither the worker processes nor the catalogue need starting (seconds)
    monkeypatch.setattr(manager.thinker, "warm", lambda: None)
    monkeypatch.setattr(catalog, "warm", lambda: None)

    def laosui_now(self: Any, deal: Any, history: list[int], deal_array: Any = None) -> list[int]:
        tid = next((tid for tid, t in manager.live.items() if any(d.state.deal is deal for d in t.deals)), "")
        calls[tid] += 1
        if tid in broken:
            panicked_after.append(calls[tid])
            panic(len(history))  # a real Rust panic, caught at the library's border
        return real(self, deal, history, deal_array)

    monkeypatch.setattr(NativeLukFu, "laosui_now", laosui_now)
    rng = random.Random(25)
    with caplog.at_level(logging.ERROR, logger="yezi.server.accel"), \
            TestClient(app, base_url="http://localhost", raise_server_exceptions=False) as client, ExitStack() as stack:
        a, a_socks = _table(client, stack)
        broken.add(a)
        b, b_socks = _table(client, stack)
        last = {tid: [_state(ws, 0) for ws in socks] for tid, socks in ((a, a_socks), (b, b_socks))}
        socks = {a: a_socks, b: b_socks}
        for _ in range(MOVES):
            for tid in (a, b):
                frames = last[tid]
                _check_views(manager, tid, frames)
                if frames[0]["deal_over"]:
                    continue
                i = next(i for i, f in enumerate(frames) if f.get("legal"))
                seq = frames[i]["seq"]
                socks[tid][i].send_json({"type": "action", "action": rng.choice(frames[i]["legal"]),
                                         "id": f"{tid}-{seq}", "seq": seq})
                last[tid] = [_state(ws, seq + 1) for ws in socks[tid]]
        for tid in (a, b):
            assert client.get(f"/api/tables/{tid}").status_code == 200
        assert client.get("/api/health").status_code == 200

    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(errors) == 1, [r.getMessage() for r in errors]  # once, when it failed; not per view
    assert a in errors[0].getMessage() and "a panic on purpose" in errors[0].getMessage()
    assert panicked_after == [calls[a]]  # after the panic, table a asks the Python engine only
    assert calls[b] > MOVES // 2  # table b kept the native engine
    assert accel.fallback.failed(a) and not accel.fallback.failed(b)
