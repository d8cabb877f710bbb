"""A turn-based table over days, on the server's injectable clock (``YEZI_TEST_CLOCK``): the
reserve is spent by a slow move, a seat whose days run out is played by the heuristic bot and
marked away, and a SIGKILL restart in the middle keeps the deadline (issue 23)."""

from __future__ import annotations

import time

from tests.web.helpers import Client, Server
from yezi.server.clock import DAY

BOTS3 = [{"kind": "bot", "bot": "heuristic"}] * 3
ENV = {"YEZI_TIMER_SCALE": "1", "YEZI_TIMEOUT_MOVE_PAD": "0", "YEZI_TIMER_RESTART_GRACE": "0"}


def _clock(f: dict) -> dict:
    return f["table"]["clock"]


def _my_decision(cl: Client, seq_after: int = -1) -> dict:
    return cl.wait(lambda x: x["type"] == "state" and x["seq"] > seq_after and _clock(x).get("position") == 0
                   and not x["deal_over"], timeout=30)


def test_a_day_per_move_table_over_a_simulated_week_and_a_sigkill(tmp_path, db_url_factory, db_kind):
    """On PostgreSQL the restarted instance takes the table over from the killed one's lease."""
    clock_file = tmp_path / "clock"
    offset = 0.0

    def advance(seconds: float) -> None:
        nonlocal offset
        offset += seconds
        clock_file.write_text(repr(offset))

    advance(0)
    env = ENV | {"YEZI_TEST_CLOCK": str(clock_file)}
    url = db_url_factory(db_kind)
    srv = Server(url, env=env).start()
    try:
        r = srv.post("/api/account/signup", {"name": "Grandma", "password": "sunday luk fu at noon"})
        assert r.status_code in (200, 201), r.text
        r = srv.post("/api/tables", {"game": "lukfu", "name": "Grandma", "pace": "turn", "move_days": 1,
                                     "reserve_days": 1, "num_deals": 4, "seats": [{"kind": "human"}, *BOTS3]}, cookies=r.cookies)
        assert r.status_code == 201, r.text
        t = r.json()
        token = t["seats"]["0"]["token"]
        me = srv.client(t["id"], token)
        f = _my_decision(me)
        c = _clock(f)
        assert c["turn_based"] and c["banks"][0] == DAY
        assert 2 * DAY - 120 < c["left_ms"] / 1000 <= 2 * DAY  # a day per move and a day of reserve
        seq, deadline = f["seq"], c["deadline"]
        advance(1.5 * DAY)  # a day and a half later: still her move
        time.sleep(1.0)
        g = me.sync()
        assert g["seq"] == seq and _clock(g)["deadline"] == deadline
        assert _clock(g)["left_ms"] / 1000 < 0.6 * DAY
        me.close()
        srv.kill9()
    finally:
        srv.stop()
    srv = Server(url, env=env).start()  # the instance restarted: the deadline holds in simulated time
    try:
        me = srv.client(t["id"], token)
        g = me.state()
        assert g["seq"] == seq and _clock(g)["position"] == 0 and abs(_clock(g)["deadline"] - deadline) < 0.01
        advance(0.6 * DAY)  # past her day and her reserve: the heuristic bot plays for her
        moved = me.wait(lambda x: x["type"] == "state" and x["seq"] > seq, timeout=20)
        mc = _clock(moved)
        assert mc["timeouts"][0] == 1 and mc["away"][0] and mc["banks"][0] == 0
        f = _my_decision(me, moved["seq"] - 1)  # her next move: a day, no reserve left
        assert DAY - 120 < _clock(f)["left_ms"] / 1000 <= DAY
        me.send({"type": "action", "action": f["legal"][0], "id": "grandma-1", "seq": f["seq"]})
        me.wait(lambda x: x["type"] == "ack")
        back = me.wait(lambda x: x["type"] == "state" and x["seq"] > f["seq"])
        assert _clock(back)["timeouts"][0] == 0  # her own move: she is here
        assert srv.get(f"/api/tables/{t['id']}").json()["status"] == "playing"
        me.close()
    finally:
        srv.stop()
