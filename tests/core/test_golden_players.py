"""The rule goldens are played by the rules alone: no tests/<game>/test_golden.py may import a bot
(a bot's module, `yezi.bots`, or `make_bot`), so that retuning a bot can change only the bot golden
(tests/bots/golden/). Before, all seven suites were played by heuristic bots, and one weight
(打天九's military tile worth, 1.5 → 1.6) failed a rule golden."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def bot_imports(source: str) -> list[str]:
    """The bot modules or names a test module imports."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module.split(".")[-1] == "bots" or node.module.startswith("yezi.bots"):
                found.append(node.module)
            found += [f"{node.module}.{a.name}" for a in node.names if a.name in ("bots", "make_bot")]
        elif isinstance(node, ast.Import):
            found += [a.name for a in node.names if a.name.split(".")[-1] == "bots" or a.name.startswith("yezi.bots")]
    return found


def test_no_rule_golden_is_played_by_a_bot():
    suites = sorted(ROOT.glob("tests/*/test_golden.py"))
    assert len(suites) >= 7, suites
    offenders = {p.relative_to(ROOT).as_posix(): bot_imports(p.read_text(encoding="utf-8")) for p in suites}
    assert not {p: b for p, b in offenders.items() if b}


def test_the_scan_sees_a_bot_import():
    assert bot_imports("from yezi.games.tiengow.bots import HeuristicBot") == ["yezi.games.tiengow.bots"]
    assert bot_imports("from yezi.bots import RandomBot") == ["yezi.bots"]
    assert bot_imports("from yezi.bots import make_bot") == ["yezi.bots", "yezi.bots.make_bot"]
    assert bot_imports("import yezi.games.lukfu.bots as b") == ["yezi.games.lukfu.bots"]
    assert bot_imports("from yezi.core.playout import random_playout") == []
