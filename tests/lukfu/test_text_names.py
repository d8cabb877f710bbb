"""The Luk Fu table text (issue 10): 百子 and 毛公 are shown by name in a hand, and `why` gives the
reason for a suit's top card instead of an empty list."""

from __future__ import annotations

import pytest

from yezi.games.lukfu.text import render, why

from .helpers import game, make_deal


@pytest.fixture
def view():
    g = game()
    s = g.new_state(make_deal(4, {0: "百子 九拾 二拾 毛公 九綫 三綫"}))
    return g, s.view(0)


def test_hand_shows_baizi_and_maogong_by_name(view):
    g, v = view
    hand = next(line for line in render(g, v, "zh-hant").splitlines() if line.startswith("手牌"))
    assert "百子" in hand and "毛公" in hand
    assert "百子*" in hand and "毛公*" in hand and "一*" not in hand


@pytest.mark.parametrize("card", ["九拾", "九綫"])
def test_why_for_a_top_card_gives_its_reason(view, card):
    g, v = view
    text = why(g, v, card, "en")
    assert "highest card of its suit" in text
    assert not text.rstrip().endswith(":") and "\n\n" not in text and all(line.strip() for line in text.splitlines())
