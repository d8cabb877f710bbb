"""The seeds' own spellings parse (issue 10): 線 for 綫 (seed 001: 九線, 雲線), 錢 for every number
of that suit (not only 一錢), and a set written card by card as seed 000 does (「八拾八貫八索」)."""

from __future__ import annotations

import pytest

from yezi.components.lukfu_deck import WAN_TSIN, parse_card
from yezi.games.lukfu.actions import PLAY_BASE, parse_action


@pytest.mark.parametrize("variant", ["九線", "九錢", "九钱", "九綫", "9綫", "9線"])
def test_nine_of_the_fourth_suit_in_every_spelling(variant):
    assert parse_card(variant) == parse_card("九綫")


@pytest.mark.parametrize("variant", ["雲線", "雲綫", "云线", "雲錢"])
def test_wan_tsin_spellings(variant):
    assert parse_card(variant) == WAN_TSIN


@pytest.mark.parametrize("n", "一二三四五六七八九")
def test_every_cash_card_reads_with_qian_and_xian(n):
    want = parse_card(f"{n}綫")
    assert parse_card(f"{n}錢") == parse_card(f"{n}線") == want


@pytest.mark.parametrize("text,want", [
    ("八拾八貫八索", "各八(拾貫索)"),
    ("八拾 八貫 八索 八綫", "各八(拾貫索綫)"),
    ("四拾四貫四線", "各四(拾貫綫)"),
    ("九貫八貫七貫", "九八七貫"),
    ("七錢六錢五錢", "七六五綫"),
    ("各七(拾貫錢)", "各七(拾貫綫)"),
    ("九八七線", "九八七綫"),
])
def test_combinations_in_the_seeds_spelling(text, want):
    a = parse_action(text)
    assert a >= PLAY_BASE and a == parse_action(want)
