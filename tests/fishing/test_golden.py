"""Rule goldens: one deal per preset (and the player counts a preset is also played with), played by
seeded uniformly random legal play (tests/golden_helpers.py): a replayable record with the
playthrough, the catches explained and the settlement in comments. A change in rules, views,
notation or rendering shows up as a diff here; a bot change does not (bots have tests/bots/golden/).

Regenerate after an intended change with ``YEZI_REGEN_GOLDEN=1 python3 -m pytest tests/fishing/test_golden.py``
and review the diff of tests/fishing/golden/.
"""

from pathlib import Path

import pytest

from tests.golden_helpers import check_golden, presets, rule_golden, seed_of
from yezi.core.registry import load_game
from yezi.games.fishing.text import render, why

GOLDEN = Path(__file__).parent / "golden"
EXTRA_PLAYERS = [("suffocated", 2), ("tiu-u-navpil", 3)]
CASES = [(preset, load_game("fishing", preset).num_seats) for preset in presets("fishing")] + EXTRA_PLAYERS


def table(game, state) -> list[str]:
    view = state.view(None)
    lines = [render(game, view, "zh-hant"), ""]
    lines += [why(game, view, str(s), "en") for s in range(game.num_seats)]
    _catches, settle = state.result()
    names = [game.seat_name(s, "en") for s in range(game.num_seats)]
    lines += [f"{names[p.payer]} → {names[p.payee]} {p.amount}: {p.arithmetic}" for p in settle.pairs]
    return "\n".join(lines).split("\n")


@pytest.mark.parametrize("preset,players", CASES)
def test_golden(preset, players):
    game = load_game("fishing", preset, {"players": str(players)})
    text, rec = rule_golden(game, seed_of("fishing", preset, players), table)
    check_golden(GOLDEN / f"{preset}-{players}p.txt", text, rec)
