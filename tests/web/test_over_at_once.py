"""A deal over before anyone acts (斜釘 八掘) pays at a web table too: it used to add nothing to
the table's totals, and the match never finished when the last deal was one."""

from __future__ import annotations

from types import SimpleNamespace

from yezi.core.registry import load_game
from yezi.server.db import TableRow
from yezi.server.tables import LiveTable


def test_deal_over_at_once_counts_in_the_totals():
    game = load_game("tseding", "pairwise")
    row = TableRow("t1", "tseding", "pairwise", {}, 2, 1, "", False, "playing", 0.0)
    table = LiveTable(row, [], game, store=None, settings=SimpleNamespace())  # type: ignore[arg-type]
    table.start_deal(0, 1, 3473, game.deal_from_seed(3473))
    assert table.deal_over
    pays = game.start(seed=3473).payments()
    assert table.totals == [pays[(p - 1) % 4] for p in range(4)]
