"""Rule goldens: one deal per preset (and one with options), played by seeded uniformly random legal
play (tests/golden_helpers.py), as records with the playthrough and the settlement explained in
comments. A change in rules, views, notation or rendering shows up as a diff here; a bot change does
not (bots have tests/bots/golden/).

Regenerate after an intended rules change with ``YEZI_REGEN_GOLDEN=1 python3 -m pytest tests/madiao/test_golden.py``
and review the diff: every change in these files is a change in what the engine does.
"""

from pathlib import Path

import pytest

from tests.golden_helpers import check_golden, presets, rule_golden, seed_of
from yezi.games.madiao.game import MaDiao
from yezi.games.madiao.text import explain

GOLDEN = Path(__file__).parent / "golden"
CASES = [(preset, {}, preset) for preset in presets("madiao")] + [
    ("feng-1620", {"face_card": "hidden", "diao_model": "B"}, "feng-1620-hidden-B"),
]


def table(game, state) -> list[str]:
    return explain(game, state.view(None), "zh-hant").split("\n")


@pytest.mark.parametrize("preset,opts,name", CASES)
def test_golden(preset, opts, name):
    game = MaDiao.from_preset(preset, **opts)
    text, rec = rule_golden(game, seed_of("madiao", name), table)
    check_golden(GOLDEN / f"{name}.txt", text, rec)
