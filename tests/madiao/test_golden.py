"""Golden playthroughs: whole hands played by the bots, as records with the settlement explained.

Regenerate after an intended rules change with ``YEZI_REGEN_GOLDEN=1 pytest tests/madiao`` and
review the diff: every change in these files is a change in what the engine does.
"""

import os
import random
from pathlib import Path

import pytest

from yezi.bots import RandomBot
from yezi.core.playout import play_deal
from yezi.core.record import Record
from yezi.games.madiao.bots import HeuristicBot
from yezi.games.madiao.game import MaDiao
from yezi.games.madiao.text import explain

GOLDEN = Path(__file__).parent / "golden"
REGEN = os.environ.get("YEZI_REGEN_GOLDEN") == "1"

CASES = [
    ("feng-1620", {}, 11, "heuristic"),
    ("feng-1620", {}, 12, "heuristic"),
    ("feng-1620", {}, 13, "random"),
    ("feng-strict", {}, 21, "heuristic"),
    ("qing", {}, 31, "heuristic"),
    ("feng-1620", {"face_card": "hidden", "diao_model": "B"}, 41, "mixed"),
]


def playthrough(preset, opts, seed, bots) -> str:
    game = MaDiao.from_preset(preset, **opts)
    kinds = {"heuristic": [HeuristicBot()] * 4, "random": [RandomBot()] * 4,
             "mixed": [HeuristicBot(), RandomBot(), HeuristicBot(), RandomBot()]}[bots]
    deal = game.deal_from_seed(seed)
    state = play_deal(game, kinds, deal, random.Random(seed))
    rec = Record.from_state(state, seed=seed)
    text = rec.to_text(lang="zh-hant", comments=True)
    back = Record.from_text(text)
    assert back.actions == state.history and back.deal == state.deal
    # the settlement explained, as comment lines: the file stays a replayable record
    why = explain(game, state.view(None), "zh-hant").replace("{", "(").replace("}", ")")
    return text + "\n" + "\n".join("{" + line + "}" for line in why.split("\n")) + "\n"


@pytest.mark.parametrize("preset,opts,seed,bots", CASES)
def test_golden(preset, opts, seed, bots):
    name = f"{preset}-{seed}.txt"
    path = GOLDEN / name
    text = playthrough(preset, opts, seed, bots)
    if REGEN or not path.exists():
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
        if not REGEN:
            pytest.skip(f"wrote new golden file {name}")
    assert text == path.read_text(encoding="utf-8"), f"{name} changed; regenerate with YEZI_REGEN_GOLDEN=1"
    rec = Record.from_text(path.read_text(encoding="utf-8"))  # a golden file is a record
    assert rec.replay().current_player is None
