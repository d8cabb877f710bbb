"""Rule goldens: one deal per game and preset, played by seeded uniformly random legal play
(tests/golden_helpers.py), written as an annotated record, the playthrough (every step's seat, legal
actions, choice and what each view learned) and the final table in comments, so that each file is
also a record `yezi replay` reads. A change in rules, views, notation or rendering shows up as a diff
here; a bot change does not (bots have tests/bots/golden/).

Regenerate after an intended change with ``YEZI_REGEN_GOLDEN=1 python3 -m pytest tests/dominoes/test_golden.py``
and review the diff of tests/dominoes/golden/.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.golden_helpers import check_golden, presets, rule_golden, seed_of
from yezi.core.registry import load_game
from yezi.games.dominoes.text import render

GOLDEN = Path(__file__).parent / "golden"
CASES = [(name, preset, seed_of(name, preset)) for name in ("jielong", "tseding", "dingniu") for preset in presets(name)]


def table(game, state) -> list[str]:
    view = state.view(None)
    return (render(game, view, "zh-hant") + "\n\n" + render(game, view, "en")).splitlines()


@pytest.mark.parametrize("name,preset,seed", CASES)
def test_golden_playthrough(name, preset, seed):
    text, rec = rule_golden(load_game(name, preset), seed, table)
    # check_golden also checks the golden file is itself a record that replays to the same result
    check_golden(GOLDEN / f"{name}-{preset}.txt", text, rec)
