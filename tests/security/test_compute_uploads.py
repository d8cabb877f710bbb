"""Finding 6: uploaded records must not block the server.

Before: `POST /api/replay` parsed and replayed a record for 70-90 ms on the event loop, with no
limit; four clients uploading in a loop pushed another client's ping to p50 152 ms. Now the
replay is built in a worker process, and uploads are limited per client in size and rate
(HTTP 429 with Retry-After beyond the rate).
"""

from __future__ import annotations

import os
import random
import tempfile
import threading
import time
from collections import Counter

import httpx
import pytest

pytest.importorskip("starlette")

from tests.security.compute_helpers import p, ping_times
from tests.web.helpers import Server
from yezi.core.record import Record
from yezi.core.registry import load_game


def _record(game: str = "fishing", seed: int = 5) -> str:
    st = load_game(game).start(seed=seed)
    rng = random.Random(seed)
    while st.current_player is not None:
        st.apply(rng.choice(st.legal_actions()))
    return Record.from_state(st, seed=seed).to_text()


# it measures latency under the server's own load: .ci/run runs it alone, after the parallel run
@pytest.mark.alone
def test_uploads_in_a_loop_do_not_block_pings_and_are_rate_limited():
    url = "sqlite:///" + os.path.join(tempfile.mkdtemp(prefix="yezi-upload-"), "yezi.db")
    srv = Server(url).start()  # the default limits: 20 a minute, 5 at once
    record = _record().encode()
    statuses: Counter = Counter()
    retry_after: list[str] = []
    stop = threading.Event()

    def upload_loop() -> None:
        with httpx.Client(timeout=30) as c:
            while not stop.is_set():
                r = c.post(srv.base + "/api/replay?seat=all", content=record)
                statuses[r.status_code] += 1
                if r.status_code == 429:
                    retry_after.append(r.headers.get("retry-after", ""))

    uploaders = [threading.Thread(target=upload_loop, daemon=True) for _ in range(4)]
    t0 = time.monotonic()
    try:
        for u in uploaders:
            u.start()
        time.sleep(1)
        rtt = ping_times(srv)
        health = srv.get("/api/health").json()
    finally:
        stop.set()
        for u in uploaders:
            u.join(30)
        elapsed = time.monotonic() - t0
        srv.stop()
    # measured on a 2-core machine shared with other jobs: before, p99 about 1.6 s; now under 20 ms
    assert p(rtt, 0.99) < 0.3, f"another client's ping p99 {p(rtt, 0.99) * 1000:.0f} ms while uploads loop"
    assert health["loop_lag_ms"]["max_recent"] < 300, health["loop_lag_ms"]
    assert statuses[200] >= 1, statuses  # uploads are served ...
    assert statuses[200] <= 5 + 20 * elapsed / 60 + 1, (statuses, elapsed)  # at the rate: burst 5, 20 a minute
    assert statuses[429] > 0 and all(x.isdigit() and int(x) >= 1 for x in retry_after), statuses
    assert set(statuses) <= {200, 429}, statuses


def test_upload_too_large_is_refused():
    url = "sqlite:///" + os.path.join(tempfile.mkdtemp(prefix="yezi-upload-"), "yezi.db")
    srv = Server(url, env={"YEZI_MAX_RECORD_BYTES": "2000"}).start()
    try:
        r = httpx.post(srv.base + "/api/replay", content=_record().encode() + b" " * 2000, timeout=10)
        assert r.status_code == 413 and r.json()["error"] == "too-large"
        small = _record("dingniu").encode()
        assert len(small) < 2000
        assert httpx.post(srv.base + "/api/replay", content=small, timeout=10).status_code == 200
    finally:
        srv.stop()
