"""Rated tables and the players' ratings (issue 22): stored per user and rating family, moved by
every finished deal of a table opened as rated, read by the leaderboards and the profile.

The arithmetic (OpenSkill Plackett–Luce, the families, the bots' calibration) is `yezi.sim.rating`;
this module is the storage and the rules of who is rated:

* a rated table is opened by a signed-in user, and every human seat must be taken by one (the
  routes refuse a guest's claim or seat link: `guest_refusal`); a bot plays with its level's
  calibrated rating, which nothing moves, and a level without one is refused at creation;
* a deal is rated when it is finished, from the payments the match booked (the dummy left out);
  a deal in which a person's seat is linked to nobody (a guest who played with the raw seat
  secret) or one person held two seats is recorded as skipped and moves nothing;
* exactly once per deal: the (table, deal) row of ``yezi_rated_deals`` is written in the same
  transaction as the ratings it moved, so a second try (a restart's catch-up, another instance)
  finds it and does nothing.

Every function that touches the database is synchronous: the server runs it through `Store.run`
(or in the thread that loads a table), never on the event loop.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.engine import Connection, Engine

from yezi.server.accounts import export
from yezi.server.accounts.model import seat_users_t, users_t
from yezi.server.accounts.ratings_model import rated_deals_t, rated_tables_t, rating_changes_t, ratings_t
from yezi.sim.rating import START, Rating, family, load_calibration, rate_deal

#: rated deals before a player's rating is ranked on a leaderboard (until then: provisional)
MIN_DEALS = 20


@cache
def calibration() -> dict[str, dict[str, Rating]]:
    """The bots' fixed ratings (family → level → rating), read once from `yezi.sim.rating.DATA`."""
    return load_calibration()


def bot_rating(fam: str, level: str) -> Rating | None:
    return calibration().get(fam, {}).get(level)


def family_of_game(game: Any) -> str:
    """A loaded game's rating family."""
    return family(game.name, game.num_seats)


def uncalibrated(fam: str, levels: Sequence[str]) -> list[str]:
    """The bot levels among `levels` with no calibrated rating in `fam` (a rated table refuses them)."""
    return sorted({lv for lv in levels if bot_rating(fam, lv) is None})


def nearest_level(fam: str, mu: float) -> str | None:
    """The calibrated bot level whose rating is nearest `mu`: "you play at the level of …"."""
    levels = calibration().get(fam, {})
    if not levels:
        return None
    return min(levels, key=lambda lv: (abs(levels[lv].mu - mu), lv))


def _insert(engine: Engine | Connection):
    return pg_insert if engine.dialect.name == "postgresql" else sqlite_insert


# ---- rated tables ---------------------------------------------------------------------------

def mark_rated(engine: Engine, table_id: str, fam: str) -> None:
    """Written before the table itself: a crash between leaves a row naming no table, harmless."""
    with engine.begin() as c:
        c.execute(_insert(engine)(rated_tables_t).values(table_id=table_id, family=fam, created_at=time.time())
                  .on_conflict_do_nothing(index_elements=["table_id"]))


def rated_family(engine: Engine, table_id: str) -> str | None:
    """The rating family of a rated table, None for an unrated one."""
    with engine.connect() as c:
        return c.execute(select(rated_tables_t.c.family).where(rated_tables_t.c.table_id == table_id)).scalar()


# ---- rating a deal --------------------------------------------------------------------------

@dataclass(frozen=True)
class Seat:
    """One acting seat of a finished deal: its position, who held it (kind, bot level) and its payment."""

    position: int
    kind: str
    bot: str | None
    payment: float


def deal_seats(t: Any, deal_no: int) -> list[Seat] | None:
    """The acting seats of a live table's finished deal `deal_no` (None: not finished). `t` is a
    `yezi.server.tables.LiveTable` (not imported: tables imports this module)."""
    if not 0 <= deal_no < len(t.match.deals):
        return None
    md = t.match.deals[deal_no]
    if md.result is None:
        return None
    n = t.n
    out = []
    for s in t.game.active_seats():
        pos = (md.dealer + s) % n
        p = t.players[pos]
        out.append(Seat(pos, p.kind, (p.bot or "random") if p.kind == "bot" else None, float(md.result[pos])))
    return out


def rate_finished_deal(engine: Engine, table_id: str, deal_no: int, fam: str, seats: Sequence[Seat]) -> bool:
    """Rate one finished deal of a rated table, once: False when it was rated (or skipped) before,
    or is skipped now (a person's seat linked to nobody, one person in two seats, a bot without a
    calibrated rating)."""
    now = time.time()
    with engine.begin() as c:
        links = {r.position: r.user_id for r in c.execute(
            select(seat_users_t.c.position, seat_users_t.c.user_id).where(seat_users_t.c.table_id == table_id))}
        skipped = _why_not(seats, links, fam)
        if skipped is not None:
            c.execute(_insert(engine)(rated_deals_t).values(
                table_id=table_id, deal_no=deal_no, family=fam, rated_at=now, result=json.dumps({"skipped": skipped}))
                .on_conflict_do_nothing(index_elements=["table_id", "deal_no"]))
            return False
        users = [links[s.position] for s in seats if s.kind == "human"]
        q = select(ratings_t).where(ratings_t.c.family == fam, ratings_t.c.user_id.in_(users))
        if engine.dialect.name == "postgresql":
            q = q.with_for_update()  # two rated tables of one player, finishing together, queue here
        stored = {r.user_id: r for r in c.execute(q)}
        before: list[Rating] = []
        for s in seats:
            if s.kind == "human":
                r = stored.get(links[s.position])
                before.append(Rating(r.mu, r.sigma) if r is not None else Rating(*START))
            else:
                br = bot_rating(fam, s.bot or "random")
                assert br is not None  # _why_not checked it
                before.append(br)
        after = rate_deal(before, [s.payment for s in seats])
        result = {"players": [{"position": s.position, "payment": s.payment}
                              | ({"user": links[s.position]} if s.kind == "human" else {"bot": s.bot})
                              for s in seats]}
        won = c.execute(_insert(engine)(rated_deals_t).values(
            table_id=table_id, deal_no=deal_no, family=fam, rated_at=now, result=json.dumps(result))
            .on_conflict_do_nothing(index_elements=["table_id", "deal_no"])
            .returning(rated_deals_t.c.deal_no)).first()  # (rowcount is not to be trusted on every driver)
        if won is None:  # rated already (a restart's catch-up, another instance): nothing moves
            return False
        for s, b, a in zip(seats, before, after, strict=True):
            if s.kind != "human":
                continue  # a bot's rating is fixed
            uid = links[s.position]
            ins = _insert(engine)(ratings_t).values(user_id=uid, family=fam, mu=a.mu, sigma=a.sigma, deals=1,
                                                    updated_at=now)
            c.execute(ins.on_conflict_do_update(index_elements=["user_id", "family"], set_={
                "mu": a.mu, "sigma": a.sigma, "deals": ratings_t.c.deals + 1, "updated_at": now}))
            c.execute(rating_changes_t.insert().values(
                user_id=uid, table_id=table_id, deal_no=deal_no, family=fam, payment=s.payment,
                mu_before=b.mu, sigma_before=b.sigma, mu=a.mu, sigma=a.sigma, at=now))
    return True


def _why_not(seats: Sequence[Seat], links: dict[int, str], fam: str) -> str | None:
    humans = [s for s in seats if s.kind == "human"]
    if len(seats) < 2 or not humans:
        return "no-players"
    if any(s.position not in links for s in humans):
        return "guest"
    if len({links[s.position] for s in humans}) < len(humans):
        return "same-player"
    if any(bot_rating(fam, s.bot or "random") is None for s in seats if s.kind == "bot"):
        return "uncalibrated-bot"
    return None


def rated_deal_numbers(engine: Engine, table_id: str) -> set[int]:
    with engine.connect() as c:
        return {r[0] for r in c.execute(select(rated_deals_t.c.deal_no).where(rated_deals_t.c.table_id == table_id))}


def catch_up(engine: Engine, t: Any) -> int:
    """Rate a loaded table's finished deals that are not rated yet (the server stopped, or the
    database failed, between a deal's last move and its rating); returns how many it rated."""
    fam = getattr(t, "rated", None)
    if fam is None:
        return 0
    done = rated_deal_numbers(engine, t.id)
    n = 0
    for md in t.match.deals:
        if md.result is not None and md.no not in done:
            seats = deal_seats(t, md.no)
            if seats is not None and rate_finished_deal(engine, t.id, md.no, fam, seats):
                n += 1
    return n


# ---- reading --------------------------------------------------------------------------------

@dataclass(frozen=True)
class Line:
    """A player's rating in one family, as a leaderboard or a profile shows it."""

    user_id: str
    name: str
    family: str
    mu: float
    sigma: float
    deals: int

    @property
    def ordinal(self) -> float:
        return Rating(self.mu, self.sigma).ordinal

    @property
    def provisional(self) -> bool:
        return self.deals < MIN_DEALS

    @property
    def level(self) -> str | None:
        return nearest_level(self.family, self.mu)


def leaderboard(engine: Engine, fam: str, limit: int = 100) -> tuple[list[Line], list[Line]]:
    """(ranked, provisional): players with at least `MIN_DEALS` rated deals by ordinal (mu − 3σ),
    best first, then the newer ones, each list at most `limit` long. Deleted accounts are left out."""
    base = (select(ratings_t, users_t.c.name).join(users_t, users_t.c.id == ratings_t.c.user_id)
            .where(ratings_t.c.family == fam, users_t.c.deleted.is_(False)))
    order = (ratings_t.c.mu - 3 * ratings_t.c.sigma).desc(), ratings_t.c.deals.desc(), users_t.c.name_key
    with engine.connect() as c:
        ranked = c.execute(base.where(ratings_t.c.deals >= MIN_DEALS).order_by(*order).limit(limit)).all()
        newer = c.execute(base.where(ratings_t.c.deals < MIN_DEALS).order_by(*order).limit(limit)).all()
    return [_line(r) for r in ranked], [_line(r) for r in newer]


def _line(r: Any) -> Line:
    return Line(r.user_id, r.name, r.family, r.mu, r.sigma, r.deals)


def families_played(engine: Engine) -> list[str]:
    """Every family with at least one rated player."""
    with engine.connect() as c:
        return sorted(r[0] for r in c.execute(select(ratings_t.c.family).distinct()))


def ratings_of_user(engine: Engine, user_id: str) -> list[dict[str, Any]]:
    """A user's ratings, one per family they played rated (the profile page shows them): the
    family and its game, mu, sigma, the ordinal leaderboards order by, the deals rated, whether it is
    still provisional, its rank among the ranked (None while provisional) and the nearest bot level."""
    with engine.connect() as c:
        rows = c.execute(select(ratings_t).where(ratings_t.c.user_id == user_id).order_by(ratings_t.c.family)).all()
        out = []
        for r in rows:
            line = Line(r.user_id, "", r.family, r.mu, r.sigma, r.deals)
            rank = None
            if not line.provisional:
                above = c.execute(select(ratings_t.c.user_id).join(users_t, users_t.c.id == ratings_t.c.user_id)
                                  .where(ratings_t.c.family == r.family, ratings_t.c.deals >= MIN_DEALS,
                                         users_t.c.deleted.is_(False),
                                         ratings_t.c.mu - 3 * ratings_t.c.sigma > line.ordinal)).all()
                rank = len(above) + 1
            out.append({"family": r.family, "game": r.family.split("-")[0], "mu": round(r.mu, 3),
                        "sigma": round(r.sigma, 3), "ordinal": round(line.ordinal, 3), "deals": r.deals,
                        "provisional": line.provisional, "rank": rank, "level": line.level})
    return out


def ordinals_in_game(engine: Engine, user_ids: Sequence[str], game: str) -> dict[str, float]:
    """Each user's rating (the ordinal) at `game`: of its families, the one they played most rated
    deals in (a club's board shows it beside the points of its standing table's game)."""
    if not user_ids:
        return {}
    with engine.connect() as c:
        rows = c.execute(select(ratings_t).where(ratings_t.c.user_id.in_(list(user_ids)))).all()
    best: dict[str, tuple[int, float]] = {}
    for r in rows:
        if r.family.split("-")[0] != game:  # (a family is the game, or the game and its players: "lukfu-3p")
            continue
        line = Line(r.user_id, "", r.family, r.mu, r.sigma, r.deals)
        if r.user_id not in best or r.deals > best[r.user_id][0]:
            best[r.user_id] = (r.deals, round(line.ordinal, 1))
    return {u: v for u, (_n, v) in best.items()}


def forget_user(engine: Engine, user_id: str) -> None:
    """A deleted account's ratings and its lines of rated deals go (the deals' records stay)."""
    with engine.begin() as c:
        c.execute(ratings_t.delete().where(ratings_t.c.user_id == user_id))
        c.execute(rating_changes_t.delete().where(rating_changes_t.c.user_id == user_id))


def export_section(engine: Engine, user_id: str) -> dict[str, Any]:
    """The "ratings" part of a user's data export: every rating and every rated deal's line."""
    with engine.connect() as c:
        changes = c.execute(select(rating_changes_t).where(rating_changes_t.c.user_id == user_id)
                            .order_by(rating_changes_t.c.at, rating_changes_t.c.table_id,
                                      rating_changes_t.c.deal_no)).all()
    return {
        "ratings": ratings_of_user(engine, user_id),
        "deals": [{"table": r.table_id, "deal": r.deal_no, "family": r.family, "payment": r.payment,
                   "before": {"mu": r.mu_before, "sigma": r.sigma_before}, "after": {"mu": r.mu, "sigma": r.sigma},
                   "at": r.at} for r in changes],
    }


# the ratings' part of "export my data", and their removal with the account
export.register("ratings", export_section, forget_user,
                covers=(("yezi_ratings", "user_id"), ("yezi_rating_changes", "user_id")))
