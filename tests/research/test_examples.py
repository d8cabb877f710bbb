"""Smoke test of examples/pettingzoo_random.py (the other examples need torch or take minutes)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo")

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "pettingzoo_random.py"


def _module():
    spec = importlib.util.spec_from_file_location("pettingzoo_random_example", EXAMPLE)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.mark.parametrize("game", ["lukfu", "fishing", "tseding", "madiao"])
def test_random_agent_example_plays_zero_sum_deals(game):
    totals = _module().play(game, deals=2, seed=1, render=True)
    assert totals and abs(sum(totals.values())) < 1e-9
