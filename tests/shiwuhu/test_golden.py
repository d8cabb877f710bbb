"""Golden playthroughs: one full deal per preset, played by the heuristic bots from a fixed seed,
written as an annotated record plus the final table and the settlement in comments, so that each
file is also a record `yezi replay` reads. A change in rules, notation, bots or rendering shows
up as a diff here.

Regenerate after an intended change with ``YEZI_REGEN_GOLDEN=1 python -m pytest tests/shiwuhu/test_golden.py``
and review the diff of tests/shiwuhu/golden/.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.golden_helpers import check_golden, play_recorded, record_with_table
from yezi.core.record import Record
from yezi.core.registry import load_game
from yezi.games.shiwuhu.bots import HeuristicBot
from yezi.games.shiwuhu.text import render, settlement_lines

GOLDEN = Path(__file__).parent / "golden"
CASES = [("provisional", 11), ("tiengow-turns", 12), ("pagat-3p", 13)]


def playthrough(preset: str, seed: int) -> tuple[str, Record]:
    game = load_game("shiwuhu", preset)
    state, rec = play_recorded(game, [HeuristicBot() for _ in range(game.num_seats)], seed)
    lines = []
    for lang in ("zh-hant", "en"):
        view = state.view(None)
        lines += [*render(game, view, lang).splitlines(), *settlement_lines(game, view, lang), ""]
    return record_with_table(rec, lines[:-1]), rec


@pytest.mark.parametrize("preset,seed", CASES)
def test_golden_playthrough(preset, seed):
    text, rec = playthrough(preset, seed)
    check_golden(GOLDEN / f"shiwuhu-{preset}.txt", text, rec)
