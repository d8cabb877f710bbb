"""Golden playthroughs: one full hand per game and preset, played by the heuristic bots from a
fixed seed, written as an annotated record plus the final table in
comments, so that each file is also a record `yezi replay` reads. A change in rules, notation,
bots or rendering shows up as a diff here.

Regenerate after an intended change with ``YEZI_REGEN_GOLDEN=1 python -m pytest tests/dominoes/test_golden.py``
and review the diff of tests/dominoes/golden/.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.golden_helpers import check_golden, play_recorded, record_with_table
from yezi.core.record import Record
from yezi.core.registry import load_game
from yezi.games.dominoes.bots import HeuristicBot
from yezi.games.dominoes.text import render

GOLDEN = Path(__file__).parent / "golden"
CASES = [
    ("jielong", "wikipedia", 11),
    ("jielong", "navpil", 12),
    ("jielong", "pagat", 13),
    ("tseding", "pairwise", 21),
    ("tseding", "wikipedia", 22),
    ("tseding", "pagat", 23),
    ("dingniu", "recommended", 31),
    ("dingniu", "wikipedia", 32),
    ("dingniu", "navpil", 33),
]


def playthrough(name: str, preset: str, seed: int) -> tuple[str, Record]:
    game = load_game(name, preset)
    state, rec = play_recorded(game, [HeuristicBot() for _ in range(game.num_seats)], seed)
    table = render(game, state.view(None), "zh-hant") + "\n\n" + render(game, state.view(None), "en")
    return record_with_table(rec, table.splitlines()), rec


@pytest.mark.parametrize("name,preset,seed", CASES)
def test_golden_playthrough(name, preset, seed):
    text, rec = playthrough(name, preset, seed)
    # check_golden also checks the golden file is itself a record that replays to the same result
    check_golden(GOLDEN / f"{name}-{preset}.txt", text, rec)
