"""Golden playthroughs: one bot game per preset, a replayable record with its settlement in comments.

Regenerate after an intended change with ``YEZI_REGEN_GOLDEN=1 python -m pytest tests/fishing/test_golden.py``
and review the diff.
"""

import os
import random
from pathlib import Path

import pytest

from yezi.core.playout import play_deal
from yezi.core.record import Record
from yezi.core.registry import load_game
from yezi.games.fishing.bots import GreedyBot, HeuristicBot
from yezi.games.fishing.text import render, why

GOLDEN = Path(__file__).parent / "golden"
CASES = [("suffocated", 3, 101), ("suffocated", 2, 102), ("mongkok", 3, 103), ("fc1-group", 3, 104),
         ("yuenlong-elders", 3, 105), ("tiu-u", 2, 106), ("tiu-u-navpil", 3, 107)]
SPLIT = "\n{=== settlement ===}\n"


def playthrough(preset, players, seed) -> str:
    g = load_game("fishing", preset, {"players": str(players)})
    bots = [HeuristicBot() if s % 2 == 0 else GreedyBot() for s in range(players)]
    state = play_deal(g, bots, g.deal_from_seed(seed), random.Random(seed))
    rec = Record.from_state(state, seed=seed)
    view = state.view(None)
    tail = [render(g, view, "zh-hant"), ""]
    for s in range(players):
        tail.append(why(g, view, str(s), "en"))
    _catches, settle = state.result()
    names = [g.seat_name(s, "en") for s in range(players)]
    for p in settle.pairs:
        tail.append(f"{names[p.payer]} → {names[p.payee]} {p.amount}: {p.arithmetic}")
    # Each line of the explanation is a {comment}, so the whole file stays a replayable record.
    body = "\n".join("{" + line + "}" if line else "" for text in tail for line in text.split("\n"))
    return rec.to_text("zh-hant") + SPLIT + body + "\n"


@pytest.mark.parametrize("preset,players,seed", CASES)
def test_golden(preset, players, seed):
    path = GOLDEN / f"{preset}-{players}p.txt"
    text = playthrough(preset, players, seed)
    if os.environ.get("YEZI_REGEN_GOLDEN"):
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    expected = path.read_text(encoding="utf-8")
    assert text == expected, f"{path.name} changed; regenerate with YEZI_REGEN_GOLDEN=1 if intended"
    rec = Record.from_text(expected)
    assert rec.replay().is_terminal()
