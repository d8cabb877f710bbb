"""Catch classification: every example of seed 003 (and rules-notes §3.2 step 9-10)."""

import pytest

from yezi.components import tiengow as tg
from yezi.games.fishing.scoring import (
    BIG,
    EIGHT_SUPREME,
    MEDIUM,
    SMALL,
    THREE_JUN,
    TWELVE,
    ClassRules,
    classify,
    explain,
)

STRICT = ClassRules()
ANY = ClassRules(strict_wenwu=False)


def catch(text):
    return tg.counts(tg.parse_kinds(text))


def sizes(c):
    return {line.kind: line.size for line in c.lines}


def test_two_heaven_one_red_three_black_nines_are_big():
    """Seed 003: 雙天加一隻紅九再加三隻黑九是大魚."""
    c = classify(catch("天 天 紅九 黑九 黑九 黑九"))
    assert set(sizes(c).values()) == {BIG}
    assert c.fish == 6 * 30


def test_four_heaven_four_red_nines_are_small():
    """Seed 003: 只得四隻天牌跟四隻紅九，就是小魚 (no black nine)."""
    c = classify(catch("天 天 天 天 紅九 紅九 紅九 紅九"))
    assert set(sizes(c).values()) == {SMALL}
    assert c.fish == 80
    assert "黑九" in sizes(c) or "黑九" in c.lines[0].reason["zh-hant"]
    assert "Black Nine" in c.lines[0].reason["en"]


def test_four_man_one_red_seven_depends_on_wenwu_rule():
    """Seed 003: 4 人 + 1 紅七 without 黑七: small with 一文加雜武, medium without it (V-F7)."""
    c = catch("人 人 人 人 紅七")
    assert classify(c, STRICT).fish == 50
    assert set(sizes(classify(c, STRICT)).values()) == {SMALL}
    assert classify(c, ANY).fish == 100
    assert set(sizes(classify(c, ANY)).values()) == {MEDIUM}


@pytest.mark.parametrize("text", ["人 人 人", "紅七 黑七 黑七"])
def test_man_without_sevens_or_sevens_without_man_are_small_either_way(text):
    """Seed 003: 只有人牌而無武七（或只有武七而沒有人牌）… 都是小魚."""
    for rules in (STRICT, ANY):
        assert set(sizes(classify(catch(text), rules)).values()) == {SMALL}


def test_medium_groups():
    c = classify(catch("地 平八 彎八 鵝 紅五 黑五 人 黑七 紅七"))
    assert set(sizes(c).values()) == {MEDIUM}
    assert c.fish == 9 * 20


def test_supreme_pair_makes_all_big_sixes_and_little_threes_big():
    c = classify(catch("大雞六 大雞六 大雞六 山雞 長衫 伶冧六"))
    s = sizes(c)
    assert s[tg.BIG_SIX] == s[tg.LITTLE_THREE] == BIG
    assert s[tg.LONG_THREE] == s[tg.MALLET_SIX] == SMALL
    assert c.fish == 4 * 30 + 2 * 10
    assert set(sizes(classify(catch("大雞六 大雞六 大雞六 大雞六"))).values()) == {SMALL}


def test_jun_needs_all_four():
    c = classify(catch("梅花 梅花 梅花 梅花 斧頭 斧頭 斧頭 紅頭十 紅頭十 紅頭十 紅頭十"))
    s = sizes(c)
    assert s[tg.PLUM] == BIG and s[tg.RED_TEN] == BIG and s[tg.HATCHET] == SMALL
    assert c.jun == 2
    assert c.fish == 8 * 30 + 3 * 10


def test_small_kinds_are_always_small():
    c = classify(catch("長衫 板凳 高腳七 伶冧六"))
    assert set(sizes(c).values()) == {SMALL}


def test_special_sets():
    c = classify(catch("天 天 天 天 黑九 黑九 黑九 黑九 紅九 紅九 紅九 紅九"))
    assert c.specials == (TWELVE,) and c.special_fish[TWELVE] == 360 and c.fish == 360
    c = classify(catch(" ".join(["梅花"] * 4 + ["斧頭"] * 4 + ["紅頭十"] * 4)))
    assert c.specials == (THREE_JUN,) and c.jun == 3 and c.fish == 360
    c = classify(catch(" ".join(["大雞六"] * 4 + ["山雞"] * 4)))
    assert c.specials == (EIGHT_SUPREME,) and c.special_fish[EIGHT_SUPREME] == 240


def test_no_medium_fish_makes_everything_small_but_keeps_jun():
    """V-F8 (FC1): no valid medium fish → all small, no specials; 一鈞斧頭仍算一鈞."""
    rules = ClassRules(no_medium_all_small=True)
    text = " ".join(["天"] * 4 + ["黑九"] * 4 + ["紅九"] * 4 + ["斧頭"] * 4)
    c = classify(catch(text), rules)
    assert c.all_small and c.specials == () and c.fish == 160 and c.jun == 1
    c = classify(catch(text + " 地 平八 彎八"), rules)
    assert not c.all_small and c.specials == (TWELVE,)


def test_reasons_are_given_in_three_languages():
    c = classify(catch("天 紅九 黑九 人"))
    for lang in ("zh-hant", "zh-hans", "en"):
        lines = explain(c, lang)
        assert len(lines) == 4 and all(lines)
    assert "一文加雜武" in c.lines[0].reason["zh-hant"]


def test_tiu_u_red_dots():
    """Culin/pagat: big (≥ 8 pips) 2 a pip; small 1 a red dot, total rounded up to 10."""
    rules = ClassRules(scoring="red-dots")
    c = classify(catch("天 山雞 大雞六 板凳"), rules)
    assert c.fish == 24 + 10  # red dots 1 + 4 + 0 = 5 → 10
    c = classify(catch("人 地"), rules)
    assert c.fish == 16 + 10  # 地 is 2 pips: small, 2 red dots → 10
