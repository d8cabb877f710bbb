"""The stall watchdog (yezi.server.stalls) and the jittered keepalive pings (yezi.server.netguard)."""

from __future__ import annotations

import asyncio
import logging
import time

import pytest

from yezi.server.netguard import jittered_ws
from yezi.server.stalls import StallWatch


def _block_here(seconds: float) -> None:
    time.sleep(seconds)  # a callback that holds the loop


@pytest.mark.alone  # it times the loop: run by itself (.ci/run)
def test_a_blocked_loop_is_logged_with_where_it_was(caplog):
    caplog.set_level(logging.WARNING, logger="yezi.server.stalls")
    watch = StallWatch(threshold_ms=60, sample_s=0.01)

    async def main():
        watch.start()

        async def beat():
            while True:
                watch.beat()
                await asyncio.sleep(0.005)

        task = asyncio.get_running_loop().create_task(beat())
        await asyncio.sleep(0.05)
        _block_here(0.4)
        await asyncio.sleep(0.1)  # the loop ticks again: the stall is reported
        task.cancel()
        watch.stop()

    asyncio.run(main())
    assert watch.stalls == 1 and watch.longest_ms >= 300
    text = "\n".join(r.getMessage() for r in caplog.records)
    assert "event loop blocked for" in text and "_block_here" in text


def test_garbage_collection_inside_a_stall_is_counted():
    watch = StallWatch(threshold_ms=100)
    watch.loop_thread = __import__("threading").get_ident()
    t0 = time.perf_counter()
    watch._on_gc("start", {"generation": 1})
    time.sleep(0.02)
    watch._on_gc("stop", {"generation": 1})
    took, gen = watch.gc_during(t0, time.perf_counter())
    assert gen == 1 and 0.015 <= took < 0.5
    assert watch.gc_during(time.perf_counter() + 1, time.perf_counter() + 2) == (0.0, -1)


class _Loop:
    def __init__(self):
        self.delays: list[float] = []

    def call_later(self, delay, fn):
        self.delays.append(delay)


def test_keepalive_pings_are_spread_over_the_interval():
    cls = jittered_ws()
    assert not isinstance(cls, str)
    firsts, laters = [], []
    for _ in range(400):
        p = object.__new__(cls)
        p.ping_interval, p.last_ping_rtt, p.loop = 20.0, 0.0, _Loop()
        p.schedule_ping()  # the first ping of a new socket
        p.schedule_ping()  # the next ones
        firsts.append(p.loop.delays[0])
        laters.append(p.loop.delays[1])
    # sockets that connected together do not ping together: the first pings cover the interval
    assert min(firsts) < 3 and max(firsts) > 17
    assert all(15 <= d <= 25 for d in laters) and max(laters) - min(laters) > 5
