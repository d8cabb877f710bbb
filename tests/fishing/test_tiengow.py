"""The shared Tien Gow component against rules-notes §1."""

from collections import Counter

import pytest

from yezi.components import tiengow as tg
from yezi.core.errors import NotationError


def test_21_kinds_11_civil_10_military():
    assert len(tg.KINDS) == 21
    assert len(tg.CIVIL) == 11 and len(tg.MILITARY) == 10
    assert {(k.high, k.low) for k in tg.KINDS} == {(a, b) for a in range(1, 7) for b in range(1, a + 1)}


def test_set_sizes():
    assert len(tg.domino_set()) == 32
    assert len(tg.card_deck()) == 84 and Counter(tg.card_deck()) == {k: 4 for k in range(21)}
    assert len(tg.double_domino_set()) == 64
    assert len(tg.dingniu_set()) == 24


def test_end_parity_of_32_set():
    """rules-notes §1.2: 1 appears 12 times, 2 9, 3 10, 4 10, 5 11, 6 12."""
    c = Counter()
    for k in tg.domino_set():
        c[tg.KINDS[k].high] += 1
        c[tg.KINDS[k].low] += 1
    assert dict(c) == {1: 12, 2: 9, 3: 10, 4: 10, 5: 11, 6: 12}


def test_red_dots_match_tiu_u_table():
    table = {"11": 2, "21": 1, "31": 1, "41": 5, "51": 1, "61": 1, "22": 0, "32": 0, "42": 4, "52": 0,
             "33": 0, "43": 4, "66": 6, "44": 8, "64": 4, "54": 4}
    for dice, red in table.items():
        assert tg.KINDS[tg.parse_kind(dice)].red == red


def test_groups():
    assert (tg.大雞六, tg.山雞) == tg.SUPREME
    assert [g.key for g in tg.WENWU] == ["天九", "地八", "人七", "鵝五"]
    for g in tg.WENWU:
        assert tg.KINDS[g.civil].civil and all(tg.KINDS[m].military for m in g.military)
    assert [tg.PIPS[g.military[0]] for g in tg.WENWU] == [9, 8, 7, 5]
    assert all(tg.PIPS[g.military[0]] == tg.PIPS[g.military[1]] for g in tg.WENWU)
    assert tg.KINDS[tg.BLACK_NINE].rank == tg.KINDS[tg.RED_NINE].rank == 1


@pytest.mark.parametrize("text,kind", [
    ("天", tg.HEAVEN), ("天牌", tg.HEAVEN), ("大天", tg.HEAVEN), ("掘龍", tg.HEAVEN), ("Heaven", tg.HEAVEN),
    ("6-6", tg.HEAVEN), ("[6:6]", tg.HEAVEN), ("斜釘", tg.GOOSE), ("和", tg.GOOSE), ("鹅", tg.GOOSE),
    ("長三", tg.LONG_THREE), ("长衫", tg.LONG_THREE), ("橫三", tg.LONG_THREE), ("屏風", tg.RED_TEN),
    ("紅九", tg.RED_NINE), ("red nine", tg.RED_NINE), ("歪脖九", tg.BLACK_NINE), ("2-4", tg.BIG_SIX),
    ("丁三", tg.LITTLE_THREE), ("三丁", tg.LITTLE_THREE), ("Tiger's Head", tg.HATCHET),
    ("龍斜", tg.BLACK_NINE),
])
def test_parse_names(text, kind):
    assert tg.parse_kind(text) == kind


def test_every_display_name_round_trips():
    for k in range(21):
        for lang in ("zh-hant", "zh-hans", "en", "ascii"):
            for style in tg.STYLES:
                n = tg.name(k, lang, style)
                assert tg.parse_kind(n) == k, (k, lang, style, n)


def test_ambiguous_and_unknown_names_say_what_was_expected():
    with pytest.raises(NotationError, match="紅九"):
        tg.parse_kind("雜九")
    assert tg.parse_kinds_group("雜九") == (tg.BLACK_NINE, tg.RED_NINE)
    with pytest.raises(NotationError, match="expected"):
        tg.parse_kind("皇帝")
