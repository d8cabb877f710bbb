"""Golden playthroughs: one full hand per game and preset, played by the heuristic bots from a
fixed seed, written as an annotated record plus the final table in
comments, so that each file is also a record `yezi replay` reads. A change in rules, notation,
bots or rendering shows up as a diff here.

Regenerate after an intended change with ``YEZI_REGEN_GOLDEN=1 python -m pytest tests/dominoes/test_golden.py``
and review the diff of tests/dominoes/golden/.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from yezi.core.playout import play_deal
from yezi.core.record import Record
from yezi.core.registry import load_game
from yezi.games.dominoes.bots import HeuristicBot
from yezi.games.dominoes.text import render

GOLDEN = Path(__file__).parent / "golden"
REGEN = os.environ.get("YEZI_REGEN_GOLDEN") == "1"
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
    bots = [HeuristicBot() for _ in range(game.num_seats)]
    state = play_deal(game, bots, game.deal_from_seed(seed), random.Random(seed))
    rec = Record.from_state(state, seed=seed)
    text = rec.to_text("zh-hant", comments=True)
    table = render(game, state.view(None), "zh-hant") + "\n\n" + render(game, state.view(None), "en")
    text += "\n" + "\n".join(f"{{ {line} }}" if line else "" for line in table.splitlines()) + "\n"
    return text, rec


@pytest.mark.parametrize("name,preset,seed", CASES)
def test_golden_playthrough(name, preset, seed):
    text, rec = playthrough(name, preset, seed)
    path = GOLDEN / f"{name}-{preset}.txt"
    if REGEN or not path.exists():
        path.write_text(text, encoding="utf-8")
        if not REGEN:
            pytest.skip(f"wrote missing golden file {path.name}")
    assert path.read_text(encoding="utf-8") == text
    # the golden file is itself a record that replays to the same result
    back = Record.from_text(path.read_text(encoding="utf-8"))
    assert back.actions == rec.actions and back.replay().payments() == rec.replay().payments()
