"""The bench scripts start both ways the docs give: ``python bench/web_tables.py`` and
``python -m bench.web_tables`` (which failed with ``ModuleNotFoundError: _common``)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@pytest.mark.parametrize("how", ["module", "script"])
@pytest.mark.parametrize("name", ["web_tables", "web_abuse", "tiengow_playout"])
def test_a_bench_script_starts_as_a_module_and_as_a_script(name, how):
    cmd = ["-m", f"bench.{name}"] if how == "module" else [os.path.join("bench", f"{name}.py")]
    r = subprocess.run([sys.executable, *cmd, "--help"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr[-2000:]
    assert "usage" in r.stdout
