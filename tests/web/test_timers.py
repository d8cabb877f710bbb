"""Move timers (issue 12): the clock's bookkeeping, a timeout played by the heuristic bot and the
seat marked away, a bot holding the seat after three timeouts and the player taking it back, what a
client may not do to a clock, and a running timer across a SIGKILL restart.

The servers run with YEZI_TIMER_SCALE (an operator's setting, for tests; no client can reach it) so
that a 15 s timer runs out in a fraction of a second."""

from __future__ import annotations

import asyncio
import time

import httpx
import pytest

from tests.web.helpers import Client, Server, slow_start
from yezi.core.registry import load_game
from yezi.server import timers
from yezi.server.clock import AWAY_LIMIT, TurnClock
from yezi.server.config import Settings
from yezi.server.db import PlayerRow, TableRow
from yezi.server.errors import TableError
from yezi.server.tables import LiveTable

# these tests hold wall-clock bounds while servers run: under pytest-xdist they take turns on one
# worker with the other such modules (tests/conftest.py)
pytestmark = pytest.mark.xdist_group("clock")

BOTS3 = [{"kind": "bot", "bot": "heuristic"}] * 3
FAST = {"YEZI_TIMER_SCALE": "0.03", "YEZI_TIMEOUT_MOVE_PAD": "0", "YEZI_TIMER_RESTART_GRACE": "0"}


# ---- the clock's bookkeeping (no server) ------------------------------------------------------------

def test_bank_pays_for_time_over_the_move_time_and_refills_each_deal():
    c = TurnClock.new(15, 60, 4)
    c.start((0, 0), 1, now=100.0)
    assert c.deadline == 100.0 + 15 + 60
    c.moved(1, now=110.0)  # within the move time: the bank is untouched
    assert c.seats[1].bank == 60
    c.start((0, 1), 1, now=200.0)
    c.moved(1, now=240.0)  # 25 s over
    assert c.seats[1].bank == 35
    c.start((0, 2), 1, now=300.0)
    assert c.deadline == 300.0 + 15 + 35
    c.new_deal()
    assert c.seats[1].bank == 60


def test_three_timeouts_in_a_row_and_the_player_comes_back():
    c = TurnClock.new(15, 60, 2)
    for k in range(AWAY_LIMIT):
        assert not c.seats[0].held
        c.start((0, k), 0, now=float(k))
        c.timed_out(0)
        assert c.seats[0].away and c.seats[0].bank == 0
    assert c.seats[0].held and c.public(0.0)["held"] == [True, False]
    assert c.back(0) and not c.seats[0].away and not c.seats[0].held
    assert not c.back(0)  # nothing to do: nothing changes
    c.timed_out(0)
    c.moved(0, now=1.0)  # a move of the player's own: here again, the count starts over
    assert c.seats[0].timeouts == 0 and not c.seats[0].away


def test_clock_survives_its_json_and_a_damaged_one_starts_fresh():
    c = TurnClock.new(30, 60, 3)
    c.start((2, 7), 2, now=1000.0)
    c.timed_out(1)
    back = TurnClock.from_json(c.to_json(), 30, 60, 3)
    assert (back.key, back.position, back.deadline) == ((2, 7), 2, 1090.0)
    assert back.seats[1].timeouts == 1
    for bad in ("{", '{"seats": 3}', '{"seats": [], "key": [1]}', "[]"):
        fresh = TurnClock.from_json(bad, 30, 60, 3)
        assert not fresh.running and len(fresh.seats) == 3


def _live(move: int = 15) -> LiveTable:
    g = load_game("lukfu")
    row = TableRow("t1", "lukfu", g.rules.preset, {}, 1, 7, "", False, "playing", 0.0, True, 0, move, 60)
    players = [PlayerRow(0, "human", None, "Ann", None, True)] + [
        PlayerRow(i, "bot", "heuristic", f"b{i}", None, True) for i in (1, 2, 3)]
    t = LiveTable(row, players, g, store=None, settings=Settings())  # type: ignore[arg-type]
    t.start_deal(0, 0, 11, g.deal_from_seed(11))
    return t


def test_a_move_after_the_deadline_is_refused_by_the_server_clock():
    t = _live()
    st = t.current.state
    assert st.current_player == 0
    t.clock.start((0, 0), 0, now=time.time() - 1000)  # the deadline passed (whatever the client's clock says)
    with pytest.raises(TableError) as e:
        t.check_action(0, {"action": st.legal_actions()[0]})
    assert e.value.code == "time-out"
    t.clock.start((0, 0), 0, now=time.time())
    assert t.check_action(0, {"action": st.legal_actions()[0]})[0] == st.legal_actions()[0]


def test_a_seat_a_bot_holds_is_not_asked_and_cannot_act():
    t = _live()
    for _ in range(AWAY_LIMIT):
        t.clock.timed_out(0)
    f = t.frame_for(0)
    assert "legal" not in f and f["table"]["clock"]["held"][0]
    assert "legal" not in __import__("json").loads(t.frame_text(0, "en"))
    with pytest.raises(TableError) as e:
        t.check_action(0, {"action": t.current.state.legal_actions()[0]})
    assert e.value.code == "seat-held"
    t.clock.back(0)
    assert t.frame_for(0)["legal"]


# ---- a live server -----------------------------------------------------------------------------------

@pytest.fixture
def fast_server(tmp_path):
    srv = Server("sqlite:///" + str(tmp_path / "yezi.db"), env=FAST).start()
    yield srv
    srv.stop()


def _clock(f: dict) -> dict:
    return f["table"]["clock"]


def test_timeouts_play_the_bots_move_mark_away_then_a_bot_holds_the_seat_until_i_am_back(fast_server):
    srv = fast_server
    # several deals: a deal may end before the seat is asked three times (the next one starts by itself)
    t = srv.create(game="lukfu", name="Ann", move_timer=15, num_deals=6, seats=[{"kind": "human"}, *BOTS3])
    me = srv.client(t["id"], t["seats"]["0"]["token"])
    watcher = srv.client(t["id"])
    f = me.state()
    assert _clock(f)["move"] == pytest.approx(15 * 0.03) and _clock(f)["bank"] == pytest.approx(60 * 0.03)
    # nobody at seat 0 answers: each of its decisions is played for it when its time is up
    seen_away = me.wait(lambda x: x["type"] == "state" and _clock(x)["away"][0], timeout=20)
    acted = [a for a in seen_away["view"]["actors"] if a == seen_away["seat"]]
    assert acted, "the timed-out seat's move was played"
    assert _clock(seen_away)["timeouts"][0] == 1 and _clock(seen_away)["banks"][0] == 0
    held = me.wait(lambda x: x["type"] == "state" and _clock(x)["held"][0], timeout=40)
    assert _clock(held)["timeouts"][0] == AWAY_LIMIT
    # everyone sees it (a spectator too)
    assert watcher.wait(lambda x: x["type"] == "state" and _clock(x)["held"][0], timeout=10)
    # the bot holds the seat: at seat 0's turn nothing asks the player, and the bot plays on
    turn = me.wait(lambda x: x["type"] == "state" and (x["deal_over"] or x["to_act_position"] == 0), timeout=20)
    if not turn["deal_over"]:
        assert "legal" not in turn and _clock(turn).get("position") is None
        me.wait(lambda x: x["type"] == "state" and x["seq"] > turn["seq"], timeout=10)
    # a spectator cannot take the seat back, and the seat's holder can, for its own seat only
    watcher.send({"type": "back", "id": "w"})
    assert watcher.wait(lambda x: x["type"] in ("ack", "error"))["code"] == "spectator"
    me.send({"type": "back", "id": "b", "position": 1})  # no such field: refused, nothing changes
    assert me.wait(lambda x: x["type"] in ("ack", "error"))["code"] == "bad-message"
    me.send({"type": "back", "id": "b2"})
    assert me.wait(lambda x: x["type"] in ("ack", "error"))["type"] == "ack"
    back = me.sync()
    assert not _clock(back)["held"][0] and not _clock(back)["away"][0]
    # the player is asked again at its turn, with a running clock, and a move in time clears nothing
    mine = me.wait(lambda x: x["type"] == "state" and (x["match_over"] or bool(x.get("legal"))), timeout=40)
    if mine["match_over"]:
        return
    assert _clock(mine)["position"] == 0 and _clock(mine)["left_ms"] > 0
    me.send({"type": "action", "action": mine["legal"][0], "id": "mine", "seq": mine["seq"]})
    got = me.wait(lambda x: x["type"] in ("ack", "error"))
    assert got["type"] == "ack" or got["code"] in ("time-out", "stale", "not-your-turn"), got
    if got["type"] == "ack":
        assert _clock(me.sync())["timeouts"][0] == 0


def test_a_client_cannot_extend_its_clock_nor_touch_another_seat(fast_server):
    srv = fast_server
    t = srv.create(game="lukfu", name="Ann", move_timer=60, time_bank=0,
                   seats=[{"kind": "human"}, {"kind": "human"}, *BOTS3[:2]])
    a = srv.client(t["id"], t["seats"]["0"]["token"])
    b = srv.client(t["id"], t["seats"]["1"]["token"])
    f = a.wait(lambda x: x["type"] == "state" and _clock(x).get("position") in (0, 1), timeout=20)
    deadline = _clock(f)["deadline"]
    # "I'm back" from a seat that is not away changes no clock, its own or the other's
    for cl in (a, b):
        cl.send({"type": "back", "id": "x"})
        assert cl.wait(lambda x: x["type"] in ("ack", "error"))["type"] == "ack"
    assert _clock(a.sync())["deadline"] == deadline
    # no message sets a clock: unknown fields and types are refused
    for bad in ({"type": "clock", "deadline": 1e12}, {"type": "back", "deadline": 1e12},
                {"type": "action", "action": 0, "deadline": 1e12}):
        a.send(bad)
        assert a.wait(lambda x: x["type"] in ("ack", "error"))["code"] == "bad-message"
    assert _clock(a.sync())["deadline"] == deadline
    # the timer is chosen at creation among the offered values only
    for spec in ({"move_timer": 5}, {"move_timer": True}, {"move_timer": 15, "time_bank": 999}, {"move_timer": "15"}):
        r = srv.post("/api/tables", {"game": "lukfu", **spec})
        assert r.status_code == 400 and r.json()["error"] == "bad-timer", (spec, r.text)


def test_a_running_timer_keeps_its_deadline_across_a_sigkill_restart(db_url_factory, db_kind):
    # On PostgreSQL the restarted instance first waits for the dead one's lease to run out, then takes
    # the table over (yezi.server.cluster). The restarted server starts slowly on purpose (more than a
    # lease, its lease renewal late), as on a loaded machine: such a start once took the table it had
    # just taken over for lost and left it to nobody. 15 s to decide: longer than a slow restart (and,
    # on PostgreSQL, the dead instance's lease) takes on a loaded machine.
    env = {"YEZI_TIMER_SCALE": "1", "YEZI_TIMEOUT_MOVE_PAD": "0", "YEZI_TIMER_RESTART_GRACE": "0"}
    url = db_url_factory(db_kind)
    srv = Server(url, env=env).start()
    try:
        t = srv.create(game="lukfu", name="Ann", move_timer=15, time_bank=0, seats=[{"kind": "human"}, *BOTS3])
        me = srv.client(t["id"], t["seats"]["0"]["token"])
        f = me.wait(lambda x: x["type"] == "state" and _clock(x).get("position") == 0, timeout=20)
        deadline, seq = _clock(f)["deadline"], f["seq"]
        assert deadline - time.time() > 12
        time.sleep(0.5)
        srv.kill9()
        me.close()
    finally:
        srv.stop()
    srv2 = Server(url, env={**env, **slow_start(3.5, renewal_s=1.0)}).start()
    try:
        me = srv2.client(t["id"], t["seats"]["0"]["token"])
        g = me.state()
        assert g["seq"] == seq and _clock(g)["position"] == 0
        assert _clock(g)["deadline"] == pytest.approx(deadline, abs=0.01), "the deadline was not kept"
        try:
            moved = me.wait(lambda x: x["type"] == "state" and x["seq"] > seq, timeout=20)
        except TimeoutError:
            raise AssertionError("no timeout after the restart:\n" + srv2.log_tail()) from None
        assert time.time() >= deadline - 0.05, "timed out before its deadline"
        assert time.time() < deadline + 5, "the timer was not re-armed after the restart"
        assert _clock(moved)["timeouts"][0] == 1 and _clock(moved)["away"][0]
    finally:
        srv2.stop()


# ---- rematch and play again ---------------------------------------------------------------------------

def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _finish_by_timeouts(cl: Client) -> dict:
    return cl.wait(lambda x: x["type"] == "state" and x["match_over"], timeout=60)


def test_rematch_needs_every_player_then_each_collects_their_seat(fast_server):
    srv = fast_server
    t = srv.create(game="lukfu", name="Ann", move_timer=15, seats=[{"kind": "human"}, {"kind": "human"}, *BOTS3[:2]])
    tid, tok0, tok1 = t["id"], t["seats"]["0"]["token"], t["seats"]["1"]["token"]
    a = srv.client(tid, tok0)
    b = srv.client(tid, tok1, name="Bob")
    r = httpx.post(f"{srv.base}/t/{tid}/rematch", json={"position": 0}, headers=_bearer(tok0))
    assert r.status_code == 409 and r.json()["error"] == "match-not-over"
    end = _finish_by_timeouts(a)  # both players idle: their seats time out, then bots finish the deal
    assert end["table"]["rematch"] == {"accepted": [], "wanted": [0, 1], "table": None}
    # only a player of this table, for their own seat
    assert srv.post(f"/t/{tid}/rematch", {"position": 0}).status_code == 403
    r = httpx.post(f"{srv.base}/t/{tid}/rematch", json={"position": 0}, headers=_bearer(tok1))
    assert r.status_code == 403 and r.json()["error"] == "not-seated"
    assert httpx.post(f"{srv.base}/t/{tid}/rematch", json={"position": 2}, headers=_bearer(tok1)).status_code == 403
    r = httpx.post(f"{srv.base}/t/{tid}/rematch", json={"position": 0}, headers=_bearer(tok0))
    assert r.status_code == 200 and r.json() == {"accepted": [0], "wanted": [0, 1], "table": None}
    f = b.wait(lambda x: x["type"] == "state" and x["table"].get("rematch", {}).get("accepted") == [0])
    assert f["table"]["rematch"]["table"] is None
    # the second acceptance makes the table; its cookie is for the new table's path only
    r = httpx.post(f"{srv.base}/t/{tid}/rematch", json={"position": 1}, headers=_bearer(tok1))
    assert r.status_code == 200
    new = r.json()["table"]
    assert new and new != tid and "token" not in r.json()
    cookie = r.cookies.jar
    c1 = next(c for c in cookie if c.name == "yz_s1")
    assert c1.path == f"/t/{new}"
    a.wait(lambda x: x["type"] == "state" and x["table"].get("rematch", {}).get("table") == new)
    info = srv.get(f"/api/tables/{new}").json()
    assert [(p["kind"], p["bot"], p["claimed"]) for p in info["players"]] == [
        ("human", None, True), ("human", None, True), ("bot", "heuristic", True), ("bot", "heuristic", True)]
    assert info["players"][0]["name"] == "Ann" and info["clock"]["move"] == pytest.approx(15 * 0.03)
    # each player collects a fresh credential with the old seat's; the old one opens nothing there
    r0 = httpx.post(f"{srv.base}/t/{tid}/rematch", json={"position": 0}, headers=_bearer(tok0))
    c0 = next(c for c in r0.cookies.jar if c.name == "yz_s0")
    n0 = srv.client(new, c0.value)
    assert n0.state()["position"] == 0
    n1 = srv.client(new, c1.value)
    assert n1.state()["position"] == 1
    old = srv.client(new, tok0)
    assert old.wait(lambda x: x["type"] == "error")["code"] == "bad-token"
    for cl in (a, b, n0, n1, old):
        cl.close()


def test_play_again_opens_a_table_like_this_one_within_the_creation_caps(tmp_path):
    srv = Server("sqlite:///" + str(tmp_path / "yezi.db"), env={**FAST, "YEZI_CREATE_PER_MINUTE": "3"}).start()
    try:
        t = srv.create(game="lukfu", name="Ann", move_timer=30, seats=[{"kind": "human"}, {"kind": "human"}, *BOTS3[:2]])
        tid, tok0 = t["id"], t["seats"]["0"]["token"]
        a = srv.client(tid, tok0)
        _finish_by_timeouts(a)
        r = httpx.post(f"{srv.base}/t/{tid}/again", json={"position": 0}, headers=_bearer(tok0))
        assert r.status_code == 201, r.text
        body = r.json()
        assert body["host"] == 0 and set(body["seats"]) == {"0", "1"}  # the other person gets an invitation link
        assert any(c.name == "yz_s0" and c.path == f"/t/{body['id']}" for c in r.cookies.jar)
        info = srv.get(f"/api/tables/{body['id']}").json()
        assert info["game"] == "lukfu" and info["players"][0]["name"] == "Ann" and not info["players"][1]["claimed"]
        assert info["clock"]["move"] == pytest.approx(30 * 0.03)
        # a spectator cannot, and one client cannot create past its caps this way
        assert srv.post(f"/t/{tid}/again", {"position": 0}).status_code == 403
        codes = [httpx.post(f"{srv.base}/t/{tid}/again", json={"position": 0}, headers=_bearer(tok0)).status_code
                 for _ in range(3)]
        assert 429 in codes and codes.count(201) <= 1, codes
        a.close()
    finally:
        srv.stop()


# ---- a timeout tells nothing about the hand (Luk Fu's 五虎 question) ---------------------------------

class _Store:
    """What a table writes, kept nowhere (the timing is under test, not the storage)."""

    async def run(self, fn, *args):
        return fn(*args)

    async def store_event(self, *row):  # (the server's one way to store a move: through `run` here)
        return await self.run(lambda *r: None, *row)

    def __getattr__(self, name):
        return lambda *args: None


THINK_S, PAD_S = 0.25, 0.4


class _SlowThinker:
    """A worker that takes THINK_S to think: a forced move never reaches it, a real choice does."""

    async def bot_move(self, table, client, people, spec, level, view, legal, seed):
        await asyncio.sleep(THINK_S)
        return legal[-1], level


def test_a_lone_buhbao_and_a_real_tigers_choice_time_out_alike():
    """Seed 42: at the 五虎 question seats 0 and 1 can only answer 不報 (a forced move, found at
    once) and seat 3 may declare (a choice, worked out by the bot). Played for them at their
    timeouts, both answers come the same time after the deadline, so nobody can tell from it which
    seat held the tigers (as the page's own automatic 不報 is timed like a person's answer)."""
    g = load_game("lukfu")
    row = TableRow("t42", "lukfu", g.rules.preset, {}, 1, 7, "", False, "playing", 0.0, True, 0, 15, 0)
    players = [PlayerRow(i, "human", None, f"P{i}", None, True) for i in range(4)]
    settings = Settings(timeout_move_pad_s=PAD_S, timer_scale=0.01)
    t = LiveTable(row, players, g, store=_Store(), settings=settings, thinker=_SlowThinker())  # type: ignore[arg-type]
    t.start_deal(0, 0, 42, g.deal_from_seed(42))
    t.kick = lambda: None  # no timer task: the test calls the timeout itself
    played_at: list[float] = []
    commit = t.commit_action

    async def commit_and_note(*args, **kw):  # when the move is played: what the other seats can time
        played_at.append(time.monotonic())
        await commit(*args, **kw)

    t.commit_action = commit_and_note  # type: ignore[method-assign]

    async def timeout_now() -> tuple[list[int], float]:
        st = t.current.state
        legal = st.legal_actions()
        pos = t.position_of(st.current_player)
        t.clock.start((0, len(st.history)), pos, now=time.time())
        t0 = time.monotonic()
        await timers.expire(t, t.clock.key, pos)
        assert t.clock.seats[pos].timeouts == 1
        # (what follows the move, such as settling a deal that 五虎下山 ends, is not part of it:
        # timed to the end of `expire`, a machine busy with other work made that part look slower)
        return legal, played_at[-1] - t0

    async def run() -> list[tuple[list[int], float]]:
        out = []
        for _ in range(3):
            out.append(await timeout_now())
        return out

    (l0, d0), (l1, d1), (l3, d3) = asyncio.run(run())
    assert l0 == [5] and l1 == [5] and 4 in l3
    # Each answer waits the whole pad (a sleep never ends early), and the choice's thinking is hidden
    # inside it: without the pad the forced answers would come at once, and a pad that began after
    # the thinking would put the choice THINK_S later. Above the pad, only the machine's lateness in
    # waking the loop is allowed (CI saw one answer 56 ms late on a busy machine).
    late = THINK_S / 2
    for d in (d0, d1, d3):
        assert PAD_S - 0.005 <= d < PAD_S + late, (d0, d1, d3)


def test_tables_made_before_timers_have_none(tmp_path):
    from sqlalchemy import text

    from yezi.server.db import Store, make_engine, migrate

    e = make_engine("sqlite:///" + str(tmp_path / "old.db"))
    migrate(e, "0003")
    with e.begin() as c:
        c.execute(text("insert into yezi_tables (id, game, preset, options, num_deals, seed, title, listed, status, "
                       "created_at) values ('old', 'lukfu', 'hakka-hk', '{}', 1, 7, '', true, 'playing', 0)"))
    migrate(e)
    row = Store(e, checkpoint_every=0).table("old")
    assert (row.move_seconds, row.bank_seconds, row.clock, row.rematch) == (0, 0, None, None)
    e.dispose()


def test_between_deals_the_next_deal_starts_when_the_timer_runs_out(fast_server):
    srv = fast_server
    t = srv.create(game="lukfu", name="Ann", move_timer=15, num_deals=2, seats=[{"kind": "human"}, *BOTS3])
    me = srv.client(t["id"], t["seats"]["0"]["token"])
    gap = me.wait(lambda x: x["type"] == "state" and x["deal_over"] and not x["match_over"], timeout=60)
    assert _clock(gap)["next_deal"] and _clock(gap)["position"] is None
    nxt = me.wait(lambda x: x["type"] == "state" and x["deal_no"] == 1, timeout=20)
    assert all(b == pytest.approx(60 * 0.03) for b in _clock(nxt)["banks"])  # every bank full again
    me.close()
