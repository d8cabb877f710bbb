"""The harness the golden-playthrough tests share, so each game's test_golden.py says only what is
particular to it: which presets and seeds, which bots, and how its final table is drawn.

A golden file is an annotated record (``Record.to_text("zh-hant", comments=True)``) followed by the
final table as ``{ ... }`` comment lines, so the file is itself a record `yezi replay` reads.
Regenerate after an intended change with ``YEZI_REGEN_GOLDEN=1`` and review the diff.
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import pytest

from yezi.core.playout import play_deal
from yezi.core.record import Record

REGEN = os.environ.get("YEZI_REGEN_GOLDEN") == "1"


def play_recorded(game: Any, bots: Sequence[Any], seed: int) -> tuple[Any, Record]:
    """Play one deal from ``seed`` with ``bots`` and return the final state and its record."""
    state = play_deal(game, bots, game.deal_from_seed(seed), random.Random(seed))
    return state, Record.from_state(state, seed=seed)


def record_with_table(rec: Record, table_lines: Iterable[str]) -> str:
    """The annotated record, a blank line, then each table line as a ``{ line }`` comment (blank lines stay blank)."""
    text = rec.to_text("zh-hant", comments=True)
    return text + "\n" + "\n".join(f"{{ {line} }}" if line else "" for line in table_lines) + "\n"


def check_golden(path: Path, text: str, rec: Record) -> None:
    """Compare ``text`` with the golden file at ``path`` (writing it under YEZI_REGEN_GOLDEN=1, or when missing,
    then skipping), and check the file replays as a record to the same actions and payments."""
    if REGEN or not path.exists():
        path.parent.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
        if not REGEN:
            pytest.skip(f"wrote missing golden file {path.name}")
    assert path.read_text(encoding="utf-8") == text
    back = Record.from_text(path.read_text(encoding="utf-8"))
    assert back.actions == rec.actions
    assert back.replay().payments() == rec.replay().payments()
