"""The purity checker (tools/purity.py) over every guide, tutorial, sampled deal and CLI transcript:
no category of leak may grow past the count recorded in purity_ratchet.json (lower it with
``python3 tools/purity.py --write-ratchet`` whenever a fix brings a count down), and the rules
themselves catch what they are meant to catch."""

from __future__ import annotations

import importlib.util
import json
import pathlib

import pytest

from yezi.guides.purity import check_html, check_text, count

ROOT = pathlib.Path(__file__).parents[2]
RATCHET = pathlib.Path(__file__).parent / "purity_ratchet.json"


def _tool():
    spec = importlib.util.spec_from_file_location("purity_tool", ROOT / "tools" / "purity.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_rules_catch_each_kind_of_leak():
    pytest.importorskip("opencc")
    assert count(check_text("you need 6 糊 to declare", "en"))["en-cjk"] == 1  # an unglossed term
    assert count(check_text("you need 6 points 糊 to declare", "en"))["en-cjk"] == 0  # glossed
    assert count(check_text("Nine of Tens 九拾 beats it", "en"))["en-cjk"] == 0
    assert count(check_text("老歲.; the lead", "en"))["en-cjk"] == 1
    assert count(check_text("一貫 is not in your hand", "zh-hans"))["hans-trad"] == 1
    assert count(check_text("一贯不在手上", "zh-hant"))["hant-simp"] == 1
    assert count(check_text("Second → Dealer 800", "zh-hant"))["zh-latin"] == 2
    assert count(check_text("出 9M 或 九貫", "zh-hant"))["zh-latin"] == 0  # notation is allowed
    assert count(check_text("{names} 想再嚟一場", "zh-hant"))["zh-latin"] == 0  # a placeholder the client fills
    html = '<p>The <span lang="zh-Hant">老歲</span> rule; 老歲</p><code>雲綫</code>'
    assert count(check_html(html, "en"))["en-cjk"] == 1
    assert count(check_html('<p lang="zh-Hans">一贯<span lang="en">Myriads</span></p>', "zh-hans")) == {
        "en-cjk": 0, "hans-trad": 0, "hant-simp": 0, "zh-latin": 0}


def test_boards_are_read_as_text_and_faces_as_printed():
    """A table drawing's words are prose in the page's language (findings N5: "頭家 做: 9 cards · 0 tricks"
    on the 繁體 guide, "梦家 (夢)" on the 简体 one); a card face prints 繁體 for every reader and says so."""
    pytest.importorskip("opencc")
    board = '<svg><text>頭家 做: 9 cards · 0 tricks · 0 糊</text><text>梦家 (夢)</text></svg>'
    assert count(check_html(board, "zh-hant"))["zh-latin"] == 2
    assert count(check_html(board, "zh-hans"))["hans-trad"] >= 2
    assert count(check_html("<svg><text>Lead: 9 cards · 0 糊</text></svg>", "en"))["en-cjk"] == 1
    from yezi.components.lukfu_deck import parse_card
    from yezi.render.lukfu import card_svg, table_svg

    face = card_svg(parse_card("九貫"), "zh-hans")
    printed = face.split("</title>", 1)[1]
    assert "貫" in printed and "贯" not in printed and "<title>九贯</title>" in face  # printed 貫, named 九贯
    assert count(check_html(face, "zh-hans")) == dict.fromkeys(("en-cjk", "hans-trad", "hant-simp", "zh-latin"), 0)
    assert count(check_html(card_svg(parse_card("九貫"), "en"), "en"))["en-cjk"] == 0
    from yezi.core.registry import load_game

    g = load_game("lukfu")
    st = g.start(seed=1)
    for lang in ("zh-hant", "zh-hans", "en"):
        svg = table_svg(st.view(0), lang, [g.seat_name(s, lang) for s in range(4)])
        assert sum(count(check_html(svg, lang)).values()) == 0, lang


def test_no_category_grows_past_the_ratchet():
    pytest.importorskip("opencc")
    from yezi.core.registry import GAMES

    tool = _tool()
    summary = tool.summarize(tool.collect(list(GAMES), ["guide", "learn", "frames", "cli", "web", "lobby", "boards",
                                                        "sources"]))
    recorded = json.loads(RATCHET.read_text(encoding="utf-8"))
    grown = {(cat, key): (n, recorded.get(cat, {}).get(key, 0))
             for cat, per in summary.items() for key, n in per.items() if n > recorded.get(cat, {}).get(key, 0)}
    assert grown == {}, f"purity findings grew (now, recorded): {grown}; run python3 tools/purity.py --show 20"


def test_backticks_are_code_in_plain_text_but_keep_the_readers_script():
    """The terminal's `code` is notation (what a reader types, record lines): not English prose in Chinese
    text, not unmarked Chinese in English text; but a 简体 reader's notation must still be 简体."""
    pytest.importorskip("opencc")
    assert count(check_text("输入 play lukfu 开局", "zh-hans"))["zh-latin"] == 2
    assert count(check_text("输入 `play lukfu` 开局，或 `-o laosui=deduce`", "zh-hans"))["zh-latin"] == 0
    assert count(check_text("发牌: `头:九贯 | 二:一索`", "zh-hans"))["hans-trad"] == 0
    assert count(check_text("发牌: `頭:九貫 | 二:一索`", "zh-hans"))["hans-trad"] == 2  # 頭, 貫 still seen
    assert count(check_text("發牌: `头:九贯`", "zh-hant"))["hant-simp"] == 2
    assert count(check_text("Deal: `頭:九貫 | 二:一索`", "en"))["en-cjk"] == 0
    assert count(check_text("Deal: 頭:九貫", "en"))["en-cjk"] == 2


def test_a_pen_name_is_allowed_whole_not_word_by_word():
    assert count(check_text("本站以 The Suffocated 的文章為準", "zh-hant"))["zh-latin"] == 0
    assert count(check_text("The Suffocated自己的規則", "zh-hant"))["zh-latin"] == 0
    assert count(check_text("The 規則", "zh-hant"))["zh-latin"] == 1
