"""What the bench scripts share: the ``--seconds`` option, the timed playout loop, and starting a
``yezi serve`` on a free loopback port. Run the scripts as ``python bench/<name>.py`` (this
directory is then first on sys.path: ``from _common import ...`` finds this module) or as
``python -m bench.<name>`` from the checkout (``from bench._common import ...``); each tries both.
"""

from __future__ import annotations

import argparse
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Sequence


def seconds_option(default: float = 3.0) -> float:
    """Parse the command line's only option, ``--seconds`` (how long each case runs)."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=default)
    return ap.parse_args().seconds


def timed_games(play: Callable[[], object], seconds: float, *, batch: int = 1,
                clock: Callable[[], float] = time.process_time) -> tuple[int, float, float]:
    """Call ``play`` (one game) in batches of ``batch`` until ``seconds`` have passed on ``clock``
    (by default this process's CPU time, so a busy machine does not skew the rate); the clock is
    read only between batches. Returns (games played, seconds on ``clock``, wall-clock seconds)."""
    n = 0
    c0 = clock()
    t0 = time.perf_counter()
    while (elapsed := clock() - c0) < seconds:
        for _ in range(batch):
            play()
        n += batch
    return n, elapsed, time.perf_counter() - t0


def free_port() -> int:
    """A TCP port on 127.0.0.1 nothing listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_serve(args: Sequence[str], port: int, *, cwd: str, env: dict[str, str], nice: int = 0) -> subprocess.Popen:
    """Start ``python -m yezi.cli.serve --port PORT ARGS...`` (under ``nice`` when asked) and wait up to
    30 s for its /api/health to answer 200; kill it and exit if it never does."""
    import httpx

    pre = ["nice", "-n", str(nice)] if nice else []
    proc = subprocess.Popen([*pre, sys.executable, "-m", "yezi.cli.serve", "--port", str(port), *args], cwd=cwd, env=env)
    for _ in range(300):
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    proc.kill()
    raise SystemExit("server did not start")


class ThrowawayPostgres:
    """A PostgreSQL cluster in a temp dir for one bench run (Debian's binaries; as user postgres
    when run as root), listening on a Unix socket only. Durable by default (fsync on, as in
    production); the test suite's clusters run with fsync off."""

    def __init__(self, fsync: bool = True):
        import os
        import shutil
        import tempfile

        found = sorted(os.listdir("/usr/lib/postgresql"), reverse=True) if os.path.isdir("/usr/lib/postgresql") else []
        bins = [f"/usr/lib/postgresql/{d}/bin" for d in found if os.path.exists(f"/usr/lib/postgresql/{d}/bin/initdb")]
        if not bins:
            raise SystemExit("no PostgreSQL binaries (apt install postgresql)")
        self.bin, self.fsync = bins[0], fsync
        self.dir = tempfile.mkdtemp(prefix="yezi-bench-pg-")
        self.port = free_port()
        self.user = "postgres" if os.geteuid() == 0 else None
        if self.user:
            shutil.chown(self.dir, user=self.user)

    def _run(self, *cmd: str) -> None:
        pre = ["runuser", "-u", self.user, "--"] if self.user else []
        subprocess.run([*pre, *cmd], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=120)

    def __enter__(self) -> str:
        import os

        data = os.path.join(self.dir, "data")
        self._run(f"{self.bin}/initdb", "-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8")
        self._run(f"{self.bin}/pg_ctl", "-D", data, "-w", "-l", os.path.join(self.dir, "log"), "-o",
                  f"-p {self.port} -k {self.dir} -c listen_addresses='' -c max_connections=200"
                  + ("" if self.fsync else " -c fsync=off"), "start")
        self._run(f"{self.bin}/createdb", "-h", self.dir, "-p", str(self.port), "-U", "postgres", "bench")
        return f"postgresql://postgres@/bench?host={self.dir}&port={self.port}"

    def __exit__(self, *exc: object) -> None:
        import os
        import shutil

        try:
            self._run(f"{self.bin}/pg_ctl", "-D", os.path.join(self.dir, "data"), "-m", "fast", "stop")
        finally:
            shutil.rmtree(self.dir, ignore_errors=True)
