"""Texts that must follow the options (issue 10): the 斜釘 redeal line names the threshold in force."""

from __future__ import annotations

import pytest

from yezi.components import tiengow as tg
from yezi.core.registry import load_game
from yezi.games.dominoes.text import render


def _six_doubles(game):
    first = tg.parse_kinds("66 66 11 11 44 44 31 61")
    rest = list(game.cfg.tiles)
    for k in first:
        rest.remove(k)
    return {"hands": [sorted(first), *(sorted(rest[8 * i:8 * i + 8]) for i in range(3))], "aside": []}


@pytest.mark.parametrize("threshold,zh,en", [(6, "六掘以上", "6 or more doubles")])
def test_redeal_line_names_the_threshold(threshold, zh, en):
    game = load_game("tseding", "pairwise", {"redeal_doubles": str(threshold)})
    st = game.new_state(_six_doubles(game))
    assert st.end_reason == "redeal"
    assert zh in render(game, st.view(None), "zh-hant") and "七掘" not in render(game, st.view(None), "zh-hant")
    assert en in render(game, st.view(None), "en")


@pytest.mark.parametrize("threshold,zh,en", [(6, "有人六掘以上", "with 6 or more doubles")])
def test_redeal_settlement_explanation_names_the_threshold(threshold, zh, en):
    """The settlement explanation (web panel, end of `yezi play`, `yezi settle`) names the threshold
    in force, as the table line does: not always 七."""
    game = load_game("tseding", "pairwise", {"redeal_doubles": str(threshold)})
    st = game.new_state(_six_doubles(game))
    assert zh in "".join(game.settlement_lines(st.result, "zh-hant"))
    assert "七掘" not in "".join(game.settlement_lines(st.result, "zh-hant"))
    assert en in "".join(game.settlement_lines(st.result, "en"))
