"""The CPU budgets and the rationing policy in front of the worker processes (finding 1)."""

from __future__ import annotations

import pytest

pytest.importorskip("starlette")

from yezi.server.budget import Budgets, TokenBucket
from yezi.server.config import Settings
from yezi.server.workers import Thinker


class Clock:
    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


def test_token_bucket_refills_and_goes_into_debt():
    c = Clock()
    b = TokenBucket(rate=0.5, burst=2, clock=c)
    assert b.take() and b.take() and not b.take()
    c.t = 2.0
    assert b.take() and not b.take()
    b.charge(3)  # CPU already spent is charged in full
    assert b.wait() == pytest.approx(6.0)
    c.t = 8.0
    assert b.wait() == 0


def test_budgets_charge_table_client_and_server_and_forget_idle_ones():
    c = Clock()
    bud = Budgets(table_share=0.5, client_share=1.0, server_share=2.0, burst_s=10, clock=c)
    bud.charge("t1", "c1", 8.0)
    assert bud.wait("t1", "c1") == pytest.approx(6.0)  # the table: 5 saved up, 3 in debt at 0.5/s
    assert bud.wait("t2", "c1") == 0  # its client still has 2 left
    assert not bud.server_in_debt()
    c.t = 100.0
    bud.forget_full()
    assert not bud.tables and not bud.clients


def test_strong_bots_are_rationed_when_their_clients_queue_is_long_or_over_budget():
    th = Thinker(Settings(database_url="sqlite://", ration_queue=3))
    lane = th.background
    assert th.ration("search-strong", "c", lane, over_budget=False) == "search-strong"
    assert th.ration("search-strong", "c", lane, over_budget=True) == "search-normal"
    assert th.ration("heuristic", "c", lane, over_budget=True) == "heuristic"  # cheap bots are never rationed
    for i in range(3):  # three moves of the client waiting for a worker
        lane._queue.push(None, "c", f"t{i}")
    assert th.ration("search-strong", "c", lane, over_budget=False) == "search-normal"
    assert th.ration("search-normal", "c", lane, over_budget=False) == "search-normal"
    for i in range(3, 6):
        lane._queue.push(None, "c", f"t{i}")
    assert th.ration("search-strong", "c", lane, over_budget=False) == "search-easy"
    assert th.ration("search-normal", "c", lane, over_budget=False) == "search-easy"
    # another client's queue is not this one's load (issue 26: a flood rationed everyone's bots)
    assert th.ration("search-strong", "other", lane, over_budget=False) == "search-strong"
    th.budgets.server.charge(1000)  # the whole server over its share
    assert th.ration("search-normal", "c", lane, over_budget=True) == "search-easy"
    assert th.ration("search-strong", "other", lane, over_budget=False) == "search-strong"
