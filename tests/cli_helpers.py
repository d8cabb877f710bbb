"""What the CLI tests share: `yezi ...` as a subprocess (as a user runs it), and `yezi settle` in process."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def yezi(*args: str, stdin: str = "", timeout: float = 120) -> str:
    """Run ``python -m yezi.cli.main ARGS`` from the repository root; it must exit 0. Returns its stdout."""
    r = subprocess.run([sys.executable, "-m", "yezi.cli.main", *args], input=stdin, capture_output=True,
                       text=True, cwd=ROOT, timeout=timeout)
    assert r.returncode == 0, r.stderr
    return r.stdout


def run_settle(argv: list[str], text: str = "") -> tuple[int, str]:
    """``yezi settle ARGV`` in this process with ``text`` as its input: (exit status, output)."""
    from yezi.cli.settle import main

    out = io.StringIO()
    rc = main(argv, stdin=io.StringIO(text), stdout=out)
    return rc, out.getvalue()


def settle_totals(out: str) -> list[int]:
    """The whole-number totals on ``yezi settle``'s Totals line (any of the three languages)."""
    line = next(ln for ln in out.splitlines() if ln.startswith(("Totals:", "合計:", "合计:")))
    return [int(x) for x in re.findall(r"([+-]\d+)(?:,|$)", line)]
