"""Quick match's tables: the picked players' table, made through the one table-creation path
(`TableManager.create`, with its caps and checks), and each player's seat credential.

A picked player's seat is taken at creation (``seated``: claimed, no credential yet), as a rematch
seat is; the player collects its credential when polling the ticket (`collect`): derived from the
ticket's secret (`yezi.server.rematch.rematch_token`), so that whichever instance answers the poll,
and however often, the same credential comes out, and nobody without the ticket's secret computes it.
Nobody is the table's host (strangers: nobody may re-invite another's seat). A realtime table has
a move timer, so a player who never comes is played by the bot and marked away, as anywhere.
"""

from __future__ import annotations

import functools
import logging
import random
from typing import Any

from yezi.core.registry import load_game
from yezi.server import catalog, rematch, wallclock
from yezi.server.accounts import ratings
from yezi.server.clients import CapacityClass
from yezi.server.errors import TableError
from yezi.server.quick import queue
from yezi.server.quick.queue import Picked, Wish
from yezi.server.tables import TableManager

log = logging.getLogger("yezi.server.quick")

#: a quick realtime table's seconds per decision (with the default bank): a no-show holds nobody up long
QUICK_MOVE_TIMER = 30


@functools.lru_cache(maxsize=256)
def layout(game: str, preset: str) -> tuple[int, tuple[int, ...], str]:
    """(seats, the seats that act: people's, the default bot level) of a game under a preset;
    raises TableError for an unknown game or preset."""
    if game not in catalog.playable_games():
        raise TableError("bad-game", f"unknown or unavailable game {game!r}; games: " + ", ".join(catalog.playable_games()))
    try:
        g = load_game(game, preset or None)
    except Exception as e:
        raise TableError("bad-options", str(e)) from None
    levels = catalog.bot_levels(game)
    return g.num_seats, tuple(g.active_seats()), "heuristic" if "heuristic" in levels else "random"


def default_preset(game: str) -> str:
    layout(game, "")
    return str(load_game(game).rules.preset)


def bot_level(wish: Wish) -> str | None:
    """The level of the bots that fill a table of `wish` (None: none may: a rated table seats only
    calibrated levels)."""
    _n, _active, level = layout(wish.game, wish.preset)
    if not wish.rated:
        return level
    fam = ratings.family_of_game(load_game(wish.game, wish.preset))
    for lv in dict.fromkeys([level, *catalog.bot_levels(wish.game)]):
        if not ratings.uncalibrated(fam, [lv]):
            return lv
    return None


def table_request(wish: Wish, picked: Picked, level: str | None) -> tuple[dict[str, Any], dict[int, str], dict[str, int]]:
    """The create request of a picked table, its seated people (position → name) and each ticket's seat."""
    num, active, _ = layout(wish.game, wish.preset)
    places = list(active)
    random.SystemRandom().shuffle(places)  # who sits where (who deals first) is nobody's choice
    mine = dict(zip([tid for tid, _ in picked.tickets], places, strict=False))
    names = {places[i]: name for i, (_, name) in enumerate(picked.tickets)}
    seats = [{"kind": "human", "access": "invite"} if pos in names else {"kind": "bot", "bot": level or "random"}
             for pos in range(num)]
    pace: dict[str, Any] = ({"pace": "turn", "move_days": wish.move_days} if wish.pace == "turn"
                            else {"move_timer": QUICK_MOVE_TIMER})
    spec = {"game": wish.game, "preset": wish.preset, "match": "own", "seats": seats, "host_seat": None,
            "hints": not wish.rated, "rated": wish.rated, "title": "", **pace}
    return spec, names, mine


async def match_now(manager: TableManager, wish: Wish, client: str, capacity: CapacityClass) -> None:
    """Seat whoever the pool's queue seats now (a poll or a join calls it: the queue moves when
    someone looks). The tables count against the caps of `client`, the one whose request made them;
    a client at its caps makes none now (another's poll will)."""
    if manager.limits.creation_refusal(client) is not None:
        return
    _num, active, _ = layout(wish.game, wish.preset)
    level = bot_level(wish)
    store = manager.store
    picked = await store.run(queue.pick, store.engine, wish.pool, len(active), wallclock.now(), level is not None)
    for p in picked:
        spec, names, mine = table_request(wish, p, level)
        try:
            t, _ = await manager.create(spec, owner=client, seated=names, capacity=capacity)
        except Exception as e:  # the server is full, or the database failed: they wait on
            log.warning("quick match: table for %s not made (%s)", wish.pool, e)
            await store.run(queue.unpick, store.engine, p.match_id)
            continue
        manager.limits.own(client, t.id)
        t.kick()
        await store.run(queue.seated, store.engine, p.match_id, t.id, mine)


async def collect(manager: TableManager, table_id: str, position: int, secret: str) -> str:
    """The seat's credential for the holder of the ticket's `secret`."""
    return await rematch.collect(manager, table_id, position, secret)
