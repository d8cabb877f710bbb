"""A hypothesis-driven fuzzer for the WebSocket protocol: arbitrary JSON (lone surrogates, NaN, huge
numbers, deep nesting, wrong types in every field of every message type), non-JSON text and binary
frames, sent by a seat holder. After each one the same socket must answer a ping: no message may
drop the connection, close it, or kill its sender; every frame that comes back is well formed."""

from __future__ import annotations

import itertools
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.web.helpers import Client, Server

TYPES = ["action", "next_deal", "hint", "name", "lang", "sync", "ping"]
FIELDS = ["id", "action", "seq", "lang", "name", "level", "type"]
FRAME_TYPES = {"state", "ack", "error", "pong", "hint", "chat"}  # chat: the room's history at connect

scalars = (st.none() | st.booleans() | st.integers() | st.integers(min_value=-2, max_value=300)
           | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=40)
           | st.sampled_from(["\ud800", "a\udfff", "zh-hant", "en", "normal", "strong", "九貫", "", "x" * 65]))
json_values = st.recursive(scalars, lambda kids: st.lists(kids, max_size=4)
                           | st.dictionaries(st.text(max_size=8), kids, max_size=4), max_leaves=12)
messages = st.builds(lambda kind, extra: {"type": kind, **extra},
                     st.sampled_from(TYPES) | json_values,
                     st.dictionaries(st.sampled_from(FIELDS) | st.text(max_size=6), json_values, max_size=5))
deep = st.integers(min_value=1, max_value=1900).map(lambda n: "[" * n + "]" * n)
frames = (messages.map(lambda m: json.dumps(m)) | json_values.map(json.dumps) | st.text(max_size=200) | deep
          | st.binary(max_size=64))


def test_ws_fuzz(server: Server):
    t = server.create(hints=False)  # hints would spend CPU on searches; their refusal paths still run
    cl = server.client(t["id"], t["seats"]["0"]["token"])
    cl.state()
    counter = itertools.count()

    @settings(max_examples=300, deadline=None, derandomize=True, database=None,
              suppress_health_check=list(HealthCheck))
    @given(frames)
    def one(frame: str | bytes) -> None:
        cl.send(frame)
        pid = f"fz-{next(counter)}"
        cl.send({"type": "ping", "id": pid})
        while True:
            f = cl.recv(timeout=10)  # a dropped or closed socket raises here, with its close code
            assert f.get("type") in FRAME_TYPES, f
            if f["type"] == "error":
                assert isinstance(f.get("code"), str) and f.get("message"), f
            if f["type"] == "pong" and f.get("id") == pid:
                return

    try:
        one()
    finally:
        cl.close()
    # and the table still serves a newcomer
    other: Client = server.client(t["id"])
    assert other.state()["type"] == "state"
    other.close()
