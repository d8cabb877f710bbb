"""Issue 26, item 4: one client's instant tables must not delay another client's bots.

Before: the worker pool's queue was one heap in arrival order, so twenty instantly played tables
of one person kept twenty bot moves ahead of another client's bot (p99 988 ms late), and its length
rationed everyone's strong bots. The fair queue (`yezi.server.fairqueue`) serves clients, then
their tables, in turn: checked here with fake jobs, no clock and no workers.
"""

from __future__ import annotations

import pytest

from yezi.server.fairqueue import FairQueue


def _serve(q: FairQueue, n: int) -> list[tuple[str, str]]:
    """Take `n` jobs one at a time (one worker); their (client, table)."""
    out = []
    for _ in range(n):
        got = q.pop()
        if got is None:
            break
        ticket, _ = got
        q.finish(ticket)
        out.append((ticket.client, ticket.table))
    return out


@pytest.mark.parametrize("attackers", [1, 4])
@pytest.mark.parametrize("queued", [20, 1000])
def test_a_victims_job_is_served_next_whatever_the_attackers_queued(attackers, queued):
    q: FairQueue[str] = FairQueue()
    for i in range(queued):  # every attacker's tables, each with moves waiting
        q.push("a", f"attacker{i % attackers}", f"t{i % 20}")
    q.push("v", "victim", "mine")
    # as the flood starts, the attackers (also just come) and the victim take their first turns
    assert ("victim", "mine") in _serve(q, attackers + 1)
    for step in range(50):
        # a person's table: its bot moves now and then, while the attackers' bots keep the pool busy
        _serve(q, attackers + step % 3)
        q.push("v", "victim", "mine")  # the victim's bot is to move
        for i in range(attackers * 5):  # and the attackers queue more behind it
            q.push("a", f"attacker{i % attackers}", f"t{i % 20}")
        assert _serve(q, 1) == [("victim", "mine")], step  # at the next free worker
        assert q.queued_of("victim") == 0


@pytest.mark.parametrize("attackers", [1, 4])
def test_a_victim_asking_more_than_its_share_waits_one_turn_of_each_other_client_at_most(attackers):
    q: FairQueue[str] = FairQueue()
    for i in range(1000):
        q.push("a", f"attacker{i % attackers}", f"t{i % 20}")
    for _ in range(50):
        q.push("v", "victim", "mine")
        assert ("victim", "mine") in _serve(q, attackers + 1)


def test_a_victim_that_keeps_the_pool_busy_too_gets_an_even_share():
    q: FairQueue[str] = FairQueue()
    for i in range(300):
        q.push("a", "attacker", f"t{i % 20}")
    for _ in range(100):
        q.push("v", "victim", "mine")
    served = _serve(q, 100)
    assert sum(c == "victim" for c, _ in served) == 50
    # the attacker's jobs stay in order per table, its tables served in turn
    tables = [t for c, t in served if c == "attacker"]
    assert tables == [f"t{i}" for i in range(20)] * 2 + [f"t{i}" for i in range(10)]


def test_a_clients_weight_and_a_jobs_cost_set_its_share():
    q: FairQueue[str] = FairQueue()
    for _ in range(100):
        q.push("a", "heavy", cost=4.0)  # a search that takes four turns' worth
        q.push("b", "light")
        q.push("c", "weighty", weight=2.0)  # (a signed-in player, say) two turns for one
    served = [c for c, _ in _serve(q, 52)]  # 16 turns' worth each: 4 + 16 + 32 jobs
    for client, jobs in (("heavy", 4), ("light", 16), ("weighty", 32)):
        assert abs(served.count(client) - jobs) <= 1, served


def test_idle_time_saves_no_credit():
    q: FairQueue[str] = FairQueue()
    q.push("v", "victim")
    _serve(q, 1)
    for _ in range(100):
        q.push("a", "attacker")
    _serve(q, 90)  # the victim was idle meanwhile: it may not now take ninety turns in a row
    for _ in range(10):
        q.push("v", "victim")
    assert [c for c, _ in _serve(q, 6)] == ["victim", "attacker"] * 3


def test_within_a_client_bot_moves_go_before_hints_and_late_jobs_after_every_other_client():
    q: FairQueue[str] = FairQueue()
    q.push("hint", "c", "t1", priority=1)
    q.push("move", "c", "t2", priority=0)
    q.push("over", "d", "t3", late=True)  # its table is over its CPU budget
    q.push("other", "e", "t4", priority=2)
    order = []
    while (got := q.pop()) is not None:
        ticket, item = got
        q.finish(ticket)
        order.append(item)
    assert order.index("move") < order.index("hint")
    assert order[-1] == "over"
    assert len(q) == 0 and not q.clients  # nothing kept for clients that are gone


def test_clients_that_come_and_go_are_not_remembered():
    q: FairQueue[str] = FairQueue()
    for i in range(5000):  # one busy client all along, and a crowd asking once each
        q.push("a", "busy", f"t{i % 7}")
        q.push("x", f"passer-by {i}")
        _serve(q, 2)
    assert len(q.clients) < 50
