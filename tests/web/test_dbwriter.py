"""The SQLite writer thread (yezi.server.dbwriter): order, errors, batching, stop."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest

from yezi.server.dbwriter import SqliteWriter


def test_jobs_run_in_order_on_one_thread_off_the_loop():
    w = SqliteWriter()
    seen: list[tuple[int, int]] = []

    async def main():
        loop_thread = threading.get_ident()
        futs = [w.submit(lambda i=i: seen.append((i, threading.get_ident())) or i * i) for i in range(200)]
        got = await asyncio.gather(*futs)
        assert got == [i * i for i in range(200)]
        assert [i for i, _ in seen] == list(range(200))
        assert len({t for _, t in seen}) == 1 and seen[0][1] != loop_thread

    asyncio.run(main())
    w.stop()


def test_an_error_reaches_the_awaiting_coroutine_and_the_writer_goes_on():
    w = SqliteWriter()

    def boom():
        raise ValueError("no such table")

    async def main():
        with pytest.raises(ValueError, match="no such table"):
            await w.submit(boom)
        assert await w.submit(lambda: 7) == 7

    asyncio.run(main())
    w.stop()


@pytest.mark.alone  # it counts the loop's ticks: run by itself (.ci/run)
def test_a_slow_write_does_not_block_the_loop_and_later_jobs_share_one_wake_up():
    w = SqliteWriter()
    ticks = 0

    async def ticker():
        nonlocal ticks
        while True:
            await asyncio.sleep(0.005)
            ticks += 1

    async def main():
        t = asyncio.get_running_loop().create_task(ticker())
        slow = w.submit(time.sleep, 0.3)  # a commit waiting for the disk or a lock
        rest = [w.submit(lambda i=i: i) for i in range(50)]
        await slow
        assert ticks >= 20  # the loop ran on while the write waited
        assert await asyncio.gather(*rest) == list(range(50))
        t.cancel()

    asyncio.run(main())
    w.stop()


def test_stop_makes_the_queued_writes_first_and_refuses_new_ones():
    w = SqliteWriter()
    done: list[int] = []

    async def main():
        futs = [w.submit(lambda i=i: (time.sleep(0.01), done.append(i))) for i in range(5)]
        await asyncio.sleep(0)
        threading.Thread(target=w.stop).start()
        await asyncio.gather(*futs)

    asyncio.run(main())
    assert done == list(range(5))
    w.stop()
    with pytest.raises(RuntimeError):
        asyncio.run(_submit(w))


async def _submit(w: SqliteWriter):
    return await w.submit(lambda: 1)
