"""Duplicate tournaments for people (issue 23): luck cancels, skill shows.

A tournament is `rounds` rounds of `deals` deals of one game. Every table of a round plays the
same deals: the tables are made with the round's match seed (`TableManager.create(seed=...)`), so
each table draws the same hands, in the same order, with the same dealers. The players are seated
afresh each round (drawn from the tournament's seed), so that whoever held a hand at one table is
compared with the players who held the very same hand at the others ("same cards, other tables").
A seat nobody fills is a bot's (marked as a bot); a player who does not come is played by the move
timer's stand-in bot and marked away, as at any timed table. A player who enters after the start
plays from the next round.

Standings rank by the total won and by the duplicate score: for each deal, what the player won
less the average of everyone who held the same hand that round. Both are worked out from the
tables' records (their event logs), never from anything a client reported.

The rounds move on by themselves: a loop (`advance_all`) finds a running tournament whose round's
tables are all over, and deals the next round (in a cluster, one instance does: the round number
moves by a conditional update).
"""

from __future__ import annotations

import asyncio
import copy
import json
import logging
import random
import secrets
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Boolean, Column, Float, Integer, String, Table, Text, or_, select, update
from sqlalchemy.engine import Engine

from yezi.core.match import derived_seed
from yezi.core.registry import load_game
from yezi.server.accounts.club_model import clubs_t
from yezi.server.accounts.clubs import ORGANISERS, role_of
from yezi.server.accounts.identity import User
from yezi.server.accounts.notices import TOURNAMENT_ROUND
from yezi.server.accounts.seats import hold_seats
from yezi.server.clients import SIGNED_IN
from yezi.server.db import BigInteger, metadata, tables_t
from yezi.server.errors import TableError, json_num
from yezi.server.loops import Loop
from yezi.server.tables import LiveTable, TableManager, clean_name

log = logging.getLogger("yezi.server.tournament")

tournaments_t = Table(
    "yezi_tournaments", metadata,
    Column("id", String(16), primary_key=True),
    Column("organiser", String(32), nullable=False),
    Column("title", String(80), nullable=False, default=""),
    Column("game", String(32), nullable=False),
    Column("preset", String(64), nullable=True),
    Column("options", Text, nullable=False, default="{}"),
    Column("rounds", Integer, nullable=False),
    Column("deals", Integer, nullable=False),
    Column("move_days", Integer, nullable=False, default=0),  # 0: realtime (a move timer of MOVE_S)
    Column("seed", BigInteger, nullable=False),
    Column("status", String(12), nullable=False, default="open"),  # open | running | finished
    Column("round", Integer, nullable=False, default=0),  # the round being played (0: not started)
    Column("created_at", Float, nullable=False),
    Column("club_id", String(16), nullable=True, index=True),  # a club's own (its members enter it)
)
entrants_t = Table(
    "yezi_tournament_players", metadata,
    Column("tournament_id", String(16), primary_key=True),
    Column("user_id", String(32), primary_key=True),
    Column("name", String(40), nullable=False),
    Column("from_round", Integer, nullable=False),
    Column("left", Boolean, nullable=False, default=False),
    Column("joined_at", Float, nullable=False),
)
round_tables_t = Table(
    "yezi_tournament_tables", metadata,
    Column("tournament_id", String(16), primary_key=True),
    Column("round", Integer, primary_key=True),
    Column("table_no", Integer, primary_key=True),
    Column("table_id", String(32), nullable=False),
    Column("seating", Text, nullable=False),  # JSON: position -> user id, or null for a bot
)

MAX_ROUNDS = 12
MAX_DEALS = 16
MAX_PLAYERS = 64
MOVE_S = 30  # a realtime tournament's move timer: an absent player's seat is played by the stand-in bot
BOT = "heuristic"  # who sits where nobody does


@dataclass
class Tournament:
    id: str
    organiser: str
    title: str
    game: str
    preset: str | None
    options: dict[str, Any]
    rounds: int
    deals: int
    move_days: int
    seed: int
    status: str
    round: int
    created_at: float
    club: str | None = None

    def public(self) -> dict[str, Any]:
        return {"id": self.id, "title": self.title, "game": self.game, "preset": self.preset,
                "options": self.options, "rounds": self.rounds, "deals": self.deals,
                "pace": "turn" if self.move_days else "realtime", "move_days": self.move_days or None,
                "status": self.status, "round": self.round, "created_at": self.created_at, "club": self.club}


def _row(r: Any) -> Tournament:
    return Tournament(r.id, r.organiser, r.title, r.game, r.preset, json.loads(r.options or "{}"), r.rounds,
                      r.deals, r.move_days, r.seed, r.status, r.round, r.created_at, r.club_id)


# ---- storage ---------------------------------------------------------------------------------
def get(engine: Engine, tid: str) -> Tournament | None:
    with engine.connect() as c:
        r = c.execute(select(tournaments_t).where(tournaments_t.c.id == tid)).first()
    return _row(r) if r is not None else None


def listed(engine: Engine, limit: int = 50, club: str | None = None) -> list[Tournament]:
    """The newest tournaments not yet finished, then the newest finished ones: every one but a
    private club's (those are listed on the club's page only), or one club's (`club`)."""
    q = select(tournaments_t)
    if club is not None:
        q = q.where(tournaments_t.c.club_id == club)
    else:
        public = select(clubs_t.c.id).where(clubs_t.c.private.is_(False))  # (a closed club's: nobody's)
        q = q.where(or_(tournaments_t.c.club_id.is_(None), tournaments_t.c.club_id.in_(public)))
    with engine.connect() as c:
        rows = c.execute(q.order_by(tournaments_t.c.created_at.desc()).limit(limit)).all()
    ts = [_row(r) for r in rows]
    return [t for t in ts if t.status != "finished"] + [t for t in ts if t.status == "finished"]


def entrants(engine: Engine, tid: str) -> list[dict[str, Any]]:
    with engine.connect() as c:
        rows = c.execute(select(entrants_t).where(entrants_t.c.tournament_id == tid)
                         .order_by(entrants_t.c.joined_at)).all()
    return [{"user": r.user_id, "name": r.name, "from_round": r.from_round, "left": r.left} for r in rows]


def tables_of(engine: Engine, tid: str) -> list[dict[str, Any]]:
    with engine.connect() as c:
        rows = c.execute(select(round_tables_t).where(round_tables_t.c.tournament_id == tid)
                         .order_by(round_tables_t.c.round, round_tables_t.c.table_no)).all()
    return [{"round": r.round, "table_no": r.table_no, "table": r.table_id,
             "seating": {int(k): v for k, v in json.loads(r.seating).items()}} for r in rows]


def create(engine: Engine, organiser: User, spec: dict[str, Any]) -> Tournament:
    """A new tournament, open for entries; the organiser enters it. A club's (`spec["club"]`) is
    made by one of its owners or organisers."""
    club = spec.get("club")
    if club is not None and role_of(engine, club, organiser.id) not in ORGANISERS:
        raise TableError("not-organiser", "only the club's owners and organisers can do this")
    tid = secrets.token_urlsafe(9)[:12]
    now = time.time()
    row = dict(id=tid, organiser=organiser.id, title=spec["title"], game=spec["game"], preset=spec.get("preset"),
               options=json.dumps(spec.get("options") or {}, sort_keys=True), rounds=spec["rounds"],
               deals=spec["deals"], move_days=spec.get("move_days") or 0,
               seed=random.SystemRandom().randrange(2**62), status="open", round=0, created_at=now, club_id=club)
    with engine.begin() as c:
        c.execute(tournaments_t.insert().values(**row))
        c.execute(entrants_t.insert().values(tournament_id=tid, user_id=organiser.id, name=organiser.name,
                                             from_round=1, left=False, joined_at=now))
    t = get(engine, tid)
    assert t is not None
    return t


def enter(engine: Engine, t: Tournament, user: User) -> None:
    """Enter (again): from the first round before the start, else from the next one."""
    if t.status == "finished" or (t.status == "running" and t.round >= t.rounds):
        raise TableError("tournament-over", "this tournament is over")
    if t.club is not None and role_of(engine, t.club, user.id) is None:
        raise TableError("not-member", "only the club's members can do this")
    first = 1 if t.status == "open" else t.round + 1
    with engine.begin() as c:
        n = c.execute(select(entrants_t.c.user_id).where(entrants_t.c.tournament_id == t.id,
                                                          entrants_t.c.left.is_(False))).all()
        mine = c.execute(select(entrants_t).where(entrants_t.c.tournament_id == t.id,
                                                   entrants_t.c.user_id == user.id)).first()
        if mine is not None and not mine.left:
            raise TableError("already-entered", "you are in this tournament already")
        if len(n) >= MAX_PLAYERS:
            raise TableError("tournament-full", f"a tournament takes at most {MAX_PLAYERS} players")
        if mine is None:
            c.execute(entrants_t.insert().values(tournament_id=t.id, user_id=user.id, name=user.name,
                                                 from_round=first, left=False, joined_at=time.time()))
        else:
            c.execute(update(entrants_t).where(entrants_t.c.tournament_id == t.id, entrants_t.c.user_id == user.id)
                      .values(left=False, from_round=max(first, mine.from_round)))


def withdraw(engine: Engine, t: Tournament, user: User) -> None:
    """Leave: no seat from the next round on (a seat at this round's table stays, played by the timer)."""
    with engine.begin() as c:
        r = c.execute(update(entrants_t).where(entrants_t.c.tournament_id == t.id, entrants_t.c.user_id == user.id,
                                               entrants_t.c.left.is_(False)).values(left=True))
    if r.rowcount != 1:
        raise TableError("not-entered", "you are not in this tournament")


def _claim_round(engine: Engine, tid: str, was: int, status: str = "running") -> bool:
    """Move the tournament from round `was` to the next (or to `status`): True for the one caller
    that did (two instances never deal one round twice)."""
    with engine.begin() as c:
        values: dict[str, Any] = {"round": was + 1, "status": "running"} if status == "running" else {"status": status}
        r = c.execute(update(tournaments_t).where(tournaments_t.c.id == tid, tournaments_t.c.round == was,
                                                  tournaments_t.c.status != "finished").values(**values))
    return r.rowcount == 1


def _keep_table(engine: Engine, tid: str, rnd: int, no: int, table_id: str, seating: dict[int, str | None]) -> None:
    with engine.begin() as c:
        c.execute(round_tables_t.insert().values(tournament_id=tid, round=rnd, table_no=no, table_id=table_id,
                                                 seating=json.dumps({str(k): v for k, v in seating.items()})))


# ---- rounds ----------------------------------------------------------------------------------
def round_seed(t: Tournament, rnd: int) -> int:
    """The match seed of every table of round `rnd`: the same deals at each."""
    return derived_seed("tournament-round", t.seed, rnd) % 2**62


def seating(t: Tournament, rnd: int, players: list[str], seats: int) -> list[dict[int, str | None]]:
    """The round's tables: the players drawn into as few tables of `seats` as hold them (from the
    tournament's seed), a bot (None) in each seat left over, spread over the tables (five players of
    four seats: three and two people, not four and one)."""
    order = sorted(players)
    random.Random(derived_seed("tournament-seating", t.seed, rnd)).shuffle(order)
    n = max(1, -(-len(order) // seats))  # as few tables as hold everyone, the bots spread among them
    chunks = [order[i::n] for i in range(n)]
    return [{p: (chunk[p] if p < len(chunk) else None) for p in range(seats)} for chunk in chunks]


def table_spec(t: Tournament, rnd: int, no: int, seats: dict[int, str | None]) -> dict[str, Any]:
    spec: dict[str, Any] = {
        "game": t.game, "options": t.options, "num_deals": t.deals, "hints": False, "listed": False,
        "title": f"{t.title} · {rnd}.{no + 1}"[:80], "host_seat": None,  # round.table, in any language
        "seats": [{"kind": "human", "access": "invite"} if u is not None else {"kind": "bot", "bot": BOT}
                  for _p, u in sorted(seats.items())],
    }
    if t.preset:
        spec["preset"] = t.preset
    spec |= {"pace": "turn", "move_days": t.move_days} if t.move_days else {"move_timer": MOVE_S}
    return spec


async def deal_round(manager: TableManager, t: Tournament, rnd: int) -> list[LiveTable]:
    """Make round `rnd`'s tables, each seat given to its player's account (they open it from any
    device, `accounts.seats.account_positions`)."""
    store = manager.store
    people = [e for e in await store.run(entrants, store.engine, t.id) if not e["left"] and e["from_round"] <= rnd]
    names = {e["user"]: e["name"] for e in people}
    game = load_game(t.game, t.preset, t.options)
    made = []
    for no, seats in enumerate(seating(t, rnd, list(names), game.num_seats)):
        # the seats' links go to nobody: each seat is its player's account's (below)
        live, _tokens = await manager.create(table_spec(t, rnd, no, seats), owner=f"tournament:{t.id}",
                                            seed=round_seed(t, rnd), capacity=SIGNED_IN)  # its players are accounts
        for pos, user in seats.items():
            if user is None:
                continue
            name = clean_name(names[user], "")
            h = live.players[pos].token_hash
            if h is None or not await store.run(store.claim, live.id, pos, name, h):
                continue
            live.players[pos].claimed, live.players[pos].name = True, name
            await store.run(hold_seats, store.engine, user, [(live.id, pos, h)])
        await store.run(_keep_table, store.engine, t.id, rnd, no, live.id, seats)
        live.kick()
        live.broadcast()
        made.append(live)
        for user in seats.values():
            if user is not None:
                manager.tell([user], TOURNAMENT_ROUND, {"table": live.id, "game": t.game, "title": t.title},
                             f"tournament:{t.id}:{rnd}")
    return made


async def start(manager: TableManager, t: Tournament, user: User) -> None:
    if user.id != t.organiser:
        raise TableError("not-tournament-organiser", "only the tournament's organiser starts it")
    if t.status != "open":
        raise TableError("tournament-started", "this tournament has started already")
    store = manager.store
    people = [e for e in await store.run(entrants, store.engine, t.id) if not e["left"]]
    if len(people) < 2:
        raise TableError("too-few-players", "a tournament needs at least two players")
    if await store.run(_claim_round, store.engine, t.id, 0):
        t.round, t.status = 1, "running"
        await deal_round(manager, t, 1)


def _statuses(engine: Engine, ids: list[str]) -> dict[str, str]:
    if not ids:
        return {}
    with engine.connect() as c:
        return {r.id: r.status for r in c.execute(select(tables_t.c.id, tables_t.c.status)
                                                  .where(tables_t.c.id.in_(ids))).all()}


async def _round_over(manager: TableManager, tables: list[dict[str, Any]], rnd: int) -> bool:
    """Whether every table of round `rnd` has stopped playing (finished, or closed)."""
    ids = [x["table"] for x in tables if x["round"] == rnd]
    if not ids:
        return False
    stored = await manager.store.run(_statuses, manager.store.engine, ids)
    for tid in ids:
        live = manager.live.get(tid)
        status = live.row.status if live is not None else stored.get(tid, "expired")
        if status == "playing":
            return False
    return True


async def advance(manager: TableManager, t: Tournament) -> None:
    """The round is over at every table: deal the next one, or close the tournament."""
    store = manager.store
    tables = await store.run(tables_of, store.engine, t.id)
    if not await _round_over(manager, tables, t.round):
        return
    if t.round >= t.rounds:
        await store.run(_claim_round, store.engine, t.id, t.round, "finished")
        log.info("tournament %s finished", t.id)
        return
    if await store.run(_claim_round, store.engine, t.id, t.round):
        await deal_round(manager, t, t.round + 1)
        log.info("tournament %s: round %d dealt", t.id, t.round + 1)


def running(engine: Engine) -> list[Tournament]:
    with engine.connect() as c:
        rows = c.execute(select(tournaments_t).where(tournaments_t.c.status == "running")).all()
    return [_row(r) for r in rows]


async def advance_all(manager: TableManager, loop: Loop, every: float = 2.0) -> None:
    """Supervised (`yezi.server.loops`): the rounds move on as their tables finish."""
    while True:
        for t in await manager.store.run(running, manager.store.engine):
            await advance(manager, t)  # (in a cluster whichever instance moves the round number first)
        loop.ok()
        await asyncio.sleep(every)


# ---- results ---------------------------------------------------------------------------------
def _finished(live: LiveTable, d: int) -> bool:
    return d < len(live.deals) and live.deals[d].state.current_player is None


#: the last results worked out per tournament, with what they were worked out from (`results`)
_RESULTS: OrderedDict[str, tuple[tuple[Any, ...], dict[str, Any]]] = OrderedDict()
_RESULTS_KEPT = 64
_results_lock = threading.Lock()


def _fingerprint(manager: TableManager, t: Tournament, people: dict[str, str],
                 tables: list[dict[str, Any]]) -> tuple[Any, ...]:
    """What a tournament's results depend on: its entrants, its tables and how far each has played
    (a table not live any more is over: its log no longer grows)."""
    stored = _statuses(manager.store.engine, [x["table"] for x in tables if x["table"] not in manager.live])
    state: list[tuple[Any, ...]] = []
    for x in tables:
        live = manager.live.get(x["table"])
        if live is None:
            state.append((x["table"], stored.get(x["table"], "expired")))
        else:
            state.append((x["table"], live.row.status, len(live.deals), len(live.current.state.history)))
    return (t.round, t.status, tuple(sorted(people.items())), tuple(state))


def results(manager: TableManager, t: Tournament) -> dict[str, Any]:
    """Standings and every deal's comparison, from the tables' records (off the event loop: the
    finished tables are rebuilt from their logs, and the answer is kept until a table moves on or
    someone enters). A deal counts, and is compared, once no table of its round is still playing
    it: until then another table's result would tell a player how the hand they hold turns out."""
    people = {e["user"]: e["name"] for e in entrants(manager.store.engine, t.id)}
    tables = tables_of(manager.store.engine, t.id)
    key = _fingerprint(manager, t, people, tables)
    with _results_lock:
        kept = _RESULTS.get(t.id)
    if kept is not None and kept[0] == key:
        return copy.deepcopy(kept[1])
    out = _results(manager, t, people, tables)
    with _results_lock:
        _RESULTS[t.id] = (key, copy.deepcopy(out))
        _RESULTS.move_to_end(t.id)
        while len(_RESULTS) > _RESULTS_KEPT:
            _RESULTS.popitem(last=False)
    return out


def _results(manager: TableManager, t: Tournament, people: dict[str, str],
             tables_made: list[dict[str, Any]]) -> dict[str, Any]:
    per_player: dict[str, dict[str, float]] = {u: {"total": 0.0, "duplicate": 0.0, "deals": 0} for u in people}
    rounds: list[dict[str, Any]] = []
    by_round: dict[int, list[dict[str, Any]]] = {}
    for x in tables_made:
        by_round.setdefault(x["round"], []).append(x)
    for rnd, tables in sorted(by_round.items()):
        loaded = []
        for x in tables:
            live = manager.live.get(x["table"]) or manager._load(x["table"])
            if live is None:
                continue
            loaded.append((x, live))
        deals = []
        for d in range(t.deals):
            # the same hands are still being played at another table: what anyone made of them stays
            # unseen until every table of the round is past this deal (a closed table counts as past)
            if any(x_live.row.status == "playing" and not _finished(x_live, d) for _x, x_live in loaded):
                deals.append({"deal": d, "same_cards": [], "pending": True})
                continue
            # position -> [(table_no, who, won)] over the tables that finished this deal
            rows: dict[int, list[tuple[int, str | None, float]]] = {}
            for x, live in loaded:
                if not _finished(live, d):
                    continue
                deal = live.deals[d]
                pays = live.game.match_result(deal.state)
                for pos in range(live.n):
                    won = float(pays[(pos - deal.dealer) % live.n])
                    rows.setdefault(pos, []).append((x["table_no"], x["seating"].get(pos), won))
            cmp = []
            for pos, held in sorted(rows.items()):
                mean = sum(w for _n, _u, w in held) / len(held)
                entries = []
                for no, user, won in held:
                    diff = won - mean
                    entries.append({"table_no": no, "user": user, "name": people.get(user) if user else None,
                                    "won": json_num(won), "vs_same_cards": json_num(round(diff, 4))})
                    if user in per_player:
                        per_player[user]["total"] += won
                        per_player[user]["duplicate"] += diff
                        per_player[user]["deals"] += 1
                cmp.append({"position": pos, "held_by": entries})
            deals.append({"deal": d, "same_cards": cmp})
        rounds.append({"round": rnd, "tables": [{"table_no": x["table_no"], "table": x["table"],
                                                "seating": {str(k): v for k, v in x["seating"].items()},
                                                "over": live.row.status != "playing"} for x, live in loaded],
                       "deals": deals})
    standings = sorted(({"user": u, "name": people[u], "total": json_num(round(v["total"], 4)),
                         "duplicate": json_num(round(v["duplicate"], 4)), "deals": int(v["deals"])}
                        for u, v in per_player.items()), key=lambda s: (-s["duplicate"], -s["total"], s["name"]))
    return {"standings": standings, "rounds": rounds}
