"""Tile names in the domino games (issue 10): seed 004's 頂牛 table (長三 for [3:3]), one English
name per tile across 接龍, 斜釘 and 頂牛 with the others read as aliases, 幺 where the source writes
幺, and the docs' table of names matching the code."""

from __future__ import annotations

from pathlib import Path

import pytest

from yezi.components import tiengow as tg
from yezi.core.registry import load_game

DOCS = Path(__file__).resolve().parents[2] / "docs" / "dominoes.md"


def test_dingniu_long_three_is_named_as_in_seed_004():
    g = load_game("dingniu")
    assert g.tile_name(tg.LONG_THREE, "zh-hant") == "長三"
    assert g.tile_name(tg.LONG_THREE, "zh-hans") == "长三"
    assert g.format_action(g.parse_action("引 長三"), "zh-hant") == "引 長三[33]"


@pytest.mark.parametrize("k", range(tg.NUM_KINDS))
def test_one_english_name_per_tile_in_every_domino_game(k):
    names = {load_game(game).tile_name(k, "en") for game in ("jielong", "tseding", "dingniu")}
    assert names == {tg.name(k, "en", "hk")}


@pytest.mark.parametrize("alias,kind", [
    ("Red Eight", tg.MAN), ("Golden Screen", tg.RED_TEN), ("Donkey Leg", tg.BENCH),
    ("Big Heaven", tg.HEAVEN), ("Crooked-neck Nine", tg.BLACK_NINE), ("Dig Dragon", tg.HEAVEN),
    ("地幺", tg.EARTH), ("地么", tg.EARTH), ("紅頭", tg.RED_TEN), ("長衫", tg.LONG_THREE),
])
def test_other_names_are_aliases(alias, kind):
    assert tg.parse_kind(alias) == kind


def test_mainland_names_write_yao_as_the_source_does():
    assert tg.name(tg.LONG_SEVEN, "zh-hant", "mainland") == "幺六"
    assert tg.name(tg.MALLET_SIX, "zh-hant", "mainland") == "幺五"
    assert tg.parse_kind("么六") == tg.LONG_SEVEN


def name_table() -> list[str]:
    """The rows of the names table in docs/dominoes.md, as the code has them."""
    rows = []
    for k in tg.KINDS:
        i = k.index
        en = tg.name(i, "en", "hk")
        aliases: list[str] = []
        for style in tg.STYLES:
            aliases += [n for n in tg.NAMES[style]["en"][i] if n != en and n not in aliases]
        hk = " / ".join(tg.NAMES["hk"]["zh-hant"][i])
        dn = " / ".join(tg.NAMES["dingniu"]["zh-hant"][i]) or "—"
        rows.append(f"| [{k.high}:{k.low}] | {en} | {', '.join(aliases) or '—'} | {hk} | "
                    f"{tg.name(i, 'zh-hant', 'tseding')} | {dn} |")
    return rows


def test_docs_list_every_name_and_alias():
    doc = DOCS.read_text(encoding="utf-8")
    missing = [row for row in name_table() if row not in doc]
    assert not missing, "docs/dominoes.md names table is out of date:\n" + "\n".join(missing)


@pytest.mark.parametrize("name,kind", [
    ("銅錘六", tg.MALLET_SIX), ("铜锤六", tg.MALLET_SIX), ("大頭六", tg.MALLET_SIX), ("大头六", tg.MALLET_SIX),
    ("Big Head Six", tg.MALLET_SIX), ("大雞", tg.BIG_SIX), ("大鸡", tg.BIG_SIX), ("么雞", tg.LITTLE_THREE),
    ("幺雞", tg.LITTLE_THREE), ("么鸡", tg.LITTLE_THREE), ("幺鸡", tg.LITTLE_THREE),
])
def test_regional_names_of_the_sixes_and_the_supreme_halves(name, kind):
    """Issue 25: 銅錘六, 大頭六, 么雞 and 大雞 were refused. 大頭六 reads as [1:5] (English Wikipedia's "big head six";
    the Sin Chew Daily's list suggests [4:2]: documented in docs/dominoes.md)."""
    assert tg.parse_kind(name) == kind


def test_the_game_parsers_read_the_regional_names():
    """A 打天九 move and a 牌九 setting typed with them: 大雞 么雞 is 至尊."""
    from yezi.games.tiengow import combos as cb

    tiengow = load_game("tiengow")
    assert tiengow.parse_action("大雞 么雞") == 2 * cb.INDEX[(tg.BIG_SIX, tg.LITTLE_THREE)]
    assert tiengow.parse_action("墊 銅錘六") == 2 * cb.INDEX[(tg.MALLET_SIX,)] + 1
