"""Rule goldens: one deal per preset, played by seeded uniformly random legal play
(tests/golden_helpers.py), written as an annotated record, the playthrough, the final table and the
settlement in comments, so that each file is also a record `yezi replay` reads. A change in rules,
views, notation or rendering shows up as a diff here; a bot change does not (bots have
tests/bots/golden/).

Regenerate after an intended change with ``YEZI_REGEN_GOLDEN=1 python3 -m pytest tests/shiwuhu/test_golden.py``
and review the diff of tests/shiwuhu/golden/.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.golden_helpers import check_golden, presets, rule_golden, seed_of
from yezi.core.registry import load_game
from yezi.games.shiwuhu.text import render, settlement_lines

GOLDEN = Path(__file__).parent / "golden"
CASES = [(preset, seed_of("shiwuhu", preset)) for preset in presets("shiwuhu")]


def table(game, state) -> list[str]:
    lines: list[str] = []
    for lang in ("zh-hant", "en"):
        view = state.view(None)
        lines += [*render(game, view, lang).splitlines(), *settlement_lines(game, view, lang), ""]
    return lines[:-1]


@pytest.mark.parametrize("preset,seed", CASES)
def test_golden_playthrough(preset, seed):
    text, rec = rule_golden(load_game("shiwuhu", preset), seed, table)
    check_golden(GOLDEN / f"shiwuhu-{preset}.txt", text, rec)
