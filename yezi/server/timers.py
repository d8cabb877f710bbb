"""Running a table's move timer (the bookkeeping is `yezi.server.clock.TurnClock`).

The server's own wall clock decides (a client's clock is never asked): after every change of the
table `sync` starts timing the new decision and writes the clock to the database, and one task
per timed table (`run`) sleeps until the deadline. When it passes, the seat's move is the
heuristic bot's, worked out in a worker process like every bot move (`LiveTable.bot_choice`),
and the seat is marked away; between two deals of a match the next deal is dealt. After a
restart `restore` keeps a running timer's deadline (with a short grace for reconnecting).

What the timer does is the same whatever the seat holds: a lone 不報 (a seat that cannot declare
five tigers) and a real choice both wait the full time and are played `timeout_move_pad_s` after
the deadline, so a timeout's timing tells nobody what the hand was.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import TYPE_CHECKING

from yezi.server import together, wallclock
from yezi.server.clock import NEXT_DEAL, TOGETHER
from yezi.server.loops import Loop

if TYPE_CHECKING:
    from yezi.server.tables import LiveTable

log = logging.getLogger("yezi.server")

Decision = tuple[tuple[int, int], int | None]


def decision(t: LiveTable) -> Decision | None:
    """What the clock should time now: (deal_no, seq) and the position to act (None: the wait for
    the next deal of a match), or None when nobody is waited for (a bot's turn, a seat a bot holds,
    the match over)."""
    if not t.playing or t.clock is None:
        return None
    d = t.current
    st = d.state
    if st.current_player is None:
        if t.match_over or not t.has_people:
            return None
        return (d.no, NEXT_DEAL), None
    if together.asked(t):  # a question to several seats at once: one deadline, while anyone is to answer
        return ((d.no, len(st.history)), TOGETHER) if together.waiting_for(t) else None
    pos = t.position_of(st.current_player)
    if t.players[pos].kind != "human" or t.held(pos):
        return None
    return (d.no, len(st.history)), pos


async def sync(t: LiveTable, force: bool = False, now: float | None = None) -> None:
    """Time the table's current decision if it is a new one (the caller holds the table's lock);
    the clock is stored when it changed (`force`: a seat's bank or away state changed)."""
    c = t.clock
    if c is None or not t.owned:
        return
    want = decision(t)
    if want is None:
        changed = c.running
        c.stop()
    elif (c.key, c.position) == want:
        changed = False
    else:
        c.start(want[0], want[1], wallclock.now() if now is None else now)
        changed = True
        if c.turn_based and t.on_turn is not None and want[1] is not None:  # "your move", in the background
            for pos in together.waiting_for(t) if want[1] == TOGETHER else [want[1]]:
                t.on_turn(t, want[0], pos)
    if changed or force:
        await t.store.run(t.store.set_clock, t.id, c.to_json())
        t.clock_wake.set()


def remind(t: LiveTable, positions: list[int]) -> None:
    """These seats have just come to be held by an account: "your move" for any of them the clock is
    timing now. The notice made when the decision began found no account yet where the seat was
    taken or its key kept after it (a host's first move, a quick match's seats); its key makes a
    second call for the same decision a no-op."""
    c = t.clock
    if c is None or not c.turn_based or not c.running or t.on_turn is None or c.key is None:
        return
    waiting = together.waiting_for(t) if c.position == TOGETHER else [c.position]
    for pos in positions:
        if pos in waiting:
            t.on_turn(t, c.key, pos)


def restore(t: LiveTable, now: float) -> None:
    """After a restart (the table rebuilt from its log): a timer still timing the same decision
    keeps its deadline, but ends no sooner than `timer_restart_grace_s` from now; another decision
    (the server stopped between storing a move and its clock) is timed afresh."""
    c = t.clock
    if c is None:
        return
    want = decision(t)
    if want is None:
        c.stop()
    elif (c.key, c.position) == want:
        c.deadline = max(c.deadline, now + t.settings.timer_restart_grace_s)
    else:
        c.start(want[0], want[1], now)


async def run(t: LiveTable, loop: Loop) -> None:
    """The table's timer task: wait for the deadline (woken early when the clock changes), then
    act for the seat. Ends when the table stops playing or another instance runs it. Run
    supervised (`yezi.server.loops`): a deadline that could not be acted on (the database out of
    reach) is tried again after a growing wait."""
    while t.playing and t.owned and t.clock is not None:
        c = t.clock
        t.clock_wake.clear()
        if not c.running:
            await t.clock_wake.wait()
            continue
        left = c.deadline - wallclock.now()
        if left > 0:
            cap = wallclock.max_wait()
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(t.clock_wake.wait(), left if cap is None else min(left, cap))
            continue
        before = (c.key, c.deadline)
        await expire(t, c.key, c.position)
        loop.ok()
        if t.clock is not None and (t.clock.key, t.clock.deadline) == before:
            await asyncio.sleep(1.0)  # nothing could be done (never expected): try again later, never spin


async def expire(t: LiveTable, key: tuple[int, int] | None, pos: int | None) -> None:
    """The deadline of `key` passed: deal the next deal, or play the stand-in bot's move for `pos`
    (for each seat yet to answer, of a question asked of several at once)."""
    if pos == TOGETHER:
        await _expire_together(t, key)
        return
    if pos is None:
        async with t.lock:
            c = t.clock
            if c is None or c.key != key or not t.deal_over or t.match_over or not t.playing:
                return
            await t.next_deal(auto=True)
            t.broadcast()
        t.kick()
        return
    async with t.lock:
        c = t.clock
        if c is None or c.key != key or c.position != pos or not t.playing:
            return
        st = t.current.state
        view, legal = st.view(st.current_player), st.legal_actions()
    t0 = time.monotonic()
    try:
        action = await t.bot_choice(pos, view, legal, t.stand_in_level)
    except Exception:  # never stall the table
        log.exception("stand-in move failed at table %s", t.id)
        action = legal[0]
    await asyncio.sleep(max(0.0, t.settings.timeout_move_pad_s - (time.monotonic() - t0)))
    async with t.lock:
        c = t.clock
        if c is None or c.key != key or c.position != pos or not t.playing:
            return
        if action not in legal:
            action = legal[0]
        c.timed_out(pos)
        await t.commit_action(pos, action, None, auto=True)
        t.broadcast()
    t.kick()  # a seat a bot now holds: the bot loop plays it


async def back(t: LiveTable, position: int) -> bool:
    """The player at `position` takes the seat back (the caller holds the lock): no longer away,
    no bot holding it; at its own turn the timer starts afresh (per-move time, its bank as left).
    Returns whether anything changed."""
    c = t.clock
    if c is None or not c.back(position):
        return False
    await sync(t, force=True)
    return True


async def _expire_together(t: LiveTable, key: tuple[int, int] | None) -> None:
    """A question asked of several seats at once ran out of time: the stand-in bot answers for each
    person who has not, each is marked away, and the answers are applied."""
    async with t.lock:
        c = t.clock
        if c is None or c.key != key or c.position != TOGETHER or not t.playing:
            return
        ask = together.asked(t)
        late = together.waiting_for(t)
        st = t.current.state
        views = {p: st.view(t.seat_of(p)) for p in late}
    choices = {}
    for p in late:
        try:
            choices[p] = await t.bot_choice(p, views[p], ask[p], t.stand_in_level)
        except Exception:  # never stall the table
            log.exception("stand-in answer failed at table %s", t.id)
            choices[p] = ask[p][0]
    async with t.lock:
        c = t.clock
        if c is None or c.key != key or c.position != TOGETHER or not t.playing:
            return
        now_asked = together.asked(t)
        for p, a in choices.items():
            if p in together.waiting_for(t) and a in now_asked.get(p, ()):
                c.timed_out(p)
                t.answers[p] = together.Answer(a, None, True)
        together.save(t)
        await together.apply_when_all_answered(t)
        await sync(t, force=True)
        t.broadcast()
    t.kick()
