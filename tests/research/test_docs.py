"""The research docs run (issue 24): every python code block of docs/research.md, in order, in one
namespace (the PettingZoo snippet raised: `laosui="mark"` is no value of the option); and
docs/native.md's speed table gives a native figure for every game with a native engine (十五胡's
row said it had none)."""

from __future__ import annotations

import random
import re
import textwrap
from pathlib import Path

import numpy as np
import pytest

DOCS = Path(__file__).resolve().parents[2] / "docs"


def python_blocks(text: str) -> list[str]:
    """The ```python blocks of a markdown text, indented ones (inside a list item) included."""
    return [textwrap.dedent(m.group(2)) for m in re.finditer(r"^( *)```python\n(.*?)^\1```", text, re.M | re.S)]


def test_every_python_block_of_the_research_page_runs():
    pytest.importorskip("pettingzoo")
    pytest.importorskip("gymnasium")
    pytest.importorskip("pyspiel")
    blocks = python_blocks((DOCS / "research.md").read_text(encoding="utf-8"))
    assert len(blocks) >= 6
    assert any("ypz.env(" in b for b in blocks) and any("opponents=" in b for b in blocks)
    rng = random.Random(0)

    def policy(obs, mask):
        return int(rng.choice(np.flatnonzero(mask)))

    scope = {"policy": policy, "print": lambda *a, **k: None}
    for i, code in enumerate(blocks):
        try:
            exec(compile(code, f"docs/research.md block {i}", "exec"), scope)
        except Exception as e:  # pragma: no cover - the failure names the block
            raise AssertionError(f"docs/research.md python block {i} raised {e!r}:\n{code}") from e


def test_the_native_speed_table_has_a_native_figure_for_every_native_engine():
    from yezi.native.registry import NATIVE

    text = (DOCS / "native.md").read_text(encoding="utf-8")
    table = text.split("| game | preset | reference | native | ratio |", 1)[1].split("\n\n", 1)[0]
    rows = [r.split("|")[1:-1] for r in table.strip().splitlines()[1:]]
    assert len({r[0].split(",")[0].strip() for r in rows}) == len(NATIVE) == 9
    for row in rows:
        assert row[3].strip() not in ("—", "-", ""), row
    assert "十五胡 | provisional" in table
