"""Golden playthroughs: one full deal per preset, played by the house-way bot from a fixed seed,
written as an annotated record plus the final table in comments, so that each file is also a record
`yezi replay` reads. A change in rules, notation, bots or rendering shows up as a diff here.

Regenerate after an intended change with ``YEZI_REGEN_GOLDEN=1 python -m pytest tests/paigow/test_golden.py``
and review the diff of tests/paigow/golden/.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from yezi.core.playout import play_deal
from yezi.core.record import Record
from yezi.core.registry import load_game
from yezi.games.paigow.bots import HouseWayBot
from yezi.games.paigow.text import render, settlement_lines

GOLDEN = Path(__file__).parent / "golden"
REGEN = os.environ.get("YEZI_REGEN_GOLDEN") == "1"
CASES = [("dapaijiu", 41), ("xiaopaijiu", 42), ("casino", 43)]


def playthrough(preset: str, seed: int) -> tuple[str, Record]:
    game = load_game("paigow", preset)
    bots = [HouseWayBot() for _ in range(game.num_seats)]
    state = play_deal(game, bots, game.deal_from_seed(seed), random.Random(seed))
    rec = Record.from_state(state, seed=seed)
    text = rec.to_text("zh-hant", comments=True)
    table = []
    for lang in ("zh-hant", "en"):
        view = state.view(None)
        table += [render(game, view, lang), *settlement_lines(game, view, lang), ""]
    text += "\n" + "\n".join(f"{{ {line} }}" if line else "" for line in "\n".join(table).splitlines()) + "\n"
    return text, rec


@pytest.mark.parametrize("preset,seed", CASES)
def test_golden_playthrough(preset, seed):
    text, rec = playthrough(preset, seed)
    path = GOLDEN / f"paigow-{preset}.txt"
    if REGEN or not path.exists():
        path.write_text(text, encoding="utf-8")
        if not REGEN:
            pytest.skip(f"wrote missing golden file {path.name}")
    assert path.read_text(encoding="utf-8") == text
    back = Record.from_text(path.read_text(encoding="utf-8"))
    assert back.actions == rec.actions
    assert back.replay().payments() == rec.replay().payments()
