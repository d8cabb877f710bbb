"""Golden playthroughs: one full deal per preset, played by the house-way bot from a fixed seed,
written as an annotated record plus the final table in comments, so that each file is also a record
`yezi replay` reads. A change in rules, notation, bots or rendering shows up as a diff here.

Regenerate after an intended change with ``YEZI_REGEN_GOLDEN=1 python -m pytest tests/paigow/test_golden.py``
and review the diff of tests/paigow/golden/.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.golden_helpers import check_golden, play_recorded, record_with_table
from yezi.core.record import Record
from yezi.core.registry import load_game
from yezi.games.paigow.bots import HouseWayBot
from yezi.games.paigow.text import render, settlement_lines

GOLDEN = Path(__file__).parent / "golden"
CASES = [("dapaijiu", 41), ("xiaopaijiu", 42), ("casino", 43)]


def playthrough(preset: str, seed: int) -> tuple[str, Record]:
    game = load_game("paigow", preset)
    state, rec = play_recorded(game, [HouseWayBot() for _ in range(game.num_seats)], seed)
    table = []
    for lang in ("zh-hant", "en"):
        view = state.view(None)
        table += [render(game, view, lang), *settlement_lines(game, view, lang), ""]
    return record_with_table(rec, "\n".join(table).splitlines()), rec


@pytest.mark.parametrize("preset,seed", CASES)
def test_golden_playthrough(preset, seed):
    text, rec = playthrough(preset, seed)
    check_golden(GOLDEN / f"paigow-{preset}.txt", text, rec)
