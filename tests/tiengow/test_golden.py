"""Golden playthroughs: one deal per preset played by the heuristic bots from a fixed seed, as an
annotated record with the final table in comments (each file is also a record `yezi replay` reads).

Regenerate after an intended change with ``YEZI_REGEN_GOLDEN=1 python -m pytest tests/tiengow/test_golden.py``
and review the diff of tests/tiengow/golden/.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.golden_helpers import check_golden, play_recorded, record_with_table
from yezi.core.record import Record
from yezi.core.registry import load_game
from yezi.games.tiengow.bots import HeuristicBot
from yezi.games.tiengow.text import render, settlement_lines

GOLDEN = Path(__file__).parent / "golden"
CASES = [("hongkong", 41), ("celko-kam", 42), ("culin-1893", 43)]


def playthrough(preset: str, seed: int) -> tuple[str, Record]:
    game = load_game("tiengow", preset)
    state, rec = play_recorded(game, [HeuristicBot() for _ in range(game.num_seats)], seed)
    table = []
    for lang in ("zh-hant", "en"):
        v = state.view(None)
        table += [render(game, v, lang), *settlement_lines(game, v, lang), ""]
    return record_with_table(rec, "\n".join(table).splitlines()), rec


@pytest.mark.parametrize("preset,seed", CASES)
def test_golden_playthrough(preset, seed):
    text, rec = playthrough(preset, seed)
    check_golden(GOLDEN / f"tiengow-{preset}.txt", text, rec)
