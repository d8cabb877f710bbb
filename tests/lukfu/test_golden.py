"""Rule goldens: two deals per preset, played by seeded uniformly random legal play
(tests/golden_helpers.py): the record (Chinese notation, annotated), the playthrough (every step's
seat, legal actions, choice and what each view learned, 老歲 cards included) and the settlement in
comments, so each file is also a record `yezi replay` reads. A change in rules, views, notation or
rendering shows up as a diff here; a bot change does not (bots have tests/bots/golden/).

Regenerate deliberately with ``YEZI_REGEN_GOLDEN=1 python3 -m pytest tests/lukfu/test_golden.py``
and review the diff of tests/lukfu/golden/.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.golden_helpers import check_golden, presets, rule_golden, seed_of
from yezi.core.registry import load_game

GOLDEN = Path(__file__).parent / "golden"
CASES = [(preset, n) for preset in presets("lukfu") for n in (1, 2)]


def table(game, state) -> list[str]:
    final = state.view(None)
    return [f"outcome: {final['outcome']}", f"payments: {final['payments']}", *final.get("settlement", [])]


@pytest.mark.parametrize("preset, n", CASES)
def test_golden_playthrough(preset, n):
    text, rec = rule_golden(load_game("lukfu", preset), seed_of("lukfu", preset, n), table)
    check_golden(GOLDEN / f"{preset}-seed{n}.txt", text, rec)
