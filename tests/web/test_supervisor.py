"""`yezi serve --workers N` (yezi.server.supervisor) without a database: what each worker gets,
and the one-line errors before any worker starts."""

from __future__ import annotations

import os
import socket
import subprocess
import sys

from tests.web.helpers import ROOT
from yezi.server.config import Settings
from yezi.server.supervisor import per_worker


def test_thinking_processes_are_divided_among_the_workers():
    s = Settings()
    s.workers, s.background_workers = 7, 2
    one = per_worker(s, 2)
    assert (one.workers, one.background_workers) == (3, 1)  # 2 workers x 3 + the loops: the cores once
    assert per_worker(s, 16).workers == 1  # never none
    assert (s.workers, s.background_workers) == (7, 2)  # the supervisor's own settings are untouched


def _serve(*args: str) -> subprocess.CompletedProcess:
    # at once, not after YEZI_DB_START_WAIT of retries (tests/web/test_db_outage.py: the waiting itself)
    return subprocess.run([sys.executable, "-m", "yezi.cli.serve", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=60, env=dict(os.environ, YEZI_DB_START_WAIT="0"))


def test_busy_port_is_one_line_before_any_worker_starts():
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        r = _serve("--workers", "2", "--port", str(port), "--database-url", "postgresql://nobody@127.0.0.1:1/none")
    assert r.returncode == 2
    assert r.stderr.strip().count("\n") == 0 and "already in use" in r.stderr, r.stderr
    assert "serving on" not in r.stdout


def test_unreachable_database_is_one_line_before_any_worker_starts():
    r = _serve("--workers", "2", "--port", "0", "--database-url", "postgresql://nobody@127.0.0.1:1/none")
    assert r.returncode == 2
    assert r.stderr.strip().count("\n") == 0 and "cannot open the database" in r.stderr, r.stderr
    assert "serving on" not in r.stdout and "Traceback" not in r.stderr


def test_workers_is_checked():
    r = _serve("--workers", "0")
    assert r.returncode == 2 and "--workers" in r.stderr and r.stderr.strip().count("\n") == 0
