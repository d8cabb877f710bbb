"""A question put to every seat at once, at a turn-based table (`State.together`: Luk Fu's 五虎下山
check, Pai Gow's hand setting).

At a realtime table the seats answer in turn, a few seconds each. Turn-based, that is a day per
seat before the next one is even asked, so the table asks all of its people at once: each answers
when they come by, the answers wait on the server (in memory and in the stored clock, never in
any frame but the answering seat's own), and once every person asked has answered they are applied
in the rules' order, as if each had answered at its turn. Nothing shows who answered first: the
others' frames do not change when a seat answers, the clock times the question as a whole (one
deadline, `TOGETHER`), and the answers are applied together. A seat whose time runs out is
answered for by the heuristic bot and marked away, as at its own turn.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from yezi.server.tables import LiveTable


@dataclass
class Answer:
    action: int
    cid: str | None
    auto: bool  # the stand-in bot's, the seat's time having run out


def asked(t: LiveTable) -> dict[int, list[int]]:
    """position → the actions it may answer, for the people a question is put to at once now (two
    or more, not held by a bot), in the rules' order; empty when the decision is one seat's."""
    if not t.turn_based or not t.playing:
        return {}
    st = t.current.state
    ask = st.together()
    if len(ask) < 2:
        return {}
    out = {t.position_of(s): acts for s, acts in ask.items()}
    people = [p for p in out if t.players[p].kind == "human" and not t.held(p)]
    return out if len(people) >= 2 else {}


def waiting_for(t: LiveTable) -> list[int]:
    """The people asked who have not answered yet."""
    ask = asked(t)
    return [p for p in ask if p not in t.answers and t.players[p].kind == "human" and not t.held(p)]


async def answer(t: LiveTable, position: int, action: int, cid: str | None, auto: bool = False) -> None:
    """Keep the seat's answer (the caller holds the lock and checked it), then apply every answer if it
    was the last one awaited. The caller stores the clock that keeps them (`timers.sync`)."""
    t.answers[position] = Answer(action, cid, auto)
    save(t)
    await apply_when_all_answered(t)


async def apply_when_all_answered(t: LiveTable) -> None:
    """Once nobody asked is still to answer (the caller stores the clock after): the answers in the rules' order (a bot's seat answers at
    its turn, from the bot loop), until the question is over; answers left over (five tigers declared
    before them: the deal is over) are dropped."""
    if not t.answers or waiting_for(t):
        return
    while True:
        st = t.current.state
        if st.current_player is None:
            break
        pos = t.position_of(st.current_player)
        a = t.answers.pop(pos, None)
        if a is None:
            break
        if not a.auto and t.clock is not None:  # the player was here (shown now, not when they answered)
            t.clock.seats[pos].timeouts = 0
        await t.commit_action(pos, a.action, a.cid, auto=True)
    st = t.current.state
    still = set() if st.current_player is None else {t.position_of(s) for s in st.together()}
    for p in list(t.answers):  # the question is over for these (the deal ended: five tigers declared)
        if p not in still:
            del t.answers[p]
    save(t)


def save(t: LiveTable) -> None:
    """The answers ride in the stored clock (server side only: `TurnClock.public` never shows them)."""
    if t.clock is not None:
        t.clock.extra["answers"] = {"deal": t.current.no, "seats": {
            str(p): [a.action, a.cid, a.auto] for p, a in t.answers.items()}} if t.answers else None
        if t.clock.extra["answers"] is None:
            t.clock.extra.pop("answers")


def restore(t: LiveTable) -> None:
    """After a load: the answers kept with the clock, if they are for this deal's open question."""
    raw: Any = t.clock.extra.get("answers") if t.clock is not None else None
    t.answers = {}
    if not isinstance(raw, dict) or raw.get("deal") != t.current.no:
        return
    ask = asked(t)
    try:
        for p, (action, cid, auto) in raw.get("seats", {}).items():
            pos = int(p)
            if action in ask.get(pos, ()):
                t.answers[pos] = Answer(int(action), cid, bool(auto))
    except (TypeError, ValueError):
        t.answers = {}


def frame_part(t: LiveTable, position: int | None) -> dict[str, Any] | None:
    """What the seat's own frame says of the question: the actions it may answer (None: not asked
    or answered), and its own answer once given."""
    if position is None:
        return None
    mine = t.answers.get(position)
    if mine is not None:  # (kept until its turn, once the others before it have answered)
        return {"together": True, "answered": mine.action, "legal": None}
    ask = asked(t)
    if position not in ask or t.players[position].kind != "human":
        return None
    return {"together": True, "answered": None, "legal": None if t.held(position) else ask[position]}
