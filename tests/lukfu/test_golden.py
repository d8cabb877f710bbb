"""Golden playthroughs: a few seeded games per preset, written out in full and diffed.

Each file holds the record (Chinese notation, numbered), then a trace of every decision: the
seat, its 老歲 cards and its legal actions in ASCII notation, and the action chosen, then the
settlement. Any change of behaviour shows up as a diff. Regenerate deliberately with
``YEZI_REGEN_GOLDEN=1 pytest tests/lukfu/test_golden.py``.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from yezi.bots import RandomBot
from yezi.components.lukfu_deck import name
from yezi.core.record import Record
from yezi.core.registry import load_game
from yezi.games.lukfu.bots import HeuristicBot

GOLDEN = Path(__file__).parent / "golden"
CASES = [(p, s) for p in ["hakka-hk", "hakka-hk-3p", "guangdong", "huizhou", "sung-1996"] for s in (1, 2)]


def playthrough(preset: str, seed: int) -> str:
    game = load_game("lukfu", preset)
    rng = random.Random(seed)
    bots = [HeuristicBot() if s % 2 == 0 else RandomBot() for s in range(game.num_seats)]
    state = game.start(seed=seed)
    trace = []
    while (seat := state.current_player) is not None:
        view = state.view(seat)
        legal = state.legal_actions()
        action = bots[seat].choose(game, view, legal, rng)
        old = " ".join(name(c, "ascii") for c in view.get("laosui", []))
        trace.append(
            f"{len(state.history) + 1}. {game.seat_name(seat, 'en')} [老歲: {old}] "
            f"legal: {' '.join(game.format_action(a, 'ascii') for a in legal)} -> {game.format_action(action, 'ascii')}"
        )
        state.apply(action)
    rec = Record.from_state(state, seed=seed).to_text("zh-hant", comments=True)
    final = state.view(None)
    lines = [f"# yezi golden playthrough: lukfu {preset} seed {seed}", "", "## record", rec, "## trace", *trace,
             "", "## result", f"outcome: {final['outcome']}", f"payments: {final['payments']}",
             *final.get("settlement", [])]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("preset, seed", CASES)
def test_golden_playthrough(preset, seed):
    path = GOLDEN / f"{preset}-seed{seed}.txt"
    text = playthrough(preset, seed)
    if os.environ.get("YEZI_REGEN_GOLDEN") or not path.exists():
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
        if not os.environ.get("YEZI_REGEN_GOLDEN"):
            pytest.fail(f"golden file {path.name} was missing and has been written; review and commit it")
    assert text == path.read_text(encoding="utf-8")


def test_golden_records_replay():
    for path in sorted(GOLDEN.glob("*.txt")):
        text = path.read_text(encoding="utf-8")
        rec = Record.from_text(text.split("## record\n", 1)[1].split("## trace", 1)[0])
        state = rec.replay()
        assert state.is_terminal()
