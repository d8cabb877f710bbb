"""A refused move is explained in the connection's language (it was English for every reader)."""

from __future__ import annotations

import re

from tests.web.helpers import Server


def test_illegal_move_refused_in_the_connections_language(server: Server):
    t = server.create(seats=[{"kind": "human"}] * 4)
    p0 = server.client(t["id"], t["seats"]["0"]["token"])
    f0 = p0.state()
    illegal = next(a for a in range(237) if a not in f0["legal"])
    for lang, script in (("zh-hans", "现在"), ("zh-hant", "現在"), ("en", None)):
        p0.send({"type": "lang", "lang": lang})
        p0.wait_type("state")
        p0.send({"type": "action", "action": illegal})
        e = p0.wait(lambda f: f["type"] == "error")
        p0.frames.clear()
        assert e["code"] == "illegal" and e["rule"]
        assert set(e["messages"]) == {"zh-hant", "zh-hans", "en"}
        if script:
            assert e["message"] == e["messages"][lang] and not re.search(r"[A-Za-z]{2,}", e["message"]), e
        else:
            assert re.search(r"[A-Za-z]{3,}", e["message"]), e
