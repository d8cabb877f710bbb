"""Shared by the compute tests: a victim's ping round trips at a table of people."""

from __future__ import annotations

import time

from tests.web.helpers import Server


def ping_times(srv: Server, n: int = 200, gap: float = 0.02) -> list[float]:
    """Round trips (seconds, sorted) of `n` pings from a person at a table of people of their own."""
    t = srv.create(seats=[{"kind": "human"}] * 4, listed=False)
    cl = srv.client(t["id"], t["seats"]["0"]["token"])
    try:
        cl.state()
        out = []
        for i in range(n):
            t0 = time.perf_counter()
            cl.send({"type": "ping", "id": f"p{i}"})
            cl.wait(lambda f, i=i: f["type"] == "pong" and f["id"] == f"p{i}")
            out.append(time.perf_counter() - t0)
            time.sleep(gap)
        return sorted(out)
    finally:
        cl.close()


def p(sorted_times: list[float], q: float) -> float:
    return sorted_times[min(len(sorted_times) - 1, int(len(sorted_times) * q))]
